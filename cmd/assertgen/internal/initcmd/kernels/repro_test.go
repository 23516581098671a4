package kernels

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// checkDtlibRepros checks the reproducers of dtlib's sweep in dir,
// whose report is report and findings found: the sweep adapter init
// wrote writes dtlib's tensors as Go (ReproSource, ReproTensor, which
// init ran first), so that every cause of the findings has a verified
// reproducer that imports no package of assertgen and fails with the
// call and the broken promise, one of each kind of bug passing go vet
// in its module.
func checkDtlibRepros(t *testing.T, dir string, found map[string]string, report string) {
	t.Helper()
	m := regexp.MustCompile(`reproducers \((\d+) verified, (\d+) not`).FindStringSubmatch(report)
	if m == nil || m[2] != "0" {
		t.Fatalf("not every finding has a verified reproducer:\n%s", report)
	}
	repros, _ := filepath.Glob(filepath.Join(dir, "testdata", "repro", "*", "repro_test.go"))
	if len(repros) == 0 || len(repros) > len(found) {
		t.Fatalf("%d reproducers of %d findings", len(repros), len(found))
	}
	for key := range found { // one reproducer per cause: written from it, or from another of its cause
		if !strings.Contains(report, "\t\tfrom: "+key+"\n") && !strings.Contains(report, "\t\talso: "+key+"\n") {
			t.Errorf("finding %s: no reproducer in the report", key)
		}
	}
	// Of each kind of bug (the promise its header says was expected),
	// the first reproducer is a module of its own that go vet passes
	// (the others are written by the same code). dtlib's bugs break eight
	// promises (dtlibKinds' six, returns_arg's and shares_storage's).
	expected := regexp.MustCompile(`(?m)^// Expected: (.*)$`)
	vetted := map[string]bool{}
	for _, p := range repros {
		src, _ := os.ReadFile(p)
		if strings.Contains(string(src), "github.com/assertgen/") {
			t.Errorf("%s imports assertgen:\n%s", p, src)
		}
		m := expected.FindStringSubmatch(string(src))
		if m == nil {
			t.Errorf("%s: no line saying what was expected:\n%s", p, src)
			continue
		}
		if vetted[m[1]] {
			continue
		}
		vetted[m[1]] = true
		cmd := exec.Command("go", "vet", "./...")
		cmd.Dir, cmd.Env = filepath.Dir(p), append(os.Environ(), "GOWORK=off")
		if o, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go vet of %s: %v\n%s", filepath.Dir(p), err, o)
		}
	}
	if len(vetted) != 8 {
		t.Errorf("the reproducers expect %d things (%v), want the 8 promises dtlib's bugs break", len(vetted), slices.Sorted(maps.Keys(vetted)))
	}
	t.Logf("%d reproducers of %d findings", len(repros), len(found))
}
