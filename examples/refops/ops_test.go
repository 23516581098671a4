package refops_test

// Numerics of every kernel, through the checked wrappers, against values
// computed by hand.

import (
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/examples/refops"
	"github.com/assertgen/assertgen/examples/refops/checked"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// A resultCase calls an op with one tensor result on an input and says
// what the result must be: sizes, values, and how it relates to the input.
type resultCase struct {
	name  string
	in    func() *rt.Tensor
	op    func(self *rt.Tensor) *rt.Tensor
	sizes []int // nil: one dimension of len(want)
	want  []float64
	alias aliasing
}

// runResultCases runs the cases and checks the results, and that the input
// was not written.
func runResultCases(t *testing.T, cases []resultCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			self := c.in()
			defer self.Release()
			var before []float64
			if self.Device() != rt.Meta {
				before = self.ToSlice()
			}
			version := self.Version()
			r := c.op(self)
			defer r.Release()
			wantTensor(t, "result", r, c.sizes, c.want)
			wantAliasing(t, "result", self, r, c.alias)
			if self.Version() != version {
				t.Errorf("input written: version %d, was %d", self.Version(), version)
			}
			if before != nil && !sameFloats(self.ToSlice(), before) {
				t.Errorf("input values %v, were %v", self.ToSlice(), before)
			}
		})
	}
}

func mat23() *rt.Tensor { return ten([]int{2, 3}, 1, 2, 3, 4, 5, 6) }

func TestPointwise(t *testing.T) {
	runResultCases(t, []resultCase{
		{name: "add.Tensor/broadcast row, alpha 2", in: mat23,
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.AddTensor(x, ten(nil, 10, 20, 30), 2) },
			sizes: []int{2, 3}, want: []float64{21, 42, 63, 24, 45, 66}},
		{name: "add.Tensor/0-dim other", in: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.AddTensor(x, ten([]int{}, 5), 1) },
			want: []float64{6, 7}},
		{name: "sub.Tensor/alpha 0.5", in: mat23,
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.SubTensor(x, ten(nil, 10, 20, 30), 0.5) },
			sizes: []int{2, 3}, want: []float64{-4, -8, -12, -1, -5, -9}},
		{name: "mul.Tensor/broadcast column", in: mat23,
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.MulTensor(x, ten([]int{2, 1}, 2, 3)) },
			sizes: []int{2, 3}, want: []float64{2, 4, 6, 12, 15, 18}},
		{name: "div.Tensor/by zero", in: func() *rt.Tensor { return ten(nil, 1, 2, 3, 0) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.DivTensor(x, ten(nil, 2, 0, -3, 0)) },
			want: []float64{0.5, inf, -1, nan}},
		{name: "neg", in: func() *rt.Tensor { return ten(nil, 1, -2, 0.5) },
			op: checked.Neg, want: []float64{-1, 2, -0.5}},
		{name: "neg/transposed", in: func() *rt.Tensor { return arange(2, 3).T() },
			op: checked.Neg, sizes: []int{3, 2}, want: []float64{0, -3, -1, -4, -2, -5}},
		{name: "clamp.Tensor/both", in: func() *rt.Tensor { return ten(nil, -2, 0.5, 3, nan) },
			op: func(x *rt.Tensor) *rt.Tensor {
				return checked.ClampTensor(x, ten([]int{}, 0), ten(nil, 1, 1, 2, 1))
			},
			want: []float64{0, 0.5, 2, nan}},
		{name: "clamp.Tensor/min only, max absent", in: func() *rt.Tensor { return ten(nil, -2, 0.5, 3) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.ClampTensor(x, ten(nil, 0, 1, 0), nil) },
			want: []float64{0, 1, 3}},
		{name: "clamp.Tensor/max only, min undefined", in: func() *rt.Tensor { return ten(nil, -2, 0.5, 3) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.ClampTensor(x, rt.Undefined(), ten([]int{}, 1)) },
			want: []float64{-2, 0.5, 1}},
		{name: "clamp.Tensor/min above max gives max", in: func() *rt.Tensor { return ten(nil, 0, 5) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.ClampTensor(x, ten([]int{}, 3), ten([]int{}, 2)) },
			want: []float64{2, 2}},
		{name: "clamp.Tensor/bounds broadcast the result", in: func() *rt.Tensor { return ten([]int{}, 5) },
			op: func(x *rt.Tensor) *rt.Tensor {
				return checked.ClampTensor(x, nil, ten([]int{2, 2}, 1, 6, 3, 9))
			},
			sizes: []int{2, 2}, want: []float64{1, 5, 3, 5}},
	})
	t.Run("clamp.Tensor/no bound", func(t *testing.T) {
		defer wantPanic(t, "at least one of 'min' or 'max'")
		checked.ClampTensor(ten(nil, 1), nil, rt.Undefined())
	})
}

func TestReductions(t *testing.T) {
	runResultCases(t, []resultCase{
		{name: "sum", in: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4) },
			op: func(x *rt.Tensor) *rt.Tensor { return checked.Sum(x, nil) }, sizes: []int{}, want: []float64{10}},
		{name: "sum/empty", in: func() *rt.Tensor { return rt.Empty(0, 3) },
			op: func(x *rt.Tensor) *rt.Tensor { return checked.Sum(x, nil) }, sizes: []int{}, want: []float64{0}},
		{name: "sum.dim_IntList/dim 0", in: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.SumDimIntList(x, []int64{0}, false, nil) },
			want: []float64{4, 6}},
		{name: "sum.dim_IntList/dim 1 keepdim", in: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.SumDimIntList(x, []int64{1}, true, nil) },
			sizes: []int{2, 1}, want: []float64{3, 7}},
		{name: "sum.dim_IntList/all dims, negative", in: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.SumDimIntList(x, []int64{-1, 0}, false, nil) },
			sizes: []int{}, want: []float64{10}},
		{name: "sum.dim_IntList/dim None", in: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.SumDimIntList(x, nil, true, nil) },
			sizes: []int{1, 1}, want: []float64{10}},
		{name: "sum.dim_IntList/3-d, dims 0 and 2", in: func() *rt.Tensor { return arange(2, 3, 4) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.SumDimIntList(x, []int64{0, 2}, false, nil) },
			want: []float64{60, 92, 124}},
		{name: "sum.dim_IntList/transposed", in: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4).T() },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.SumDimIntList(x, []int64{0}, false, nil) },
			want: []float64{3, 7}},
		{name: "sum.dim_IntList/empty dimension", in: func() *rt.Tensor { return rt.Empty(0, 3) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.SumDimIntList(x, []int64{0}, false, nil) },
			want: []float64{0, 0, 0}},
	})
	t.Run("sum.dim_IntList/repeated dim", func(t *testing.T) {
		defer wantPanic(t, "appears multiple times")
		checked.SumDimIntList(arange(2, 2), []int64{1, -1}, false, nil)
	})
}

func TestMatricesAndJoins(t *testing.T) {
	b := func() *rt.Tensor { return ten([]int{2, 3}, 1, 0, 2, 0, 1, 3) }
	runResultCases(t, []resultCase{
		{name: "mm", in: func() *rt.Tensor { return ten([]int{3, 2}, 1, 2, 3, 4, 5, 6) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Mm(x, b()) },
			sizes: []int{3, 3}, want: []float64{1, 2, 8, 3, 4, 18, 5, 6, 28}},
		{name: "mm/transposed self", in: func() *rt.Tensor { return ten([]int{2, 3}, 1, 3, 5, 2, 4, 6).T() },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Mm(x, b()) },
			sizes: []int{3, 3}, want: []float64{1, 2, 8, 3, 4, 18, 5, 6, 28}},
		{name: "cat/dim 0", in: func() *rt.Tensor { return ten([]int{1, 2}, 1, 2) },
			op: func(x *rt.Tensor) *rt.Tensor {
				return checked.Cat([]*rt.Tensor{x, ten([]int{2, 2}, 3, 4, 5, 6)}, 0)
			},
			sizes: []int{3, 2}, want: []float64{1, 2, 3, 4, 5, 6}},
		{name: "cat/dim 1", in: func() *rt.Tensor { return ten([]int{2, 1}, 1, 2) },
			op: func(x *rt.Tensor) *rt.Tensor {
				return checked.Cat([]*rt.Tensor{x, ten([]int{2, 2}, 3, 4, 5, 6)}, 1)
			},
			sizes: []int{2, 3}, want: []float64{1, 3, 4, 2, 5, 6}},
		{name: "cat/legacy empty 1-d skipped", in: func() *rt.Tensor { return ten([]int{0}) },
			op: func(x *rt.Tensor) *rt.Tensor {
				return checked.Cat([]*rt.Tensor{x, ten([]int{1, 2}, 1, 2)}, 0)
			},
			sizes: []int{1, 2}, want: []float64{1, 2}},
		{name: "cat/dim -1", in: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.Cat([]*rt.Tensor{x, ten(nil, 3)}, -1) },
			want: []float64{1, 2, 3}},
		{name: "stack/dim 0", in: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Stack([]*rt.Tensor{x, ten(nil, 3, 4)}, 0) },
			sizes: []int{2, 2}, want: []float64{1, 2, 3, 4}},
		{name: "stack/dim -1", in: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Stack([]*rt.Tensor{x, ten(nil, 3, 4)}, -1) },
			sizes: []int{2, 2}, want: []float64{1, 3, 2, 4}},
		{name: "clone/transposed", in: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4).T() },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Clone(x, nil) },
			sizes: []int{2, 2}, want: []float64{1, 3, 2, 4}},
		{name: "to_dense/sparse", in: func() *rt.Tensor { return rt.ToSparse(ten([]int{2, 2}, 0, 2, 3, 0)) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.ToDense(x, nil) },
			sizes: []int{2, 2}, want: []float64{0, 2, 3, 0}},
	})
	t.Run("mm/shapes", func(t *testing.T) {
		defer wantPanic(t, "cannot be multiplied (2x3 and 2x3)")
		checked.Mm(mat23(), mat23())
	})
	t.Run("cat/sizes", func(t *testing.T) {
		defer wantPanic(t, "must match except in dimension 0")
		checked.Cat([]*rt.Tensor{arange(1, 2), arange(1, 3)}, 0)
	})
	t.Run("clone/contiguous", func(t *testing.T) {
		r := checked.Clone(ten([]int{2, 2}, 1, 2, 3, 4).T(), nil)
		defer r.Release()
		if !r.IsContiguous() {
			t.Errorf("clone: strides %v, want contiguous", r.Strides())
		}
	})
}

// A pairCase calls an op with two tensor results (values and indices).
type pairCase struct {
	name         string
	in           *rt.Tensor
	op           func(self *rt.Tensor) (*rt.Tensor, *rt.Tensor)
	sizes        []int
	values, idxs []float64
}

func TestTwoResults(t *testing.T) {
	cases := []pairCase{
		{name: "max.dim/ties take the first, NaN wins", in: ten([]int{3, 3}, 1, 5, 5, 7, nan, 2, 3, 3, 1),
			op:     func(x *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return checked.MaxDim(x, 1, false) },
			values: []float64{5, nan, 3}, idxs: []float64{1, 1, 0}},
		{name: "max.dim/dim 0 keepdim", in: ten([]int{2, 2}, 1, 5, 7, 2),
			op:    func(x *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return checked.MaxDim(x, 0, true) },
			sizes: []int{1, 2}, values: []float64{7, 5}, idxs: []float64{1, 0}},
		{name: "max.dim/0-dim", in: ten([]int{}, 4),
			op:    func(x *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return checked.MaxDim(x, -1, false) },
			sizes: []int{}, values: []float64{4}, idxs: []float64{0}},
		{name: "sort/ascending, stable, NaN last", in: ten(nil, 3, 1, 2, nan, 1),
			op:     func(x *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return checked.Sort(x, -1, false) },
			values: []float64{1, 1, 2, 3, nan}, idxs: []float64{1, 4, 2, 0, 3}},
		{name: "sort/descending, stable, NaN first", in: ten(nil, 3, 1, 2, nan, 1),
			op:     func(x *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return checked.Sort(x, 0, true) },
			values: []float64{nan, 3, 2, 1, 1}, idxs: []float64{3, 0, 2, 1, 4}},
		{name: "sort/dim 0 of a matrix", in: ten([]int{3, 2}, 3, 1, 1, 2, 2, 0),
			op:    func(x *rt.Tensor) (*rt.Tensor, *rt.Tensor) { return checked.Sort(x, 0, false) },
			sizes: []int{3, 2}, values: []float64{1, 0, 2, 1, 3, 2}, idxs: []float64{1, 2, 2, 0, 0, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, i := c.op(c.in)
			defer v.Release()
			defer i.Release()
			wantTensor(t, "values", v, c.sizes, c.values)
			wantTensor(t, "indices", i, c.sizes, c.idxs)
			wantAliasing(t, "values", c.in, v, fresh)
			wantAliasing(t, "indices", c.in, i, fresh)
			wantAliasing(t, "indices", v, i, fresh)
		})
	}
}

// An inPlaceCase calls an in-place op (or an in-place view) and says what
// self must hold after it.
type inPlaceCase struct {
	name  string
	self  func() *rt.Tensor
	op    func(self *rt.Tensor) *rt.Tensor
	sizes []int
	want  []float64
	// storage: self's StorageImpl after the call is the one it had (false
	// for set_).
	newStorage bool
}

func runInPlaceCases(t *testing.T, cases []inPlaceCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			self := c.self()
			defer self.Release()
			id := self.Ident()
			r := c.op(self)
			if r != self {
				t.Errorf("returned %v, want self %v", r, self)
			}
			after := self.Ident()
			if after.Impl != id.Impl {
				t.Errorf("TensorImpl %v, was %v", after.Impl, id.Impl)
			}
			if (after.Storage != id.Storage) != c.newStorage {
				t.Errorf("StorageImpl %v, was %v (new storage expected: %v)", after.Storage, id.Storage, c.newStorage)
			}
			wantTensor(t, "self", self, c.sizes, c.want)
		})
	}
}

func TestInPlace(t *testing.T) {
	src := ten([]int{2, 2}, 5, 6, 7, 8)
	defer src.Release()
	runInPlaceCases(t, []inPlaceCase{
		{name: "add_.Tensor", self: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.Add_Tensor(x, ten(nil, 10, 20), 2) },
			want: []float64{21, 42}},
		{name: "sub_.Tensor", self: func() *rt.Tensor { return ten(nil, 5, 5) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.Sub_Tensor(x, ten(nil, 1, 2), 2) },
			want: []float64{3, 1}},
		{name: "mul_.Tensor/broadcast", self: func() *rt.Tensor { return ten([]int{2, 2}, 1, 2, 3, 4) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Mul_Tensor(x, ten(nil, 10, 100)) },
			sizes: []int{2, 2}, want: []float64{10, 200, 30, 400}},
		{name: "neg_", self: func() *rt.Tensor { return ten(nil, 1, -2) },
			op: checked.Neg_, want: []float64{-1, 2}},
		{name: "zero_", self: func() *rt.Tensor { return ten(nil, 1, 2) },
			op: checked.Zero_, want: []float64{0, 0}},
		{name: "fill_.Scalar", self: func() *rt.Tensor { return arange(2, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Fill_Scalar(x, 7) },
			sizes: []int{2, 2}, want: []float64{7, 7, 7, 7}},
		{name: "copy_/broadcast", self: func() *rt.Tensor { return rt.Zeros(2, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Copy_(x, ten(nil, 1, 2), false) },
			sizes: []int{2, 2}, want: []float64{1, 2, 1, 2}},
		{name: "copy_/into a transposed view", self: func() *rt.Tensor { return rt.Zeros(2, 2).T() },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Copy_(x, ten([]int{2, 2}, 1, 2, 3, 4), false) },
			sizes: []int{2, 2}, want: []float64{1, 2, 3, 4}},
		{name: "resize_/grow keeps the StorageImpl", self: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Resize_(x, []int64{2, 2}, nil) },
			sizes: []int{2, 2}, want: []float64{1, 2, 0, 0}},
		{name: "resize_/shrink", self: func() *rt.Tensor { return ten(nil, 1, 2, 3, 4) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.Resize_(x, []int64{3}, nil) },
			want: []float64{1, 2, 3}},
		{name: "set_.source_Tensor", self: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Set_SourceTensor(x, src) },
			sizes: []int{2, 2}, want: []float64{5, 6, 7, 8}, newStorage: true},
		{name: "set_.source_Storage", self: func() *rt.Tensor { return ten(nil, 1) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.Set_SourceStorage(x, src.Storage()) },
			want: []float64{5, 6, 7, 8}, newStorage: true},
		// In-place views: the geometry changes, the TensorImpl and the
		// StorageImpl stay.
		{name: "transpose_", self: func() *rt.Tensor { return arange(2, 3) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Transpose_(x, 0, -1) },
			sizes: []int{3, 2}, want: []float64{0, 3, 1, 4, 2, 5}},
		{name: "t_", self: func() *rt.Tensor { return arange(2, 3) },
			op: checked.T_, sizes: []int{3, 2}, want: []float64{0, 3, 1, 4, 2, 5}},
		{name: "t_/1-d unchanged", self: func() *rt.Tensor { return arange(3) },
			op: checked.T_, want: []float64{0, 1, 2}},
		{name: "unsqueeze_/front", self: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Unsqueeze_(x, 0) },
			sizes: []int{1, 2}, want: []float64{1, 2}},
		{name: "unsqueeze_/back", self: func() *rt.Tensor { return ten(nil, 1, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Unsqueeze_(x, -1) },
			sizes: []int{2, 1}, want: []float64{1, 2}},
		{name: "squeeze_.dim", self: func() *rt.Tensor { return ten([]int{1, 2}, 1, 2) },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.Squeeze_Dim(x, 0) },
			want: []float64{1, 2}},
		{name: "squeeze_.dim/size 2 unchanged", self: func() *rt.Tensor { return ten([]int{1, 2}, 1, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Squeeze_Dim(x, 1) },
			sizes: []int{1, 2}, want: []float64{1, 2}},
		{name: "as_strided_", self: func() *rt.Tensor { return arange(6) },
			op: func(x *rt.Tensor) *rt.Tensor {
				return checked.AsStrided_(x, []int64{2, 2}, []int64{1, 2}, i64(1))
			},
			sizes: []int{2, 2}, want: []float64{1, 3, 2, 4}},
		{name: "detach_", self: func() *rt.Tensor { return ten(nil, 1, 2) },
			op: checked.Detach_, want: []float64{1, 2}},
	})
	t.Run("set_data takes new_data's storage and geometry, keeps self's TensorImpl", func(t *testing.T) {
		x, data := ten(nil, 1, 2), ten([]int{2, 2}, 5, 6, 7, 8)
		defer x.Release()
		defer data.Release()
		impl := x.Ident().Impl
		checked.SetData(x, data)
		if x.Ident().Impl != impl || x.Ident().Storage != data.Ident().Storage {
			t.Errorf("set_data: TensorImpl %v (was %v), StorageImpl %v (want %v)", x.Ident().Impl, impl, x.Ident().Storage, data.Ident().Storage)
		}
		if got := x.Sizes(); !slices.Equal(got, []int{2, 2}) {
			t.Errorf("set_data: sizes %v, want [2 2]", got)
		}
	})
	t.Run("resize_ then set_ do not leak references", func(t *testing.T) {
		x := ten(nil, 1, 2)
		defer x.Release()
		st := x.Storage()
		y := ten(nil, 3)
		checked.Set_SourceTensor(y, x)
		if n := st.UseCount(); n != 2 {
			t.Errorf("storage use count %d after set_, want 2", n)
		}
		y.Release()
		if n := st.UseCount(); n != 1 {
			t.Errorf("storage use count %d after releasing the set_ tensor, want 1", n)
		}
	})
}

// TestInPlaceThroughView writes through views: the base sees the writes.
func TestInPlaceThroughView(t *testing.T) {
	base := arange(2, 3)
	defer base.Release()
	row := checked.SelectInt(base, 0, 1)
	defer row.Release()
	checked.Add_Tensor(row, ten([]int{}, 10), 1)
	col := checked.SelectInt(base, 1, 0)
	defer col.Release()
	checked.Mul_Tensor(col, ten(nil, -1, 2))
	wantTensor(t, "base", base, []int{2, 3}, []float64{0, 1, 2, 26, 14, 15})
	if base.Version() != 2 {
		t.Errorf("base version %d, want 2 (views share the version counter)", base.Version())
	}
}

// An outCase calls an out= op; the result must be out, holding want.
type outCase struct {
	name  string
	out   *rt.Tensor
	op    func(out *rt.Tensor) *rt.Tensor
	sizes []int
	want  []float64
}

func TestOut(t *testing.T) {
	cases := []outCase{
		{name: "add.out/resized", out: rt.Empty(0),
			op:   func(o *rt.Tensor) *rt.Tensor { return checked.AddOut(ten(nil, 1, 2), ten(nil, 3, 4), 1, o) },
			want: []float64{4, 6}},
		{name: "add.out/transposed out", out: rt.Zeros(2, 2).T(),
			op: func(o *rt.Tensor) *rt.Tensor {
				return checked.AddOut(ten([]int{2, 2}, 1, 2, 3, 4), ten([]int{2, 2}, 10, 20, 30, 40), 1, o)
			},
			sizes: []int{2, 2}, want: []float64{11, 22, 33, 44}},
		{name: "mul.out", out: rt.Full(9, 2),
			op:   func(o *rt.Tensor) *rt.Tensor { return checked.MulOut(ten(nil, 1, 2), ten(nil, 3, 4), o) },
			want: []float64{3, 8}},
		{name: "neg.out", out: rt.Empty(5),
			op:   func(o *rt.Tensor) *rt.Tensor { return checked.NegOut(ten(nil, 1, -2), o) },
			want: []float64{-1, 2}},
		{name: "mm.out", out: rt.Empty(0),
			op: func(o *rt.Tensor) *rt.Tensor {
				return checked.MmOut(ten([]int{1, 2}, 1, 2), ten([]int{2, 1}, 3, 4), o)
			},
			sizes: []int{1, 1}, want: []float64{11}},
		{name: "sum.IntList_out", out: rt.Empty(0),
			op: func(o *rt.Tensor) *rt.Tensor {
				return checked.SumIntListOut(ten([]int{2, 2}, 1, 2, 3, 4), []int64{1}, false, nil, o)
			},
			want: []float64{3, 7}},
		{name: "cat.out", out: rt.Empty(0),
			op: func(o *rt.Tensor) *rt.Tensor {
				return checked.CatOut([]*rt.Tensor{ten(nil, 1), ten(nil, 2, 3)}, 0, o)
			},
			want: []float64{1, 2, 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer c.out.Release()
			id := c.out.Ident()
			r := c.op(c.out)
			if r != c.out {
				t.Errorf("returned %v, want out %v", r, c.out)
			}
			if after := c.out.Ident(); after.Impl != id.Impl || after.Storage != id.Storage {
				t.Errorf("out identities %+v, were %+v", after, id)
			}
			wantTensor(t, "out", c.out, c.sizes, c.want)
		})
	}
	t.Run("max.dim_max", func(t *testing.T) {
		vals, idxs := rt.Empty(0), rt.Empty(0)
		defer vals.Release()
		defer idxs.Release()
		v, i := checked.MaxDimMax(ten([]int{2, 2}, 1, 5, 7, 2), 1, false, vals, idxs)
		if v != vals || i != idxs {
			t.Errorf("returned (%v, %v), want the out tensors (%v, %v)", v, i, vals, idxs)
		}
		wantTensor(t, "values (max)", vals, nil, []float64{5, 7})
		wantTensor(t, "indices (max_values)", idxs, nil, []float64{1, 0})
	})
	t.Run("sort.values", func(t *testing.T) {
		vals, idxs := rt.Empty(3), rt.Empty(3)
		defer vals.Release()
		defer idxs.Release()
		v, i := checked.SortValues(ten(nil, 2, 1, 3), -1, false, vals, idxs)
		if v != vals || i != idxs {
			t.Errorf("returned (%v, %v), want the out tensors (%v, %v)", v, i, vals, idxs)
		}
		wantTensor(t, "values", vals, nil, []float64{1, 2, 3})
		wantTensor(t, "indices", idxs, nil, []float64{1, 0, 2})
	})
}

func TestViews(t *testing.T) {
	v := func(name string, in func() *rt.Tensor, op func(*rt.Tensor) *rt.Tensor, sizes []int, want ...float64) resultCase {
		return resultCase{name: name, in: in, op: op, sizes: sizes, want: want, alias: view}
	}
	a6 := func() *rt.Tensor { return arange(6) }
	a23 := func() *rt.Tensor { return arange(2, 3) }
	a33 := func() *rt.Tensor { return arange(3, 3) }
	runResultCases(t, []resultCase{
		v("view", a6, func(x *rt.Tensor) *rt.Tensor { return checked.View(x, []int64{2, -1}) },
			[]int{2, 3}, 0, 1, 2, 3, 4, 5),
		v("transpose.int", a23, func(x *rt.Tensor) *rt.Tensor { return checked.TransposeInt(x, -1, 0) },
			[]int{3, 2}, 0, 3, 1, 4, 2, 5),
		v("t", a23, checked.T, []int{3, 2}, 0, 3, 1, 4, 2, 5),
		v("t/1-d", func() *rt.Tensor { return arange(3) }, checked.T, nil, 0, 1, 2),
		v("permute", func() *rt.Tensor { return arange(2, 2, 2) },
			func(x *rt.Tensor) *rt.Tensor { return checked.Permute(x, []int64{2, 0, 1}) },
			[]int{2, 2, 2}, 0, 2, 4, 6, 1, 3, 5, 7),
		v("select.int/negative index", a23, func(x *rt.Tensor) *rt.Tensor { return checked.SelectInt(x, 1, -1) },
			nil, 2, 5),
		v("slice.Tensor/start end step", func() *rt.Tensor { return arange(10) },
			func(x *rt.Tensor) *rt.Tensor { return checked.SliceTensor(x, 0, i64(1), i64(8), 3) }, nil, 1, 4, 7),
		v("slice.Tensor/negative start, no end", func() *rt.Tensor { return arange(10) },
			func(x *rt.Tensor) *rt.Tensor { return checked.SliceTensor(x, 0, i64(-3), nil, 1) }, nil, 7, 8, 9),
		v("slice.Tensor/end clamped", func() *rt.Tensor { return arange(10) },
			func(x *rt.Tensor) *rt.Tensor { return checked.SliceTensor(x, -1, nil, i64(100), 4) }, nil, 0, 4, 8),
		v("slice.Tensor/start after end", func() *rt.Tensor { return arange(10) },
			func(x *rt.Tensor) *rt.Tensor { return checked.SliceTensor(x, 0, i64(5), i64(2), 1) }, []int{0}),
		v("slice.Tensor/dim 1", func() *rt.Tensor { return arange(3, 4) },
			func(x *rt.Tensor) *rt.Tensor { return checked.SliceTensor(x, 1, i64(1), i64(3), 1) },
			[]int{3, 2}, 1, 2, 5, 6, 9, 10),
		v("expand/size-1 dimension", func() *rt.Tensor { return ten([]int{2, 1}, 1, 2) },
			func(x *rt.Tensor) *rt.Tensor { return checked.Expand(x, []int64{2, 3}, false) },
			[]int{2, 3}, 1, 1, 1, 2, 2, 2),
		v("expand/new leading dimension, -1", func() *rt.Tensor { return ten(nil, 1, 2) },
			func(x *rt.Tensor) *rt.Tensor { return checked.Expand(x, []int64{2, -1}, false) },
			[]int{2, 2}, 1, 2, 1, 2),
		v("alias", a6, checked.Alias, nil, 0, 1, 2, 3, 4, 5),
		v("detach", a6, checked.Detach, nil, 0, 1, 2, 3, 4, 5),
		v("diagonal", a33, func(x *rt.Tensor) *rt.Tensor { return checked.Diagonal(x, 0, 0, 1) }, nil, 0, 4, 8),
		v("diagonal/above", a33, func(x *rt.Tensor) *rt.Tensor { return checked.Diagonal(x, 1, 0, 1) }, nil, 1, 5),
		v("diagonal/below", a33, func(x *rt.Tensor) *rt.Tensor { return checked.Diagonal(x, -1, 0, 1) }, nil, 3, 7),
		v("diagonal/past the end", a33, func(x *rt.Tensor) *rt.Tensor { return checked.Diagonal(x, 5, 0, 1) }, []int{0}),
		v("diagonal/swapped dims", a33, func(x *rt.Tensor) *rt.Tensor { return checked.Diagonal(x, 1, -1, -2) }, nil, 3, 7),
		v("diagonal/batched", func() *rt.Tensor { return arange(2, 2, 3) },
			func(x *rt.Tensor) *rt.Tensor { return checked.Diagonal(x, 0, 1, 2) }, []int{2, 2}, 0, 4, 6, 10),
		v("unsqueeze", func() *rt.Tensor { return ten(nil, 1, 2, 3) },
			func(x *rt.Tensor) *rt.Tensor { return checked.Unsqueeze(x, 1) }, []int{3, 1}, 1, 2, 3),
		v("unsqueeze/front", func() *rt.Tensor { return ten(nil, 1, 2, 3) },
			func(x *rt.Tensor) *rt.Tensor { return checked.Unsqueeze(x, -2) }, []int{1, 3}, 1, 2, 3),
		v("squeeze", func() *rt.Tensor { return ten([]int{1, 3, 1}, 1, 2, 3) }, checked.Squeeze, nil, 1, 2, 3),
		v("squeeze/0-dim", func() *rt.Tensor { return ten([]int{}, 1) }, checked.Squeeze, []int{}, 1),
		v("squeeze.dim", func() *rt.Tensor { return ten([]int{1, 3}, 1, 2, 3) },
			func(x *rt.Tensor) *rt.Tensor { return checked.SqueezeDim(x, 0) }, nil, 1, 2, 3),
		v("squeeze.dim/size 3 kept", func() *rt.Tensor { return ten([]int{1, 3}, 1, 2, 3) },
			func(x *rt.Tensor) *rt.Tensor { return checked.SqueezeDim(x, 1) }, []int{1, 3}, 1, 2, 3),
		v("as_strided", a6, func(x *rt.Tensor) *rt.Tensor {
			return checked.AsStrided(x, []int64{2, 2}, []int64{1, 2}, i64(1))
		}, []int{2, 2}, 1, 3, 2, 4),
		v("as_strided/offset of self", func() *rt.Tensor { return arange(6).Narrow(0, 2, 4) },
			func(x *rt.Tensor) *rt.Tensor { return checked.AsStrided(x, []int64{2}, []int64{2}, nil) }, nil, 2, 4),
		// May-alias ops: a view when the input allows it...
		v("reshape/contiguous: a view", a6,
			func(x *rt.Tensor) *rt.Tensor { return checked.Reshape(x, []int64{3, -1}) }, []int{3, 2}, 0, 1, 2, 3, 4, 5),
		v("flatten.using_ints/view", func() *rt.Tensor { return arange(2, 3, 4) },
			func(x *rt.Tensor) *rt.Tensor { return checked.FlattenUsingInts(x, 1, 2) }, []int{2, 12},
			0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23),
		v("flatten.using_ints/0-dim", func() *rt.Tensor { return ten([]int{}, 7) },
			func(x *rt.Tensor) *rt.Tensor { return checked.FlattenUsingInts(x, 0, -1) }, nil, 7),
		v("narrow/negative start", func() *rt.Tensor { return arange(5) },
			func(x *rt.Tensor) *rt.Tensor { return checked.Narrow(x, 0, -2, 2) }, nil, 3, 4),
		v("narrow/dim 1", a23, func(x *rt.Tensor) *rt.Tensor { return checked.Narrow(x, 1, 1, 2) },
			[]int{2, 2}, 1, 2, 4, 5),
		// ...a copy when it does not...
		{name: "reshape/transposed: a copy", in: func() *rt.Tensor { return arange(2, 3).T() },
			op:   func(x *rt.Tensor) *rt.Tensor { return checked.Reshape(x, []int64{6}) },
			want: []float64{0, 3, 1, 4, 2, 5}, alias: fresh},
		{name: "contiguous/transposed: a copy", in: func() *rt.Tensor { return arange(2, 2).T() },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Contiguous(x, refops.ContiguousFormat) },
			sizes: []int{2, 2}, want: []float64{0, 2, 1, 3}, alias: fresh},
		// ...or self.
		{name: "contiguous/contiguous: self", in: func() *rt.Tensor { return arange(2, 2) },
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.Contiguous(x, refops.ContiguousFormat) },
			sizes: []int{2, 2}, want: []float64{0, 1, 2, 3}, alias: sameImpl},
		{name: "flatten.using_ints/start == end: self", in: a23,
			op:    func(x *rt.Tensor) *rt.Tensor { return checked.FlattenUsingInts(x, 1, -1) },
			sizes: []int{2, 3}, want: []float64{0, 1, 2, 3, 4, 5}, alias: sameImpl},
	})
	t.Run("writes through a view reach the base", func(t *testing.T) {
		base := arange(3, 3)
		defer base.Release()
		d := checked.Diagonal(base, 0, 0, 1)
		defer d.Release()
		checked.Fill_Scalar(d, -1)
		wantTensor(t, "base", base, []int{3, 3}, []float64{-1, 1, 2, 3, -1, 5, 6, 7, -1})
	})
	t.Run("_values of a sparse tensor", func(t *testing.T) {
		vals := ten(nil, 2, 3)
		defer vals.Release()
		sp := rt.NewSparse([]int{2, 2}, [][]int{{0, 1}, {1, 0}}, vals)
		defer sp.Release()
		r := checked.XValues(sp)
		defer r.Release()
		wantTensor(t, "values", r, nil, []float64{2, 3})
		wantAliasing(t, "values", vals, r, view)
	})
}

// TestListViews checks the ops that return Tensor[]: every element is a
// view of self.
func TestListViews(t *testing.T) {
	type piece struct {
		sizes []int
		want  []float64
	}
	p := func(sizes []int, want ...float64) piece { return piece{sizes, want} }
	cases := []struct {
		name string
		in   *rt.Tensor
		op   func(*rt.Tensor) []*rt.Tensor
		want []piece
	}{
		{"split.Tensor", arange(5), func(x *rt.Tensor) []*rt.Tensor { return checked.SplitTensor(x, 2, 0) },
			[]piece{p(nil, 0, 1), p(nil, 2, 3), p(nil, 4)}},
		{"split.Tensor/dim 1", arange(2, 3), func(x *rt.Tensor) []*rt.Tensor { return checked.SplitTensor(x, 2, 1) },
			[]piece{p([]int{2, 2}, 0, 1, 3, 4), p([]int{2, 1}, 2, 5)}},
		{"split.Tensor/empty dimension", rt.Empty(0), func(x *rt.Tensor) []*rt.Tensor { return checked.SplitTensor(x, 2, 0) },
			[]piece{p([]int{0})}},
		{"split_with_sizes", arange(5), func(x *rt.Tensor) []*rt.Tensor {
			return checked.SplitWithSizes(x, []int64{1, 3, 1}, 0)
		}, []piece{p(nil, 0), p(nil, 1, 2, 3), p(nil, 4)}},
		{"unbind.int/dim 1", arange(2, 3), func(x *rt.Tensor) []*rt.Tensor { return checked.UnbindInt(x, 1) },
			[]piece{p(nil, 0, 3), p(nil, 1, 4), p(nil, 2, 5)}},
		{"unbind.int/dim 0", arange(2, 3), func(x *rt.Tensor) []*rt.Tensor { return checked.UnbindInt(x, 0) },
			[]piece{p(nil, 0, 1, 2), p(nil, 3, 4, 5)}},
		{"chunk/uneven", arange(5), func(x *rt.Tensor) []*rt.Tensor { return checked.Chunk(x, 3, 0) },
			[]piece{p(nil, 0, 1), p(nil, 2, 3), p(nil, 4)}},
		{"chunk/fewer pieces than chunks", arange(6), func(x *rt.Tensor) []*rt.Tensor { return checked.Chunk(x, 4, 0) },
			[]piece{p(nil, 0, 1), p(nil, 2, 3), p(nil, 4, 5)}},
		{"chunk/empty dimension", rt.Empty(0), func(x *rt.Tensor) []*rt.Tensor { return checked.Chunk(x, 3, -1) },
			[]piece{p([]int{0}), p([]int{0}), p([]int{0})}},
		{"chunk/dim 1", arange(2, 4), func(x *rt.Tensor) []*rt.Tensor { return checked.Chunk(x, 2, 1) },
			[]piece{p([]int{2, 2}, 0, 1, 4, 5), p([]int{2, 2}, 2, 3, 6, 7)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer c.in.Release()
			rs := c.op(c.in)
			defer func() {
				for _, r := range rs {
					r.Release()
				}
			}()
			if len(rs) != len(c.want) {
				t.Fatalf("%d pieces, want %d", len(rs), len(c.want))
			}
			for i, r := range rs {
				wantTensor(t, "piece", r, c.want[i].sizes, c.want[i].want)
				wantAliasing(t, "piece", c.in, r, view)
			}
		})
	}
}

func TestMutable(t *testing.T) {
	cases := []struct {
		name         string
		in           *rt.Tensor
		op           func(self, values, indices *rt.Tensor, dim int64)
		dim          int64
		values, idxs []float64
	}{
		{"_cummax_helper/ties move the index, NaN sticks", ten(nil, 1, 3, 2, 3, nan, 5), checked.XCummaxHelper, 0,
			[]float64{1, 3, 3, 3, nan, nan}, []float64{0, 1, 1, 3, 4, 4}},
		{"_cummax_helper/dim 0 of a matrix", ten([]int{3, 2}, 1, 5, 3, 2, 2, 7), checked.XCummaxHelper, 0,
			[]float64{1, 5, 3, 5, 3, 7}, []float64{0, 0, 1, 0, 1, 2}},
		{"_cummin_helper", ten(nil, 2, 1, 1, 3, 0), checked.XCumminHelper, -1,
			[]float64{2, 1, 1, 1, 0}, []float64{0, 1, 2, 2, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer c.in.Release()
			vals, idxs := rt.Empty(0), rt.Empty(0)
			defer vals.Release()
			defer idxs.Release()
			vid, iid := vals.Ident(), idxs.Ident()
			before := c.in.ToSlice()
			c.op(c.in, vals, idxs, c.dim)
			wantTensor(t, "values", vals, c.in.Sizes(), c.values)
			wantTensor(t, "indices", idxs, c.in.Sizes(), c.idxs)
			if vals.Ident().Impl != vid.Impl || vals.Ident().Storage != vid.Storage ||
				idxs.Ident().Impl != iid.Impl || idxs.Ident().Storage != iid.Storage {
				t.Errorf("values or indices changed identity")
			}
			if !sameFloats(c.in.ToSlice(), before) {
				t.Errorf("self written")
			}
		})
	}
}

func TestForeach(t *testing.T) {
	a, b := ten(nil, 1, 2), ten([]int{}, 3)
	defer a.Release()
	defer b.Release()
	rs := checked.XForeachAddScalar([]*rt.Tensor{a, b}, 1)
	if len(rs) != 2 {
		t.Fatalf("_foreach_add.Scalar: %d results, want 2", len(rs))
	}
	wantTensor(t, "_foreach_add.Scalar[0]", rs[0], nil, []float64{2, 3})
	wantTensor(t, "_foreach_add.Scalar[1]", rs[1], []int{}, []float64{4})
	wantAliasing(t, "_foreach_add.Scalar[0]", a, rs[0], fresh)
	wantAliasing(t, "_foreach_add.Scalar[1]", rs[0], rs[1], fresh)
	for _, r := range rs {
		r.Release()
	}
	checked.XForeachAdd_Scalar([]*rt.Tensor{a, b}, -1)
	wantTensor(t, "_foreach_add_.Scalar[0]", a, nil, []float64{0, 1})
	wantTensor(t, "_foreach_add_.Scalar[1]", b, []int{}, []float64{2})
	checked.XForeachZero_([]*rt.Tensor{a, b})
	wantTensor(t, "_foreach_zero_[0]", a, nil, []float64{0, 0})
	wantTensor(t, "_foreach_zero_[1]", b, []int{}, []float64{0})
}

// wantPanic recovers a panic whose message contains substr.
func wantPanic(t *testing.T, substr string) {
	t.Helper()
	r := recover()
	if r == nil {
		t.Errorf("no panic, want one containing %q", substr)
		return
	}
	if s, ok := r.(string); !ok || !strings.Contains(s, substr) {
		t.Errorf("panic %v, want one containing %q", r, substr)
	}
}
