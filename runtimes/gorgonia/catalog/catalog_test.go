//go:build debugasserts

package catalog

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/gorgonia/catalog/gcif"
	"github.com/assertgen/assertgen/runtimes/gorgonia/gt"
	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

// correct are the bound kernels: fresh outputs from gorgonia.
type correct struct{}

func (correct) Neg(self *gt.Tensor) *gt.Tensor { return ops.Neg(self) }
func (correct) Exp(self *gt.Tensor) *gt.Tensor { return ops.Exp(self) }
func (correct) AddTensor(self, other *gt.Tensor, alpha float64) *gt.Tensor {
	return ops.AddTensor(self, other, alpha)
}

func vec(vs ...float64) *gt.Tensor { return gt.FromFloat64s(vs, len(vs)) }

// only returns the single violation of vs, which must be of check k.
func only(t *testing.T, vs []asserts.Violation, k asserts.Check) *asserts.Violation {
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

func (k *cachingNeg) Neg(self *gt.Tensor) *gt.Tensor {
	if k.cache != nil && k.cache.Shape().Eq(self.D().Shape()) {
		if _, err := tensor.Neg(self.D(), tensor.WithReuse(k.cache)); err != nil {
			panic(err)
		}
		return gt.From(k.cache)
	}
	r := ops.Neg(self)
	k.cache = r.D()
	return r
}

func TestCachedOutput(t *testing.T) {
	neg := gcif.Checked(&cachingNeg{})
	a, b := vec(1, 2), vec(3, 4)
	var first *gt.Tensor
	vs := asserts.Collect(func() {
		first = neg.Neg(a) // fresh: the first hand-out of its storage
	})
	if len(vs) != 0 {
		t.Fatalf("first call: %v", vs)
	}
	var second *gt.Tensor
	vs = asserts.Collect(func() { second = neg.Neg(b) })
	v := only(t, vs, asserts.CheckFreshNotHeld)
	if v.Where() != "return 0" || !strings.Contains(v.Error(), "came out fresh before, from neg return 0") {
		t.Errorf("message: %v", v)
	}
	// What the check prevents: the first result was overwritten.
	if got := first.Float64s(); !slices.Equal(got, []float64{-3, -4}) || second.D() != first.D() {
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

func (globalExp) Exp(self *gt.Tensor) *gt.Tensor {
	if expScratch == nil || !expScratch.Shape().Eq(self.D().Shape()) {
		expScratch = tensor.New(tensor.Of(tensor.Float64), tensor.WithShape(self.D().Shape()...))
	}
	if _, err := tensor.Exp(self.D(), tensor.WithReuse(expScratch)); err != nil {
		panic(err)
	}
	return gt.From(expScratch)
}

// A global buffer is caught even when the caller dropped the first
// result: the buffer is alive (the global holds it), so handing it out
// fresh again means two owners, whatever the first caller did.
func TestGlobalBuffer(t *testing.T) {
	exp := gcif.Checked(globalExp{})
	a := vec(0, 1)
	vs := asserts.Collect(func() { _ = exp.Exp(a) }) // result dropped
	if len(vs) != 0 {
		t.Fatalf("first call: %v", vs)
	}
	runtime.GC()
	vs = asserts.Collect(func() { _ = exp.Exp(a) })
	v := only(t, vs, asserts.CheckFreshNotHeld)
	if !strings.Contains(v.Error(), "from exp return 0") {
		t.Errorf("message: %v", v)
	}
	expScratch = nil
}

// anchorAddr is the address of a tensor's storage anchor, as a number
// (it keeps nothing alive).
func anchorAddr(t *gt.Tensor) uintptr { return uintptr(t.StorageAnchor()) }

// Control: outputs dropped and collected, and their memory handed out
// again by Go's allocator. The kernel is correct; a new output at the
// address of a collected one is a new storage (its weak pointer is a new
// one), so fresh_not_held stays silent. The test runs until the allocator
// has reused an address at least once.
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

func (p *pool) Put(t *gt.Tensor) {
	if p.release {
		asserts.Released(t)
	}
	p.mu.Lock()
	p.free = append(p.free, t.D())
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

func (k pooledNeg) Neg(self *gt.Tensor) *gt.Tensor {
	out := k.p.get(self.D().Shape())
	if _, err := tensor.Neg(self.D(), tensor.WithReuse(out)); err != nil {
		panic(err)
	}
	return gt.From(out)
}

// Control: a pool the runtime owns hands a buffer out again after the
// caller gave it back: legal, and silent because Put calls
// asserts.Released. The same pool without Released is reported: the
// check cannot tell a pool from a cache unless the runtime says so.
func TestRuntimeOwnedPool(t *testing.T) {
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
