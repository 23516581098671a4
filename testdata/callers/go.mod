module example.com/callers

go 1.25
