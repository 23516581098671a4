// Package kernels is a user's kernel over spago's Dense, as the sweep's
// fixture of shapes before repair: softmax.int bound to
// (*mat.Dense).Softmax, which takes a vector.
package kernels

import (
	"fmt"

	"github.com/nlpodyssey/spago/mat"
)

// WantShape is the binding's refusal of a matrix: the vector it wants.
type WantShape struct{ Want []int }

func (e WantShape) Error() string { return fmt.Sprintf("softmax: a vector, of shape %v", e.Want) }

// Softmax is softmax.int over spago's Softmax, which takes a vector (a
// matrix with a dim of 1): a vector it computes, a matrix it answers
// with the vector dim asks for, a column for dim 0 and a row for dim 1.
func Softmax(self *mat.Dense[float64], dim int64) *mat.Dense[float64] {
	sh := self.Shape()
	if len(sh) != 2 || !mat.IsVector(self) {
		want := []int{sh[0], 1}
		if dim != 0 {
			want = []int{1, sh[len(sh)-1]}
		}
		panic(WantShape{Want: want})
	}
	return self.Softmax().(*mat.Dense[float64])
}
