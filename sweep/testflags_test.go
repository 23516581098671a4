package sweep

import (
	"slices"
	"testing"
)

// A worker of a test binary inherits the user's flags, -test.short and
// -test.parallel, in either spelling, and no other -test. flag; -test.run
// and -test.skip only when it gets no -test.run of its own.
func TestWorkerInheritsFlags(t *testing.T) {
	args := []string{"-test.paniconexit0", "-test.timeout=10m0s", "-test.v=test2json", "-test.count=3",
		"-test.coverprofile=/tmp/c.out", "-test.shuffle=on", "-test.run=^TestSweep$", "-test.skip", "Fuzz",
		"-test.short", "-test.parallel", "4", "-update", "-samples=3", "golden", "-test.testlogfile=/tmp/l", "-test.gocoverdir=/tmp/d"}
	for _, c := range []struct {
		replaced bool
		want     []string
	}{
		{true, []string{"-test.short", "-test.parallel", "4", "-update", "-samples=3", "golden"}},
		{false, []string{"-test.run=^TestSweep$", "-test.skip", "Fuzz", "-test.short", "-test.parallel", "4", "-update", "-samples=3", "golden"}},
	} {
		if got := inherited(args, c.replaced); !slices.Equal(got, c.want) {
			t.Errorf("replaced %t: %q, want %q", c.replaced, got, c.want)
		}
	}
}

// A worker's -test.run selects the sweep's test alone, each element of a
// subtest's name matched whole and literally.
func TestWorkerRunsTheTestAlone(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"TestSweep", "^TestSweep$"},
		{"TestSweep/float32", "^TestSweep$/^float32$"},
		{"TestSweepFindsTheCatalog/add_.out_(x)#01", `^TestSweepFindsTheCatalog$/^add_\.out_\(x\)#01$`},
	} {
		if got := testPattern(c.name); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if name, ok := testOnStack(); name != "TestWorkerRunsTheTestAlone" || !ok {
		t.Errorf("the test on the stack: %q %t", name, ok)
	}
	t.Run("sub", func(t *testing.T) {
		if name, ok := testOnStack(); ok {
			t.Errorf("a subtest's stack names %q", name)
		}
	})
}
