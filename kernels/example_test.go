package kernels_test

import (
	"fmt"

	"github.com/assertgen/assertgen/kernels"
)

func ExampleSignature_String() {
	s := kernels.Signature{
		Params:  []kernels.Param{{Name: "self", Type: "*rt.Tensor"}, {Name: "dims", Type: "...int64"}},
		Results: []string{"*rt.Tensor", "error"},
	}
	fmt.Println(s)
	fmt.Println(s.SameTypes(kernels.Signature{
		Params:  []kernels.Param{{Name: "_", Type: "*rt.Tensor"}, {Name: "d", Type: "...int64"}},
		Results: []string{"*rt.Tensor", "error"},
	}))
	// Output:
	// func(self *rt.Tensor, dims ...int64) (*rt.Tensor, error)
	// true
}
