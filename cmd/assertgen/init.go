package main

import (
	"io"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/scaffold"
	"github.com/assertgen/assertgen/plan"
)

// cmdInit is `assertgen init`: internal/scaffold does the work.
func cmdInit(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("init", stderr)
	typ := fs.String("type", "Tensor", "the tensor type's `name` in the package")
	ops := fs.String("ops", "", "comma-separated op names or `patterns` to wrap (default: the ops the package has kernels for)")
	counts := fs.String("use-counts", "auto", "`auto`, true or false: whether the tensor type keeps use counts (auto: it has UseCounts or a method that drops a reference, such as Release)")
	var types stringList
	fs.Var(&types, "types", "a type map entry besides Tensor, `T=GOTYPE` (repeatable), e.g. Scalar=float64")
	if err := parseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	var list []string
	for _, op := range strings.Split(*ops, ",") {
		if op = strings.TrimSpace(op); op != "" {
			list = append(list, op)
		}
	}
	setup := func(c *config.Config) (*plan.Plan, gen.Options, error) {
		_, p, o, _, err := setupWhere(c)
		return p, o, err
	}
	return scaffold.Init(scaffold.Options{Dir: ".", Type: *typ, Ops: list, UseCounts: *counts, Types: types, Setup: setup, Out: stdout})
}
