package main

import (
	"io"

	"github.com/assertgen/assertgen/internal/cmdflag"
	"github.com/assertgen/assertgen/internal/interrupt"
	"github.com/assertgen/assertgen/internal/scaffold"
)

// cmdInit is `assertgen init`: internal/scaffold does the work, and writes
// its files under a signal guard: all of them or none.
func cmdInit(args []string, stdout, stderr io.Writer) error {
	g := interrupt.Catch(stderr)
	defer g.Stop()
	fs := cmdflag.New("init", stderr)
	typ := fs.String("type", "Tensor", "the tensor type's `name` in the package")
	ops := fs.String("ops", "", "comma-separated op `selectors` to wrap (default: the ops the package has kernels for)")
	counts := fs.String("use-counts", "auto", "`auto`, true or false: whether the tensor type keeps use counts (auto: it has UseCounts or a method that drops a reference, such as Release)")
	var types cmdflag.StringList
	fs.Var(&types, "types", "a type map entry besides Tensor, `T=GOTYPE` (repeatable), e.g. Scalar=float64")
	var params cmdflag.StringList
	fs.Var(&params, "type-params", "the element types to check a generic tensor type's type parameter with, `P=TYPE,TYPE` (repeatable; default: its constraint's type set, e.g. float32 | float64)")
	if err := cmdflag.ParseNoArgs(fs, args); err != nil {
		return err
	}
	err := scaffold.Init(scaffold.Options{Dir: ".", Type: *typ, Ops: cmdflag.SplitList(*ops), UseCounts: *counts, Types: types, TypeParams: params, Out: stdout, Write: g.WriteNew})
	return cmdflag.RouteFor("init", stderr, err)
}
