package docs

import (
	"strings"
	"testing"
)

// TestGuideLibraryInit follows docs/guide.md's init path for a library's
// type (gonum's *mat.Dense, init -type by its import path) in a module of
// its own, and checks what the guide says of it: init leaves nothing to
// write, gen wraps 205 ops, and the sweep finds nothing.
func TestGuideLibraryInit(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	if testing.Short() {
		t.Skip("builds the tool and gonum in a new module (-short skips it)")
	}
	_, run := followGuide(t, "libinit", "mylib")
	out, err := run("cd linalg && go generate ./... && go test -count=1 -v -tags debugasserts -run TestSweep .")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"assertgen: 205 ops wrapped in checked", "sweep: 205 ops", " 0 findings, 0 crashes", "--- PASS: TestSweep ("} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	out, err = run("grep -rl TODO linalg || true")
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "linalg/") {
			t.Errorf("%s: a TODO left in the files init wrote", l)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}
