package initcmd

import (
	"io"
	"time"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/config"
)

// Cmd is `assertgen init`.
var Cmd = &base.Command{Name: "init", Short: "start a runtime's package on assertgen: config, go:generate line, contract\nadapter skeleton, conformance test, kernel stubs", Run: cmdInit}

// cmdInit is `assertgen init`: Init does the work, and writes
// its files under a signal guard: all of them or none.
func cmdInit(args []string, stdout, stderr io.Writer) error {
	g := base.Catch(stderr)
	defer g.Stop()
	fs := base.NewFlagSet("init", stderr)
	typ := fs.String("type", "Tensor", "the tensor type's `name` in the package, or a library's by its import path ('*gonum.org/v1/gonum/mat.Dense')")
	ops := fs.String("ops", "", "comma-separated op `selectors` to wrap (default: the ops the package has kernels for)")
	memory := fs.Bool("memory", false, "the tensor type has no ids of its own: its identities come from where its elements are, a function init writes as a TODO (memory: in assertgen.yaml) in place of the contract's methods")
	counts := fs.String("use-counts", "auto", "`auto`, true or false: whether the tensor type keeps use counts (auto: it has UseCounts or a method that drops a reference, such as Release)")
	var types base.StringList
	fs.Var(&types, "types", "a type map entry besides Tensor, `T=GOTYPE` (repeatable), e.g. Scalar=float64")
	kernels := fs.String("kernels", "", "with -type IMPORTPATH.Type, comma-separated `packages` of kernels over the library's type whose exported functions, methods of exported types and operator values init binds too: import paths, or . for this package (default: this package, where a file of it imports the library and declares exported functions or methods)")
	var params base.StringList
	fs.Var(&params, "type-params", "the element types to check a generic tensor type's type parameter with, `P=TYPE,TYPE` (repeatable; default: its constraint's type set, e.g. float32 | float64)")
	if err := base.ParseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	err := Init(InitOptions{Dir: ".", Type: *typ, Ops: config.SplitList(*ops), UseCounts: *counts, Types: types, TypeParams: params, Memory: *memory, Kernels: config.SplitList(*kernels), Out: stdout, Progress: base.Steps(stderr, "init", time.Now()), Write: g.WriteNew})
	return base.RouteFor("init", stderr, err)
}
