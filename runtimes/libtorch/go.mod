module github.com/assertgen/assertgen/runtimes/libtorch

go 1.26.8

require github.com/assertgen/assertgen v0.0.0

require (
	github.com/dave/jennifer v1.7.1 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/assertgen/assertgen => ../..
