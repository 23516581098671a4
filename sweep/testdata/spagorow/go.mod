module example.com/spagorow

go 1.25.0

require (
	github.com/assertgen/assertgen v0.0.0
	github.com/nlpodyssey/spago v1.1.0
)

require github.com/google/flatbuffers v23.5.26+incompatible // indirect

replace github.com/assertgen/assertgen => ../../..
