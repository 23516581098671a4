package engine_test

import (
	"strconv"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
)

// stubKernels return a tensor made in advance, so that a call allocates
// only what the checks allocate.
func stubKernels(out *rt.Tensor) kernels {
	ks := correct
	ks.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return out }
	ks.cat = func([]*rt.Tensor) *rt.Tensor { return out }
	ks.addcmul6 = func(a, b, c, d, e, f *rt.Tensor) *rt.Tensor { return out }
	ks.addInPl = func(self, other *rt.Tensor, alpha float64) *rt.Tensor { return self }
	ks.addOut = func(self, other *rt.Tensor, alpha float64, out *rt.Tensor) *rt.Tensor { return out }
	ks.transpose = func(self *rt.Tensor, d0, d1 int) *rt.Tensor { return out }
	return ks
}

func TestCheckedCallsDoNotAllocate(t *testing.T) {
	col := collect(t)
	out := rt.Zeros(2)
	defer out.Release()
	useKernels(t, stubKernels(out))
	var xs [8]*rt.Tensor
	for i := range xs {
		xs[i] = rt.Ones(2)
		defer xs[i].Release()
	}
	list := xs[:]
	view := xs[0].Alias()
	defer view.Release()
	k.transpose = func(self *rt.Tensor, d0, d1 int) *rt.Tensor { return view }
	k.reshape = func(self *rt.Tensor, sizes ...int) *rt.Tensor { return view }
	sizes := []int{2} // made once: a variadic argument to a kernel held in a variable escapes
	mat := rt.Ones(4, 2)
	defer mat.Release()
	rows := mat.Unbind(0)
	for _, r := range rows {
		defer r.Release()
	}
	k.unbind = func(self *rt.Tensor, dim int) []*rt.Tensor { return rows }
	tests := []struct {
		name string
		call func()
	}{
		{"add (2 tensors)", func() { Add(xs[0], xs[1], 1) }},
		{"add_ (2 tensors, returns_arg)", func() { AddInPlace(xs[0], xs[1], 1) }},
		{"add.out (3 tensors, returns_arg)", func() { AddOut(xs[0], xs[1], 1, xs[2]) }},
		{"reshape (a view, fresh_or_alias)", func() { Reshape(xs[0], sizes...) }},
		{"addcmul6 (6 tensors)", func() { Addcmul6(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5]) }},
		{"cat (list of 8)", func() { Cat(list) }},
		{"add, one path", func() { AddF(xs[0], xs[1], 1) }},
		{"add_, one path", func() { AddInPlaceF(xs[0], xs[1], 1) }},
		{"add.out, one path", func() { AddOutF(xs[0], xs[1], 1, xs[2]) }},
		{"transpose, one path", func() { TransposeF(xs[0], 0, 0) }},
		{"reshape, one path", func() { ReshapeF(xs[0], sizes...) }},
		{"unbind, one path", func() { UnbindF(mat, 0) }},
		{"addcmul6, one path", func() { Addcmul6F(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5]) }},
		{"cat (list of 8), one path", func() { CatF(list) }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.call); n != 0 {
			t.Errorf("%s: %v allocations per checked call, want 0", tt.name, n)
		}
	}
	// under a mode: the calls leave the fast plan, their use-count rows
	// skipped and counted; and every call forced onto the rows
	for _, forced := range []struct {
		name string
		on   func() func()
	}{
		{"mode active", func() func() { p := asserts.SetEnv(modeEnv); return func() { asserts.SetEnv(p) } }},
		{"forced onto the rows", func() func() { p := engine.SetRowsOnly(true); return func() { engine.SetRowsOnly(p) } }},
	} {
		undo := forced.on()
		for _, tt := range tests[7:9] { // add and add_ on the one path
			if n := testing.AllocsPerRun(100, tt.call); n != 0 {
				t.Errorf("%s, %s: %v allocations per checked call, want 0", tt.name, forced.name, n)
			}
		}
		undo()
	}
	if vs := col.Violations(); len(vs) > 0 {
		t.Errorf("violation: %v", &vs[0])
	}
}

// With real kernels a checked call allocates exactly what the kernel does.
func TestCheckedCallsAllocateOnlyWhatKernelsDo(t *testing.T) {
	collect(t)
	a, b := rt.Ones(2, 2), rt.Ones(2, 2)
	defer a.Release()
	defer b.Release()
	direct := testing.AllocsPerRun(100, func() { rt.Add(a, b, 1).Release() })
	checked := testing.AllocsPerRun(100, func() { Add(a, b, 1).Release() })
	if checked != direct {
		t.Errorf("add: %v allocations checked, %v direct", checked, direct)
	}
}

// Benchmarks: each pair runs the direct kernel and the checked wrapper in
// the same run; see docs/asserts.md for the figures.

func BenchmarkAdd(b *testing.B) {
	x, y := rt.Ones(4, 4), rt.Ones(4, 4)
	defer x.Release()
	defer y.Release()
	// The wrappers call their kernel through k (so that tests can swap
	// kernels); the direct calls go through k too, so that the pair differs
	// by the checks only.
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			k.add(x, y, 1).Release()
		}
	})
	b.Run("checked", func(b *testing.B) {
		for b.Loop() {
			Add(x, y, 1).Release()
		}
	})
}

func BenchmarkCat8(b *testing.B) {
	xs := make([]*rt.Tensor, 8)
	for i := range xs {
		xs[i] = rt.Ones(4)
		defer xs[i].Release()
	}
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			k.cat(xs).Release()
		}
	})
	b.Run("checked", func(b *testing.B) {
		for b.Loop() {
			Cat(xs).Release()
		}
	})
}

// BenchmarkOverhead measures the checks alone: the kernels return a tensor
// made in advance, so checked minus direct is the cost of the checks.
func BenchmarkOverhead(b *testing.B) {
	out := rt.Zeros(2)
	defer out.Release()
	stub := stubKernels(out)
	prev := k
	k = stub
	defer func() { k = prev }()
	var xs [8]*rt.Tensor
	for i := range xs {
		xs[i] = rt.Ones(2)
		defer xs[i].Release()
	}
	list := xs[:]
	var sink *rt.Tensor
	modeEnv := envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} })
	b.Run("add/direct", func(b *testing.B) {
		for b.Loop() {
			sink = stub.add(xs[0], xs[1], 1)
		}
	})
	b.Run("add/checked", func(b *testing.B) {
		for b.Loop() {
			sink = Add(xs[0], xs[1], 1)
		}
	})
	b.Run("add/frame", func(b *testing.B) {
		for b.Loop() {
			sink = AddF(xs[0], xs[1], 1)
		}
	})
	// The same call with same_content switched on: two digests of each
	// 2-element input.
	b.Run("add/checked-content-on", func(b *testing.B) {
		defer asserts.SetContentCheck(asserts.SetContentCheck(true))
		for b.Loop() {
			sink = Add(xs[0], xs[1], 1)
		}
	})
	b.Run("add/frame-content-on", func(b *testing.B) {
		defer asserts.SetContentCheck(asserts.SetContentCheck(true))
		for b.Loop() {
			sink = AddF(xs[0], xs[1], 1)
		}
	})
	// The same call under a mode: it leaves the fast plan and runs its
	// rows one by one, each skipped under mode_active and counted.
	b.Run("add/frame-mode", func(b *testing.B) {
		defer asserts.SetEnv(asserts.SetEnv(modeEnv))
		for b.Loop() {
			sink = AddF(xs[0], xs[1], 1)
		}
	})
	// An in-place call: its written argument is declared to other
	// goroutines' calls for the call's duration (concurrent.go).
	b.Run("add_/direct", func(b *testing.B) {
		for b.Loop() {
			sink = stub.addInPl(xs[0], xs[1], 1)
		}
	})
	b.Run("add_/checked", func(b *testing.B) {
		for b.Loop() {
			sink = AddInPlace(xs[0], xs[1], 1)
		}
	})
	b.Run("add_/frame", func(b *testing.B) {
		for b.Loop() {
			sink = AddInPlaceF(xs[0], xs[1], 1)
		}
	})
	// An out= call: 2 inputs and the written out.
	b.Run("add.out/direct", func(b *testing.B) {
		for b.Loop() {
			sink = stub.addOut(xs[0], xs[1], 1, xs[2])
		}
	})
	b.Run("add.out/checked", func(b *testing.B) {
		for b.Loop() {
			sink = AddOut(xs[0], xs[1], 1, xs[2])
		}
	})
	b.Run("add.out/frame", func(b *testing.B) {
		for b.Loop() {
			sink = AddOutF(xs[0], xs[1], 1, xs[2])
		}
	})
	// A view: the kernel makes a view of its input, which the loop
	// releases (shares_storage and view_holds_storage, the rows of every
	// view op: a view made in advance would take no hold on the storage,
	// as a view kernel must). Direct and checked make and release the
	// same view; the difference is the checks'.
	view := xs[0].Alias()
	defer view.Release()
	viewOf := func(self *rt.Tensor, d0, d1 int) *rt.Tensor { return self.Alias() }
	k.transpose = viewOf
	b.Run("transpose/direct", func(b *testing.B) {
		for b.Loop() {
			sink = viewOf(xs[0], 0, 0)
			sink.Release()
		}
	})
	// The view ops have no wrapper that calls each row's entry: their
	// checked call is the one path's, as frame.
	b.Run("transpose/checked", func(b *testing.B) {
		for b.Loop() {
			sink = TransposeF(xs[0], 0, 0)
			sink.Release()
		}
	})
	b.Run("transpose/frame", func(b *testing.B) {
		for b.Loop() {
			sink = TransposeF(xs[0], 0, 0)
			sink.Release()
		}
	})
	// A may-alias op (fresh_or_alias) whose kernel returns a view, then
	// one that returns a fresh tensor.
	viewOrFresh := view
	reshapeTo := func(self *rt.Tensor, sizes ...int) *rt.Tensor { return viewOrFresh }
	k.reshape = reshapeTo
	sizes := []int{2} // made once: a variadic argument to a kernel held in a variable escapes
	b.Run("reshape/direct", func(b *testing.B) {
		for b.Loop() {
			sink = reshapeTo(xs[0], sizes...)
		}
	})
	b.Run("reshape/checked", func(b *testing.B) {
		for b.Loop() {
			sink = Reshape(xs[0], sizes...)
		}
	})
	b.Run("reshape/frame", func(b *testing.B) {
		for b.Loop() {
			sink = ReshapeF(xs[0], sizes...)
		}
	})
	b.Run("reshape-fresh/checked", func(b *testing.B) {
		viewOrFresh = out
		defer func() { viewOrFresh = view }()
		for b.Loop() {
			sink = Reshape(xs[0], sizes...)
		}
	})
	b.Run("reshape-fresh/frame", func(b *testing.B) {
		viewOrFresh = out
		defer func() { viewOrFresh = view }()
		for b.Loop() {
			sink = ReshapeF(xs[0], sizes...)
		}
	})
	// A list of views: unbind of a 4x2 tensor, its four rows made by the
	// kernel and released by the loop, as transpose's (shares_storage and
	// view_holds_storage on each element).
	mat := rt.Ones(4, 2)
	defer mat.Release()
	unbindTo := func(self *rt.Tensor, dim int) []*rt.Tensor { return self.Unbind(dim) }
	k.unbind = unbindTo
	var sinks []*rt.Tensor
	releaseAll := func(ts []*rt.Tensor) {
		for _, t := range ts {
			t.Release()
		}
	}
	b.Run("unbind4/direct", func(b *testing.B) {
		for b.Loop() {
			sinks = unbindTo(mat, 0)
			releaseAll(sinks)
		}
	})
	b.Run("unbind4/checked", func(b *testing.B) {
		for b.Loop() {
			sinks = UnbindF(mat, 0) // the one path's, as transpose's
			releaseAll(sinks)
		}
	})
	b.Run("unbind4/frame", func(b *testing.B) {
		for b.Loop() {
			sinks = UnbindF(mat, 0)
			releaseAll(sinks)
		}
	})
	b.Run("cat8/direct", func(b *testing.B) {
		for b.Loop() {
			sink = stub.cat(list)
		}
	})
	b.Run("cat8/checked", func(b *testing.B) {
		for b.Loop() {
			sink = Cat(list)
		}
	})
	b.Run("cat8/frame", func(b *testing.B) {
		for b.Loop() {
			sink = CatF(list)
		}
	})
	// The same call under a mode: it leaves the fast plan and runs its
	// rows one by one, each skipped under mode_active and counted.
	b.Run("cat8/frame-mode", func(b *testing.B) {
		defer asserts.SetEnv(asserts.SetEnv(modeEnv))
		for b.Loop() {
			sink = CatF(list)
		}
	})
	// cat of a runtime whose tensors report metadata: same_metadata on
	// each element (the one path reads the fingerprints in the runtime).
	b.Run("cat8meta/direct", func(b *testing.B) {
		for b.Loop() {
			sink = stub.cat(list)
		}
	})
	b.Run("cat8meta/checked", func(b *testing.B) {
		for b.Loop() {
			sink = CatMeta(list)
		}
	})
	b.Run("cat8meta/frame", func(b *testing.B) {
		for b.Loop() {
			sink = CatMetaF(list)
		}
	})
	// cat of 1 to 8 tensors in turn: the op is calibrated for one length,
	// and the calls of the others pass the fast plan and count its counts
	// (frame.countFast).
	b.Run("cat1to8/direct", func(b *testing.B) {
		i := 0
		for b.Loop() {
			sink = stub.cat(list[:1+i%8])
			i++
		}
	})
	b.Run("cat1to8/frame", func(b *testing.B) {
		i := 0
		for b.Loop() {
			sink = CatF(list[:1+i%8])
			i++
		}
	})
	b.Run("addcmul6/direct", func(b *testing.B) {
		for b.Loop() {
			sink = stub.addcmul6(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5])
		}
	})
	b.Run("addcmul6/checked", func(b *testing.B) {
		for b.Loop() {
			sink = Addcmul6(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5])
		}
	})
	b.Run("addcmul6/frame", func(b *testing.B) {
		for b.Loop() {
			sink = Addcmul6F(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5])
		}
	})
	// The same call under a mode: it leaves the fast plan and runs its
	// rows one by one, each skipped under mode_active and counted.
	b.Run("addcmul6/frame-mode", func(b *testing.B) {
		defer asserts.SetEnv(asserts.SetEnv(modeEnv))
		for b.Loop() {
			sink = Addcmul6F(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5])
		}
	})
	_ = sink
}

// BenchmarkContentDigest measures reftensor's ContentDigest, what
// same_content costs per input when switched on (twice per input and call).
func BenchmarkContentDigest(b *testing.B) {
	for _, n := range []int{2, 4096, 1 << 20} {
		x := rt.Ones(n)
		b.Run(strconv.Itoa(n*8)+"B", func(b *testing.B) {
			b.SetBytes(int64(n * 8))
			for b.Loop() {
				x.ContentDigest()
			}
		})
		x.Release()
	}
}

// modeEnv is an Env under a dispatch mode.
var modeEnv asserts.Env = envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} })
