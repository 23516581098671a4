module example.com/frozen

go 1.25.0

require (
	github.com/assertgen/assertgen v0.0.0
	gonum.org/v1/gonum v0.17.0
)

replace github.com/assertgen/assertgen => ../..
