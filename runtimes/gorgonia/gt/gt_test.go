package gt_test

import (
	"runtime"
	"testing"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/runtimes/gorgonia/gt"
)

func dense(n int) *gt.Tensor {
	b := make([]float64, n)
	for i := range b {
		b[i] = float64(i)
	}
	return gt.From(tensor.New(tensor.WithShape(n), tensor.WithBacking(b)))
}

// The contract's rules, on gorgonia's own operations: identities stable
// and distinct, views (Slice, ShallowClone, T) on their base's storage,
// copies on their own, the undefined tensor all zeros.
func TestIdentities(t *testing.T) {
	a, b := dense(6), dense(6)
	ia, ib := a.Ident(), b.Ident()
	if ia != a.Ident() || ia.Impl == 0 || ia.Storage == 0 {
		t.Errorf("unstable or zero identity: %+v, %+v", ia, a.Ident())
	}
	if ia.Impl == ib.Impl || ia.Storage == ib.Storage {
		t.Errorf("two tensors share identities: %+v, %+v", ia, ib)
	}
	if ia.Traits != asserts.Plain || ia.Version != 0 {
		t.Errorf("traits %v, version %d: gorgonia keeps no version counter", ia.Traits, ia.Version)
	}
	v, err := a.D().Slice(tensor.S(2, 4))
	if err != nil {
		t.Fatal(err)
	}
	sv := gt.From(v.(*tensor.Dense))
	sc := gt.From(a.D().ShallowClone())
	for name, x := range map[string]*gt.Tensor{"Slice": sv, "ShallowClone": sc} {
		if id := x.Ident(); id.Impl == ia.Impl || id.Storage != ia.Storage {
			t.Errorf("%s: %+v, base %+v: want a new Impl on the base's storage", name, id, ia)
		}
		if x.StorageAnchor() != a.StorageAnchor() {
			t.Errorf("%s: anchor differs from the base's", name)
		}
	}
	c := gt.From(a.D().Clone().(*tensor.Dense))
	if c.Ident().Storage == ia.Storage {
		t.Error("Clone shares the storage")
	}
	if (*gt.Tensor)(nil).Ident() != (asserts.Ident{}) || (*gt.Tensor)(nil).StorageAnchor() != nil {
		t.Error("the undefined tensor")
	}
	e := gt.From(tensor.New(tensor.WithShape(0), tensor.WithBacking([]float64{})))
	if e.Ident().Storage != 0 || e.StorageAnchor() != nil {
		t.Errorf("an empty tensor has storage %v", e.Ident().Storage)
	}
}

// An ID is never handed out again, even when Go's allocator puts a new
// array (or Dense) at the address of a collected one.
func TestIDsNotReused(t *testing.T) {
	seen := map[asserts.ID]bool{}
	addrs := map[uintptr]bool{}
	reused := 0
	for i := 0; i < 2000 && reused < 3; i++ {
		x := dense(8)
		id := x.Ident()
		if seen[id.Impl] || seen[id.Storage] {
			t.Fatalf("ID handed out twice: %+v", id)
		}
		seen[id.Impl], seen[id.Storage] = true, true
		a := uintptr(x.StorageAnchor())
		if addrs[a] {
			reused++
		}
		addrs[a] = true
		x = nil
		runtime.GC()
	}
	if reused == 0 {
		t.Fatal("no address was reused: the test did not run")
	}
}

// The digest is stable while untouched and moves with a write, also one
// through a view.
func TestContentDigest(t *testing.T) {
	a := dense(6)
	d0, ok := a.ContentDigest()
	if d1, _ := a.ContentDigest(); !ok || d0 != d1 {
		t.Fatal("unstable digest")
	}
	v, _ := a.D().Slice(tensor.S(1, 3))
	if err := v.(*tensor.Dense).Memset(9.0); err != nil {
		t.Fatal(err)
	}
	if d2, _ := a.ContentDigest(); d2 == d0 {
		t.Error("a write through a view did not move the digest")
	}
	if _, ok := (*gt.Tensor)(nil).ContentDigest(); ok {
		t.Error("the undefined tensor has a digest")
	}
}

// The conformance suite of a runtime without use counts.
func TestAssertsContract(t *testing.T) {
	d := func(x asserts.Identity) *tensor.Dense { return x.(*gt.Tensor).D() }
	assertstest.RunUncounted(t, assertstest.Uncounted{
		New:       func() asserts.Identity { return dense(6) },
		Undefined: func() asserts.Identity { return (*gt.Tensor)(nil) },
		View: func(x asserts.Identity) asserts.Identity {
			v, err := d(x).Slice(tensor.S(1, 4))
			if err != nil {
				t.Fatal(err)
			}
			return gt.From(v.(*tensor.Dense))
		},
		Copy: func(x asserts.Identity) asserts.Identity { return gt.From(d(x).Clone().(*tensor.Dense)) },
		Write: func(x asserts.Identity) {
			if err := d(x).SetAt(7.0, 0); err != nil {
				t.Fatal(err)
			}
		},
	})
}
