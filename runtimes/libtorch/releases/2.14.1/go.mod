module github.com/assertgen/assertgen/runtimes/libtorch/releases/2.14.1

go 1.25.0

require (
	github.com/assertgen/assertgen v0.0.0
	github.com/assertgen/assertgen/runtimes/libtorch v0.0.0
)

require gopkg.in/yaml.v3 v3.0.1 // indirect

replace (
	github.com/assertgen/assertgen => ../../../..
	github.com/assertgen/assertgen/runtimes/libtorch => ../..
)
