// Package refvalues holds assertgen's reference of what ops compute. It
// gives the values of a set of PyTorch ops on small dense matrices. init
// compares a library's candidate bindings against them, because a name is
// not a meaning: gonum's Dense.Mul is a matrix product, not mul.Tensor.
// The reference is assertgen's own. Each op's values are computed here
// from its definition in PyTorch's documentation, independent of any
// library.
//
// The values are float64 and the tensors 2-D. That is enough to tell a
// library's operations apart: elementwise ops, scalar ops, matrix
// products, inverses and powers, Kronecker products, copies and fills.
// init never binds an op outside the reference.
package refvalues

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A Matrix is a dense row-major matrix.
type Matrix struct {
	Rows, Cols int
	Data       []float64
}

// String prints m's rows: "[[1 2] [3 4]]".
func (m Matrix) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range m.Rows {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('[')
		for j := range m.Cols {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatFloat(m.Data[i*m.Cols+j], 'g', 6, 64))
		}
		b.WriteByte(']')
	}
	return b.String() + "]"
}

func (m Matrix) at(i, j int) float64 { return m.Data[i*m.Cols+j] }

// An Op is the reference of one functional op. It gives the op's result
// from its tensor arguments and the scalar arguments named in Scalars,
// and the cases init runs a candidate on.
type Op struct {
	Name string // the functional op: "exp", "mul.Tensor"
	// Tensors is the number of its tensor arguments, which come first in
	// the schema. Scalars are the Go names of the other arguments, in the
	// schema's order.
	Tensors int
	Scalars []string
	// Map is the op as a Go expression of one element, using package
	// math and Scalars:
	//   - for an op that maps each element alone, of the element v:
	//     "math.Exp(v)";
	//   - for an elementwise op of two tensors, of the first's element v
	//     and the second's at the same place, w: "max(v, w)";
	//   - "" for the others.
	Map string
	// View is set for a view op: its result shares self's memory, so a
	// write through it shows in self. init checks that beside the values.
	// List is set for an op whose tensors are one list argument (cat):
	// Tensors is 1, and a case's In is the list.
	View, List bool
	Cases      []Case
	eval       func(in []Matrix, s []float64) (Matrix, error)
}

// A Case is one run of an op: its tensors and its scalars (in the
// order of Op.Scalars).
type Case struct {
	In      []Matrix
	Scalars []float64
}

// Want returns the op's result on c, or why it has none (mm of sizes
// that do not fit).
func (o *Op) Want(c Case) (Matrix, error) { return o.eval(c.In, c.Scalars) }

// Constant reports whether the op's result holds one value on every
// case, as zero's zeros do. A callable that clears its tensor for any
// reason computes such an op.
func (o *Op) Constant() bool {
	first, set := 0.0, false
	for _, c := range o.Cases {
		want, err := o.Want(c)
		if err != nil {
			return false
		}
		for _, v := range want.Data {
			if !set {
				first, set = v, true
			} else if v != first {
				return false
			}
		}
	}
	return true
}

// Ignorable are the schema arguments that do not change an op's values,
// so a binding may leave them out. They are copy_'s non_blocking, clone's
// memory_format, and the *_like ops' dtype, layout, device and
// pin_memory. Unset, the last four take self's. A library of one element
// type and one device has nothing to do with them; init's report says so.
var Ignorable = []string{"non_blocking", "memory_format", "dtype", "layout", "device", "pin_memory"}

// Lookup returns the reference of the functional op name, or nil.
func Lookup(name string) *Op {
	i, ok := slices.BinarySearchFunc(table, name, func(o *Op, n string) int { return strings.Compare(o.Name, n) })
	if !ok {
		return nil
	}
	return table[i]
}

// Names returns the ops of the reference, sorted.
func Names() []string {
	out := make([]string, len(table))
	for i, o := range table {
		out[i] = o.Name
	}
	return out
}

// Equal reports whether got holds want's values. The sizes must be the
// same. Each element must be within 1e-9 of want's (relative to its size
// beyond 1), NaN where want is NaN, and the same infinity where want is
// infinite.
func Equal(got, want Matrix) bool {
	if got.Rows != want.Rows || got.Cols != want.Cols || len(got.Data) != len(want.Data) {
		return false
	}
	for i, w := range want.Data {
		g := got.Data[i]
		switch {
		case math.IsNaN(w) || math.IsNaN(g):
			if math.IsNaN(w) != math.IsNaN(g) {
				return false
			}
		case math.IsInf(w, 0) || math.IsInf(g, 0):
			if g != w {
				return false
			}
		case math.Abs(g-w) > 1e-9*max(1, math.Abs(w)):
			return false
		}
	}
	return true
}

// sizeError is the error of operands whose sizes an op refuses.
func sizeError(op string, in ...Matrix) error {
	var s []string
	for _, m := range in {
		s = append(s, fmt.Sprintf("%dx%d", m.Rows, m.Cols))
	}
	return fmt.Errorf("%s: sizes %s do not fit", op, strings.Join(s, ", "))
}
