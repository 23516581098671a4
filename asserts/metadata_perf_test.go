package asserts_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// The wrappers of wrappers_test.go in the shape gen emits since
// same_metadata (strict): a SaveMetadata per argument the op does not
// write before the kernel, a SameMetadata at the row's place after it.
// BenchmarkMetadata runs them beside the shapes without the rows.

func AddMeta(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var c engine.Call
	var s0, s1 engine.Slot
	addMetaPre(&c, &opAddTensor, &locsAdd, &s0, &s1, self, other)
	ret := k.add(self, other, alpha)
	addMetaPost(&c, &locsAdd, &s0, &s1, self, other, ret)
	return ret
}

func addMetaPre(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1 *rt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.Save(s1, t1)
	c.SaveMetadata(s0, t0)
	c.SaveMetadata(s1, t1)
	c.BindingContext(l[0], s0, t0)
	c.BindingContext(l[1], s1, t1)
	c.SameContent(l[0], s0, t0)
	c.SameContent(l[1], s1, t1)
}

func addMetaPost(c *engine.Call, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1, t2 *rt.Tensor) {
	var s2 engine.Slot
	c.BindingContextAfter(l[0], s0, t0)
	c.BindingContextAfter(l[1], s1, t1)
	c.After(s0, t0)
	c.After(s1, t1)
	c.Result(&s2, t2)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.NoMutation(l[0], s0)
	c.SameMetadata(l[0], s0, t0)
	c.SameImpl(l[1], s1)
	c.SameStorage(l[1], s1)
	c.NoMutation(l[1], s1)
	c.SameMetadata(l[1], s1, t1)
	c.ImplUseCountLE1(l[2], &s2)
	c.NotArg(l[2], &s2, l[0], s0)
	c.NotArg(l[2], &s2, l[1], s1)
	c.StorageUseCountEq1(l[2], &s2)
	c.FreshNoAlias(l[2], &s2, l[0], s0)
	c.FreshNoAlias(l[2], &s2, l[1], s1)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

// AddMetaOf is AddMeta in the form gen emits for a tensor type it knows
// implements asserts.Metadata (no type assertion per row).
func AddMetaOf(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var c engine.Call
	var s0, s1 engine.Slot
	addMetaOfPre(&c, &opAddTensor, &locsAdd, &s0, &s1, self, other)
	ret := k.add(self, other, alpha)
	addMetaOfPost(&c, &locsAdd, &s0, &s1, self, other, ret)
	return ret
}

func addMetaOfPre(c *engine.Call, op *engine.Op, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1 *rt.Tensor) {
	c.Begin(op)
	c.Save(s0, t0)
	c.Save(s1, t1)
	c.SaveMetadataOf(s0, t0)
	c.SaveMetadataOf(s1, t1)
	c.BindingContext(l[0], s0, t0)
	c.BindingContext(l[1], s1, t1)
	c.SameContent(l[0], s0, t0)
	c.SameContent(l[1], s1, t1)
}

func addMetaOfPost(c *engine.Call, l *[3]engine.Loc, s0, s1 *engine.Slot, t0, t1, t2 *rt.Tensor) {
	var s2 engine.Slot
	c.BindingContextAfter(l[0], s0, t0)
	c.BindingContextAfter(l[1], s1, t1)
	c.After(s0, t0)
	c.After(s1, t1)
	c.Result(&s2, t2)
	c.SameImpl(l[0], s0)
	c.SameStorage(l[0], s0)
	c.NoMutation(l[0], s0)
	c.SameMetadataOf(l[0], s0, t0)
	c.SameImpl(l[1], s1)
	c.SameStorage(l[1], s1)
	c.NoMutation(l[1], s1)
	c.SameMetadataOf(l[1], s1, t1)
	c.ImplUseCountLE1(l[2], &s2)
	c.NotArg(l[2], &s2, l[0], s0)
	c.NotArg(l[2], &s2, l[1], s1)
	c.StorageUseCountEq1(l[2], &s2)
	c.FreshNoAlias(l[2], &s2, l[0], s0)
	c.FreshNoAlias(l[2], &s2, l[1], s1)
	if c.HasDigests() {
		c.SameContentAfter(l[0], s0, t0)
		c.SameContentAfter(l[1], s1, t1)
	}
	c.End()
}

func AddInPlaceMeta(self, other *rt.Tensor, alpha float64) *rt.Tensor {
	var c engine.Call
	var s0, s1 engine.Slot
	addInPlPre(&c, &opAddInPlace, &locsAdd, &s0, &s1, self, other)
	c.SaveMetadata(&s1, other)
	defer c.Abandon()
	ret := k.addInPl(self, other, alpha)
	var s2 engine.Slot
	c.BindingContextAfter(locsAdd[0], &s0, self)
	c.BindingContextAfter(locsAdd[1], &s1, other)
	c.After(&s0, self)
	c.After(&s1, other)
	c.Result(&s2, ret)
	c.SameImpl(locsAdd[0], &s0)
	c.SameStorage(locsAdd[0], &s0)
	c.SameImpl(locsAdd[1], &s1)
	c.SameStorage(locsAdd[1], &s1)
	c.NoMutation(locsAdd[1], &s1)
	c.SameMetadata(locsAdd[1], &s1, other)
	c.ReturnsArg(locsAdd[2], &s2, locsAdd[0], &s0)
	if c.HasDigests() {
		c.SameContentAfter(locsAdd[1], &s1, other)
	}
	c.End()
	return ret
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
		{"add/direct", add(stub.add)}, {"add/checked", add(Add)}, {"add/checked-metadata", add(AddMeta)}, {"add/checked-metadata-of", add(AddMetaOf)},
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
	if st := opAddTensor.Stats(); st.Ran[checks.SameMetadata] == 0 {
		t.Error("AddMeta ran no same_metadata row")
	}
}
