module example.com/user12

go 1.25.0

replace example.com/extlib => ../extlib

replace example.com/dep => ../dep
