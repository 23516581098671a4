package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/kernels"
)

// A foreignType is a Tensor type that carries no identities of its own
// (Options.Memory): a library's type as it is, such as *mat.Dense. The
// shape helpers' package declares an adapter over its base type: type
// ForeignDense mat.Dense. The adapter's methods give asserts' contract
// (Identity, Anchored, Metadata, Contents) from the handle and the
// runtime's memory function (asserts.Memory). The helpers take the
// adapter, and the wrappers convert their tensors to it. That costs
// nothing: a *mat.Dense and a *ForeignDense are the same pointer.
type foreignType struct {
	tensor  kernels.GoType // as the type map has it: *path.Name
	adapter kernels.GoType // *shapesPkg.ForeignName
	memory  kernels.FuncRef
}

// newForeign returns the foreign type of the type map's Tensor t, with
// memory function m. pkg is the helpers' package, "" for the wrappers'.
func newForeign(t kernels.GoType, m kernels.FuncRef, pkg string) *foreignType {
	return &foreignType{tensor: t, adapter: kernels.GoType{Prefix: "*", Path: pkg, Name: "Foreign" + t.Name}, memory: m}
}

// genForeign declares the adapter of the foreign Tensor type, its
// methods and its list conversion.
func genForeign(f *jen.File, ft *foreignType) {
	name := ft.adapter.Name
	base := kernels.GoType{Path: ft.tensor.Path, Name: ft.tensor.Name, Args: ft.tensor.Args} // an instance keeps its arguments: type ForeignDense mat.Dense[float64]
	t := jen.Id("t")
	recv := jen.Id("t").Op("*").Id(name)
	f.Line()
	f.Commentf("%s is %s with asserts' contract: its identities are its address and", name, ft.tensor.Display())
	f.Commentf("its memory's (asserts.Memory), where %s.%s says its elements are.", ft.memory.Path[strings.LastIndexByte(ft.memory.Path, '/')+1:], ft.memory.Name)
	f.Type().Id(name).Add(typeCode(base))
	f.Line()
	f.Comment("Memory says where t's elements are.")
	f.Func().Params(recv.Clone()).Id("Memory").Params().Qual(AssertsPath, "Memory").Block(
		jen.If(t.Clone().Op("==").Nil()).Block(jen.Return(jen.Qual(AssertsPath, "Memory").Values())),
		jen.Return(jen.Qual(ft.memory.Path, ft.memory.Name).Call(jen.Parens(typeCode(ft.tensor)).Call(t.Clone()))),
	)
	for _, m := range []struct {
		name, iface, read string
		args              []jen.Code
		res               jen.Code
	}{
		{"Ident", "Identity", "Ident", []jen.Code{jen.Qual("unsafe", "Pointer").Call(t.Clone())}, jen.Qual(AssertsPath, "Ident")},
		{"StorageAnchor", "Anchored", "Anchor", nil, jen.Qual("unsafe", "Pointer")},
		{"MetadataFingerprint", "Metadata", "Metadata", nil, jen.Params(jen.Uint64(), jen.Bool())},
		{"ContentDigest", "Contents", "Digest", nil, jen.Params(jen.Uint64(), jen.Bool())},
	} {
		f.Line()
		f.Commentf("%s implements asserts.%s.", m.name, m.iface)
		f.Func().Params(recv.Clone()).Id(m.name).Params().Add(m.res).Block(jen.Return(t.Clone().Dot("Memory").Call().Dot(m.read).Call(m.args...)))
	}
	f.Line()
	f.Commentf("%sList is ts as a []*%s (the same slice).", name, name)
	f.Func().Id(name + "List").Params(jen.Id("ts").Index().Add(typeCode(ft.tensor))).Index().Op("*").Id(name).Block(
		jen.Return(jen.Qual("unsafe", "Slice").Call(
			jen.Parens(jen.Op("**").Id(name)).Call(jen.Qual("unsafe", "Pointer").Call(jen.Qual("unsafe", "SliceData").Call(jen.Id("ts")))),
			jen.Len(jen.Id("ts")))))
}
