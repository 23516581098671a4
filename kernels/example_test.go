package kernels_test

import (
	"fmt"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

func ExampleSignature_String() {
	s := kernels.Signature{
		Params:  []kernels.Param{{Name: "self", Type: "*rt.Tensor"}, {Name: "dims", Type: "...int64"}},
		Results: []string{"*rt.Tensor", "error"},
	}
	fmt.Println(s)
	g := kernels.Signature{
		TypeParams: []kernels.Param{{Name: "T", Type: "rt.Float"}},
		Params:     []kernels.Param{{Name: "self", Type: "*rt.Tensor[T]"}, {Name: "alpha", Type: "T"}},
		Results:    []string{"*rt.Tensor[T]"},
	}
	fmt.Println(g)
	// Output:
	// func(self *rt.Tensor, dims ...int64) (*rt.Tensor, error)
	// func[T rt.Float](self *rt.Tensor[T], alpha T) *rt.Tensor[T]
}

func ExampleTypeMap_GoTypeOf() {
	types := kernels.DefaultTypes().Merge(kernels.TypeMap{
		"Tensor": must(kernels.ParseGoType("*example.com/rt.Tensor")),
		"Scalar": must(kernels.ParseGoType("float64")),
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

func must(t kernels.GoType, err error) kernels.GoType {
	if err != nil {
		panic(err)
	}
	return t
}
