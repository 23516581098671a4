package gen

import (
	"runtime"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// deepPlan is the plan of one op whose argument is a Tensor wrapped n
// times in suffix ("[]", "[]?").
func deepPlan(tb testing.TB, suffix string, n int) *plan.Plan {
	tb.Helper()
	src := "deep(Tensor" + strings.Repeat(suffix, n) + " self) -> Tensor\n"
	s, err := schema.ParseList("deep.txt", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	p, err := plan.Build(s, plan.Strict)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestGenerateDeepLinear: issue 19 item 7. A type nested 10,000 deep once
// took gen minutes: the type map key was spelled out again at every level
// (cubic). The work, measured as bytes allocated (the same on every
// machine, unlike time), now doubles when the depth doubles; it was
// eightfold. (gen refuses the op, whose argument is no form a wrap.Frame
// reads, once its types are mapped.)
func TestGenerateDeepLinear(t *testing.T) {
	for _, suffix := range []string{"[]", "[]?"} {
		var bytes [2]uint64
		for i, n := range []int{5000, 10000} {
			p := deepPlan(t, suffix, n)
			bytes[i] = allocated(func() {
				// a list of lists is no form a wrap.Frame reads: gen refuses
				// the op, after mapping its type
				_, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "deep"})
				if err == nil || !strings.HasPrefix(err.Error(), "deep.txt:1:1: op deep: gen cannot check it: argument self (Tensor"+suffix+suffix) {
					t.Errorf("%s^%d: got %v, want the op refused", suffix, n, err)
				}
			})
		}
		if r := float64(bytes[1]) / float64(bytes[0]); r > 2.6 {
			t.Errorf("Tensor%s nested 10,000 deep allocates %.1f times as much as 5,000 deep (%d, %d bytes), want about 2", suffix, r, bytes[1], bytes[0])
		}
	}
}

// BenchmarkGenerateDeep generates the wrapper of an op whose argument is
// Tensor[] nested 10,000 deep.
func BenchmarkGenerateDeep(b *testing.B) {
	p := deepPlan(b, "[]", 10000)
	for b.Loop() {
		if _, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "deep"}); err == nil {
			b.Fatal("the op is not refused")
		}
	}
}
