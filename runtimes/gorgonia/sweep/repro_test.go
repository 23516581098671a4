//go:build debugasserts

package sweep

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/runtimes/gorgonia/checked"
	"github.com/assertgen/assertgen/sweep"
)

// TestReproducers: each crash of the sweep on empty tensors gets a
// reproducer written in a fresh module that requires gorgonia alone,
// which imports no package of assertgen, passes go vet, fails naming its
// op, and is minimized (a shape holding a zero, no dim above 1).
func TestReproducers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test per crash")
	}
	mod := t.TempDir()
	if d := os.Getenv("REPRO_KEEP"); d != "" { // an empty directory, to read the reproducers after

		mod = d
	}
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	must(t, os.WriteFile(filepath.Join(mod, "go.mod"), freshMod(t), 0o666))
	must(t, os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o666))
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	r, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, Repro: filepath.Join(mod, "repro"), Test: t})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r.BugList())
	if len(r.Repros) != len(r.Crashes)+len(r.Findings) || len(r.Repros) == 0 {
		t.Fatalf("%d reproducers of %d crashes and %d findings", len(r.Repros), len(r.Crashes), len(r.Findings))
	}
	for _, x := range r.Repros {
		if !x.Verified {
			t.Errorf("%s", x)
			continue
		}
		src, err := os.ReadFile(filepath.Join(x.Dir, "repro_test.go"))
		must(t, err)
		if strings.Contains(string(src), "\"github.com/assertgen/") {
			t.Errorf("%s imports assertgen:\n%s", x.Dir, src)
		}
		op, _, _ := strings.Cut(x.Key, " ")
		if !strings.HasPrefix(x.Title, op+" panics on ") || !strings.Contains(x.Sample, "[0") {
			t.Errorf("%s: title %q, sample %s: want the op's panic on an empty tensor", x.Key, x.Title, x.Sample)
		}
		for _, m := range shapeRE.FindAllStringSubmatch(x.Sample, -1) {
			if strings.Trim(m[1], "01,") != "" {
				t.Errorf("%s: sample %s not minimized: a dim above 1", x.Key, x.Sample)
			}
		}
		cmd := exec.Command("go", "vet", ".")
		cmd.Dir = x.Dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: go vet: %v\n%s", x.Dir, err, out)
		}
	}
}

// shapeRE finds a tensor's shape in a sample's description.
var shapeRE = regexp.MustCompile(`(?:float|int|bool)\w*\[([0-9,]*)\]`)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// freshMod is the go.mod of a module that requires gorgonia alone (with
// the modules gorgonia requires, as this module's go.mod lists them).
func freshMod(t *testing.T) []byte {
	b, err := os.ReadFile("../go.mod")
	must(t, err)
	var req []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		f := strings.Fields(l)
		if len(f) >= 2 && strings.Contains(f[0], ".") && !strings.HasPrefix(f[0], "github.com/assertgen/") && strings.HasPrefix(f[1], "v") {
			req = append(req, "\t"+f[0]+" "+f[1])
		}
	}
	return []byte("module example.com/fresh\n\ngo 1.25.0\n\nrequire (\n" + strings.Join(req, "\n") + "\n)\n")
}
