package initcmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInitLibraryRepro: the sweep adapter init writes for dtlib (a
// library of several element types and any rank, with a bug of each of
// five kinds planted on each form) writes its tensors as Go
// (ReproSource, ReproTensor, which init ran first), so that its sweep
// with reproducers on gives every cause of its findings a verified
// reproducer that imports no package of assertgen and fails with the
// call and the broken promise; init's report says so.
func TestInitLibraryRepro(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := fakeModule(t, nil)
	dir := filepath.Join(mod, "user")
	var out strings.Builder
	if err := Init(InitOptions{Dir: dir, Type: "*example.com/fakemod/dtlib.T", Out: &out}); err != nil {
		t.Fatal(err)
	}
	if want := "reproducers: assertgen_sweep_test.go's sweepAdapter writes bool, int64, int, float32, float64 tensors as Go"; !strings.Contains(out.String(), want) {
		t.Errorf("init's report lacks %q:\n%s", want, out.String())
	}
	found, report := sweepFindings(t, mod, dir, "ASSERTGEN_SWEEP_REPRO=testdata/repro")
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
	kinds := map[string]bool{}
	for _, p := range repros {
		src, _ := os.ReadFile(p)
		if strings.Contains(string(src), "github.com/assertgen/") {
			t.Errorf("%s imports assertgen:\n%s", p, src)
		}
		for _, k := range []string{"shares its input's storage", "changes its input", "shape", "holds", "storage"} {
			if strings.Contains(string(src), k) {
				kinds[k] = true
			}
		}
	}
	// Each reproducer is a module of its own, which go vet passes.
	for _, p := range repros {
		cmd := exec.Command("go", "vet", "./...")
		cmd.Dir, cmd.Env = filepath.Dir(p), append(os.Environ(), "GOWORK=off")
		if o, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go vet of %s: %v\n%s", filepath.Dir(p), err, o)
		}
	}
	t.Logf("%d reproducers of %d findings", len(repros), len(found))
}
