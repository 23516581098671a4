package assertstest_test

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// A small runtime with switchable bugs, to show that the suite catches
// broken adapters.
type bugs struct {
	unstableIdent   bool // Ident hands out a new TensorImpl ID on every read
	shareNotCounted bool // UseCounts ignores extra handles
	viewCopies      bool // View allocates new storage
	writeNoBump     bool // writes leave the version counter alone
	undefinedTraits bool // an undefined handle reports traits
	sparseStorage   bool // the storage-less kind reports a storage
	contents        bool // tensors implement asserts.Contents
	contentFrozen   bool // ContentDigest ignores the bytes
	implObjects     bool // tensors implement asserts.ImplBound
	objectUncounted bool // a bound object's reference is not counted
}

type fruntime struct {
	bugs
	ids atomic.Uint64
}

type fstorage struct {
	id    asserts.ID
	refs  atomic.Int64
	bytes atomic.Uint64 // stands for the storage's bytes: every write changes it
}

type fimpl struct {
	id    asserts.ID
	refs  atomic.Int64
	st    *fstorage
	ver   *atomic.Uint64
	trait asserts.Traits
	obj   atomic.Bool // an object is bound (implObjects)
}

type ftensor struct {
	rt   *fruntime
	impl *fimpl
}

func (t *ftensor) Ident() asserts.Ident {
	if t.impl == nil {
		if t.rt.undefinedTraits {
			return asserts.Ident{Traits: asserts.Versioned}
		}
		return asserts.Ident{}
	}
	id := asserts.Ident{Impl: t.impl.id, Version: t.impl.ver.Load(), Traits: t.impl.trait | asserts.Versioned}
	if t.rt.unstableIdent {
		id.Impl = asserts.ID(t.rt.ids.Add(1))
	}
	if t.impl.st != nil {
		id.Storage = t.impl.st.id
	}
	return id
}

// ctensor is an ftensor that implements asserts.Contents.
type ctensor struct{ *ftensor }

func (t ctensor) ContentDigest() (uint64, bool) {
	if t.impl == nil || t.impl.st == nil {
		return 0, false
	}
	if t.rt.contentFrozen {
		return 1, true
	}
	return t.impl.st.bytes.Load(), true
}

// itensor is an ftensor that implements asserts.ImplBound.
type itensor struct{ *ftensor }

func (t itensor) ImplBinding() (asserts.Binding, bool) {
	if t.impl == nil || !t.impl.obj.Load() {
		return asserts.Binding{}, false
	}
	return asserts.Binding{}, true
}

func (r *fruntime) wrap(t *ftensor) asserts.Tensor {
	if r.implObjects {
		return itensor{t}
	}
	if r.contents {
		return ctensor{t}
	}
	return t
}

func (t *ftensor) UseCounts() (int, int) {
	if t.impl == nil {
		return 0, 0
	}
	i := int(t.impl.refs.Load())
	if t.rt.shareNotCounted {
		i = 1
	}
	s := 0
	if t.impl.st != nil {
		s = int(t.impl.st.refs.Load())
	}
	return i, s
}

func (r *fruntime) id() asserts.ID { return asserts.ID(r.ids.Add(1)) }

func (r *fruntime) newStorage() *fstorage {
	s := &fstorage{id: r.id()}
	s.refs.Store(1)
	return s
}

func (r *fruntime) newImpl(st *fstorage, ver *atomic.Uint64) *ftensor {
	if ver == nil {
		ver = new(atomic.Uint64)
	}
	i := &fimpl{id: r.id(), st: st, ver: ver}
	i.refs.Store(1)
	return &ftensor{rt: r, impl: i}
}

func (r *fruntime) runtime() assertstest.Runtime {
	f := func(t asserts.Tensor) *ftensor {
		if c, ok := t.(ctensor); ok {
			return c.ftensor
		}
		if c, ok := t.(itensor); ok {
			return c.ftensor
		}
		return t.(*ftensor)
	}
	var mu sync.Mutex
	var bindImpl, unbindImpl func(t asserts.Tensor)
	if r.implObjects {
		bindImpl = func(t asserts.Tensor) {
			if i := f(t).impl; i.obj.CompareAndSwap(false, true) && !r.objectUncounted {
				i.refs.Add(1)
			}
		}
		unbindImpl = func(t asserts.Tensor) {
			if i := f(t).impl; i.obj.CompareAndSwap(true, false) && !r.objectUncounted {
				i.refs.Add(-1)
			}
		}
	}
	return assertstest.Runtime{
		BindImpl:   bindImpl,
		UnbindImpl: unbindImpl,
		New:        func() asserts.Tensor { return r.wrap(r.newImpl(r.newStorage(), nil)) },
		Undefined:  func() asserts.Tensor { return r.wrap(&ftensor{rt: r}) },
		Share: func(t asserts.Tensor) asserts.Tensor {
			x := f(t)
			x.impl.refs.Add(1)
			return r.wrap(&ftensor{rt: r, impl: x.impl})
		},
		Release: func(t asserts.Tensor) {
			x := f(t)
			mu.Lock()
			i := x.impl
			x.impl = nil
			mu.Unlock()
			if i != nil && i.refs.Add(-1) == 0 && i.st != nil {
				i.st.refs.Add(-1)
			}
		},
		View: func(t asserts.Tensor) asserts.Tensor {
			x := f(t)
			if r.viewCopies {
				return r.wrap(r.newImpl(r.newStorage(), nil))
			}
			x.impl.st.refs.Add(1)
			return r.wrap(r.newImpl(x.impl.st, x.impl.ver))
		},
		Write: func(t asserts.Tensor) {
			if !r.writeNoBump {
				f(t).impl.ver.Add(1)
			}
			f(t).impl.st.bytes.Add(1)
		},
		RawWrite: func(t asserts.Tensor) { f(t).impl.st.bytes.Add(1) },
		Kinds: []assertstest.Kind{{Name: "sparse", Traits: asserts.Storageless, New: func() asserts.Tensor {
			var st *fstorage
			if r.sparseStorage {
				st = r.newStorage()
			}
			x := r.newImpl(st, nil)
			x.impl.trait = asserts.Storageless
			return r.wrap(x)
		}}},
	}
}

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
	logs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}
func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestCorrectAdapterPasses(t *testing.T) {
	rec := &recorder{TB: t}
	r := &fruntime{}
	assertstest.Check(rec, r.runtime())
	if len(rec.errs) > 0 {
		t.Errorf("the correct adapter fails:\n%s", strings.Join(rec.errs, "\n"))
	}
	assertstest.Run(t, r.runtime())
}

func TestBrokenAdaptersFail(t *testing.T) {
	tests := []struct {
		name string
		bugs bugs
		want []string
	}{
		{
			name: "unstable identity",
			bugs: bugs{unstableIdent: true},
			want: []string{
				"fresh: Ident changed between two reads of an untouched handle",
				"share: Share returned a handle to TensorImpl",
				"checked call: a kernel returning a fresh tensor is reported: assertstest: same_impl: argument self: kernel replaced the TensorImpl",
			},
		},
		{
			name: "use counts ignore Share",
			bugs: bugs{shareNotCounted: true},
			want: []string{
				"share: after Share the original handle reports use counts [1 1], want [2 1] (two handles, one TensorImpl)",
				"checked call: a kernel returning its input is not caught by impl_use_count_le_1 (violations: none)",
			},
		},
		{
			name: "views copy",
			bugs: bugs{viewCopies: true},
			want: []string{
				"view: a view has StorageImpl 0x",
				"views must share their base's StorageImpl",
				"view: after View the base reports use counts [1 1], want [1 2] (two TensorImpls on one StorageImpl)",
				"version: a write through a view left the base's version at",
				"checked call: a kernel returning a view is reported: assertstest: shares_storage: return 0: does not share the StorageImpl of argument self",
			},
		},
		{
			name: "writes do not bump the version",
			bugs: bugs{writeNoBump: true},
			want: []string{
				"version: a write left the version at 0: every in-place write must bump it",
				"checked call: a kernel writing its input is not caught by no_mutation",
			},
		},
		{
			name: "undefined reports traits",
			bugs: bugs{undefinedTraits: true},
			want: []string{"undefined: an undefined tensor reports Ident {Impl:0x0 Storage:0x0 Version:0 Traits:versioned}, want the zero Ident"},
		},
		{
			name: "storage-less kind with storage",
			bugs: bugs{sparseStorage: true},
			want: []string{"kinds: kind sparse: traits storageless|versioned but StorageImpl 0x"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{TB: t}
			r := &fruntime{bugs: tt.bugs}
			assertstest.Check(rec, r.runtime())
			all := strings.Join(rec.errs, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("no failure containing %q; failures:\n%s", w, all)
				}
			}
		})
	}
}

// The optional Contents part: a correct implementation passes, one whose
// digest ignores writes is caught.
func TestContents(t *testing.T) {
	rec := &recorder{TB: t}
	assertstest.Check(rec, (&fruntime{bugs: bugs{contents: true}}).runtime())
	if len(rec.errs) > 0 {
		t.Errorf("a correct Contents fails:\n%s", strings.Join(rec.errs, "\n"))
	}
	rec = &recorder{TB: t}
	assertstest.Check(rec, (&fruntime{bugs: bugs{contents: true, contentFrozen: true}}).runtime())
	all := strings.Join(rec.errs, "\n")
	for _, w := range []string{
		"contents: a write left the digest at 0x1",
		"contents: a write through a view left the base's digest at 0x1",
		"contents: RawWrite left the digest at 0x1",
	} {
		if !strings.Contains(all, w) {
			t.Errorf("no failure containing %q; failures:\n%s", w, all)
		}
	}
}

func TestIncompleteRuntime(t *testing.T) {
	rec := &recorder{TB: t}
	assertstest.Check(rec, assertstest.Runtime{New: (&fruntime{}).runtime().New})
	if len(rec.errs) != 1 || rec.errs[0] != "assertstest: Runtime lacks required functions: Release, Share, Undefined, View" {
		t.Errorf("errors %q", rec.errs)
	}
	rec = &recorder{TB: t}
	rtm := (&fruntime{}).runtime()
	rtm.PushMode = func() {}
	assertstest.Check(rec, rtm)
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "one of PushMode and PopMode") {
		t.Errorf("errors %q", rec.errs)
	}
}

// A runtime without use counts: reftensor behind a type that implements
// only Identity, Contents and Anchored passes RunUncounted.
type gcT rt.Tensor

func (g *gcT) Ident() asserts.Ident { return (*rt.Tensor)(g).Ident() }
func (g *gcT) ContentDigest() (uint64, bool) {
	if g == nil {
		return 0, false
	}
	return (*rt.Tensor)(g).ContentDigest()
}
func (g *gcT) StorageAnchor() unsafe.Pointer {
	if g == nil || !(*rt.Tensor)(g).Defined() {
		return nil
	}
	return unsafe.Pointer((*rt.Tensor)(g).Storage())
}

func TestRunUncounted(t *testing.T) {
	g := func(x asserts.Identity) *rt.Tensor { return (*rt.Tensor)(x.(*gcT)) }
	assertstest.RunUncounted(t, assertstest.Uncounted{
		New:       func() asserts.Identity { return (*gcT)(rt.Zeros(2, 3)) },
		Undefined: func() asserts.Identity { return (*gcT)(nil) },
		View:      func(x asserts.Identity) asserts.Identity { return (*gcT)(g(x).Transpose(0, 1)) },
		Copy:      func(x asserts.Identity) asserts.Identity { return (*gcT)(rt.Clone(g(x))) },
		Write:     func(x asserts.Identity) { g(x).SetAt(7, 0, 0) },
	})
}

// A runtime whose IDs are addresses fails "identities outlive addresses".
func TestRunUncountedCatchesBrokenAdapters(t *testing.T) {
	rec := &recorder{TB: t}
	assertstest.CheckUncounted(rec, assertstest.Uncounted{
		New:       func() asserts.Identity { return addrT{rt.Zeros(4)} },
		Undefined: func() asserts.Identity { return addrT{} },
		View:      func(x asserts.Identity) asserts.Identity { return addrT{x.(addrT).t.Alias()} },
	})
	found := false
	for _, e := range rec.errs {
		found = found || strings.HasPrefix(e, "identities outlive addresses: ")
	}
	if !found {
		t.Errorf("address IDs not caught; errors: %v", rec.errs)
	}
}

// addrT reports addresses as IDs (the mistake the contract warns of).
type addrT struct{ t *rt.Tensor }

func (a addrT) Ident() asserts.Ident {
	if a.t == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: asserts.ID(uintptr(unsafe.Pointer(a.t.Impl()))), Storage: asserts.ID(uintptr(unsafe.Pointer(a.t.Storage())))}
}
func (a addrT) StorageAnchor() unsafe.Pointer {
	if a.t == nil {
		return nil
	}
	return unsafe.Pointer(a.t.Storage())
}

// sliceT is a shared-slice tensor (the design of examples/gcrt): a storage
// ID per allocation, the anchor the last element of the slice's capacity.
// Its flaws, when set, are the unfaithful identities RunUncounted must
// fail: boxAnchor anchors every tensor at a header of its own that does
// not follow its memory; copyKeepsID gives a copy its source's storage ID.
type sliceT struct {
	data        []float64
	id, sid     asserts.ID
	box         *[8]byte
	boxAnchor   bool
	copyKeepsID bool
}

var sliceIDs atomic.Uint64

func newSliceT(n int, flaws sliceT) *sliceT {
	t := flaws
	t.data, t.box = make([]float64, n), new([8]byte)
	t.id, t.sid = asserts.ID(sliceIDs.Add(1)), asserts.ID(sliceIDs.Add(1))
	return &t
}

func (t *sliceT) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: t.id, Storage: t.sid}
}

func (t *sliceT) StorageAnchor() unsafe.Pointer {
	if t == nil {
		return nil
	}
	if t.boxAnchor {
		return unsafe.Pointer(&t.box[0])
	}
	d := t.data[:cap(t.data)]
	return unsafe.Pointer(&d[len(d)-1])
}

func sliceSuite(flaws sliceT) assertstest.Uncounted {
	return assertstest.Uncounted{
		New:       func() asserts.Identity { return newSliceT(4, flaws) },
		Undefined: func() asserts.Identity { return (*sliceT)(nil) },
		View: func(x asserts.Identity) asserts.Identity {
			v := *x.(*sliceT)
			v.id = asserts.ID(sliceIDs.Add(1))
			return &v
		},
		Copy: func(x asserts.Identity) asserts.Identity {
			c := newSliceT(4, flaws)
			copy(c.data, x.(*sliceT).data)
			if flaws.copyKeepsID {
				c.sid = x.(*sliceT).sid
			}
			return c
		},
		Rebind: func(x asserts.Identity) {
			t := x.(*sliceT)
			t.data = append([]float64(nil), t.data...)
		},
	}
}

// Issue 30: a runtime whose storage identity does not follow its memory
// fails RunUncounted; a faithful one passes.
func TestRunUncountedIdentitiesFollowMemory(t *testing.T) {
	assertstest.RunUncounted(t, sliceSuite(sliceT{}))
	for _, c := range []struct {
		flaws sliceT
		want  string
	}{
		{sliceT{boxAnchor: true}, "a rebinding is seen: a kernel that rebinds a tensor to new memory goes unseen"},
		{sliceT{copyKeepsID: true}, "storage identity follows memory: a fresh tensor and its copy: same storage ID true, same anchor false"},
	} {
		rec := &recorder{TB: t}
		assertstest.CheckUncounted(rec, sliceSuite(c.flaws))
		found := false
		for _, e := range rec.errs {
			found = found || strings.HasPrefix(e, c.want)
		}
		if !found {
			t.Errorf("%+v: no failure starting %q; failures: %q", c.flaws, c.want, rec.errs)
		}
	}
}

// A runtime without views (a library with value semantics) passes
// RunUncounted without a View, and the suite says what it did not check;
// its other cases still fail a broken runtime.
func TestRunUncountedWithoutViews(t *testing.T) {
	noViews := func(flaws sliceT) assertstest.Uncounted {
		u := sliceSuite(flaws)
		u.View = nil
		u.Write = func(x asserts.Identity) { x.(*sliceT).data[0]++ }
		return u
	}
	rec := &recorder{TB: t}
	assertstest.CheckUncounted(rec, noViews(sliceT{}))
	if len(rec.errs) > 0 {
		t.Errorf("a runtime without views fails:\n%s", strings.Join(rec.errs, "\n"))
	}
	said := 0
	for _, l := range rec.logs {
		if strings.Contains(l, ": Uncounted.View is nil (a runtime without views): ") {
			said++
		}
	}
	if said < 3 {
		t.Errorf("the suite said %d times what it skipped for want of a view, want at least 3 (view, anchors, identities); logs:\n%s", said, strings.Join(rec.logs, "\n"))
	}
	rec = &recorder{TB: t}
	assertstest.CheckUncounted(rec, noViews(sliceT{copyKeepsID: true}))
	found := false
	for _, e := range rec.errs {
		found = found || strings.HasPrefix(e, "storage identity follows memory: a fresh tensor and its copy: same storage ID true")
	}
	if !found {
		t.Errorf("a copy keeping its source's storage ID passes without a View; failures: %q", rec.errs)
	}
}

// metaSliceT is a sliceT whose MetadataFingerprint allocates n times a
// call, as a memory function through a library's API that returns an
// interface does.
type metaSliceT struct {
	*sliceT
	n int
}

var metaSink []*[4]float64

func (t metaSliceT) MetadataFingerprint() (uint64, bool) {
	if t.sliceT == nil {
		return 0, false
	}
	for range t.n {
		metaSink = append(metaSink[:0], new([4]float64))
	}
	return uint64(len(t.data)), true
}

// Uncounted.MemoryAllocs: a fingerprint that allocates fails the metadata
// case but where the runtime declares as many allocations, which the
// suite then logs; more than declared fails.
func TestRunUncountedMemoryAllocs(t *testing.T) {
	for _, c := range []struct {
		n, allowed int
		want, log  string
	}{
		{1, 0, "metadata: MetadataFingerprint allocates (1 per call)", ""},
		{1, 1, "", "MetadataFingerprint allocates 1 per call, as MemoryAllocs allows"},
		{2, 1, "metadata: MetadataFingerprint allocates 2 per call, more than the 1 MemoryAllocs allows", ""},
		{0, 1, "", ""},
	} {
		u := sliceSuite(sliceT{})
		wrapT := func(x asserts.Identity) asserts.Identity { return metaSliceT{x.(*sliceT), c.n} }
		unwrap := func(x asserts.Identity) asserts.Identity { return x.(metaSliceT).sliceT }
		u.New = func() asserts.Identity { return wrapT(newSliceT(4, sliceT{})) }
		u.Undefined = func() asserts.Identity { return metaSliceT{} }
		u.View, u.Copy, u.Rebind = nil, nil, nil
		u.Write = func(x asserts.Identity) { unwrap(x).(*sliceT).data[0]++ }
		u.MemoryAllocs = c.allowed
		rec := &recorder{TB: t}
		assertstest.CheckUncounted(rec, u)
		var meta []string
		for _, e := range rec.errs {
			if strings.HasPrefix(e, "metadata: ") {
				meta = append(meta, e)
			}
		}
		switch {
		case c.want == "" && len(meta) > 0:
			t.Errorf("%d allocations, %d allowed: %q", c.n, c.allowed, meta)
		case c.want != "" && (len(meta) != 1 || !strings.HasPrefix(meta[0], c.want)):
			t.Errorf("%d allocations, %d allowed: %q, want %q", c.n, c.allowed, meta, c.want)
		}
		if c.log != "" && !strings.Contains(strings.Join(rec.logs, "\n"), c.log) {
			t.Errorf("%d allocations, %d allowed: no log %q:\n%s", c.n, c.allowed, c.log, strings.Join(rec.logs, "\n"))
		}
	}
}
