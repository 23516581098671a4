package asserts_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/engine/enginetest"
)

func TestMemoryIdentity(t *testing.T) {
	a := enginetest.NewDense(2, 3)
	v := a.Slice(1, 2)
	if a.Ident().Storage != v.Ident().Storage || a.Ident().Storage == 0 {
		t.Errorf("a view made by two-index slicing has storage %v, its base %v: want the same", v.Ident().Storage, a.Ident().Storage)
	}
	if a.Ident().Impl == v.Ident().Impl {
		t.Errorf("the view and its base have one Impl %v", a.Ident().Impl)
	}
	if c := a.Clip(0, 1); c.Ident().Storage == a.Ident().Storage {
		t.Errorf("a three-index slice keeps its base's anchor")
	}
	if id := a.Ident(); id.Traits != asserts.AddressIdentity {
		t.Errorf("traits %v, want address_identity", id.Traits)
	}
	if id := (*enginetest.Dense)(nil).Ident(); id != (asserts.Ident{}) {
		t.Errorf("nil handle: %+v, want the undefined tensor", id)
	}
	empty := &enginetest.Dense{}
	if id := empty.Ident(); id.Impl == 0 || id.Storage != 0 {
		t.Errorf("empty tensor: %+v, want an Impl and no storage", id)
	}
	m0, _ := a.MetadataFingerprint()
	m1, _ := v.MetadataFingerprint()
	if m0 == m1 {
		t.Errorf("a view with other sizes and another start has its base's fingerprint")
	}
	d0, _ := a.ContentDigest()
	a.Data[4] = 1
	if d1, _ := a.ContentDigest(); d0 == d1 {
		t.Errorf("a write leaves the digest as it was")
	}
}

// Matrix gives the fingerprint Strided gives the same two dimensions.
func TestMatrixIsStrided(t *testing.T) {
	s := make([]float64, 12)
	for _, g := range [][4]int{{3, 4, 4, 1}, {4, 3, 1, 4}, {2, 2, 4, 1}, {0, 4, 4, 1}, {1, 1, 1, 1}} {
		a := asserts.SliceMemory(s[1:]).Matrix(g[0], g[1], g[2], g[3])
		b := asserts.SliceMemory(s[1:]).Strided([]int{g[0], g[1]}, []int{g[2], g[3]})
		fa, _ := a.Metadata()
		fb, _ := b.Metadata()
		if fa != fb || fa == 0 {
			t.Errorf("%v: Matrix %#x, Strided %#x", g, fa, fb)
		}
	}
	fa, _ := asserts.SliceMemory(s).Matrix(3, 4, 4, 1).Metadata()
	fb, _ := asserts.SliceMemory(s).Matrix(4, 3, 1, 4).Metadata()
	if fa == fb {
		t.Error("a matrix and its transpose have one fingerprint")
	}
}

// A 0-dim tensor and a 1-d tensor of one element at offset 0 (a 1-byte
// element's, whose anchor is its first byte) have two fingerprints, in
// Strided's form and in FingerprintMetadata's: init's probe of gorgonia's
// bool tensors found them one.
func TestRankZeroAndOneElement(t *testing.T) {
	s := make([]bool, 1)
	a, _ := asserts.SliceMemory(s).Strided(nil, nil).Metadata()
	b, _ := asserts.SliceMemory(s).Strided([]int{1}, []int{1}).Metadata()
	if a == b {
		t.Errorf("Strided: sizes [] and [1] give one fingerprint %#x", a)
	}
	if asserts.FingerprintMetadata(nil, nil, 0) == asserts.FingerprintMetadata([]int{1}, []int{1}, 0) {
		t.Error("FingerprintMetadata: sizes [] and [1] give one fingerprint")
	}
	if asserts.FingerprintMetadata64(nil, nil, 0) == asserts.FingerprintMetadata64([]int64{1}, []int64{1}, 0) {
		t.Error("FingerprintMetadata64: sizes [] and [1] give one fingerprint")
	}
}
