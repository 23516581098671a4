// Package refvalues holds assertgen's reference of what ops compute. It
// gives the values of a set of PyTorch ops on small dense matrices. init
// compares a library's candidate bindings against them, because a name is
// not a meaning: gonum's Dense.Mul is a matrix product, not mul.Tensor.
// The reference is assertgen's own. Each op's values are computed here
// from its definition in PyTorch's documentation, independent of any
// library.
//
// Most values are float64 and most tensors 2-D: that is enough to tell
// elementwise ops, scalar ops, matrix products, inverses and powers,
// Kronecker products, copies and fills apart. Comparisons and logical ops
// give bool tensors, argmax and argmin int64 ones, index ops take int64
// indices, and shape ops and reductions take and give tensors of other
// ranks (0-D to 3-D). init never binds an op outside the reference.
//
// testdata/pytorch.json holds PyTorch's own values of every case of the
// reference; TestPyTorch holds the reference to them. pytorch.sh
// regenerates the file (see there).
package refvalues

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A Matrix is a dense row-major tensor: a float64 matrix unless Sizes
// or DType say otherwise.
type Matrix struct {
	// Rows and Cols are the sizes of a 2-D tensor. A tensor of another
	// rank has them 0 and its sizes in Sizes ([] for a 0-D tensor). Make
	// builds either from its sizes.
	Rows, Cols int
	Data       []float64 // the elements; a bool is 0 or 1
	Sizes      []int
	DType      DType
}

// A DType is a tensor's element type.
type DType int

// The element types of the reference's tensors.
const (
	Float64 DType = iota
	Bool
	Int64
)

var dtypeNames = []string{Float64: "float64", Bool: "bool", Int64: "int64"}

// String is the dtype's name in PyTorch: "float64", "bool", "int64".
func (d DType) String() string { return dtypeNames[d] }

// Make returns the tensor of dtype d and the given sizes, which holds data.
func Make(d DType, sizes []int, data []float64) Matrix {
	if len(sizes) == 2 {
		return Matrix{Rows: sizes[0], Cols: sizes[1], Data: data, DType: d}
	}
	return Matrix{Data: data, Sizes: append([]int{}, sizes...), DType: d}
}

// Shape returns m's sizes, one a dimension.
func (m Matrix) Shape() []int {
	if m.Sizes != nil {
		return m.Sizes
	}
	return []int{m.Rows, m.Cols}
}

// String prints m's elements nested by dimension: "[[1 2] [3 4]]", a 0-D
// tensor's alone, bools as true and false.
func (m Matrix) String() string {
	var b strings.Builder
	sizes := m.Shape()
	var write func(dim, at int)
	write = func(dim, at int) {
		if dim == len(sizes) {
			b.WriteString(m.format(m.Data[at]))
			return
		}
		b.WriteByte('[')
		step := numel(sizes[dim+1:])
		for i := range sizes[dim] {
			if i > 0 {
				b.WriteByte(' ')
			}
			write(dim+1, at+i*step)
		}
		b.WriteByte(']')
	}
	if len(m.Data) == numel(sizes) {
		write(0, 0)
	}
	return b.String()
}

// format prints one element of m.
func (m Matrix) format(v float64) string {
	if m.DType == Bool {
		return strconv.FormatBool(v != 0)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func (m Matrix) at(i, j int) float64 { return m.Data[i*m.Cols+j] }

// An Op is the reference of one functional op. It gives the op's result
// from its tensor arguments and the scalar arguments named in Scalars,
// and the cases init runs a candidate on.
type Op struct {
	Name string // the functional op: "exp", "mul.Tensor"
	// Tensors is the number of its tensor arguments, which come first in
	// the schema. Scalars are the Go names of the other arguments but int
	// lists, in the schema's order, Lists those of its int lists
	// (permute's dims). A scalar that is a bool is 0 or 1, a dtype a
	// DType, a string an index in Enums' words for it.
	Tensors int
	Scalars []string
	Lists   []string
	Enums   map[string][]string
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
	eval       func(c Case) (Matrix, error)
}

// A Case is one run of an op: its tensors, its scalars (in the order of
// Op.Scalars) and its int lists (in the order of Op.Lists; nil is None).
type Case struct {
	In      []Matrix
	Scalars []float64
	Lists   [][]int
}

// Want returns the op's result on c, or why it has none (mm of sizes
// that do not fit).
func (o *Op) Want(c Case) (Matrix, error) { return o.eval(c) }

// plain is the eval of an op whose values depend on its tensors and
// scalars only.
func plain(f func(in []Matrix, s []float64) (Matrix, error)) func(Case) (Matrix, error) {
	return func(c Case) (Matrix, error) { return f(c.In, c.Scalars) }
}

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
// memory_format, the *_like ops' dtype, layout, device and pin_memory
// (unset, the last four take self's), to's copy, expand's implicit and
// gather's sparse_grad. A library of one element type and one device has
// nothing to do with them; init's report says so. An op whose Scalars
// name one of them (to.dtype's dtype) takes it as a scalar.
var Ignorable = []string{"non_blocking", "memory_format", "dtype", "layout", "device", "pin_memory", "copy", "implicit", "sparse_grad"}

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

// Equal reports whether got holds want's values. The sizes and dtypes
// must be the same. A float64 element must be within 1e-9 of want's
// (relative to its size beyond 1), NaN where want is NaN, and the same
// infinity where want is infinite; another must be want's.
func Equal(got, want Matrix) bool {
	if !slices.Equal(got.Shape(), want.Shape()) || got.DType != want.DType || len(got.Data) != len(want.Data) {
		return false
	}
	for i, w := range want.Data {
		g := got.Data[i]
		switch {
		case want.DType != Float64:
			if g != w {
				return false
			}
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
		s = append(s, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(m.Shape())), "x"), "[]"))
	}
	return fmt.Errorf("%s: sizes %s do not fit", op, strings.Join(s, ", "))
}

// ScalarType is d's number in PyTorch's ScalarType enumeration, as a
// kernel's dtype parameter takes it: 7 float64, 11 bool, 4 int64.
func (d DType) ScalarType() int { return [...]int{Float64: 7, Bool: 11, Int64: 4}[d] }
