package torch_test

import (
	"os"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

func TestMain(m *testing.M) {
	torch.SetNumThreads(1)
	os.Exit(m.Run())
}

func h(t asserts.Tensor) *torch.Tensor { return t.(*torch.Tensor) }

// resizeBumpsVersion: libtorch 1.13's resize_ leaves the version counter
// alone; 2.6's and 2.14's bump it (TestResizeKeepsIdentity pins both).
func resizeBumpsVersion() bool { return torch.Series() != "1.13" }

func TestAssertsContract(t *testing.T) {
	var resize func(asserts.Tensor)
	if resizeBumpsVersion() {
		resize = func(t asserts.Tensor) { h(t).Resize(10, 10) }
	}
	assertstest.Run(t, assertstest.Runtime{
		New:        func() asserts.Tensor { return torch.Zeros(torch.Float32, torch.CPU, 2, 3) },
		Undefined:  func() asserts.Tensor { return torch.Undefined() },
		Share:      func(t asserts.Tensor) asserts.Tensor { return h(t).Share() },
		Release:    func(t asserts.Tensor) { h(t).Release() },
		View:       func(t asserts.Tensor) asserts.Tensor { return h(t).Detach() },
		Write:      func(t asserts.Tensor) { h(t).Fill(7) },
		SetStorage: func(dst, src asserts.Tensor) { h(dst).SetStorage(h(src)) },
		RawWrite:   func(t asserts.Tensor) { h(t).RawWrite() },
		// Resize is left out on libtorch 1.13, whose resize_ does not bump
		// the version counter (TestResizeKeepsIdentity checks the rest).
		Resize: resize,
		Kinds: []assertstest.Kind{
			{Name: "meta", Traits: asserts.Meta, New: func() asserts.Tensor { return torch.Zeros(torch.Float32, torch.Meta, 2, 3) }},
			{Name: "functional", Traits: asserts.FunctionalWrapper, New: func() asserts.Tensor {
				d := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
				defer d.Release()
				return d.ToFunctional()
			}},
			{Name: "sparse", Traits: asserts.Storageless, New: func() asserts.Tensor {
				d := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
				defer d.Release()
				return d.ToSparse()
			}},
		},
	})
}

// TestResizeKeepsIdentity checks what assertstest's resize_ case checks,
// and pins the version down per release: VariableType's resize_ in libtorch
// 1.13 does not bump the version counter, so there a kernel that resizes an
// argument it must not write is invisible to no_mutation (it still changes
// nothing the other checks read); in 2.6 and 2.14 it bumps it, and
// assertstest's resize_ case runs.
func TestResizeKeepsIdentity(t *testing.T) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
	defer x.Release()
	v := x.Detach()
	defer v.Release()
	id := x.Ident()
	x.Resize(10, 10)
	got := x.Ident()
	if got.Impl != id.Impl || got.Storage != id.Storage {
		t.Errorf("resize_ changed TensorImpl %v -> %v or StorageImpl %v -> %v", id.Impl, got.Impl, id.Storage, got.Storage)
	}
	if v.Ident().Storage != id.Storage {
		t.Errorf("after resize_ a view uses StorageImpl %v, want %v", v.Ident().Storage, id.Storage)
	}
	if bumped := got.Version != id.Version; bumped != resizeBumpsVersion() {
		t.Errorf("libtorch %s: resize_ moved the version %d -> %d; want it moved: %v (update the docs)", torch.Series(), id.Version, got.Version, resizeBumpsVersion())
	}
}

// TestIdentitiesAreNotAddresses frees tensors and makes new ones, which the
// allocator places at the freed addresses: every new object gets a new ID.
func TestIdentitiesAreNotAddresses(t *testing.T) {
	seen := map[asserts.ID]bool{}
	for i := range 20000 {
		x := torch.Zeros(torch.Float32, torch.CPU, 2)
		id := x.Ident()
		if seen[id.Impl] || seen[id.Storage] {
			t.Fatalf("tensor %d reuses an ID of a dead object: %+v", i, id)
		}
		seen[id.Impl], seen[id.Storage] = true, true
		x.Release()
	}
	// The table keeps weak references to dead objects only until it prunes.
	if n := torch.RegistrySize(); n > 3*4096 {
		t.Errorf("identity table holds %d entries after 20000 short-lived tensors; pruning does not work", n)
	}
}

func TestErrorsDoNotCrash(t *testing.T) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
	defer x.Release()
	defer func() {
		e, ok := recover().(*torch.Error)
		if !ok || e.Class != "Error" || e.Msg == "" {
			t.Errorf("resize to a negative size: recovered %#v, want a *torch.Error of class Error", e)
		}
	}()
	x.Resize(-1)
}

// TestTemporaryBaseIsNotAnOwner: a view whose autograd base is held by
// nothing else (the temporary of a decomposition) reports the storage as
// its own; a base the user still holds is counted.
func TestTemporaryBaseIsNotAnOwner(t *testing.T) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
	v := x.Transpose(0, 1)
	if _, s := v.UseCounts(); s != 2 {
		t.Errorf("a view of a live base reports storage use count %d, want 2", s)
	}
	x.Release()
	if _, s := v.UseCounts(); s != 1 {
		t.Errorf("a view of a base only it holds reports storage use count %d, want 1", s)
	}
	v.Release()
}

// TestConjViewOfTemporary: a conj view (not replayable by as_strided) holds
// its base twice on libtorch 2.6 and 2.14, in its ViewInfo and in its
// reverse view function; once on 1.13. A base only the view holds is not
// counted on any of them (fft_ifft of a real tensor returns such a view:
// the 2.6 sweep reported it until the adapter counted both references); a
// base the user holds is.
func TestConjViewOfTemporary(t *testing.T) {
	c := torch.Zeros(torch.Complex64, torch.CPU, 2, 3)
	v := c.Conj()
	defer v.Release()
	if _, s := v.UseCounts(); s != 2 {
		t.Errorf("libtorch %s: a conj view of a live base reports storage use count %d, want 2", torch.Series(), s)
	}
	c.Release()
	if _, s := v.UseCounts(); s != 1 {
		t.Errorf("libtorch %s: a conj view of a base only it holds reports storage use count %d, want 1", torch.Series(), s)
	}
}

// TestChainedViewOfTemporary pins the one reading the adapter cannot make
// exact (svd's V = Vh.mH on complex inputs, judged "adapter" in the 2.x
// verdicts). v = c.T.conj() is a view of c made by two views, the second
// not replayable by as_strided. On 1.13 v's metadata holds c only, and a c
// nothing else holds is not counted. From 2.x on, v's reverse view function
// (a type-erased std::function) also captures the intermediate transpose,
// which holds the storage and, through its own ViewInfo, c: the storage
// reads 3 whether the user still holds the intermediate or not. The two
// cases give the same counts on every object the adapter can reach (c's
// and the storage's; the view functions' get_tensors() name only tensor
// arguments, none for transpose, conj or as_strided), so no count-based
// rule can leave the captured intermediate out without also leaving out a
// user's handle on it. The adapter counts it; a user-held intermediate is
// an owner and is counted on every release.
func TestChainedViewOfTemporary(t *testing.T) {
	c := torch.Zeros(torch.Complex64, torch.CPU, 3, 3)
	tr := c.Transpose(0, 1)
	v := tr.Conj()
	defer v.Release()
	if _, s := v.UseCounts(); s != 3 {
		t.Errorf("libtorch %s: c, c.T and c.T.conj() all held: storage use count %d, want 3", torch.Series(), s)
	}
	c.Release()
	// a user-held intermediate is a real owner: counted on every release
	if _, s := v.UseCounts(); s != 3 {
		t.Errorf("libtorch %s: the user holds c.T: storage use count %d, want 3", torch.Series(), s)
	}
	tr.Release()
	want := 1 // 1.13: v's ViewInfo holds c, and nothing holds c.T
	if torch.Series() != "1.13" {
		want = 3 // 2.x: c.T captured by v's reverse view function, c by both
	}
	if _, s := v.UseCounts(); s != want {
		t.Errorf("libtorch %s: only v holds c and c.T: storage use count %d, want %d", torch.Series(), s, want)
	}
}
