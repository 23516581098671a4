package assertstest

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// Uncounted tells the suite how to make and change tensors of a runtime
// without use counts (a garbage-collected one, generated with use_counts:
// false): its tensors implement asserts.Identity, and may implement
// asserts.Contents and asserts.Anchored. There is nothing to release: the
// suite drops its tensors and lets the collector free them.
type Uncounted struct {
	// New returns a fresh plain tensor with storage and at least one
	// element. Required.
	New func() asserts.Identity
	// Undefined returns an undefined handle (a nil pointer will do).
	// Required.
	Undefined func() asserts.Identity
	// View returns a view of t: a new TensorImpl on t's StorageImpl.
	// Optional: a runtime without views (a library with value semantics,
	// whose every op returns new memory) leaves it nil, and the suite
	// checks the rest, saying what it skipped for want of one.
	View func(t asserts.Identity) asserts.Identity
	// Copy returns a new tensor with t's values and a storage of its own.
	// Optional.
	Copy func(t asserts.Identity) asserts.Identity
	// Write writes t in place. Required if tensors report asserts.Versioned
	// or implement asserts.Contents.
	Write func(t asserts.Identity)
	// Rebind points t at new memory of the same size the way a broken
	// in-place or out= kernel would (out.data = make(...)), without the
	// runtime's own way of making a storage: its fields only. Optional:
	// with it, the suite checks that same_storage sees the rebinding, by
	// the storage ID or by the anchor.
	Rebind func(t asserts.Identity)
	// MemoryAllocs is how many allocations a tensor's memory function
	// makes per call where the library's exported API leaves no other way
	// to its elements (spago's Data() returns an interface; assertgen init
	// measures it and says so): the metadata case accepts as many per
	// fingerprint, and logs that it did. Zero: none allowed.
	MemoryAllocs int
}

var uncountedCases = []struct {
	name string
	run  func(r *reporter, u Uncounted)
}{
	{"undefined", uUndefined},
	{"fresh", uFresh},
	{"unique identities", uUnique},
	{"view", uView},
	{"version", uVersion},
	{"contents", uContents},
	{"anchors", uAnchors},
	{"storage identity follows memory", uIdentityFollowsMemory},
	{"a rebinding is seen", uRebind},
	{"identities outlive addresses", uNotReused},
	{"checked call", uCheckedCall},
}

// RunUncounted runs the suite of a runtime without use counts, one subtest
// per case: identities (stable, unique, a view on its base's storage, never
// handed out again when Go's allocator reuses an address), the version
// counter if the runtime reports one, ContentDigest if implemented, the
// storage anchors fresh_not_held reads if implemented, and a checked call
// through ResultIdent and FreshNotHeld.
func RunUncounted(t *testing.T, u Uncounted) {
	t.Helper()
	if err := u.validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range uncountedCases {
		t.Run(c.name, func(t *testing.T) { c.run(&reporter{tb: t}, u) })
	}
}

func (u Uncounted) validate() error {
	set := map[string]bool{"New": u.New != nil, "Undefined": u.Undefined != nil}
	if missing := slices.DeleteFunc([]string{"New", "Undefined"}, func(n string) bool { return set[n] }); len(missing) > 0 {
		return fmt.Errorf("assertstest: Uncounted lacks required functions: %s", strings.Join(missing, ", "))
	}
	return nil
}

func anchor(t asserts.Identity) (unsafe.Pointer, bool) {
	a, ok := t.(asserts.Anchored)
	if !ok {
		return nil, false
	}
	return a.StorageAnchor(), true
}

func uUndefined(r *reporter, u Uncounted) {
	x := u.Undefined()
	if id := x.Ident(); id != (asserts.Ident{}) {
		r.Errorf("an undefined tensor reports Ident %+v, want the zero Ident", id)
	}
	if p, ok := anchor(x); ok && p != nil {
		r.Errorf("an undefined tensor has a storage anchor")
	}
	if c, ok := x.(asserts.Contents); ok {
		if _, ok := c.ContentDigest(); ok {
			r.Errorf("ContentDigest of an undefined tensor reports ok=true")
		}
	}
}

func uFresh(r *reporter, u Uncounted) {
	x := u.New()
	id := x.Ident()
	switch {
	case !id.Defined():
		r.Errorf("New returned an undefined tensor (Ident().Impl is 0)")
		return
	case !id.HasStorage():
		r.Errorf("New returned a tensor without storage (Ident().Storage is 0)")
	case id.Impl == id.Storage:
		r.Errorf("TensorImpl and StorageImpl have the same ID %v; take both from one counter", id.Impl)
	}
	if tr := id.Traits &^ (asserts.Versioned | asserts.AddressIdentity); tr != asserts.Plain {
		r.Errorf("a fresh plain tensor reports traits %v, want plain", tr)
	}
	if again := x.Ident(); again != id {
		r.Errorf("Ident changed between two reads of an untouched handle: %+v, then %+v", id, again)
	}
	if _, ok := x.(asserts.Tensor); ok {
		r.Logf("tensors implement asserts.Tensor (UseCounts): Run, the counted suite, applies too")
	}
}

func uUnique(r *reporter, u Uncounted) {
	seen := map[asserts.ID]bool{}
	var keep []asserts.Identity
	for i := range 64 {
		x := u.New()
		keep = append(keep, x)
		id := x.Ident()
		if seen[id.Impl] || seen[id.Storage] {
			r.Errorf("tensor %d: ID %+v was already the ID of a live tensor", i, id)
			return
		}
		seen[id.Impl], seen[id.Storage] = true, true
	}
	runtime.KeepAlive(keep)
}

// noViews is what the suite says of each case it narrows for a runtime
// without views (Uncounted.View nil).
const noViews = "Uncounted.View is nil (a runtime without views): "

func uView(r *reporter, u Uncounted) {
	x := u.New()
	xi := x.Ident()
	if u.View == nil {
		r.Logf(noViews + "that a view is a new TensorImpl on its base's StorageImpl is not checked")
	} else if vi := u.View(x).Ident(); vi.Impl == xi.Impl || vi.Storage != xi.Storage {
		r.Errorf("a view reports %+v, its base %+v: want a new TensorImpl on the base's StorageImpl", vi, xi)
	}
	if u.Copy != nil {
		if c := u.Copy(x).Ident(); c.Storage == xi.Storage || c.Impl == xi.Impl {
			r.Errorf("a copy reports %+v, the original %+v: want identities of its own", c, xi)
		}
	}
}

func uVersion(r *reporter, u Uncounted) {
	x := u.New()
	if x.Ident().Traits&asserts.Versioned == 0 {
		r.Logf("tensors do not report Versioned: no_mutation will be skipped (no_version_counter); same_content sees writes")
		return
	}
	if u.Write == nil {
		r.Errorf("tensors report Versioned, but Uncounted.Write is nil")
		return
	}
	before := x.Ident().Version
	if u.View == nil {
		r.Logf(noViews + "a write is made through the tensor itself, not through a view")
		u.Write(x)
		if x.Ident().Version == before {
			r.Errorf("a write left the version at %d: want it moved", before)
		}
		return
	}
	v := u.View(x)
	u.Write(v)
	if x.Ident().Version == before || v.Ident().Version != x.Ident().Version {
		r.Errorf("a write through a view: versions %d (base) and %d (view), before %d: want one counter, moved", x.Ident().Version, v.Ident().Version, before)
	}
}

func uContents(r *reporter, u Uncounted) {
	x := u.New()
	c, ok := x.(asserts.Contents)
	if !ok {
		r.Logf("tensors do not implement asserts.Contents: same_content will be skipped (no_content_access)")
		return
	}
	d0, ok := c.ContentDigest()
	if d1, ok1 := c.ContentDigest(); !ok || !ok1 || d0 != d1 {
		r.Errorf("ContentDigest of an untouched tensor: %#x, %v then %#x, %v", d0, ok, d1, ok1)
		return
	}
	if u.Write == nil {
		r.Logf("Uncounted.Write is nil: digests are not checked against writes")
		return
	}
	if u.View == nil {
		r.Logf(noViews + "a write is made through the tensor itself, not through a view")
		u.Write(x)
		if d, _ := c.ContentDigest(); d == d0 {
			r.Errorf("a write left the digest at %#x", d)
		}
		return
	}
	u.Write(u.View(x))
	if d, _ := c.ContentDigest(); d == d0 {
		r.Errorf("a write through a view left the base's digest at %#x", d)
	}
}

func uAnchors(r *reporter, u Uncounted) {
	x := u.New()
	px, ok := anchor(x)
	if !ok {
		r.Logf("tensors do not implement asserts.Anchored: fresh_not_held will be skipped (no_storage_anchor)")
		return
	}
	if px == nil {
		r.Errorf("a fresh tensor with storage has no anchor")
		return
	}
	if u.View == nil {
		r.Logf(noViews + "that a view gives its base's anchor is not checked")
	} else if pv, _ := anchor(u.View(x)); pv != px {
		r.Errorf("a view's anchor differs from its base's: every tensor on one storage must give the same pointer")
	}
	y := u.New()
	if py, _ := anchor(y); py == px {
		r.Errorf("two storages give the same anchor")
	}
	runtime.KeepAlive(x)
	runtime.KeepAlive(y)
}

// uIdentityFollowsMemory checks that the storage ID and the anchor name
// the same thing: tensors share a storage ID exactly when they share an
// anchor (a base, its view, a copy and another fresh tensor). A runtime
// whose copy keeps its source's storage ID, or whose anchor is not its
// memory's, would let same_storage and fresh_not_held compare the wrong
// thing.
func uIdentityFollowsMemory(r *reporter, u Uncounted) {
	x := u.New()
	if _, ok := anchor(x); !ok {
		r.Logf("tensors do not implement asserts.Anchored: the storage ID alone names the memory")
		return
	}
	ts := []asserts.Identity{x, u.New()}
	names := []string{"a fresh tensor", "another fresh tensor"}
	if u.View != nil {
		ts, names = append(ts, u.View(x)), append(names, "its view")
	} else {
		r.Logf(noViews + "a view's identities are not compared with its base's")
	}
	if u.Copy != nil {
		ts, names = append(ts, u.Copy(x)), append(names, "its copy")
	}
	compareMemory(r, ts, names, "the storage ID must follow the memory the anchor stands for")
	runtime.KeepAlive(ts)
}

var opRebind = engine.Op{Name: "assertstest_rebind"}

// uRebind rebinds a tensor's memory inside a checked call, as a broken
// out= kernel would: same_storage must report it (through a new storage
// ID, or through the anchor SaveIdent and AfterIdent compare).
func uRebind(r *reporter, u Uncounted) {
	if u.Rebind == nil {
		r.Logf("no Rebind: whether same_storage sees a kernel rebinding memory is not checked")
		return
	}
	x := u.New()
	if vs := asserts.Collect(func() { argCall(&opRebind, &shapeRebind, x, func() { u.Rebind(x) }) }); len(vs) != 1 {
		r.Errorf("a kernel that rebinds a tensor to new memory goes unseen: neither its storage ID nor its anchor moved (%d violations); derive the anchor from the memory, and give new memory a new storage ID or an anchor of its own", len(vs))
	}
}

// uNotReused drops tensors and collects them until Go's allocator has put
// a new storage at the address (the anchor) of a collected one: no ID may
// come back.
func uNotReused(r *reporter, u Uncounted) {
	if _, ok := anchor(u.New()); !ok {
		r.Logf("tensors do not implement asserts.Anchored: address reuse is not observed")
		return
	}
	if u.New().Ident().Traits&asserts.AddressIdentity != 0 {
		uAddressReuse(r, u)
		return
	}
	seen := map[asserts.ID]bool{}
	addrs := map[uintptr]bool{}
	reused := 0
	for i := 0; i < 2000 && reused < 3; i++ {
		x := u.New()
		id := x.Ident()
		if seen[id.Impl] || seen[id.Storage] {
			r.Errorf("an ID came back after its tensor was collected: %+v; IDs must come from a counter, not addresses", id)
			return
		}
		seen[id.Impl], seen[id.Storage] = true, true
		p, _ := anchor(x)
		if addrs[uintptr(p)] {
			reused++
		}
		addrs[uintptr(p)] = true
		x = nil
		runtime.GC()
	}
	if reused == 0 {
		r.Logf("the allocator reused no address in 2000 collections: not observed")
	}
}

// uAddressReuse is uNotReused for identities that are addresses
// (asserts.AddressIdentity, a library's type through the config's
// memory:): an address does come back once its tensor is collected, and
// is then a new tensor. Each new tensor goes through a checked call as a
// fresh return; one at an address a collected tensor had must not be
// reported as held.
func uAddressReuse(r *reporter, u Uncounted) {
	addrs := map[uintptr]bool{}
	reused := 0
	var vs []asserts.Violation
	for i := 0; i < 2000 && reused < 3; i++ {
		x := u.New()
		p, _ := anchor(x)
		if addrs[uintptr(p)] {
			reused++
		}
		addrs[uintptr(p)] = true
		vs = append(vs, freshCall(x)...)
		x = nil
		runtime.GC()
	}
	r.Logf("identities are addresses (address_identity): %d came back after a collection, as new tensors", reused)
	if len(vs) != 0 {
		r.Errorf("a new tensor at the address of a collected one reported: %v", vs[0].Error())
	}
	if reused == 0 {
		r.Logf("the allocator reused no address in 2000 collections: not observed")
	}
}

var (
	opUncounted = engine.Op{Name: "assertstest_fresh"}
	// shapeUncounted: a fresh return of a runtime without use counts
	shapeUncounted = engine.Shape{Rets: 1, Locs: []engine.Loc{engine.Ret(0)}, NoUseCounts: true,
		Rows: rows(rowOf{checks.FreshNotHeld, 0, -1})}
)

// freshCall runs out through a checked call as a fresh return, as
// generated code does for a runtime without use counts, and returns its
// violations.
func freshCall(out asserts.Identity) []asserts.Violation {
	return collect(func() { retCall(&opUncounted, &shapeUncounted, out) })
}

// uCheckedCall runs fresh returns through checked calls (fresh_not_held): a
// kernel returning new tensors passes, one returning the same tensor twice
// is reported.
func uCheckedCall(r *reporter, u Uncounted) {
	a, b := u.New(), u.New()
	if vs := append(freshCall(a), freshCall(b)...); len(vs) != 0 {
		r.Errorf("two fresh tensors reported: %v", vs[0].Error())
	}
	if _, ok := anchor(a); !ok {
		return
	}
	vs := freshCall(a)
	// An address identity is judged only when no collection completed
	// since the earlier hand-out: a few tries, each in a cycle of its own
	// with luck, make a collection between every pair too rare to fail.
	for try := 0; try < 5 && len(vs) == 0 && a.Ident().Traits&asserts.AddressIdentity != 0; try++ {
		a = u.New()
		vs = append(freshCall(a), freshCall(a)...)
	}
	if len(vs) != 1 || vs[0].Check != checks.FreshNotHeld {
		r.Errorf("a tensor returned fresh twice: %d violations, want one fresh_not_held", len(vs))
	}
	runtime.KeepAlive(b)
}
