// Package schema reads PyTorch operator schemas and classifies every
// operator exactly as torchgen of the selected PyTorch release does.
//
// It reads two kinds of input:
//   - a native_functions.yaml ([ParseYAML], [Load]). The files of each
//     supported release are embedded: see [Embedded] and [Default].
//   - a list of schemas, one per line ([ParseList]).
//
// What torchgen accepts and generates differently per release is data:
// the Torchgen rules of each release in assertgen's table of releases.
// Options.Version selects one, "2.14" or "2.14.1", the newest by default.
// [Schema.Version] records the release a schema was loaded with.
//
// The package also reads PyTorch's derivatives.yaml for package plan
// ([ParseDerivatives], [PyTorchDerivatives]). It gives every YAML loader
// of assertgen its parser and error positions ([ParseYAMLNode]).
//
// A yaml file is read with gopkg.in/yaml.v3's Node API, so every entry and
// key keeps its position. Every key torchgen understands is kept in an
// [Entry], and validated as torchgen validates it. Tags are checked
// against tags.yaml when one is given.
//
// [ParseFunc] parses each schema into a typed model: [Func], [Argument],
// [Return], [Type], [Annotation]. They are package schema/funcschema's,
// under the same names; that package links no yaml loader. Func's String
// prints the canonical form: for every schema torchgen accepts, parsing
// then printing gives the same text.
//
// Classification is computed from a [Func] by [Func.Kind], [IsViewOp] and
// [Func.ReturnAlias]. The kinds are functional, inplace, out, mutable and
// scratch, with torchgen's precedence. Each [Op] of a loaded [Schema]
// stores its Kind and IsViewOp, computed once at load; do not modify its
// Func after. The autogen: key is expanded into the out= and functional
// ops torchgen generates, with their names and schemas. Each is placed
// right after the entry that produced it.
//
// The result is a [Schema] whose Ops are the classified operators. Bad
// input gives an [ErrorList] of [Error] values, all of them, sorted. Each
// prints as file:line:col: message. Lines and columns are 1-based, and the
// column counts bytes, as in Go's tools. Loading never panics. A YAML file
// holds one document: a second one is an error where it starts. The parse
// is single-threaded: the same bytes give the same result on every
// machine.
//
// docs/schema.md describes the grammar, the rules and how the package is
// checked against torchgen.
package schema
