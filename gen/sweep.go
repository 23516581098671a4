package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
)

// SweepPath is the import path of the package that runs the table
// PREFIX_sweep.go holds (the generated file does not import it).
const SweepPath = "github.com/assertgen/assertgen/sweep"

// genSweep writes SweepOps (Options.Sweep): each wrapped op's schema and
// its checked wrapper, in plan order, as the iter.Seq2 sweep.Run takes. In
// function mode, SweepOps is that sequence. In interface mode, it takes
// the Kernels to sweep, and yields the methods of Checked(k). The file
// has no build tag: without the checks, the sweep still calls every
// kernel on its samples.
func genSweep(ws []*wrapper, o Options) *jen.File {
	f := withHeader(jen.NewFile(o.Package), "")
	yield := jen.Id("yield").Func().Params(jen.Id("schema").String(), jen.Id("wrapper").Any()).Bool()
	entry := jen.Struct(jen.Id("schema").String(), jen.Id("wrapper").Any())
	loop := func(ops jen.Code) jen.Code {
		return jen.For(jen.List(jen.Id("_"), jen.Id("op")).Op(":=").Range().Add(ops)).Block(
			jen.If(jen.Op("!").Id("yield").Call(jen.Id("op").Dot("schema"), jen.Id("op").Dot("wrapper"))).Block(jen.Return()))
	}
	entries := func(wrapper func(w *wrapper) jen.Code) func(*jen.Group) {
		return func(g *jen.Group) {
			for _, w := range ws {
				g.Line().Values(jen.Lit(w.op.Schema), wrapper(w))
			}
			g.Line()
		}
	}
	if o.Mode == output.FunctionMode && len(o.kparams) > 0 {
		// A generic wrapper is a value once instantiated, so SweepOps is
		// generic too: SweepOps[float32] is the table of one element type.
		// Its type parameters take names no wrapper has (the wrapper of t
		// is T), since they hide the package's names in its body.
		tps, names := sweepTypeParams(o.kparams, ws)
		f.Comment("SweepOps yields the schema and the checked wrapper of each op of the")
		f.Comment("package, instantiated with its type arguments: the table a sweep runs")
		f.Comment("(package " + SweepPath + ": sweep.Run(t, runtime, SweepOps[float32])).")
		withTypes(f.Func().Id("SweepOps"), typeParamsDecl(tps)).Params(yield).Block(
			jen.Id("ops").Op(":=").Index().Add(entry).ValuesFunc(entries(func(w *wrapper) jen.Code {
				return withTypes(jen.Id(w.name), codes(w.tparams, func(p kernels.TypeParam) jen.Code { return jen.Id(names[p.Name]) }))
			})),
			loop(jen.Id("ops")))
		return f
	}
	if o.Mode == output.FunctionMode {
		f.Comment("SweepOps yields the schema and the checked wrapper of each op of the")
		f.Comment("package: the table a sweep runs (package " + SweepPath + ":")
		f.Comment("sweep.Run(t, runtime, SweepOps)).")
		f.Func().Id("SweepOps").Params(yield).Block(loop(jen.Id("sweepOps")))
		f.Line()
		f.Var().Id("sweepOps").Op("=").Index().Add(entry).ValuesFunc(entries(func(w *wrapper) jen.Code { return jen.Id(w.name) }))
		return f
	}
	f.Comment("SweepOps returns the schema and the method of Checked(k) of each op of the")
	f.Comment("package: the table a sweep runs (package " + SweepPath + ":")
	f.Comment("sweep.Run(t, runtime, SweepOps(k))).")
	withTypes(f.Func().Id("SweepOps"), typeParamsDecl(o.kparams)).Params(jen.Id("k").Add(o.generic("Kernels"))).Func().Params(yield).Block(
		jen.Id("c").Op(":=").Id("Checked").Call(jen.Id("k")),
		jen.Id("ops").Op(":=").Index().Add(entry).ValuesFunc(entries(func(w *wrapper) jen.Code { return jen.Id("c").Dot(w.name) })),
		jen.Return(jen.Func().Params(yield).Block(loop(jen.Id("ops")))))
	return f
}

// sweepTypeParams returns tps renamed, each with "_" added until no
// wrapper of ws has its name, and the new name of each.
func sweepTypeParams(tps []kernels.TypeParam, ws []*wrapper) ([]kernels.TypeParam, map[string]string) {
	taken := map[string]bool{"SweepOps": true}
	for _, w := range ws {
		taken[w.name] = true
	}
	out := make([]kernels.TypeParam, len(tps))
	names := map[string]string{}
	for i, p := range tps {
		old := p.Name
		for taken[p.Name] {
			p.Name += "_"
		}
		taken[p.Name], names[old] = true, p.Name
		out[i] = p
	}
	return out, names
}
