package torch_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// The identity table drops an entry when a Go handle releases the last
// reference to its object (ag_free). These tests pin what must survive that:
// an object another owner still holds keeps its ID.
func TestReleaseKeepsLiveIdentities(t *testing.T) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
	defer x.Release()
	id := x.Ident()

	// A second handle on the same TensorImpl: releasing it drops nothing.
	y := x.Share()
	_ = y.Ident()
	y.Release()
	if got := x.Ident(); got.Impl != id.Impl || got.Storage != id.Storage {
		t.Errorf("releasing a second handle changed the identities %+v -> %+v", id, got)
	}

	// A view's TensorImpl dies with its handle, its StorageImpl does not.
	v := x.Transpose(0, 1)
	vid := v.Ident()
	if vid.Storage != id.Storage {
		t.Fatalf("a view has StorageImpl %v, its base %v", vid.Storage, id.Storage)
	}
	v.Release()
	if got := x.Ident(); got.Storage != id.Storage {
		t.Errorf("releasing a view changed the base's StorageImpl %v -> %v", id.Storage, got.Storage)
	}

	// The base released first: the view still holds the StorageImpl (and
	// the base, through its autograd metadata).
	b := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
	w := b.Transpose(0, 1)
	bid, wid := b.Ident(), w.Ident()
	b.Release()
	if got := w.Ident(); got.Impl != wid.Impl || got.Storage != bid.Storage {
		t.Errorf("releasing a view's base changed the view's identities %+v -> %+v", wid, got)
	}
	w.Release()
}

// TestReleaseDropsEntries: short-lived tensors, each read and released, do
// not pile up in the table until a prune: their entries go with them.
func TestReleaseDropsEntries(t *testing.T) {
	before := torch.RegistrySize()
	for range 1000 {
		x := torch.Zeros(torch.Float32, torch.CPU, 2)
		_ = x.Ident()
		x.Release()
	}
	if n := torch.RegistrySize(); n > before {
		t.Errorf("identity table grew from %d to %d entries over 1000 read and released tensors", before, n)
	}
}

// A resize_ that grows a functionalization wrapper makes c10 replace the
// wrapper's FunctionalStorageImpl (FunctionalTensorWrapper::
// maybe_replace_storage), after checking that nothing else holds the old
// one. The alias group goes on with its one member, so the storage keeps
// its number: an out= kernel that resizes a wrapper out (kron.out,
// tensordot.out through resize_output) keeps same_storage. A wrapper with a
// view is refused the resize, so no alias can be lost that way.
func TestFunctionalResizeKeepsStorageNumber(t *testing.T) {
	x := torch.Zeros(torch.Float32, torch.CPU, 0)
	f := x.ToFunctional()
	defer rel(x, f)
	id := f.Ident()
	if id.Traits&asserts.FunctionalWrapper == 0 {
		t.Fatalf("ToFunctional's tensor has traits %v", id.Traits)
	}
	f.Resize(4, 4)
	got := f.Ident()
	if got.Impl != id.Impl || got.Storage != id.Storage {
		t.Errorf("resize_ of a functional wrapper: identities %+v -> %+v, want both kept", id, got)
	}
	if s := f.Sizes(); len(s) != 2 || s[0] != 4 || s[1] != 4 {
		t.Errorf("resize_ left sizes %v", s)
	}

	// A second wrapper's storage keeps a number of its own.
	y := torch.Zeros(torch.Float32, torch.CPU, 2)
	g := y.ToFunctional()
	defer rel(y, g)
	if gid := g.Ident(); gid.Storage == got.Storage {
		t.Errorf("two wrappers share storage number %v", gid.Storage)
	}

	// A wrapper with a view: c10 refuses to grow it.
	v := g.Transpose(0, 0)
	defer v.Release()
	defer func() {
		if recover() == nil {
			t.Errorf("resize_ grew a functional wrapper that has a view")
		}
	}()
	g.Resize(8, 8)
}
