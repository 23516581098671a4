package refvalues

import (
	"math"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestTable: every op of the reference is a functional op of the default
// schema with the tensors and scalars the reference gives it, and each
// of its cases has a result.
func TestTable(t *testing.T) {
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]*schema.Op{}
	for _, o := range s.Ops {
		ops[o.Name] = o
	}
	names := Names()
	if !slices.IsSorted(names) || len(names) < 60 {
		t.Fatalf("%d names, sorted %v", len(names), slices.IsSorted(names))
	}
	for _, n := range names {
		o := Lookup(n)
		so := ops[n]
		if so == nil || so.Kind != schema.Functional {
			t.Errorf("%s: not a functional op of PyTorch %s", n, s.Version)
			continue
		}
		var tensors, scalars int
		for _, a := range append(so.Func.Positional, so.Func.KwargOnly...) {
			switch {
			case a.Type.Is(schema.Tensor):
				tensors++
			case !slices.Contains(Ignorable, a.Name):
				scalars++
			}
		}
		if tensors != o.Tensors || scalars != len(o.Scalars) {
			t.Errorf("%s: %d tensors and %d scalars in %s, the reference has %d and %v", n, tensors, scalars, so.Schema, o.Tensors, o.Scalars)
		}
		if len(o.Cases) < 2 {
			t.Errorf("%s: %d cases, want at least 2", n, len(o.Cases))
		}
		for i, c := range o.Cases {
			if _, err := o.Want(c); err != nil || len(c.In) != o.Tensors || len(c.Scalars) != len(o.Scalars) {
				t.Errorf("%s: case %d: %v", n, i, err)
			}
		}
	}
	if !Lookup("zero").Constant() || Lookup("fill.Scalar").Constant() || Lookup("exp").Constant() {
		t.Error("Constant: zero's values are one constant, fill's and exp's are not")
	}
	if Lookup("no_such_op") != nil {
		t.Error("Lookup of no op")
	}
}

// TestValues holds values of the reference worked out by hand.
func TestValues(t *testing.T) {
	m := func(r, c int, v ...float64) Matrix { return Matrix{r, c, v} }
	for _, tc := range []struct {
		op   string
		c    Case
		want Matrix
	}{
		{"mm", Case{In: []Matrix{m(2, 2, 1, 2, 3, 4), m(2, 1, 5, 6)}}, m(2, 1, 17, 39)},
		{"mul.Tensor", Case{In: []Matrix{m(1, 2, 1, 2), m(1, 2, 3, 4)}}, m(1, 2, 3, 8)},
		{"add.Tensor", Case{In: []Matrix{m(1, 2, 1, 2), m(1, 2, 3, 4)}, Scalars: []float64{2}}, m(1, 2, 7, 10)},
		{"kron", Case{In: []Matrix{m(1, 2, 1, 2), m(2, 1, 3, 4)}}, m(2, 2, 3, 6, 4, 8)},
		{"inverse", Case{In: []Matrix{m(2, 2, 4, 7, 2, 6)}}, m(2, 2, 0.6, -0.7, -0.2, 0.4)},
		{"matrix_power", Case{In: []Matrix{m(2, 2, 1, 1, 0, 1)}, Scalars: []float64{3}}, m(2, 2, 1, 3, 0, 1)},
		{"matrix_power", Case{In: []Matrix{m(2, 2, 2, 0, 0, 4)}, Scalars: []float64{-1}}, m(2, 2, 0.5, 0, 0, 0.25)},
		{"pow.Tensor_Scalar", Case{In: []Matrix{m(1, 2, 4, 9)}, Scalars: []float64{0.5}}, m(1, 2, 2, 3)},
		{"round", Case{In: []Matrix{m(1, 3, 0.5, 1.5, -2.5)}}, m(1, 3, 0, 2, -2)},
		{"relu", Case{In: []Matrix{m(1, 2, -1, 2)}}, m(1, 2, 0, 2)},
		{"copy", Case{In: []Matrix{m(1, 2, 1, 2), m(1, 2, 3, 4)}}, m(1, 2, 3, 4)},
		{"fill.Scalar", Case{In: []Matrix{m(1, 2, 1, 2)}, Scalars: []float64{7}}, m(1, 2, 7, 7)},
		{"log", Case{In: []Matrix{m(1, 2, -1, 0)}}, m(1, 2, math.NaN(), math.Inf(-1))},
		{"maximum", Case{In: []Matrix{m(1, 2, math.NaN(), 1), m(1, 2, 2, 3)}}, m(1, 2, math.NaN(), 3)},
		{"fmax", Case{In: []Matrix{m(1, 2, math.NaN(), 1), m(1, 2, 2, 3)}}, m(1, 2, 2, 3)},
	} {
		got, err := Lookup(tc.op).Want(tc.c)
		if err != nil || !Equal(got, tc.want) {
			t.Errorf("%s%v: %v %v, want %v", tc.op, tc.c, got, err, tc.want)
		}
	}
	if _, err := Lookup("mm").Want(Case{In: []Matrix{m(1, 2, 1, 2), m(1, 2, 1, 2)}}); err == nil {
		t.Error("mm of 1x2 and 1x2: no error")
	}
	if _, err := Lookup("inverse").Want(Case{In: []Matrix{m(2, 2, 1, 2, 2, 4)}}); err == nil {
		t.Error("inverse of a singular matrix: no error")
	}
}

func TestEqual(t *testing.T) {
	a := Matrix{1, 3, []float64{1, math.NaN(), math.Inf(1)}}
	for _, tc := range []struct {
		b    Matrix
		want bool
	}{
		{Matrix{1, 3, []float64{1 + 1e-12, math.NaN(), math.Inf(1)}}, true},
		{Matrix{1, 3, []float64{1.001, math.NaN(), math.Inf(1)}}, false},
		{Matrix{1, 3, []float64{1, 0, math.Inf(1)}}, false},
		{Matrix{1, 3, []float64{1, math.NaN(), math.Inf(-1)}}, false},
		{Matrix{3, 1, []float64{1, math.NaN(), math.Inf(1)}}, false},
	} {
		if got := Equal(tc.b, a); got != tc.want {
			t.Errorf("Equal(%v, %v) = %v", tc.b, a, got)
		}
	}
}
