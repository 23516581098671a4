module example.com/extlib

go 1.25.0

require example.com/dep v0.0.0
