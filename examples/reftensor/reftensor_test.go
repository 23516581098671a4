package reftensor

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
)

func uses(t *Tensor) [2]int {
	i, s := t.UseCounts()
	return [2]int{i, s}
}

func wantUses(t *testing.T, what string, x *Tensor, impl, storage int) {
	t.Helper()
	if got := uses(x); got != [2]int{impl, storage} {
		t.Errorf("%s: use counts %v, want [%d %d]", what, got, impl, storage)
	}
}

func wantValues(t *testing.T, what string, x *Tensor, want ...float64) {
	t.Helper()
	if got := x.ToSlice(); !slices.Equal(got, want) {
		t.Errorf("%s: values %v, want %v", what, got, want)
	}
}

func mustPanic(t *testing.T, substr string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Errorf("no panic, want one containing %q", substr)
			return
		}
		if s, _ := r.(string); !strings.Contains(s, substr) {
			t.Errorf("panic %v, want one containing %q", r, substr)
		}
	}()
	f()
}

func TestReferenceCounts(t *testing.T) {
	a := Full(2, 2, 3)
	wantUses(t, "fresh", a, 1, 1)
	b := a.Share()
	wantUses(t, "after Share", a, 2, 1)
	if a.Ident() != b.Ident() {
		t.Errorf("Share: identities %v and %v differ", a.Ident(), b.Ident())
	}
	v := a.Transpose(0, 1)
	wantUses(t, "base after view", a, 2, 2)
	wantUses(t, "view", v, 1, 2)
	if v.Ident().Impl == a.Ident().Impl || v.Ident().Storage != a.Ident().Storage {
		t.Errorf("view: identity %v, base %v: want a new TensorImpl on the same StorageImpl", v.Ident(), a.Ident())
	}
	b.Release()
	if b.Defined() {
		t.Error("released handle is still defined")
	}
	wantUses(t, "after releasing the second handle", a, 1, 2)
	st := a.Storage()
	a.Release()
	if st.UseCount() != 1 || st.Data() == nil {
		t.Errorf("storage after releasing the base: use count %d, data %v; the view still uses it", st.UseCount(), st.Data() != nil)
	}
	wantValues(t, "view outlives base", v, 2, 2, 2, 2, 2, 2)
	v.Release()
	if st.UseCount() != 0 || st.Data() != nil {
		t.Errorf("storage after last release: use count %d, data kept %v", st.UseCount(), st.Data() != nil)
	}
	v.Release() // releasing an undefined handle is a no-op
	var nilT *Tensor
	if nilT.Defined() || nilT.Ident() != (asserts.Ident{}) || uses(nilT) != [2]int{} {
		t.Error("nil *Tensor is not an undefined tensor")
	}
	if u := Undefined(); u.Ident() != (asserts.Ident{}) || u.Share().Defined() {
		t.Error("Undefined() is not undefined")
	}
}

func TestOverRelease(t *testing.T) {
	a := Zeros(1)
	impl := a.Impl()
	a.Release()
	mustPanic(t, "released more often", func() { impl.release() })
}

func TestIdentitiesAreUnique(t *testing.T) {
	seen := map[asserts.ID]bool{}
	for range 100 {
		x := Zeros(1)
		id := x.Ident()
		if seen[id.Impl] || seen[id.Storage] || id.Impl == id.Storage {
			t.Fatalf("identity reused: %v", id)
		}
		seen[id.Impl], seen[id.Storage] = true, true
		x.Release()
	}
}

func TestVersionCounterSharedByViews(t *testing.T) {
	a := Zeros(2, 2)
	defer a.Release()
	v := a.Select(0, 1)
	defer v.Release()
	v0 := a.Version()
	v.SetAt(5, 0)
	if a.Version() != v0+1 || v.Version() != a.Version() {
		t.Errorf("write through a view: base version %d, view version %d, want both %d", a.Version(), v.Version(), v0+1)
	}
	wantValues(t, "base after write through view", a, 0, 0, 5, 0)
	c := Clone(a)
	defer c.Release()
	if c.Version() != 0 {
		t.Errorf("clone starts at version %d", c.Version())
	}
	c.Fill(1)
	if a.Version() != v0+1 {
		t.Error("writing a clone bumped the original's version")
	}
	if a.Ident().Traits&asserts.Versioned == 0 {
		t.Error("reftensor tensors must report asserts.Versioned")
	}
}

func TestViews(t *testing.T) {
	a := Arange(6)
	defer a.Release()
	m := a.View(2, 3)
	defer m.Release()
	wantValues(t, "view", m, 0, 1, 2, 3, 4, 5)
	tr := m.T()
	defer tr.Release()
	wantValues(t, "t", tr, 0, 3, 1, 4, 2, 5)
	if tr.IsContiguous() {
		t.Error("transpose is contiguous")
	}
	r := tr.Reshape(6)
	defer r.Release()
	if r.Storage() == a.Storage() {
		t.Error("reshape of a non-contiguous tensor shares storage")
	}
	wantValues(t, "reshape", r, 0, 3, 1, 4, 2, 5)
	r2 := m.Reshape(3, -1)
	defer r2.Release()
	if r2.Storage() != a.Storage() || !slices.Equal(r2.Sizes(), []int{3, 2}) {
		t.Errorf("reshape of a contiguous tensor: sizes %v, shares storage %v", r2.Sizes(), r2.Storage() == a.Storage())
	}
	s := m.Select(1, 2)
	defer s.Release()
	wantValues(t, "select", s, 2, 5)
	n := m.Narrow(1, 1, 2)
	defer n.Release()
	wantValues(t, "narrow", n, 1, 2, 4, 5)
	p := m.Permute(1, 0)
	defer p.Release()
	wantValues(t, "permute", p, 0, 3, 1, 4, 2, 5)
	u := a.Unsqueeze(0)
	defer u.Release()
	if !slices.Equal(u.Sizes(), []int{1, 6}) {
		t.Errorf("unsqueeze sizes %v", u.Sizes())
	}
	q := u.Squeeze(0)
	defer q.Release()
	wantValues(t, "squeeze", q, 0, 1, 2, 3, 4, 5)
	col := FromSlice([]float64{1, 2}, 2, 1)
	defer col.Release()
	e := col.Expand(2, 3)
	defer e.Release()
	wantValues(t, "expand", e, 1, 1, 1, 2, 2, 2)
	as := a.AsStrided([]int{2, 2}, []int{1, 2}, 1)
	defer as.Release()
	wantValues(t, "as_strided", as, 1, 3, 2, 4)
	parts := m.Unbind(0)
	for _, p := range parts {
		if p.Storage() != a.Storage() {
			t.Error("unbind part does not share storage")
		}
		p.Release()
	}
	sp := a.Split(4, 0)
	if len(sp) != 2 || sp[1].Numel() != 2 {
		t.Errorf("split: %d parts", len(sp))
	}
	for _, p := range sp {
		p.Release()
	}
	if a.Storage().UseCount() != 10 {
		t.Errorf("storage use count %d after releasing the parts, want 10 (a and its 9 live views)", a.Storage().UseCount())
	}
	mustPanic(t, "not contiguous", func() { tr.View(6) })
	mustPanic(t, "out of range", func() { m.Select(0, 2) })
	mustPanic(t, "do not fit", func() { a.View(4, -1) })
}

func TestArithmetic(t *testing.T) {
	a := FromSlice([]float64{1, 2, 3, 4}, 2, 2)
	defer a.Release()
	row := FromSlice([]float64{10, 20}, 2)
	defer row.Release()
	s := Add(a, row, 2)
	defer s.Release()
	wantValues(t, "add broadcast", s, 21, 42, 23, 44)
	wantUses(t, "add result", s, 1, 1)
	m := Mul(a, a)
	defer m.Release()
	wantValues(t, "mul", m, 1, 4, 9, 16)
	d := Div(m, a)
	defer d.Release()
	wantValues(t, "div", d, 1, 2, 3, 4)
	z := Sub(a, a, 1)
	defer z.Release()
	n := Neg(z)
	defer n.Release()
	wantValues(t, "neg", n, 0, 0, 0, 0)
	sum := Sum(a)
	defer sum.Release()
	if sum.Item() != 10 || sum.Dim() != 0 {
		t.Errorf("sum %v (dim %d)", sum.Item(), sum.Dim())
	}
	before := a.Version()
	a.AddInPlace(row, 1)
	wantValues(t, "add_", a, 11, 22, 13, 24)
	if a.Version() != before+1 {
		t.Error("add_ did not bump the version")
	}
	tr := a.T()
	defer tr.Release()
	a.CopyFrom(tr) // overlapping read and write
	wantValues(t, "copy_ from own transpose", a, 11, 13, 22, 24)
	mustPanic(t, "do not broadcast", func() { Add(a, Zeros(3), 1) })
}

func TestResizeKeepsStorage(t *testing.T) {
	a := FromSlice([]float64{1, 2})
	defer a.Release()
	v := a.Alias()
	defer v.Release()
	id := a.Ident()
	a.Resize(2, 3)
	if got := a.Ident(); got.Impl != id.Impl || got.Storage != id.Storage || got.Version != id.Version+1 {
		t.Errorf("resize_: identity %v, before %v: want same TensorImpl and StorageImpl, version +1", got, id)
	}
	if a.Storage().Len() != 6 || v.Storage().Len() != 6 {
		t.Errorf("resize_: storage size %d", a.Storage().Len())
	}
	wantValues(t, "resized", a, 1, 2, 0, 0, 0, 0)
	wantValues(t, "view of the resized storage", v, 1, 2)
	out := Empty(0)
	defer out.Release()
	oid := out.Ident()
	AddOut(a, a, 1, out)
	if got := out.Ident(); got.Impl != oid.Impl || got.Storage != oid.Storage {
		t.Errorf("add.out replaced the output's TensorImpl or StorageImpl")
	}
	wantValues(t, "add.out", out, 2, 4, 0, 0, 0, 0)
}

func TestSetStorage(t *testing.T) {
	a := Zeros(3)
	defer a.Release()
	b := FromSlice([]float64{7, 8})
	defer b.Release()
	old := a.Storage()
	id := a.Ident()
	a.SetStorage(b)
	if a.Ident().Impl != id.Impl || a.Storage() != b.Storage() {
		t.Error("set_ must keep the TensorImpl and take the source's StorageImpl")
	}
	if old.UseCount() != 0 || b.Storage().UseCount() != 2 {
		t.Errorf("set_: old storage use count %d, new %d", old.UseCount(), b.Storage().UseCount())
	}
	wantValues(t, "set_", a, 7, 8)
}

func TestMeta(t *testing.T) {
	m := Options{Device: Meta}.Empty(4, 5)
	defer m.Release()
	if st := m.Storage(); st.Len() != 20 || st.Data() != nil {
		t.Errorf("meta storage: size %d, data %v", st.Len(), st.Data() != nil)
	}
	v := m.Transpose(0, 1)
	defer v.Release()
	if v.Storage() != m.Storage() || v.Device() != Meta {
		t.Error("a view of a meta tensor must share its storage")
	}
	vt := v.T()
	defer vt.Release()
	r := Add(m, vt, 1)
	defer r.Release()
	if r.Device() != Meta || !slices.Equal(r.Sizes(), []int{4, 5}) {
		t.Errorf("meta add: %v", r)
	}
	one := Scalar(1)
	defer one.Release()
	m.AddInPlace(one, 1)
	if m.Version() != 1 {
		t.Error("in-place on meta did not bump the version")
	}
	if tr := m.Ident().Traits; tr&asserts.Meta == 0 {
		t.Errorf("meta traits %v", tr)
	}
	mustPanic(t, "no data", func() { m.At(0, 0) })
}

func TestSubclass(t *testing.T) {
	a := Ones(2)
	defer a.Release()
	s := AsSubclass(a)
	defer s.Release()
	if s.Kind() != Subclass || s.Storage() != a.Storage() {
		t.Error("as_subclass: want a subclass alias")
	}
	r := Add(s, a, 1)
	defer r.Release()
	if r.Kind() != Subclass || r.Ident().Traits&asserts.DirectSubclass == 0 {
		t.Errorf("an op on a subclass returns %v (%v)", r.Kind(), r.Ident().Traits)
	}
}

func TestWrapper(t *testing.T) {
	for _, prop := range []bool{false, true} {
		inner := FromSlice([]float64{1, 2, 3, 4}, 2, 2)
		w := Wrap(inner, prop)
		wantUses(t, "inner after Wrap", inner, 2, map[bool]int{false: 1, true: 2}[prop])
		tr := w.Ident().Traits
		if tr&asserts.WrapperSubclass == 0 || (tr&asserts.PropagatesStorage != 0) != prop {
			t.Errorf("wrapper(prop=%v) traits %v", prop, tr)
		}
		if (w.Storage() == inner.Storage()) != prop {
			t.Errorf("wrapper(prop=%v): shares inner storage %v", prop, w.Storage() == inner.Storage())
		}
		v := w.T()
		if (v.Storage() == w.Storage()) != prop {
			t.Errorf("wrapper(prop=%v): view shares the wrapper's storage: %v", prop, v.Storage() == w.Storage())
		}
		if v.Inner().Storage() != inner.Storage() {
			t.Error("the inner view must share the inner storage")
		}
		wantValues(t, "wrapper view", v, 1, 3, 2, 4)
		r := Add(w, w, 1)
		if r.Kind() != Wrapper || r.Ident().Traits != tr {
			t.Errorf("op on wrapper returns %v %v", r.Kind(), r.Ident().Traits)
		}
		wantValues(t, "wrapper add", r, 2, 4, 6, 8)
		wv := w.Version()
		w.AddInPlace(inner, 1)
		if w.Version() != wv+1 || v.Version() != w.Version() {
			t.Error("in-place on a wrapper must bump the wrapper's (shared) version")
		}
		wantValues(t, "inner after wrapper add_", inner, 2, 4, 6, 8)
		r.Release()
		v.Release()
		w.Release()
		wantUses(t, "inner after releasing the wrapper", inner, 1, 1)
		inner.Release()
	}
}

func TestFunctional(t *testing.T) {
	src := FromSlice([]float64{1, 2})
	defer src.Release()
	f := Functionalize(src)
	defer f.Release()
	if f.Ident().Traits&asserts.FunctionalWrapper == 0 {
		t.Error("functional traits")
	}
	v := f.Alias()
	defer v.Release()
	snapshot := f.Storage().Data()
	id := f.Ident()
	f.AddInPlace(src, 1)
	if got := f.Ident(); got.Impl != id.Impl || got.Storage != id.Storage || got.Version != id.Version+1 {
		t.Error("in-place on a functional tensor must keep TensorImpl and StorageImpl and bump the version")
	}
	if snapshot[0] != 1 {
		t.Error("a functional write modified the old buffer")
	}
	wantValues(t, "functional after add_", v, 2, 4)
	p := FromFunctional(f)
	defer p.Release()
	if p.Kind() != Plain {
		t.Error("from_functional kind")
	}
}

func TestSparse(t *testing.T) {
	d := FromSlice([]float64{0, 1, 0, 2}, 2, 2)
	defer d.Release()
	s := ToSparse(d)
	defer s.Release()
	if id := s.Ident(); id.Storage != 0 || id.Traits&asserts.Storageless == 0 || !id.Defined() {
		t.Errorf("sparse identity %v", id)
	}
	if u := uses(s); u != [2]int{1, 0} {
		t.Errorf("sparse use counts %v", u)
	}
	if s.Nnz() != 2 || s.At(1, 1) != 2 {
		t.Errorf("sparse: nnz %d, [1,1]=%v", s.Nnz(), s.At(1, 1))
	}
	vals := s.Values()
	defer vals.Release()
	wantValues(t, "values", vals, 1, 2)
	s.ScaleInPlace(3)
	wantValues(t, "to_dense", s, 0, 3, 0, 6)
	if vals.Storage().UseCount() != 2 {
		t.Error("values() must alias the sparse tensor's values")
	}
	mustPanic(t, "sparse", func() { Add(s, s, 1) })
	mustPanic(t, "views of sparse", func() { s.T() })
}

func TestModes(t *testing.T) {
	if ModeActive() || DefaultEnv().State().ModeActive {
		t.Fatal("a mode is active at start")
	}
	m := &Mode{Name: "recording"}
	PushMode(m)
	if !DefaultEnv().State().ModeActive {
		t.Error("mode not active after PushMode")
	}
	x := Zeros(1)
	m.Keep(x)
	wantUses(t, "kept by a mode", x, 2, 1)
	if PopMode() != m {
		t.Error("PopMode returned another mode")
	}
	wantUses(t, "after the mode is popped", x, 1, 1)
	x.Release()
	if ModeActive() || PopMode() != nil {
		t.Error("mode stack not empty")
	}
}

func TestContextsAndBindings(t *testing.T) {
	root := CurrentContext()
	x := Zeros(2)
	defer x.Release()
	o := x.StorageObject()
	if o.Context() != root || x.StorageObject() != o {
		t.Fatal("storage object: not bound in the root context, or not preserved")
	}
	b, ok := x.StorageBinding()
	if !ok || b != (asserts.Binding{Context: root.ID()}) {
		t.Errorf("binding %v, %v", b, ok)
	}
	v := x.Alias()
	defer v.Release()
	if v.StorageObject() != o {
		t.Error("a view must reach its storage's object")
	}
	h := EnterContext(true)
	if st := DefaultEnv().State(); !st.Hermetic || st.Context != h.ID() {
		t.Errorf("state in a hermetic context: %+v", st)
	}
	y := Zeros(1)
	oy := y.StorageObject()
	x.DropStorageObject() // the bug's wrong step
	h.Exit()
	if CurrentContext() != root {
		t.Error("exit did not return to the root context")
	}
	if !o.Freed() || o.FreedIn() != h {
		t.Error("the dropped object is not marked freed in the hermetic context")
	}
	if !oy.Freed() {
		t.Error("objects made in a context must die with it")
	}
	if x.StorageObject() != o {
		t.Error("the dangling binding must still be returned (that was the bug)")
	}
	y.UnbindStorage()
	if _, ok := y.StorageBinding(); ok {
		t.Error("UnbindStorage left a binding")
	}
	y.Release()
	mustPanic(t, "not the current one", func() { h.Exit() })
}

func TestConcurrentShareRelease(t *testing.T) {
	x := Ones(4)
	defer x.Release()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				h := x.Share()
				v := h.Alias()
				r := Add(v, x, 1)
				r.Release()
				v.Release()
				h.Release()
			}
		})
	}
	wg.Wait()
	wantUses(t, "after concurrent share/release", x, 1, 1)
}

func TestString(t *testing.T) {
	x := Zeros(2)
	defer x.Release()
	if s := x.String(); !strings.Contains(s, "sizes=[2] cpu plain") {
		t.Errorf("String() = %q", s)
	}
	if s := Undefined().String(); s != "tensor(undefined)" {
		t.Errorf("undefined String() = %q", s)
	}
}

func TestSetGeometryAndSetStorageImpl(t *testing.T) {
	a := Arange(6)
	defer a.Release()
	id := a.Ident()
	a.SetGeometry([]int{3, 2}, []int{1, 3}, 0) // a transposed 2x3, in place
	if got := a.Ident(); got.Impl != id.Impl || got.Storage != id.Storage || got.Version != id.Version+1 {
		t.Errorf("as_strided_: %v, before %v", got, id)
	}
	wantValues(t, "as_strided_", a, 0, 3, 1, 4, 2, 5)
	mustPanic(t, "needs 7 storage elements", func() { a.SetGeometry([]int{7}, nil, 0) })

	b := Zeros(2)
	defer b.Release()
	st := a.Storage()
	b.SetStorageImpl(st, 2, []int{2, 2}, nil)
	if b.Storage() != st || st.UseCount() != 2 {
		t.Errorf("set_(Storage): storage %v, use count %d", b.Storage() == st, st.UseCount())
	}
	wantValues(t, "set_(Storage)", b, 2, 3, 4, 5)
	mustPanic(t, "nil storage", func() { b.SetStorageImpl(nil, 0, nil, nil) })

	w := Wrap(a, true)
	defer w.Release()
	w.SetGeometry([]int{6}, nil, 0)
	if !slices.Equal(w.Sizes(), []int{6}) || !slices.Equal(a.Sizes(), []int{6}) {
		t.Errorf("as_strided_ on a wrapper: %v, inner %v", w.Sizes(), a.Sizes())
	}
}
