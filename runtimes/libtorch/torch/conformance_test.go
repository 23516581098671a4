package torch_test

import (
	"os"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/asserts/wrap"
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
	if hidden(v) {
		t.Errorf("libtorch %s: a conj view of a root has the hidden_storage_refs trait (its view function captures the root only, counted exactly)", torch.Series())
	}
}

// hidden reports whether t carries asserts.HiddenStorageRefs.
func hidden(t *torch.Tensor) bool { return t.Ident().Traits&asserts.HiddenStorageRefs != 0 }

// TestChainedViewOfTemporary pins the one reading no count can make exact,
// and how the adapter says so. v = c.T.conj() is a view of c made by two
// views, the second not replayable by as_strided (svd's V = Vh.mH on
// complex inputs is one). On 1.13 v's metadata holds c only, and a c
// nothing else holds is not counted. From 2.x on, v's reverse view
// function (a type-erased std::function) also captures the intermediate
// transpose, which holds the storage and, through its own ViewInfo, c: the
// storage reads 3 whether the user still holds the intermediate or not, on
// every object the adapter can reach (c's and the storage's counts; the
// view functions' get_tensors() name no tensor for transpose, conj or
// as_strided). So the adapter counts the capture and marks v
// HiddenStorageRefs (a chained view function, ChainedViewFunc, in v's
// ViewInfo), which makes storage_use_count_eq_1 above 1 inconclusive
// instead of a violation. c.conj().T is chained too and carries the trait,
// although there the last view is as_strided-replayable and captures no
// intermediate (measured: it reads 1 once c and c.conj() are released);
// a single view of a root (c.conj()) captures the root only, which
// view_base_refs counts exactly: no trait. 1.13 has no reverse view
// functions: no trait anywhere.
func TestChainedViewOfTemporary(t *testing.T) {
	v2 := torch.Series() != "1.13"
	c := torch.Zeros(torch.Complex64, torch.CPU, 3, 3)
	tr := c.Transpose(0, 1)
	v := tr.Conj()
	defer v.Release()
	if _, s := v.UseCounts(); s != 3 {
		t.Errorf("libtorch %s: c, c.T and c.T.conj() all held: storage use count %d, want 3", torch.Series(), s)
	}
	if hidden(tr) {
		t.Errorf("libtorch %s: c.T (one as_strided view) has the hidden_storage_refs trait", torch.Series())
	}
	if hidden(v) != v2 {
		t.Errorf("libtorch %s: c.T.conj() has the hidden_storage_refs trait: %v, want %v", torch.Series(), hidden(v), v2)
	}
	c.Release()
	// a user-held intermediate is a real owner: counted on every release
	if _, s := v.UseCounts(); s != 3 {
		t.Errorf("libtorch %s: the user holds c.T: storage use count %d, want 3", torch.Series(), s)
	}
	tr.Release()
	want := 1 // 1.13: v's ViewInfo holds c, and nothing holds c.T
	if v2 {
		want = 3 // 2.x: c.T captured by v's reverse view function, c by both
	}
	if _, s := v.UseCounts(); s != want {
		t.Errorf("libtorch %s: only v holds c and c.T: storage use count %d, want %d", torch.Series(), s, want)
	}
	if hidden(v) != v2 {
		t.Errorf("libtorch %s: c.T.conj() of released c and c.T has the hidden_storage_refs trait: %v, want %v", torch.Series(), hidden(v), v2)
	}

	// conj, then transpose: chained, no intermediate captured.
	d := torch.Zeros(torch.Complex64, torch.CPU, 3, 3)
	dc := d.Conj()
	w := dc.Transpose(0, 1)
	defer w.Release()
	if hidden(dc) {
		t.Errorf("libtorch %s: d.conj() (one view of a root) has the hidden_storage_refs trait", torch.Series())
	}
	rel(d, dc)
	if _, s := w.UseCounts(); s != 1 || hidden(w) != v2 {
		t.Errorf("libtorch %s: d.conj().T of released d and d.conj(): storage use count %d, trait %v; want 1, %v", torch.Series(), s, hidden(w), v2)
	}
}

// shapeProbe is the plan of a call of no argument and one return that
// only storage_use_count_eq_1 checks, as generated code would hand it.
var shapeProbe = wrap.Shape{
	Rets:   1,
	Rows:   []wrap.Row{{Check: checks.StorageUseCountEq1, Form: wrap.FormOne, T: 0, U: -1}},
	Locs:   []wrap.Loc{wrap.Ret(0)},
	Tensor: func(h unsafe.Pointer) asserts.Identity { return (*torch.Tensor)(h) },
}

// TestHiddenStorageRefsChecks runs storage_use_count_eq_1 on libtorch's
// own tensors as a checked call's returns: a chained view of a temporary
// (c.T.conj(), only it held) passes on 1.13 and is inconclusive on 2.x,
// counted under hidden_storage_refs, never reported; a tensor whose
// storage another owner holds without a view function (a transpose of a
// live base) and a single conj view of a live base are reported on every
// release: the check is not blind to them.
func TestHiddenStorageRefsChecks(t *testing.T) {
	v2 := torch.Series() != "1.13"
	chained := func() *torch.Tensor {
		c := torch.Zeros(torch.Complex64, torch.CPU, 3, 3)
		tr := c.Transpose(0, 1)
		v := tr.Conj()
		rel(c, tr)
		return v
	}
	cases := []struct {
		name     string
		make     func() (ret *torch.Tensor, others []*torch.Tensor)
		reported bool
		skipped  bool
	}{
		{"c.T.conj() of a temporary", func() (*torch.Tensor, []*torch.Tensor) { return chained(), nil }, false, v2},
		{"x.T, x held", func() (*torch.Tensor, []*torch.Tensor) {
			x := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
			return x.Transpose(0, 1), []*torch.Tensor{x}
		}, true, false},
		{"c.conj(), c held", func() (*torch.Tensor, []*torch.Tensor) {
			c := torch.Zeros(torch.Complex64, torch.CPU, 2, 3)
			return c.Conj(), []*torch.Tensor{c}
		}, true, false},
		{"a fresh tensor", func() (*torch.Tensor, []*torch.Tensor) {
			return torch.Zeros(torch.Float32, torch.CPU, 2, 3), nil
		}, false, false},
	}
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	for _, tc := range cases {
		ret, others := tc.make()
		col.Reset()
		op := &wrap.Op{Name: "probe"}
		var f wrap.Frame[[1]wrap.Slot, [0]wrap.ListSlot]
		f.Open()
		f.Begin(op, &shapeProbe)
		iu, su := ret.UseCounts()
		f.Ret(0, ret.Ident(), iu, su, unsafe.Pointer(ret))
		f.End()
		st := op.Stats()
		skipped := st.Skipped[checks.ReasonHiddenStorageRefs] == 1
		if reported := len(col.Violations()) > 0; reported != tc.reported || skipped != tc.skipped {
			t.Errorf("libtorch %s: %s: reported %v, skipped under hidden_storage_refs %v; want %v, %v (violations %v)",
				torch.Series(), tc.name, reported, skipped, tc.reported, tc.skipped, col.Violations())
		}
		rel(append(others, ret)...)
	}
}
