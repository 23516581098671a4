package gen_test

import (
	"fmt"

	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/schema"
)

func ExampleGoName() {
	for _, s := range []string{"add.Tensor", "add_.Tensor", "add.out", "_cast_Byte", "__iand__.Tensor", "sum.dim_IntList"} {
		n, _ := schema.ParseOperatorName(s)
		fmt.Println(s, "->", gen.GoName(n))
	}
	// Output:
	// add.Tensor -> AddTensor
	// add_.Tensor -> Add_Tensor
	// add.out -> AddOut
	// _cast_Byte -> XCastByte
	// __iand__.Tensor -> DunderIandTensor
	// sum.dim_IntList -> SumDimIntList
}

func ExampleTypeMap_GoTypeOf() {
	types := gen.DefaultTypes().Merge(gen.TypeMap{
		"Tensor": must(gen.ParseGoType("*example.com/rt.Tensor")),
		"Scalar": must(gen.ParseGoType("float64")),
	})
	f, _ := schema.ParseFunc("foo(Tensor self, Tensor? w, Tensor?[] idx, int[2] stride, Scalar? s, str? mode=None) -> Tensor[]")
	for _, a := range f.Args() {
		t, _ := types.GoTypeOf(a.Type)
		fmt.Printf("%-10s %-10s %s\n", a.Name, a.Type, t.Display())
	}
	// Output:
	// self       Tensor     *rt.Tensor
	// w          Tensor?    *rt.Tensor
	// idx        Tensor?[]  []*rt.Tensor
	// stride     int[2]     []int64
	// s          Scalar?    *float64
	// mode       str?       *string
}

func must(t gen.GoType, err error) gen.GoType {
	if err != nil {
		panic(err)
	}
	return t
}
