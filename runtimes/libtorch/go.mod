module github.com/assertgen/assertgen/runtimes/libtorch

go 1.26.8

require github.com/assertgen/assertgen v0.0.0

replace github.com/assertgen/assertgen => ../..
