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
// eightfold.
func TestGenerateDeepLinear(t *testing.T) {
	for _, suffix := range []string{"[]", "[]?"} {
		var bytes [2]uint64
		for i, n := range []int{5000, 10000} {
			p := deepPlan(t, suffix, n)
			var res *Result
			bytes[i] = allocated(func() {
				var err error
				if res, err = Generate(p, Options{Mode: output.InterfaceMode, Package: "deep"}); err != nil {
					t.Fatal(err)
				}
			})
			want := "Deep(self " + strings.Repeat("[]", n) + "asserts.Tensor) asserts.Tensor"
			if !strings.Contains(string(res.Files[2].Data), want) {
				t.Errorf("%s^%d: %s lacks the method with the type", suffix, n, res.Files[2].Name)
			}
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
		if _, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "deep"}); err != nil {
			b.Fatal(err)
		}
	}
}
