package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/output"
)

// SweepPath is the import path of the package that runs the table
// PREFIX_sweep.go holds (the generated file does not import it).
const SweepPath = "github.com/assertgen/assertgen/sweep"

// genSweep writes SweepOps (Options.Sweep): each wrapped op's schema and
// its checked wrapper, in plan order, as the iter.Seq2 sweep.Run takes.
// In function mode SweepOps is that sequence; in interface mode it takes
// the Kernels to sweep and yields the methods of Checked(k). The file has
// no build tag: without the checks the sweep still calls every kernel on
// its samples.
func genSweep(ws []*wrapper, o Options) *jen.File {
	f := jen.NewFile(o.Package)
	f.HeaderComment(Header)
	yield := jen.Id("yield").Func().Params(jen.Id("schema").String(), jen.Id("wrapper").Any()).Bool()
	entry := jen.Struct(jen.Id("schema").String(), jen.Id("wrapper").Any())
	loop := func(ops jen.Code) jen.Code {
		return jen.For(jen.List(jen.Id("_"), jen.Id("op")).Op(":=").Range().Add(ops)).Block(
			jen.If(jen.Op("!").Id("yield").Call(jen.Id("op").Dot("schema"), jen.Id("op").Dot("wrapper"))).Block(jen.Return()))
	}
	entries := func(recv func(name string) jen.Code) func(*jen.Group) {
		return func(g *jen.Group) {
			for _, w := range ws {
				g.Line().Values(jen.Lit(w.op.Schema), recv(w.name))
			}
			g.Line()
		}
	}
	if o.Mode == output.FunctionMode {
		f.Comment("SweepOps yields the schema and the checked wrapper of each op of the")
		f.Comment("package: the table a sweep runs (package " + SweepPath + ":")
		f.Comment("sweep.Run(t, runtime, SweepOps)).")
		f.Func().Id("SweepOps").Params(yield).Block(loop(jen.Id("sweepOps")))
		f.Line()
		f.Var().Id("sweepOps").Op("=").Index().Add(entry).ValuesFunc(entries(func(n string) jen.Code { return jen.Id(n) }))
		return f
	}
	f.Comment("SweepOps returns the schema and the method of Checked(k) of each op of the")
	f.Comment("package: the table a sweep runs (package " + SweepPath + ":")
	f.Comment("sweep.Run(t, runtime, SweepOps(k))).")
	f.Func().Id("SweepOps").Params(jen.Id("k").Id("Kernels")).Func().Params(yield).Block(
		jen.Id("c").Op(":=").Id("Checked").Call(jen.Id("k")),
		jen.Id("ops").Op(":=").Index().Add(entry).ValuesFunc(entries(func(n string) jen.Code { return jen.Id("c").Dot(n) })),
		jen.Return(jen.Func().Params(yield).Block(loop(jen.Id("ops")))))
	return f
}
