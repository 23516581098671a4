package refops_test

import (
	"math"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

var (
	nan = math.NaN()
	inf = math.Inf(1)
)

// ten returns a plain CPU tensor with the given data and sizes ([] for a
// 0-dimensional one).
func ten(sizes []int, data ...float64) *rt.Tensor {
	if sizes == nil {
		sizes = []int{len(data)}
	}
	return rt.FromSlice(data, sizes...)
}

// arange returns a plain CPU tensor of the given sizes holding 0, 1, 2, ...
func arange(sizes ...int) *rt.Tensor {
	n := 1
	for _, s := range sizes {
		n *= s
	}
	d := make([]float64, n)
	for i := range d {
		d[i] = float64(i)
	}
	return rt.FromSlice(d, sizes...)
}

func i64(v int64) *int64 { return &v }

// sameFloats reports whether a and b hold the same values, NaN equal to NaN.
func sameFloats(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool {
		return x == y || (math.IsNaN(x) && math.IsNaN(y))
	})
}

// wantTensor checks got's sizes and, off the meta device, its values.
func wantTensor(t *testing.T, what string, got *rt.Tensor, sizes []int, want []float64) {
	t.Helper()
	if !got.Defined() {
		t.Errorf("%s: undefined result", what)
		return
	}
	if sizes == nil {
		sizes = []int{len(want)}
	}
	if !slices.Equal(got.Sizes(), sizes) {
		t.Errorf("%s: sizes %v, want %v", what, got.Sizes(), sizes)
		return
	}
	if got.Device() == rt.Meta {
		return
	}
	if v := got.ToSlice(); !sameFloats(v, want) {
		t.Errorf("%s: values %v, want %v", what, v, want)
	}
}

// aliasing is how a result relates to the input it came from.
type aliasing int

const (
	fresh    aliasing = iota // a new TensorImpl on a new StorageImpl
	view                     // a new TensorImpl on the input's StorageImpl
	sameImpl                 // the input's TensorImpl (another handle)
)

func (a aliasing) String() string { return [...]string{"fresh", "view", "same impl"}[a] }

// wantAliasing checks how r relates to in, from their identities.
func wantAliasing(t *testing.T, what string, in, r *rt.Tensor, want aliasing) {
	t.Helper()
	ii, ri := in.Ident(), r.Ident()
	var got aliasing
	switch {
	case ri.Impl == ii.Impl:
		got = sameImpl
	case ri.Storage != 0 && ri.Storage == ii.Storage:
		got = view
	default:
		got = fresh
	}
	if got != want {
		t.Errorf("%s: result is %v, want %v (input %+v, result %+v)", what, got, want, ii, ri)
	}
}

// statsDuring runs f and returns the asserts counts of the calls it made.
func statsDuring(f func()) asserts.Stats {
	before := asserts.ReadStats()
	f()
	return asserts.ReadStats().Sub(before)
}

// wantSkips checks, in a build that checks, that st counts skips under each
// of the required reasons, and under no reason outside required and also.
func wantSkips(t *testing.T, st asserts.Stats, required []checks.Reason, also ...checks.Reason) {
	t.Helper()
	if !asserts.Compiled || !asserts.Checking() {
		return
	}
	// same_content is off unless switched on (ASSERTGEN_CONTENT): its rows
	// then count under content_check_off; switched on, a tensor without
	// bytes (meta) counts under no_content_access.
	also = append(also, checks.ReasonContentOff, checks.ReasonNoContent)
	for r := range checks.Reason(checks.NumReasons) {
		n := st.Skipped[r]
		switch {
		case slices.Contains(required, r) && n == 0:
			t.Errorf("no check skipped for reason %v; skips: %v", r, skipCounts(st))
		case !slices.Contains(required, r) && !slices.Contains(also, r) && n > 0:
			t.Errorf("%d checks skipped for reason %v, want none; skips: %v", n, r, skipCounts(st))
		}
	}
	if st.TotalRan() == 0 {
		t.Errorf("no check ran")
	}
}

func skipCounts(st asserts.Stats) map[string]uint64 {
	m := map[string]uint64{}
	for r := range checks.Reason(checks.NumReasons) {
		if st.Skipped[r] != 0 {
			m[r.String()] = st.Skipped[r]
		}
	}
	return m
}
