module github.com/assertgen/assertgen/runtimes/gonum

go 1.25.0

require (
	github.com/assertgen/assertgen v0.0.0
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/dave/jennifer v1.7.1 // indirect
	golang.org/x/mod v0.39.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/tools v0.49.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/assertgen/assertgen => ../..

tool github.com/assertgen/assertgen/cmd/assertgen
