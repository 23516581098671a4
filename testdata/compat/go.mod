module example.com/compat

go 1.25.0

require github.com/assertgen/assertgen v0.0.0

replace github.com/assertgen/assertgen => ../..
