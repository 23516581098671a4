//go:build debugasserts

package sweep

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/sweep"
)

// ReproSource says how a reproducer reads and writes a gorgonia tensor
// (docs/sweep.md, "Reproducers"): through Data and Shape, gorgonia's own;
// where its elements are (same_storage) from its backing bytes (Header.Raw, as ops.Memory reads them), and the object
// a handle points at (same_impl) as the pointer. gorgonia keeps no
// version counter and no holds: no_mutation and the checks of holds do
// not run on it (no_version_counter, no_use_counts), and it has nothing
// to release, so tensorVersion and tensorRelease are not declared.
func (adapter) ReproSource() sweep.Source {
	return sweep.Source{Imports: []string{"fmt", "gorgonia.org/tensor", "unsafe"}, Decls: reproDecls}
}

const reproDecls = `// tensorValues returns x's elements in row-major order.
func tensorValues(x *tensor.Dense) []float64 {
	if len(x.Header.Raw) == 0 {
		return nil // an empty tensor: gorgonia's Data panics on it
	}
	c := x.Clone().(*tensor.Dense) // contiguous, in row-major order
	var out []float64
	switch d := c.Data().(type) {
	case []float32:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case []float64:
		out = append(out, d...)
	case []int64:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case []int:
		for _, v := range d {
			out = append(out, float64(v))
		}
	case []bool:
		for _, v := range d {
			out = append(out, map[bool]float64{true: 1}[v])
		}
	case float32:
		out = []float64{float64(d)}
	case float64:
		out = []float64{d}
	default:
		panic(fmt.Sprintf("no values of a %T", d))
	}
	return out
}

// tensorSizes returns x's shape.
func tensorSizes(x *tensor.Dense) []int { return append([]int{}, x.Shape()...) }

// tensorFill writes v to each element of x.
func tensorFill(x *tensor.Dense, v float64) {
	var err error
	switch x.Dtype() {
	case tensor.Float32:
		err = x.Memset(float32(v))
	case tensor.Float64:
		err = x.Memset(v)
	case tensor.Int64:
		err = x.Memset(int64(v))
	case tensor.Int:
		err = x.Memset(int(v))
	case tensor.Bool:
		err = x.Memset(v != 0)
	}
	if err != nil {
		panic(err)
	}
}

// tensorAddr returns where x's elements are (0 for none): its backing
// bytes, Header.Raw.
func tensorAddr(x *tensor.Dense) uintptr {
	if len(x.Header.Raw) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&x.Header.Raw[0]))
}

// tensorImpl returns the object x points at.
func tensorImpl(x *tensor.Dense) uintptr { return uintptr(unsafe.Pointer(x)) }`

// ReproTensor writes the constructor MakeTensor calls for sp: tensor.New
// of its shape and values (a 0-dim one from its scalar), transposed with
// T, a view with Slice.
func (adapter) ReproTensor(sp sweep.Spec, made []string) (string, error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil
	case sp.ViewOf >= 0:
		return fmt.Sprintf("func() *tensor.Dense { v, err := %s.Slice(tensor.S(%d)); if err != nil { panic(err) }; return v.(*tensor.Dense) }()", made[sp.ViewOf], sp.Index), nil
	}
	if _, err := MakeTensor(sp); err != nil {
		return "", err
	}
	elem := map[string]string{"float32": "float32", "float64": "float64", "int64": "int64", "bool": "bool"}[sp.Dtype]
	if sp.GoInt {
		elem = "int" // the probe Go int: a tensor.Int Dense
	}
	var vals []string
	for _, v := range sp.Elements() {
		switch elem {
		case "bool":
			vals = append(vals, strconv.FormatBool(v != 0))
		default:
			vals = append(vals, strconv.FormatFloat(v, 'g', -1, 64))
		}
	}
	shape := append([]int(nil), sp.Shape...)
	if sp.Transposed {
		shape[0], shape[1] = shape[1], shape[0]
	}
	if len(shape) == 0 {
		return fmt.Sprintf("tensor.New(tensor.FromScalar(%s(%s)))", elem, vals[0]), nil
	}
	e := fmt.Sprintf("tensor.New(tensor.WithShape(%s), tensor.WithBacking([]%s{%s}))", strings.Trim(strings.ReplaceAll(fmt.Sprint(shape), " ", ", "), "[]"), elem, strings.Join(vals, ", "))
	if sp.Transposed {
		e = "func() *tensor.Dense { d := " + e + "; if err := d.T(); err != nil { panic(err) }; return d }()"
	}
	return e, nil
}
