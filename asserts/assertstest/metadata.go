package assertstest

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

func init() {
	cases = append(cases, testCase{"metadata", testMetadata})
	uncountedCases = append(uncountedCases, struct {
		name string
		run  func(r *reporter, u Uncounted)
	}{"metadata", uMetadata})
}

// metadataOf reads t's fingerprint, if t implements asserts.Metadata.
func metadataOf(t asserts.Identity) (fp uint64, ok, implemented bool) {
	m, implemented := t.(asserts.Metadata)
	if !implemented {
		return 0, false, false
	}
	fp, ok = m.MetadataFingerprint()
	return fp, ok, true
}

// checkMetadataBasics checks the optional asserts.Metadata on a fresh
// tensor x, a view v of it and an undefined handle u: a fingerprint for
// every defined tensor, stable while nothing changes, none for u, read
// without allocating (but the allowed allocations the runtime declares,
// Uncounted.MemoryAllocs). v is nil for a runtime without views. It
// reports whether x implements it.
func checkMetadataBasics(r *reporter, x, v, u asserts.Identity, allowed int) bool {
	fp, ok, implemented := metadataOf(x)
	if !implemented {
		r.Logf("tensors do not implement asserts.Metadata: same_metadata will be skipped (reason no_metadata_access)")
		return false
	}
	if !ok {
		r.Errorf("a fresh tensor reports no metadata fingerprint")
		return true
	}
	if again, _, _ := metadataOf(x); again != fp {
		r.Errorf("the metadata fingerprint of an unchanged tensor moved: %#x, then %#x", fp, again)
	}
	if v == nil {
		r.Logf(noViews + "a view's metadata fingerprint is not checked")
	} else if _, ok, _ := metadataOf(v); !ok {
		r.Errorf("a view reports no metadata fingerprint")
	}
	if _, ok, implemented := metadataOf(u); implemented && ok {
		r.Errorf("an undefined handle reports a metadata fingerprint")
	}
	m := x.(asserts.Metadata)
	switch n := testing.AllocsPerRun(20, func() { m.MetadataFingerprint() }); {
	case n > float64(allowed) && allowed > 0:
		r.Errorf("MetadataFingerprint allocates %v per call, more than the %d MemoryAllocs allows: it runs twice per argument per checked call", n, allowed)
	case n > float64(allowed):
		r.Errorf("MetadataFingerprint allocates (%v per call): it runs twice per argument per checked call", n)
	case n > 0:
		r.Logf("MetadataFingerprint allocates %v per call, as MemoryAllocs allows (the library's API leaves no other way to the elements): it runs twice per argument per checked call", n)
	}
	return true
}

// testMetadata checks asserts.Metadata (see checkMetadataBasics); a
// second handle of a tensor reports its fingerprint; resize_ (if given)
// moves it, and a kernel that resizes an argument it must not change is
// caught by same_metadata while one that leaves it is not.
func testMetadata(r *reporter, rt Runtime) {
	x := rt.New()
	defer rt.Release(x)
	v := rt.View(x)
	defer rt.Release(v)
	u := rt.Undefined()
	defer rt.Release(u)
	if !checkMetadataBasics(r, x, v, u, 0) {
		return
	}
	s := rt.Share(x)
	fx, _, _ := metadataOf(x)
	if fs, _, _ := metadataOf(s); fs != fx {
		r.Errorf("two handles of one TensorImpl report different metadata fingerprints (%#x, %#x)", fx, fs)
	}
	rt.Release(s)
	if rt.Resize == nil {
		r.Logf("Runtime.Resize is nil: a change of metadata not checked")
		return
	}
	call := func(kernel func(x asserts.Tensor)) []asserts.Violation {
		return collect(func() { argCall(&engine.Op{Name: "assertstest_metadata"}, &shapeMetadata, x, func() { kernel(x) }) })
	}
	if vs := call(func(asserts.Tensor) {}); len(vs) != 0 {
		r.Errorf("a kernel that leaves its input's metadata is reported: %v", &vs[0])
	}
	vs := call(rt.Resize)
	if len(vs) != 1 || vs[0].Check != checks.SameMetadata {
		r.Errorf("a kernel that resizes an input it must not change is not caught by same_metadata (%d violations): the fingerprint does not follow the sizes", len(vs))
	}
}

// uMetadata checks asserts.Metadata on a runtime without use counts (see
// checkMetadataBasics).
func uMetadata(r *reporter, u Uncounted) {
	x := u.New()
	var v asserts.Identity
	if u.View != nil {
		v = u.View(x)
	}
	checkMetadataBasics(r, x, v, u.Undefined(), u.MemoryAllocs)
}

// shapeMetadata: an argument whose metadata the op must not change
// (testMetadata)
var shapeMetadata = engine.Shape{Args: 1, Locs: []engine.Loc{engine.Arg("self")}, Rows: rows(rowOf{checks.SameMetadata, 0, -1})}
