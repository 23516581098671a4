package gen_test

import (
	"fmt"

	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/schema"
)

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
