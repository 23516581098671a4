module github.com/assertgen/assertgen

go 1.25.0

require (
	github.com/dave/jennifer v1.7.1
	golang.org/x/mod v0.39.0
	golang.org/x/tools v0.49.0
	gopkg.in/yaml.v3 v3.0.1
)

require golang.org/x/sync v0.22.0 // indirect

tool github.com/assertgen/assertgen/cmd/assertgen
