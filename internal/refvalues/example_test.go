package refvalues_test

import (
	"fmt"

	"github.com/assertgen/assertgen/internal/refvalues"
)

// An op's values on a case of the caller's: eq.Tensor gives bools, a
// reduction along a dim another rank, and Equal holds a result to them.
func ExampleOp_Want() {
	a := refvalues.Make(refvalues.Float64, []int{2, 2}, []float64{1, 2, 3, 4})
	b := refvalues.Make(refvalues.Float64, []int{2, 2}, []float64{1, 0, 3, 0})
	eq, _ := refvalues.Lookup("eq.Tensor").Want(refvalues.Case{In: []refvalues.Matrix{a, b}})
	fmt.Println(eq.DType, eq.Shape(), eq)
	sum, _ := refvalues.Lookup("sum.dim_IntList").Want(refvalues.Case{In: []refvalues.Matrix{a}, Lists: [][]int{{1}}, Scalars: []float64{0}})
	fmt.Println(sum.DType, sum.Shape(), sum)
	fmt.Println(refvalues.Equal(refvalues.Make(refvalues.Float64, []int{2}, []float64{3, 7}), sum))
	// Output:
	// bool [2 2] [[true false] [true false]]
	// float64 [2] [3 7]
	// true
}
