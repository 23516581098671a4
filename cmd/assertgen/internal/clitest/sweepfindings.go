package clitest

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// SweepFindings generates the wrappers of the config init wrote in dir,
// runs its sweep test (which must fail: the module's kernels have bugs),
// and returns the findings it reports, by key, each with the samples it
// was found in, and the test's output.
func SweepFindings(t *testing.T, mod, dir string, env ...string) (map[string]string, string) {
	t.Helper()
	ag := Command(t)
	run := func(d string, args ...string) (string, error) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = d, append(append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off"), env...)
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	if o, err := run(dir, ag, "gen", "-config", "assertgen.yaml"); err != nil {
		t.Fatalf("gen: %v\n%s", err, o)
	}
	o, err := run(dir, "go", "test", "-count=1", "-tags", "debugasserts", "-run", "^TestSweep$", "-v", ".")
	if err == nil || !strings.Contains(o, "--- FAIL: TestSweep") {
		t.Fatalf("the sweep of dtlib's planted bugs passed (%v):\n%s", err, o)
	}
	found := map[string]string{}
	lines := strings.Split(o, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		k, _, ok := strings.Cut(l, " (")
		if !ok || i+2 >= len(lines) || strings.Count(k, " ") != 3 {
			continue
		}
		if in, ok := strings.CutPrefix(strings.TrimSpace(lines[i+2]), "in: "); ok {
			found[k] = in
		}
	}
	if len(found) == 0 {
		t.Fatalf("no finding read from the sweep's report:\n%s", o)
	}
	t.Log(fmt.Sprint(len(found), " findings"))
	return found, o
}
