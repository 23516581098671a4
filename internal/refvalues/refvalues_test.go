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
		var tensors int
		var scalars, lists []string
		for _, a := range append(so.Func.Positional, so.Func.KwargOnly...) {
			switch {
			case a.Type.Is(schema.Tensor), a.Type.Kind == schema.ListKind && a.Type.Elem.Is(schema.Tensor) && o.List:
				tensors++
			case intList(a.Type):
				lists = append(lists, a.Name)
			case !slices.Contains(Ignorable, a.Name) || slices.Contains(o.Scalars, a.Name):
				scalars = append(scalars, a.Name)
			}
		}
		if tensors != o.Tensors || !slices.Equal(scalars, o.Scalars) || !slices.Equal(lists, o.Lists) {
			t.Errorf("%s: %d tensors, scalars %v and lists %v in %s, the reference has %d, %v and %v", n, tensors, scalars, lists, so.Schema, o.Tensors, o.Scalars, o.Lists)
		}
		if len(o.Cases) < 2 {
			t.Errorf("%s: %d cases, want at least 2", n, len(o.Cases))
		}
		for i, c := range o.Cases {
			if _, err := o.Want(c); err != nil || len(c.In) != o.Tensors && !o.List || len(c.Scalars) != len(o.Scalars) || len(c.Lists) != len(o.Lists) {
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

// intList reports whether t is an int list (int[], SymInt[], int[1]?).
func intList(t *schema.Type) bool {
	if t.Kind == schema.OptionalKind {
		t = t.Elem
	}
	return t.Kind == schema.ListKind && (t.Elem.Is(schema.Int) || t.Elem.Is(schema.SymInt))
}

// TestValues holds values of the reference worked out by hand.
func TestValues(t *testing.T) {
	m := func(r, c int, v ...float64) Matrix { return Matrix{Rows: r, Cols: c, Data: v} }
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
	a := Matrix{Rows: 1, Cols: 3, Data: []float64{1, math.NaN(), math.Inf(1)}}
	for _, tc := range []struct {
		b    Matrix
		want bool
	}{
		{Matrix{Rows: 1, Cols: 3, Data: []float64{1 + 1e-12, math.NaN(), math.Inf(1)}}, true},
		{Matrix{Rows: 1, Cols: 3, Data: []float64{1.001, math.NaN(), math.Inf(1)}}, false},
		{Matrix{Rows: 1, Cols: 3, Data: []float64{1, 0, math.Inf(1)}}, false},
		{Matrix{Rows: 1, Cols: 3, Data: []float64{1, math.NaN(), math.Inf(-1)}}, false},
		{Matrix{Rows: 3, Cols: 1, Data: []float64{1, math.NaN(), math.Inf(1)}}, false},
	} {
		if got := Equal(tc.b, a); got != tc.want {
			t.Errorf("Equal(%v, %v) = %v", tc.b, a, got)
		}
	}
}

// TestViews: the view ops' and cat's values on the 4x5 grid (element
// (i, j) is 10i+j+1): which rows and columns each holds, PyTorch's
// negative and clamped bounds, select.int keeping its dimension.
func TestViews(t *testing.T) {
	for _, tc := range []struct {
		op      string
		in      []Matrix
		scalars []float64
		want    Matrix
	}{
		{"narrow", []Matrix{grid}, []float64{1, 2, 3}, Matrix{Rows: 4, Cols: 3, Data: []float64{3, 4, 5, 13, 14, 15, 23, 24, 25, 33, 34, 35}}},
		{"narrow", []Matrix{grid}, []float64{-2, 3, 1}, Matrix{Rows: 1, Cols: 5, Data: []float64{31, 32, 33, 34, 35}}},
		{"select.int", []Matrix{grid}, []float64{-1, -1}, Matrix{Rows: 4, Cols: 1, Data: []float64{5, 15, 25, 35}}},
		{"select.int", []Matrix{grid}, []float64{0, -4}, Matrix{Rows: 1, Cols: 5, Data: []float64{1, 2, 3, 4, 5}}},
		{"slice.Tensor", []Matrix{grid}, []float64{1, -3, none, 1}, Matrix{Rows: 4, Cols: 3, Data: []float64{3, 4, 5, 13, 14, 15, 23, 24, 25, 33, 34, 35}}},
		{"slice.Tensor", []Matrix{grid}, []float64{-2, -9, 2, 1}, Matrix{Rows: 2, Cols: 5, Data: []float64{1, 2, 3, 4, 5, 11, 12, 13, 14, 15}}},
		{"slice.Tensor", []Matrix{grid}, []float64{0, none, none, 2}, Matrix{Rows: 2, Cols: 5, Data: []float64{1, 2, 3, 4, 5, 21, 22, 23, 24, 25}}},
		{"alias", []Matrix{mixed}, nil, mixed},
		{"cat", []Matrix{mixed, mixed2}, []float64{1}, Matrix{Rows: 2, Cols: 4, Data: []float64{-1.5, 0.5, 2, -0.5, 2.25, -0.75, -1.25, 3}}},
		{"cat", []Matrix{mixed, mixed2}, []float64{0}, Matrix{Rows: 4, Cols: 2, Data: []float64{-1.5, 0.5, 2.25, -0.75, 2, -0.5, -1.25, 3}}},
	} {
		got, err := Lookup(tc.op).Want(Case{In: tc.in, Scalars: tc.scalars})
		if err != nil || !Equal(got, tc.want) {
			t.Errorf("%s %v: got %v (%v), want %v", tc.op, tc.scalars, got, err, tc.want)
		}
	}
	if _, err := Lookup("cat").Want(Case{In: []Matrix{mixed, wide}, Scalars: []float64{0}}); err == nil {
		t.Error("cat of 2 and 3 columns by rows: no error")
	}
	if !Lookup("narrow").View || Lookup("cat").View || !Lookup("cat").List {
		t.Error("narrow is a view, cat a list and no view")
	}
}

// TestTensors holds values of the new dtypes and ranks worked out by hand:
// comparisons give bools, argmax the first of ties as int64, shape ops
// and reductions other ranks, addmm with beta 0 does not read self.
func TestTensors(t *testing.T) {
	nan := math.NaN()
	b := func(sizes []int, v ...float64) Matrix { return Make(Bool, sizes, v) }
	i64 := func(sizes []int, v ...float64) Matrix { return Make(Int64, sizes, v) }
	f := func(sizes []int, v ...float64) Matrix { return Make(Float64, sizes, v) }
	for _, tc := range []struct {
		op   string
		c    Case
		want Matrix
	}{
		{"eq.Tensor", Case{In: []Matrix{f([]int{1, 3}, 1, nan, 2), f([]int{1, 3}, 1, nan, 3)}}, b([]int{1, 3}, 1, 0, 0)},
		{"ne.Tensor", Case{In: []Matrix{f([]int{1, 3}, 1, nan, 2), f([]int{1, 3}, 1, nan, 3)}}, b([]int{1, 3}, 0, 1, 1)},
		{"ge.Scalar", Case{In: []Matrix{f([]int{1, 3}, 1, 2, 3)}, Scalars: []float64{2}}, b([]int{1, 3}, 0, 1, 1)},
		{"logical_xor", Case{In: []Matrix{f([]int{1, 3}, 0, nan, 2), f([]int{1, 3}, 1, 0, -1)}}, b([]int{1, 3}, 1, 1, 0)},
		{"to.dtype", Case{In: []Matrix{f([]int{1, 3}, -1.5, 2.75, -0.25)}, Scalars: []float64{float64(Int64)}}, i64([]int{1, 3}, -1, 2, 0)},
		{"where.ScalarOther", Case{In: []Matrix{b([]int{1, 2}, 1, 0), f([]int{1, 2}, 5, 6)}, Scalars: []float64{-1}}, f([]int{1, 2}, 5, -1)},
		{"argmax", Case{In: []Matrix{f([]int{1, 4}, 1, 3, 3, 1)}, Scalars: []float64{1, 1}}, i64([]int{1, 1}, 1)},
		{"argmin", Case{In: []Matrix{f([]int{2, 2}, 4, 1, 0, 9)}, Scalars: []float64{none, 0}}, i64(nil, 2)},
		{"sum.dim_IntList", Case{In: []Matrix{f([]int{2, 2}, 1, 2, 3, 4)}, Lists: [][]int{{0}}, Scalars: []float64{1}}, f([]int{1, 2}, 4, 6)},
		{"amax", Case{In: []Matrix{f([]int{2, 2}, nan, 2, 3, 4)}, Lists: [][]int{{1}}, Scalars: []float64{0}}, f([]int{2}, nan, 4)},
		{"mean", Case{In: []Matrix{f([]int{2, 2}, 1, 2, 3, 6)}}, f(nil, 3)},
		{"cumsum", Case{In: []Matrix{f([]int{2, 2}, 1, 2, 3, 4)}, Scalars: []float64{0}}, f([]int{2, 2}, 1, 2, 4, 6)},
		{"softmax.int", Case{In: []Matrix{f([]int{1, 2}, 0, math.Log(3))}, Scalars: []float64{1}}, f([]int{1, 2}, 0.25, 0.75)},
		{"reshape", Case{In: []Matrix{f([]int{2, 3}, 1, 2, 3, 4, 5, 6)}, Lists: [][]int{{-1}}}, f([]int{6}, 1, 2, 3, 4, 5, 6)},
		{"unsqueeze", Case{In: []Matrix{f([]int{2}, 1, 2)}, Scalars: []float64{-1}}, f([]int{2, 1}, 1, 2)},
		{"squeeze.dim", Case{In: []Matrix{f([]int{1, 2}, 1, 2)}, Scalars: []float64{1}}, f([]int{1, 2}, 1, 2)},
		{"permute", Case{In: []Matrix{f([]int{1, 2, 3}, 1, 2, 3, 4, 5, 6)}, Lists: [][]int{{2, 0, 1}}}, f([]int{3, 1, 2}, 1, 4, 2, 5, 3, 6)},
		{"flatten.using_ints", Case{In: []Matrix{f([]int{1, 2, 2}, 1, 2, 3, 4)}, Scalars: []float64{1, 2}}, f([]int{1, 4}, 1, 2, 3, 4)},
		{"expand", Case{In: []Matrix{f([]int{2, 1}, 1, 2)}, Lists: [][]int{{2, 2, -1}}}, f([]int{2, 2, 1}, 1, 2, 1, 2)},
		{"gather", Case{In: []Matrix{f([]int{2, 2}, 1, 2, 3, 4), i64([]int{2, 2}, 1, 0, 0, 0)}, Scalars: []float64{0}}, f([]int{2, 2}, 3, 2, 1, 2)},
		{"index_select", Case{In: []Matrix{f([]int{2, 2}, 1, 2, 3, 4), i64([]int{3}, 1, 1, 0)}, Scalars: []float64{1}}, f([]int{2, 3}, 2, 2, 1, 4, 4, 3)},
		{"prelu", Case{In: []Matrix{f([]int{1, 2}, -2, -2), f([]int{2}, 0.5, 2)}}, f([]int{1, 2}, -1, -4)},
		{"clamp", Case{In: []Matrix{f([]int{1, 3}, -3, 0, 3)}, Scalars: []float64{1, -1}}, f([]int{1, 3}, -1, -1, -1)},
		{"clamp", Case{In: []Matrix{f([]int{1, 3}, -3, nan, 3)}, Scalars: []float64{none, 1}}, f([]int{1, 3}, -3, nan, 1)},
		{"addmm", Case{In: []Matrix{f([]int{1, 1}, nan), f([]int{1, 2}, 1, 2), f([]int{2, 1}, 3, 4)}, Scalars: []float64{0, 2}}, f([]int{1, 1}, 22)},
		{"elu", Case{In: []Matrix{f([]int{1, 2}, 2, math.Log(0.5))}, Scalars: []float64{3, 2, 1}}, f([]int{1, 2}, 4, -3)},
	} {
		got, err := Lookup(tc.op).Want(tc.c)
		if err != nil || !Equal(got, tc.want) {
			t.Errorf("%s %v: got %v %v %v (%v), want %v %v %v", tc.op, tc.c, got.DType, got.Shape(), got, err, tc.want.DType, tc.want.Shape(), tc.want)
		}
	}
	for _, tc := range []struct {
		op string
		c  Case
	}{
		{"reshape", Case{In: []Matrix{grid}, Lists: [][]int{{3, -1}}}},
		{"permute", Case{In: []Matrix{grid}, Lists: [][]int{{0, 0}}}},
		{"expand", Case{In: []Matrix{grid}, Lists: [][]int{{4, 6}}}},
		{"gather", Case{In: []Matrix{grid, Make(Int64, []int{1, 1}, []float64{4})}, Scalars: []float64{0}}},
		{"eq.Tensor", Case{In: []Matrix{grid, mixed}}},
	} {
		if _, err := Lookup(tc.op).Want(tc.c); err == nil {
			t.Errorf("%s %v: no error", tc.op, tc.c)
		}
	}
	if Equal(Make(Bool, []int{1}, []float64{1}), Make(Float64, []int{1}, []float64{1})) || Equal(f([]int{2}, 1, 2), f([]int{1, 2}, 1, 2)) {
		t.Error("Equal: a bool is not a float64, a vector not a row")
	}
	if s := Make(Bool, []int{2, 1, 2}, []float64{1, 0, 0, 1}).String(); s != "[[[true false]] [[false true]]]" {
		t.Errorf("String: %s", s)
	}
}

// TestScalarType: a dtype's number is PyTorch's ScalarType's, as the
// sweep passes a dtype to a kernel (torch.float64 is 7, torch.bool 11,
// torch.int64 4).
func TestScalarType(t *testing.T) {
	for d, want := range map[DType]int{Float64: 7, Bool: 11, Int64: 4} {
		if got := d.ScalarType(); got != want {
			t.Errorf("%s: %d, want %d", d, got, want)
		}
	}
}
