// Package assertstest is a conformance suite for implementations of the
// asserts contract. A tensor runtime describes how to make and change its
// tensors in a [Runtime] and calls [Run] from its own tests:
//
//	func TestAssertsContract(t *testing.T) {
//		assertstest.Run(t, assertstest.Runtime{
//			New:       func() asserts.Tensor { return mylib.Zeros(2, 3) },
//			Undefined: func() asserts.Tensor { return mylib.Undefined() },
//			Share:     func(t asserts.Tensor) asserts.Tensor { return t.(*mylib.Tensor).Share() },
//			Release:   func(t asserts.Tensor) { t.(*mylib.Tensor).Release() },
//			View:      func(t asserts.Tensor) asserts.Tensor { return t.(*mylib.Tensor).Alias() },
//			Write:     func(t asserts.Tensor) { t.(*mylib.Tensor).Fill(1) },
//		})
//	}
//
// The suite checks what the generated wrappers rely on: identities are
// stable and unique, use counts follow shares, views and releases, views
// share storage, the version counter moves on writes and is shared by views,
// traits are consistent, set_ and resize_ keep what they must, the Env
// reports modes and hermetic contexts, bindings record their context, and
// a checked call of a correct kernel passes while a broken one is caught.
// If the runtime's tensors implement the optional asserts.Contents, the
// suite checks that digests are stable while the bytes are, move with a
// write (through the tensor, a view, or a raw write that bumps no version),
// and are unavailable where there are no bytes; otherwise it logs that
// same_content will be skipped. If they implement asserts.ImplBound, it
// checks that an object bound to a TensorImpl is counted in its use count
// and that impl_use_count_eq_fresh passes a fresh bound tensor and catches
// an extra reference. If they implement asserts.IdentCounter, it checks
// that its one read agrees with Ident and UseCounts.
// If they implement asserts.Metadata, it checks that the fingerprint is
// reported for every defined tensor and not for an undefined one, stays
// put while nothing changes, is shared by a tensor's handles, is read
// without allocating, and moves with resize_ (so that same_metadata
// catches a kernel that resizes an input it must not change); otherwise it
// logs that same_metadata will be skipped.
// Optional parts of Runtime that are nil are reported with t.Log and not
// checked.
package assertstest

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// Runtime tells the suite how to make and change tensors of the runtime
// under test. Functions take and return handles as asserts.Tensor; the suite
// releases every handle it gets.
type Runtime struct {
	// New returns a fresh plain tensor with storage and at least one element.
	// Required.
	New func() asserts.Tensor
	// Undefined returns an undefined handle. Required.
	Undefined func() asserts.Tensor
	// Share returns a second handle to t's TensorImpl. Required.
	Share func(t asserts.Tensor) asserts.Tensor
	// Release drops the handle t. Required.
	Release func(t asserts.Tensor)
	// View returns a view of t: a new TensorImpl on t's StorageImpl.
	// Required.
	View func(t asserts.Tensor) asserts.Tensor

	// Write writes t in place. Required if tensors report asserts.Versioned.
	Write func(t asserts.Tensor)
	// SetStorage makes dst use src's StorageImpl, keeping dst's TensorImpl
	// (set_). Optional.
	SetStorage func(dst, src asserts.Tensor)
	// Resize grows t in place, keeping its TensorImpl and StorageImpl
	// (resize_). Optional.
	Resize func(t asserts.Tensor)
	// Recycle gives t's buffer back to the runtime's pool while t keeps
	// pointing at it, as a broken kernel would (its pool's Put, which calls
	// asserts.Recycled). Optional, for tensors that implement
	// asserts.Anchored: with it, the suite checks that such a kernel is
	// reported at its call.
	Recycle func(t asserts.Tensor)
	// Kinds are tensors of other kinds, each with the traits it must report.
	// Optional.
	Kinds []Kind

	// Env is the runtime's registered Env. Optional.
	Env asserts.Env
	// PushMode activates a dispatch mode and PopMode deactivates it.
	// Optional (both or neither); need Env.
	PushMode, PopMode func()
	// EnterHermetic enters a new hermetic context and returns the function
	// that leaves it. Optional; needs Env.
	EnterHermetic func() (exit func())
	// Bind binds a foreign object to t's storage in the current context.
	// Optional; tensors must implement asserts.Bound.
	Bind func(t asserts.Tensor)
	// BindImpl binds a foreign object (a PyObject) to t's TensorImpl in
	// the current context, and UnbindImpl drops it with the reference it
	// holds. Optional (both or neither); tensors must implement
	// asserts.ImplBound (see implbound.go).
	BindImpl, UnbindImpl func(t asserts.Tensor)
	// RawWrite changes t's data WITHOUT bumping its version counter, as a
	// kernel writing through the data pointer does (the write same_content
	// exists to catch). Optional; used when tensors implement
	// asserts.Contents.
	RawWrite func(t asserts.Tensor)
}

// Kind is a kind of tensor the runtime makes and the traits it reports
// (Versioned left out: it is checked on its own).
type Kind struct {
	Name   string
	Traits asserts.Traits
	New    func() asserts.Tensor
}

type testCase struct {
	name string
	run  func(r *reporter, rt Runtime)
}

var cases = []testCase{
	{"undefined", testUndefined},
	{"fresh", testFresh},
	{"unique identities", testUnique},
	{"share", testShare},
	{"view", testView},
	{"version", testVersion},
	{"set_", testSetStorage},
	{"resize_", testResize},
	{"memory", testMemory},
	{"kinds", testKinds},
	{"env", testEnv},
	{"bindings", testBindings},
	{"contents", testContents},
	{"concurrent use counts", testConcurrent},
	{"ident counts", testIdentCounts},
	{"checked call", testCheckedCall},
}

// Run runs the suite, one subtest per case.
func Run(t *testing.T, rt Runtime) {
	t.Helper()
	if err := rt.validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.run(&reporter{tb: t}, rt)
		})
	}
}

func (rt Runtime) validate() error {
	var missing []string
	for name, f := range map[string]bool{
		"New": rt.New != nil, "Undefined": rt.Undefined != nil, "Share": rt.Share != nil,
		"Release": rt.Release != nil, "View": rt.View != nil,
	} {
		if !f {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return fmt.Errorf("assertstest: Runtime lacks required functions: %s", strings.Join(missing, ", "))
	}
	if (rt.PushMode == nil) != (rt.PopMode == nil) {
		return fmt.Errorf("assertstest: Runtime has one of PushMode and PopMode")
	}
	if (rt.BindImpl == nil) != (rt.UnbindImpl == nil) {
		return fmt.Errorf("assertstest: Runtime has one of BindImpl and UnbindImpl")
	}
	return nil
}

type reporter struct {
	tb     testing.TB
	prefix string
	mu     sync.Mutex
	failed bool
}

func (r *reporter) Errorf(format string, args ...any) {
	r.tb.Helper()
	r.mu.Lock()
	r.failed = true
	r.mu.Unlock()
	r.tb.Errorf("%s%s", r.prefix, fmt.Sprintf(format, args...))
}

func (r *reporter) Logf(format string, args ...any) {
	r.tb.Helper()
	r.tb.Logf("%s%s", r.prefix, fmt.Sprintf(format, args...))
}

func uses(t asserts.Tensor) [2]int {
	i, s := t.UseCounts()
	return [2]int{i, s}
}

// wantUses reports t's use counts with msg (its %v the counts) unless
// they are want.
func wantUses(r *reporter, t asserts.Tensor, want [2]int, msg string) {
	r.tb.Helper()
	if got := uses(t); got != want {
		r.Errorf(msg, got)
	}
}

func testUndefined(r *reporter, rt Runtime) {
	u := rt.Undefined()
	defer rt.Release(u)
	if id := u.Ident(); id != (asserts.Ident{}) {
		r.Errorf("an undefined tensor reports Ident %+v, want the zero Ident (Impl 0 means undefined)", id)
	}
	wantUses(r, u, [2]int{}, "an undefined tensor reports use counts %v, want [0 0]")
}

func testFresh(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	id := x.Ident()
	if !id.Defined() {
		r.Errorf("New returned an undefined tensor (Ident().Impl is 0)")
		return
	}
	if !id.HasStorage() {
		r.Errorf("New returned a tensor without storage (Ident().Storage is 0)")
	}
	if id.Impl == id.Storage {
		r.Errorf("TensorImpl and StorageImpl have the same ID %v; take both from one counter", id.Impl)
	}
	if tr := id.Traits &^ asserts.Versioned; tr != asserts.Plain {
		r.Errorf("a fresh plain tensor reports traits %v, want plain", tr)
	}
	if again := x.Ident(); again != id {
		r.Errorf("Ident changed between two reads of an untouched handle: %+v, then %+v", id, again)
	}
	wantUses(r, x, [2]int{1, 1}, "a fresh tensor reports use counts %v, want [1 1]")
}

func testUnique(r *reporter, rt Runtime) {
	seen := map[asserts.ID]string{}
	var xs []asserts.Tensor
	defer func() {
		for _, x := range xs {
			rt.Release(x)
		}
	}()
	for i := range 64 {
		x := rt.New()
		xs = append(xs, x)
		id := x.Ident()
		for _, p := range []struct {
			what string
			id   asserts.ID
		}{{"TensorImpl", id.Impl}, {"StorageImpl", id.Storage}} {
			if prev, ok := seen[p.id]; ok {
				r.Errorf("tensor %d: %s ID %v was already the ID of a live %s", i, p.what, p.id, prev)
				return
			}
			seen[p.id] = p.what
		}
	}
}

func testShare(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	id := x.Ident()
	y := rt.Share(x)
	if got := y.Ident(); got.Impl != id.Impl || got.Storage != id.Storage {
		r.Errorf("Share returned a handle to TensorImpl %v / StorageImpl %v, want the original's %v / %v",
			got.Impl, got.Storage, id.Impl, id.Storage)
	}
	wantUses(r, x, [2]int{2, 1}, "after Share the original handle reports use counts %v, want [2 1] (two handles, one TensorImpl)")
	wantUses(r, y, [2]int{2, 1}, "after Share the second handle reports use counts %v, want [2 1]")
	rt.Release(y)
	wantUses(r, x, [2]int{1, 1}, "after releasing the second handle the original reports use counts %v, want [1 1]")
	if got := x.Ident(); got != id {
		r.Errorf("Share and Release changed the original's Ident: %+v, then %+v", id, got)
	}
}

func testView(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	id := x.Ident()
	v := rt.View(x)
	vid := v.Ident()
	if vid.Storage != id.Storage {
		r.Errorf("a view has StorageImpl %v, its base %v: views must share their base's StorageImpl", vid.Storage, id.Storage)
	}
	if vid.Impl == id.Impl || !vid.Defined() {
		r.Errorf("a view has TensorImpl %v, its base %v: a view is a new TensorImpl", vid.Impl, id.Impl)
	}
	wantUses(r, x, [2]int{1, 2}, "after View the base reports use counts %v, want [1 2] (two TensorImpls on one StorageImpl)")
	wantUses(r, v, [2]int{1, 2}, "the view reports use counts %v, want [1 2]")
	if id.Traits&asserts.Versioned != 0 && vid.Version != id.Version {
		r.Errorf("a view reports version %d, its base %d: views share their base's version counter", vid.Version, id.Version)
	}
	rt.Release(v)
	wantUses(r, x, [2]int{1, 1}, "after releasing the view the base reports use counts %v, want [1 1]")
}

func testVersion(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	id := x.Ident()
	if id.Traits&asserts.Versioned == 0 {
		if id.Version != 0 {
			r.Errorf("tensors without the Versioned trait report version %d, want 0", id.Version)
		}
		r.Logf("tensors do not report asserts.Versioned: no_mutation will be skipped (reason no_version_counter)")
		return
	}
	if rt.Write == nil {
		r.Errorf("tensors report asserts.Versioned but Runtime.Write is nil")
		return
	}
	y := rt.Share(x)
	defer rt.Release(y)
	if got := x.Ident().Version; got != id.Version {
		r.Errorf("Share moved the version from %d to %d", id.Version, got)
	}
	rt.Write(x)
	after := x.Ident().Version
	if after == id.Version {
		r.Errorf("a write left the version at %d: every in-place write must bump it", after)
	}
	if got := y.Ident().Version; got != after {
		r.Errorf("a second handle reports version %d after a write, the first %d", got, after)
	}
	v := rt.View(x)
	defer rt.Release(v)
	rt.Write(v)
	if got := x.Ident().Version; got == after {
		r.Errorf("a write through a view left the base's version at %d: views share the version counter", got)
	}
	if x.Ident().Version != v.Ident().Version {
		r.Errorf("base and view report versions %d and %d after a write through the view", x.Ident().Version, v.Ident().Version)
	}
}

func testSetStorage(r *reporter, rt Runtime) {
	if rt.SetStorage == nil {
		r.Logf("Runtime.SetStorage is nil: set_ not checked")
		return
	}
	dst, src := rt.New(), rt.New()
	defer rt.Release(dst)
	defer rt.Release(src)
	d0, s0 := dst.Ident(), src.Ident()
	rt.SetStorage(dst, src)
	d1 := dst.Ident()
	if d1.Impl != d0.Impl {
		r.Errorf("set_ replaced the TensorImpl (%v, then %v): it must keep it", d0.Impl, d1.Impl)
	}
	if d1.Storage != s0.Storage {
		r.Errorf("after set_ the tensor uses StorageImpl %v, want the source's %v", d1.Storage, s0.Storage)
	}
	wantUses(r, src, [2]int{1, 2}, "after set_ the source reports use counts %v, want [1 2]")
	if d0.Traits&asserts.Versioned != 0 && d1.Version == d0.Version {
		r.Errorf("set_ left the version at %d: it is an in-place write", d1.Version)
	}
}

func testResize(r *reporter, rt Runtime) {
	if rt.Resize == nil {
		r.Logf("Runtime.Resize is nil: resize_ not checked")
		return
	}
	x := rt.New()
	defer rt.Release(x)
	v := rt.View(x)
	defer rt.Release(v)
	id := x.Ident()
	rt.Resize(x)
	got := x.Ident()
	if got.Impl != id.Impl || got.Storage != id.Storage {
		r.Errorf("resize_ changed TensorImpl %v -> %v or StorageImpl %v -> %v: it must keep both",
			id.Impl, got.Impl, id.Storage, got.Storage)
	}
	if v.Ident().Storage != id.Storage {
		r.Errorf("after resize_ a view of the tensor uses StorageImpl %v, want %v", v.Ident().Storage, id.Storage)
	}
	if id.Traits&asserts.Versioned != 0 && got.Version == id.Version {
		r.Errorf("resize_ left the version at %d: it is an in-place write", got.Version)
	}
}

func testKinds(r *reporter, rt Runtime) {
	if len(rt.Kinds) == 0 {
		r.Logf("Runtime.Kinds is empty: only plain tensors checked")
	}
	for _, k := range rt.Kinds {
		x := k.New()
		id := x.Ident()
		tr := id.Traits
		switch {
		case !id.Defined():
			r.Errorf("kind %s: New returned an undefined tensor", k.Name)
		case tr&^asserts.Versioned != k.Traits:
			r.Errorf("kind %s reports traits %v, want %v", k.Name, tr&^asserts.Versioned, k.Traits)
		}
		if (tr&asserts.Storageless != 0) != (id.Storage == 0) {
			r.Errorf("kind %s: traits %v but StorageImpl %v: a tensor has no storage exactly when it is Storageless", k.Name, tr, id.Storage)
		}
		if tr&asserts.PropagatesStorage != 0 && tr&asserts.WrapperSubclass == 0 {
			r.Errorf("kind %s: PropagatesStorage without WrapperSubclass", k.Name)
		}
		if tr&asserts.DirectSubclass != 0 && tr&asserts.WrapperSubclass != 0 {
			r.Errorf("kind %s: both DirectSubclass and WrapperSubclass", k.Name)
		}
		if tr&asserts.Versioned == 0 && id.Version != 0 {
			r.Errorf("kind %s reports version %d without the Versioned trait", k.Name, id.Version)
		}
		i, s := x.UseCounts()
		if i < 1 || (id.Storage != 0 && s < 1) || (id.Storage == 0 && s != 0) {
			r.Errorf("kind %s reports use counts [%d %d]", k.Name, i, s)
		}
		if again := x.Ident(); again != id {
			r.Errorf("kind %s: Ident changed between two reads: %+v, then %+v", k.Name, id, again)
		}
		rt.Release(x)
	}
}

func digest(t asserts.Tensor) (uint64, bool) {
	return t.(asserts.Contents).ContentDigest()
}

func testContents(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	if _, ok := x.(asserts.Contents); !ok {
		r.Logf("tensors do not implement asserts.Contents: same_content will be skipped (reason no_content_access)")
		return
	}
	d0, ok := digest(x)
	if !ok {
		r.Errorf("ContentDigest of a plain tensor with storage reports ok=false")
		return
	}
	y := rt.Share(x)
	defer rt.Release(y)
	if d, ok := digest(x); !ok || d != d0 {
		r.Errorf("ContentDigest of an untouched tensor changed from %#x to %#x (ok=%v)", d0, d, ok)
	}
	if d, _ := digest(y); d != d0 {
		r.Errorf("a second handle digests %#x, the first %#x", d, d0)
	}
	u := rt.Undefined()
	if _, ok := u.(asserts.Contents); ok {
		if _, ok := digest(u); ok {
			r.Errorf("ContentDigest of an undefined tensor reports ok=true")
		}
	}
	rt.Release(u)
	for _, k := range rt.Kinds {
		t := k.New()
		if _, is := t.(asserts.Contents); is && k.Traits&(asserts.Meta|asserts.Storageless) != 0 {
			if _, ok := digest(t); ok {
				r.Errorf("kind %s (%v) has no bytes to read, but ContentDigest reports ok=true", k.Name, k.Traits)
			}
		}
		rt.Release(t)
	}
	if rt.Write != nil {
		rt.Write(x)
		d1, _ := digest(x)
		if d1 == d0 {
			r.Errorf("a write left the digest at %#x: it must cover the bytes the tensor reaches", d1)
		}
		b := rt.New()
		defer rt.Release(b)
		v := rt.View(b)
		defer rt.Release(v)
		db, _ := digest(b)
		dv, _ := digest(v)
		rt.Write(v)
		if d, _ := digest(b); d == db {
			r.Errorf("a write through a view left the base's digest at %#x: the view's range overlaps the base's", d)
		}
		if d, _ := digest(v); d == dv {
			r.Errorf("a write through a view left the view's digest at %#x", d)
		}
	} else {
		r.Logf("Runtime.Write is nil: digests are not checked against writes")
	}
	if rt.RawWrite == nil {
		r.Logf("Runtime.RawWrite is nil: a write that bumps no version is not checked")
		return
	}
	z := rt.New()
	defer rt.Release(z)
	dz, _ := digest(z)
	ver := z.Ident().Version
	rt.RawWrite(z)
	if d, _ := digest(z); d == dz {
		r.Errorf("RawWrite left the digest at %#x", d)
	}
	if got := z.Ident().Version; got != ver {
		r.Errorf("RawWrite moved the version from %d to %d: it must write the bytes only", ver, got)
	}
}

func testEnv(r *reporter, rt Runtime) {
	if rt.Env == nil {
		r.Logf("Runtime.Env is nil: modes and contexts not checked")
		return
	}
	st := rt.Env.State()
	if st.ModeActive {
		r.Errorf("the Env reports an active mode before any was pushed")
	}
	if rt.PushMode != nil {
		rt.PushMode()
		if !rt.Env.State().ModeActive {
			r.Errorf("the Env reports no active mode after PushMode")
		}
		rt.PopMode()
		if rt.Env.State().ModeActive {
			r.Errorf("the Env reports an active mode after PopMode")
		}
	}
	if rt.EnterHermetic != nil {
		exit := rt.EnterHermetic()
		in := rt.Env.State()
		if !in.Hermetic || in.Context == st.Context {
			r.Errorf("in a hermetic context the Env reports %+v (outside: %+v): want Hermetic and another Context", in, st)
		}
		exit()
		if back := rt.Env.State(); back != st {
			r.Errorf("after leaving the hermetic context the Env reports %+v, before %+v", back, st)
		}
	}
}

func testBindings(r *reporter, rt Runtime) {
	if rt.Bind == nil {
		r.Logf("Runtime.Bind is nil: bindings not checked")
		return
	}
	x := rt.New()
	defer rt.Release(x)
	b, ok := x.(asserts.Bound)
	if !ok {
		r.Errorf("Runtime.Bind is set but tensors do not implement asserts.Bound")
		return
	}
	if _, bound := b.StorageBinding(); bound {
		r.Errorf("a fresh tensor's storage reports a binding")
	}
	rt.Bind(x)
	got, bound := b.StorageBinding()
	if !bound {
		r.Errorf("after Bind the storage reports no binding")
		return
	}
	if rt.Env != nil {
		if st := rt.Env.State(); got.Context != st.Context || got.Hermetic != st.Hermetic {
			r.Errorf("binding made in context %d (hermetic %v) reports %+v", st.Context, st.Hermetic, got)
		}
	}
	v := rt.View(x)
	defer rt.Release(v)
	if vb, ok := v.(asserts.Bound); !ok {
		r.Errorf("a view does not implement asserts.Bound")
	} else if vgot, _ := vb.StorageBinding(); vgot != got {
		r.Errorf("a view reports binding %+v, its base %+v: the binding belongs to the shared storage", vgot, got)
	}
	if rt.EnterHermetic != nil && rt.Env != nil {
		exit := rt.EnterHermetic()
		y := rt.New()
		rt.Bind(y)
		yb, _ := y.(asserts.Bound).StorageBinding()
		st := rt.Env.State()
		rt.Release(y)
		exit()
		if yb.Context != st.Context || !yb.Hermetic {
			r.Errorf("a binding made in hermetic context %d reports %+v", st.Context, yb)
		}
	}
}

func testConcurrent(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				y := rt.Share(x)
				v := rt.View(y)
				_ = v.Ident()
				_, _ = v.UseCounts()
				rt.Release(v)
				rt.Release(y)
			}
		})
	}
	wg.Wait()
	wantUses(r, x, [2]int{1, 1}, "after concurrent shares, views and releases the tensor reports use counts %v, want [1 1]")
}

var (
	locsArgRet = []engine.Loc{engine.Arg("self"), engine.Ret(0)}
	// shapeFresh and shapeView: an op of one argument it must not change
	// and a fresh return, or a return that views the argument
	shapeFresh = engine.Shape{Args: 1, Rets: 1, Locs: locsArgRet,
		Rows: rows(append(unchanged[:len(unchanged):len(unchanged)], rowOf{checks.ImplUseCountLE1, 1, -1}, rowOf{checks.StorageUseCountEq1, 1, -1})...)}
	shapeView = engine.Shape{Args: 1, Rets: 1, Locs: locsArgRet,
		Rows: rows(append(unchanged[:len(unchanged):len(unchanged)], rowOf{checks.SharesStorage, 1, 0}, rowOf{checks.ImplUseCountLE1, 1, -1})...)}
	// shapeRebind: of a runtime without use counts, an argument whose
	// storage stays (uRebind)
	shapeRebind = engine.Shape{Args: 1, Locs: []engine.Loc{engine.Arg("out")}, NoUseCounts: true,
		Rows: rows(rowOf{checks.SameStorage, 0, -1})}
)

// testCheckedCall runs asserts over the runtime: correct kernels pass,
// broken ones are caught, which shows that the contract is read right.
func testCheckedCall(r *reporter, rt Runtime) {
	op := &engine.Op{Name: "assertstest"}
	x := rt.New()
	defer rt.Release(x)
	versioned := x.Ident().Traits&asserts.Versioned != 0

	// call runs kernel on x through a checked call of an op whose return
	// is fresh, or with view a view of x
	call := func(view bool, kernel func(x asserts.Tensor) asserts.Tensor) []asserts.Violation {
		sh := &shapeFresh
		if view {
			sh = &shapeView
		}
		return collect(func() { rt.Release(argRetCall(op, sh, x, kernel)) })
	}
	if vs := call(false, func(asserts.Tensor) asserts.Tensor { return rt.New() }); len(vs) > 0 {
		r.Errorf("a kernel returning a fresh tensor is reported: %v", &vs[0])
	}
	if vs := call(true, func(x asserts.Tensor) asserts.Tensor { return rt.View(x) }); len(vs) > 0 {
		r.Errorf("a kernel returning a view is reported: %v", &vs[0])
	}
	want := func(what string, vs []asserts.Violation, k checks.Check) {
		var got []string
		for i := range vs {
			if vs[i].Check == k {
				return
			}
			got = append(got, vs[i].Error())
		}
		if len(got) == 0 {
			got = []string{"none"}
		}
		r.Errorf("%s is not caught by %v (violations: %s)", what, k, strings.Join(got, "; "))
	}
	want("a kernel returning its input",
		call(false, func(x asserts.Tensor) asserts.Tensor { return rt.Share(x) }), checks.ImplUseCountLE1)
	want("a kernel returning a view as a fresh tensor",
		call(false, func(x asserts.Tensor) asserts.Tensor { return rt.View(x) }), checks.StorageUseCountEq1)
	want("a view kernel returning a copy",
		call(true, func(asserts.Tensor) asserts.Tensor { return rt.New() }), checks.SharesStorage)
	if versioned && rt.Write != nil {
		want("a kernel writing its input",
			call(false, func(x asserts.Tensor) asserts.Tensor { rt.Write(x); return rt.New() }), checks.NoMutation)
	}
	if rt.SetStorage != nil {
		want("a kernel pointing its input at another storage",
			call(false, func(x asserts.Tensor) asserts.Tensor {
				y := rt.New()
				rt.SetStorage(x, y)
				return y
			}), checks.SameStorage)
	}
}
