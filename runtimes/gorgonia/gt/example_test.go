package gt_test

import (
	"fmt"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/runtimes/gorgonia/gt"
)

// A gorgonia tensor made from values, and a view of it (gorgonia's Slice):
// the view is a new tensor on its base's backing array, which StorageID
// (the Storage of Ident) tells, and Float64s reads the view's own
// elements.
func Example() {
	x := gt.FromFloat64s([]float64{1, 2, 3, 4, 5, 6}, 2, 3)
	d, err := x.D().Slice(tensor.S(1))
	if err != nil {
		panic(err)
	}
	row := gt.From(d.(*tensor.Dense))
	fmt.Println("row 1:", row.Float64s())
	fmt.Println("the view's storage is its base's:", row.StorageID() == x.StorageID())
	y := gt.FromFloat64s([]float64{4, 5, 6}, 3)
	fmt.Println("an equal tensor's is not:", y.StorageID() == x.StorageID())
	// Output:
	// row 1: [4 5 6]
	// the view's storage is its base's: true
	// an equal tensor's is not: false
}
