//go:build debugasserts

package catalog

import (
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/runtimes/gorgonia/catalog/gcif"
	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

// correct are the bound kernels: fresh outputs from gorgonia.
type correct struct{}

func (correct) Neg(self *tensor.Dense) *tensor.Dense { return ops.Neg(self) }
func (correct) Exp(self *tensor.Dense) *tensor.Dense { return ops.Exp(self) }
func (correct) AddTensor(self, other *tensor.Dense, alpha float64) *tensor.Dense {
	return ops.AddTensor(self, other, alpha)
}

func vec(vs ...float64) *tensor.Dense {
	return tensor.New(tensor.WithShape(len(vs)), tensor.WithBacking(slices.Clone(vs)))
}

// oneCycle turns automatic garbage collection off for the rest of the
// test and makes fresh_not_held's count of collections current. The
// identities are addresses (ops.Memory), so fresh_not_held judges a
// storage that comes out fresh again only if no collection completed
// since its earlier hand-out, by a count of collections it records with
// each hand-out: a lower bound, read again at most every 64 hand-outs and
// at every repeat. A test that expects a repeat to be caught keeps the
// collector from starting a cycle on its own between the hand-outs, and
// starts from a current count: one repeat, whose verdict is dropped,
// makes the registry read it (TestCachedOutputAfterCollections is the
// same scenario without it).
func oneCycle(t *testing.T) {
	old := debug.SetGCPercent(-1)
	t.Cleanup(func() { debug.SetGCPercent(old) })
	k := gcif.Checked(&cachingNeg{})
	x := vec(0)
	asserts.Collect(func() {
		k.Neg(x)
		k.Neg(x)
	})
}

// only returns the single violation of vs, which must be of check k.
func only(t *testing.T, vs []asserts.Violation, k checks.Check) *asserts.Violation {
	t.Helper()
	if len(vs) != 1 || vs[0].Check != k {
		t.Fatalf("violations %v, want one %s", vs, k)
	}
	return &vs[0]
}

// cachingNeg keeps its last output and, for an input of the same shape,
// computes into it again and returns it: a cached output. The caller's
// earlier result changes under its feet.
type cachingNeg struct {
	correct
	cache *tensor.Dense
}

func (k *cachingNeg) Neg(self *tensor.Dense) *tensor.Dense {
	if k.cache != nil && k.cache.Shape().Eq(self.Shape()) {
		if _, err := tensor.Neg(self, tensor.WithReuse(k.cache)); err != nil {
			panic(err)
		}
		return k.cache
	}
	r := ops.Neg(self)
	k.cache = r
	return r
}

func TestCachedOutput(t *testing.T) {
	oneCycle(t)
	neg := gcif.Checked(&cachingNeg{})
	a, b := vec(1, 2), vec(3, 4)
	var first *tensor.Dense
	vs := asserts.Collect(func() {
		first = neg.Neg(a) // fresh: the first hand-out of its storage
	})
	if len(vs) != 0 {
		t.Fatalf("first call: %v", vs)
	}
	var second *tensor.Dense
	vs = asserts.Collect(func() { second = neg.Neg(b) })
	v := only(t, vs, checks.FreshNotHeld)
	if v.Where() != "return 0" || !strings.Contains(v.Error(), "came out fresh before, from neg return 0") {
		t.Errorf("message: %v", v)
	}
	// What the check prevents: the first result was overwritten.
	if got := first.Data().([]float64); !slices.Equal(got, []float64{-3, -4}) || second != first {
		t.Errorf("first result %v", got)
	}
	// The correct kernel in the same scenario is silent.
	ok := gcif.Checked(correct{})
	vs = asserts.Collect(func() {
		x := ok.Neg(a)
		y := ok.Neg(b)
		runtime.KeepAlive(x)
		runtime.KeepAlive(y)
	})
	if len(vs) != 0 {
		t.Errorf("correct kernel: %v", vs)
	}
}

// expScratch is a package-level buffer that globalExp computes into and
// returns, as a kernel with a static scratch tensor would.
var expScratch *tensor.Dense

type globalExp struct{ correct }

func (globalExp) Exp(self *tensor.Dense) *tensor.Dense {
	if expScratch == nil || !expScratch.Shape().Eq(self.Shape()) {
		expScratch = tensor.New(tensor.Of(tensor.Float64), tensor.WithShape(self.Shape()...))
	}
	if _, err := tensor.Exp(self, tensor.WithReuse(expScratch)); err != nil {
		panic(err)
	}
	return expScratch
}

// A global buffer is caught even when the caller dropped the first
// result: the buffer is alive (the global holds it), so handing it out
// fresh again means two owners, whatever the first caller did. With a
// collection between the first two hand-outs it is caught at the third:
// the identities are addresses, and fresh_not_held does not judge an
// address that comes out again after a collection completed (the storage
// there may be a new one); it records the hand-out anew, and the next
// one within the cycle is caught. A buffer handed out exactly twice,
// with a collection between, is the blind spot.
func TestGlobalBuffer(t *testing.T) {
	oneCycle(t)
	defer func() { expScratch = nil }()
	exp := gcif.Checked(globalExp{})
	a := vec(0, 1)
	call := func() []asserts.Violation { return asserts.Collect(func() { _ = exp.Exp(a) }) } // result dropped
	if vs := call(); len(vs) != 0 {
		t.Fatalf("first call: %v", vs)
	}
	runtime.GC()
	if vs := call(); len(vs) != 0 {
		t.Fatalf("second call, after a collection: %v: fresh_not_held now judges an address across a collection (README.md's catalog says it does not)", vs)
	}
	v := only(t, call(), checks.FreshNotHeld)
	if !strings.Contains(v.Error(), "from exp return 0") {
		t.Errorf("message: %v", v)
	}
}

// What the registry's count of collections, a lower bound, costs: after
// collections it has not read (runtime.GC with no hand-out between), the
// count recorded with a cached output's first hand-out is behind, so the
// second hand-out is not judged although no collection completed between
// the two; it is recorded with the exact count, and the third is caught.
// (The second is caught when the first hand-out is one of the every 64th
// that read the count.) The weak-pointer IDs this runtime had before
// caught the second always.
func TestCachedOutputAfterCollections(t *testing.T) {
	oneCycle(t)
	for range 3 {
		runtime.GC()
	}
	neg := gcif.Checked(&cachingNeg{})
	a := vec(1, 2)
	var caught []int
	for i := range 3 {
		vs := asserts.Collect(func() { _ = neg.Neg(a) })
		if len(vs) > 0 {
			only(t, vs, checks.FreshNotHeld)
			caught = append(caught, i+1)
		}
	}
	switch {
	case slices.Equal(caught, []int{3}):
		t.Log("second hand-out not judged (the count recorded with the first was behind), third caught")
	case slices.Equal(caught, []int{2, 3}):
		t.Log("the first hand-out read the count: second and third caught")
	default:
		t.Errorf("caught at hand-outs %v, want [3] or [2 3]", caught)
	}
}

// anchorAddr is the address of a tensor's storage anchor, as a number
// (it keeps nothing alive).
func anchorAddr(t *tensor.Dense) uintptr { return uintptr(ops.Memory(t).Anchor()) }

// Control: outputs dropped and collected, and their memory handed out
// again by Go's allocator. The kernel is correct; a new output at the
// address of a collected one is a new storage, and a collection completed
// between the two hand-outs, so fresh_not_held does not judge the
// repeated address. The test runs until the allocator has reused an
// address at least once.
func TestDroppedOutputMemoryReused(t *testing.T) {
	neg := gcif.Checked(correct{})
	a := vec(1, 2, 3, 4, 5, 6, 7, 8)
	seen := map[uintptr]bool{}
	reused := 0
	vs := asserts.Collect(func() {
		for i := 0; i < 2000 && reused < 3; i++ {
			out := neg.Neg(a)
			addr := anchorAddr(out)
			if seen[addr] {
				reused++
			}
			seen[addr] = true
			out = nil
			runtime.GC()
		}
	})
	if reused == 0 {
		t.Fatal("the allocator never reused an output's memory in 2000 collections: the control did not run")
	}
	if len(vs) != 0 {
		t.Errorf("%d violations with reused memory: %v", len(vs), &vs[0])
	}
	t.Logf("%d outputs at an address a collected output had", reused)
}

// pool is a free list the runtime owns: callers give tensors back with
// Put, and the kernel computes into a tensor from the pool. Put tells
// fresh_not_held with asserts.Released.
type pool struct {
	mu      sync.Mutex
	free    []*tensor.Dense
	release bool // call asserts.Released in Put (a pool that does not is reported)
}

func (p *pool) Put(t *tensor.Dense) {
	if p.release {
		asserts.ReleasedMemory(ops.Memory(t))
	}
	p.mu.Lock()
	p.free = append(p.free, t)
	p.mu.Unlock()
}

func (p *pool) get(shape tensor.Shape) *tensor.Dense {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, d := range p.free {
		if d.Shape().Eq(shape) {
			p.free = slices.Delete(p.free, i, i+1)
			return d
		}
	}
	return tensor.New(tensor.Of(tensor.Float64), tensor.WithShape(shape...))
}

type pooledNeg struct {
	correct
	p *pool
}

func (k pooledNeg) Neg(self *tensor.Dense) *tensor.Dense {
	out := k.p.get(self.Shape())
	if _, err := tensor.Neg(self, tensor.WithReuse(out)); err != nil {
		panic(err)
	}
	return out
}

// Control: a pool the runtime owns hands a buffer out again after the
// caller gave it back: legal, and silent because Put calls
// asserts.Released. The same pool without Released is reported: the
// check cannot tell a pool from a cache unless the runtime says so.
func TestRuntimeOwnedPool(t *testing.T) {
	oneCycle(t)
	for _, release := range []bool{true, false} {
		p := &pool{release: release}
		neg := gcif.Checked(pooledNeg{p: p})
		a := vec(1, 2)
		vs := asserts.Collect(func() {
			for range 3 {
				out := neg.Neg(a)
				p.Put(out)
			}
		})
		switch {
		case release && len(vs) != 0:
			t.Errorf("pool with Released: %v", vs)
		case !release && len(vs) != 2:
			t.Errorf("pool without Released: %d violations, want 2 (the second and third hand-outs)", len(vs))
		}
	}
}
