package assertstest_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// frozenMeta is a reftensor handle whose metadata fingerprint ignores the
// geometry: a broken asserts.Metadata.
type frozenMeta struct{ *rt.Tensor }

func (f frozenMeta) MetadataFingerprint() (uint64, bool) { return 1, f.Defined() }

// allocMeta builds its fingerprint in a new slice on every call.
type allocMeta struct{ *rt.Tensor }

var sink []int

func (a allocMeta) MetadataFingerprint() (uint64, bool) {
	if !a.Defined() {
		return 0, false
	}
	sink = append([]int(nil), a.Sizes()...)
	return asserts.FingerprintMetadata(sink, a.Strides(), a.Offset()), true
}

// metaRuntime is reftensor with its handles wrapped by wrap.
func metaRuntime(wrap func(*rt.Tensor) asserts.Tensor) assertstest.Runtime {
	h := func(t asserts.Tensor) *rt.Tensor {
		switch x := t.(type) {
		case frozenMeta:
			return x.Tensor
		case allocMeta:
			return x.Tensor
		}
		return t.(*rt.Tensor)
	}
	return assertstest.Runtime{
		New:       func() asserts.Tensor { return wrap(rt.Zeros(2, 3)) },
		Undefined: func() asserts.Tensor { return wrap(rt.Undefined()) },
		Share:     func(t asserts.Tensor) asserts.Tensor { return wrap(h(t).Share()) },
		Release:   func(t asserts.Tensor) { h(t).Release() },
		View:      func(t asserts.Tensor) asserts.Tensor { return wrap(h(t).Transpose(0, 1)) },
		Write:     func(t asserts.Tensor) { h(t).SetAt(7, 0, 0) },
		Resize:    func(t asserts.Tensor) { h(t).Resize(10, 10) },
	}
}

// The optional Metadata part: reftensor's passes; a fingerprint that does
// not follow the geometry, or that allocates, fails.
func TestMetadata(t *testing.T) {
	for _, tc := range []struct {
		name string
		wrap func(*rt.Tensor) asserts.Tensor
		want []string
	}{
		{"reftensor", func(x *rt.Tensor) asserts.Tensor { return x }, nil},
		{"frozen fingerprint", func(x *rt.Tensor) asserts.Tensor { return frozenMeta{x} }, []string{
			"metadata: a kernel that resizes an input it must not change is not caught by same_metadata (0 violations)"}},
		{"allocating fingerprint", func(x *rt.Tensor) asserts.Tensor { return allocMeta{x} }, []string{
			"metadata: MetadataFingerprint allocates"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{TB: t}
			assertstest.Check(rec, metaRuntime(tc.wrap))
			var mine []string
			for _, e := range rec.errs {
				if strings.HasPrefix(e, "metadata: ") {
					mine = append(mine, e)
				}
			}
			all := strings.Join(mine, "\n")
			if len(tc.want) == 0 && len(mine) > 0 {
				t.Errorf("a correct Metadata fails:\n%s", all)
			}
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("no failure containing %q; failures:\n%s", w, all)
				}
			}
		})
	}
}
