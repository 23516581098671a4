package engine_test

import (
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// The wrappers of wrappers_test.go on the one path with same_metadata's
// rows (strict): a same_metadata row per argument the op does not write.
// BenchmarkMetadata runs them beside the shapes without the rows.

func AddMeta(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var f frame3
	before2(&f, &opAddMeta, &shapeAddMeta, self, other)
	ret := k.add(self, other, alpha)
	after2r(&f, self, other, ret)
	return ret
}

var opAddMeta = engine.Op{Name: "add", Overload: "Tensor"}

// metaRows inserts a same_metadata row after each of rows' no_mutation
// rows on the arguments ts.
func metaRows(rs []engine.Row, ts ...int8) []engine.Row {
	var out []engine.Row
	for _, r := range rs {
		out = append(out, r)
		if r.Check == checks.NoMutation && slices.Contains(ts, r.T) {
			out = append(out, row(checks.SameMetadata, r.T, -1))
		}
	}
	return out
}

var shapeAddMeta = engine.Shape{
	Args: 2, Rets: 1, Rows: metaRows(shapeAdd.Rows, 0, 1), Locs: locsAdd[:],
	Tensor: rtTensor, Elem: rtElem,
}

func AddInPlaceMeta(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var f frame3
	before2(&f, &opAddInPlaceMeta, &shapeAddInPlaceMeta, self, other)
	defer f.Abandon()
	ret := k.addInPl(self, other, alpha)
	after2r(&f, self, other, ret)
	return ret
}

var opAddInPlaceMeta = engine.Op{Name: "add_", Overload: "Tensor"}

var shapeAddInPlaceMeta = engine.Shape{
	Args: 2, Rets: 1, Rows: metaRows(shapeAddInPlace.Rows, 1), Locs: locsAdd[:],
	Writes: []int8{0},
	Tensor: rtTensor, Elem: rtElem,
}

// metaBench sets up the stub kernels and tensors of BenchmarkMetadata and
// TestMetadataCallsDoNotAllocate, and returns the calls by name.
func metaBench() (calls []struct {
	name string
	f    func()
}, done func()) {
	out := rt.Zeros(2)
	stub := stubKernels(out)
	prev := k
	k = stub
	x, y := rt.Ones(2), rt.Ones(2)
	view := x.Alias()
	k.transpose = func(*rt.Tensor, int, int) *rt.Tensor { return view }
	var sink *rt.Tensor
	add := func(f func(a, b *rt.Tensor, alpha float64) *rt.Tensor) func() {
		return func() { sink = f(x, y, 1) }
	}
	tr := func(f func(*rt.Tensor, int, int) *rt.Tensor) func() { return func() { sink = f(x, 0, 0) } }
	calls = []struct {
		name string
		f    func()
	}{
		{"add/direct", add(stub.add)}, {"add/checked", add(Add)}, {"add/checked-metadata", add(AddMeta)},
		{"add_/direct", add(stub.addInPl)}, {"add_/checked", add(AddInPlace)}, {"add_/checked-metadata", add(AddInPlaceMeta)},
		{"transpose/direct", tr(k.transpose)}, {"transpose/checked", tr(TransposeF)},
	}
	return calls, func() {
		_ = sink
		k = prev
		releaseAll(out, x, y, view)
	}
}

func releaseAll(ts ...*rt.Tensor) {
	for _, t := range ts {
		t.Release()
	}
}

// BenchmarkMetadata: the cost of same_metadata's rows, each shape without
// and with them, on reftensor tensors and stub kernels (the direct call
// costs ~2 ns; the difference is the checks). Side by side in one run:
//
//	go test -run '^$' -bench Metadata -count 10 ./asserts
func BenchmarkMetadata(b *testing.B) {
	calls, done := metaBench()
	defer done()
	for _, c := range calls {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.f()
			}
		})
	}
	b.Run("fingerprint-2d", func(b *testing.B) {
		sizes, strides := []int{4, 4}, []int{4, 1}
		var s uint64
		for b.Loop() {
			s += asserts.FingerprintMetadata(sizes, strides, 0)
		}
		_ = s
	})
}

// The metadata rows allocate nothing, and report nothing on correct
// kernels.
func TestMetadataCallsDoNotAllocate(t *testing.T) {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	calls, done := metaBench()
	defer done()
	for _, c := range calls {
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s: %v allocations per call", c.name, n)
		}
	}
	if vs := col.Violations(); len(vs) != 0 {
		t.Errorf("%d violations, first %v", len(vs), &vs[0])
	}
	if st := opAddMeta.Stats(); st.Ran[checks.SameMetadata] == 0 {
		t.Error("AddMeta ran no same_metadata row")
	}
}
