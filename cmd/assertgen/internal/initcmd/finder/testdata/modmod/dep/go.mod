module example.com/dep

go 1.25.0
