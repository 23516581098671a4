// Package schema reads PyTorch operator schemas and classifies every
// operator exactly as torchgen of the selected PyTorch release does.
//
// Inputs are a native_functions.yaml ([ParseYAML], [Load]; the files of
// PyTorch 1.13.1 and 2.6.0 are embedded, see [Embedded] and [Default]) or a
// list of schemas, one per line ([ParseList]). What torchgen accepts and
// generates differently per release is data, the Torchgen rules of each
// release in assertgen's table of releases (Options.Version selects one:
// "2.14" or "2.14.1", the newest by default),
// and [Schema.Version] records the release a schema was loaded with. The package also reads PyTorch's derivatives.yaml
// ([ParseDerivatives], [PyTorchDerivatives]) for package plan, and gives
// every YAML loader of assertgen its parser and error positions
// ([ParseYAMLNode]). A yaml file is read with gopkg.in/yaml.v3's Node API,
// so every entry and key keeps its position; every key torchgen
// understands is kept in an [Entry] and validated as torchgen validates it,
// and tags are checked against tags.yaml when one is given.
//
// Each schema is parsed into a typed model ([Func], [Argument], [Return],
// [Type], [Annotation]; package schema/funcschema's, which links no yaml
// loader, under the same names) by [ParseFunc], whose String prints the canonical
// form: for every schema torchgen accepts, parsing then printing gives the
// same text. Classification is computed from a [Func] by [Func.Kind]
// (functional, inplace, out, mutable, scratch, with torchgen's
// precedence), [IsViewOp] and [Func.ReturnAlias]; each [Op] of a loaded
// [Schema] stores its Kind and IsViewOp, computed once at load (its Func
// is not to be modified after). The autogen: key is
// expanded into the out= and functional ops torchgen generates, with its
// names and schemas, each placed right after the entry that produced it.
//
// The result is a [Schema] whose Ops are the classified operators. Bad
// input gives an [ErrorList] of [Error] values, printed as
// file:line:col: message (1-based; the column counts bytes, as in Go's
// tools), sorted, all of them; loading never panics. A YAML file holds
// one document: a second one is an error where it starts. The parse is
// single-threaded: the same bytes give the same result on every machine.
//
// docs/schema.md describes the grammar, the rules and how the package is
// checked against torchgen.
package schema
