package setup

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// dtlibForms are, per form of dtlib.Forms, the sweep's samples of it.
var dtlibForms = [][]string{
	{"bool [2,3]"},
	{"int64 [2,3]"},
	{"0-dim float"},
	{"1-d float [3]", "single element float [1]"},
	{"3-d float [2,3,4]"},
	{"4-d float [1,2,4,4]", "single element 4-d float [1,1,1,1]"},
}

// dtlibKinds are the keys' checks and places of dtlib's kinds of bug.
var dtlibKinds = []string{"fresh_no_alias return 0", "same_content argument self", "same_metadata argument self", "fresh_not_held return 0", "same_storage argument self"}

// TestInitLibraryForms: init -type on a library of several element
// types and any rank (internal/library's dtlib, built as gorgonia's Dense
// is) writes a memory function that reads each tensor's own element type
// (bool, int64, float32, float64) and its geometry at ranks 0 to 4, as
// its probe checked, and says it cannot read int32 tensors (Int32s
// copies) and which checks that leaves weaker; its sweep makes those
// forms, and catches each kind of bug dtlib plants (fresh_no_alias,
// same_content, same_metadata, fresh_not_held, same_storage) on each form
// it plants them on: bool and int64 matrices, float tensors of ranks 0,
// 1, 3 and 4.
func TestInitLibraryForms(t *testing.T) {
	mod := fakeModule(t, nil)
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := Init(InitOptions{Dir: dir, Type: "*example.com/fakemod/dtlib.T", Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, want := range []string{
		"memory: Memory reads bool (ranks 0, 1, 2, 3 and 4), int64 (ranks 0, 1, 2, 3 and 4), float32 (ranks 0, 1, 2, 3 and 4), float64 (ranks 0, 1, 2, 3 and 4) tensors, each with its sizes and strides at its rank",
		"sweep: makes the tensors dtlib.New made: bool (ranks 0, 1, 2, 3 and 4), int32 (ranks 0, 1, 2, 3 and 4), int64",
		"weaker: int32 tensors of ranks 0, 1, 2, 3 and 4: Memory cannot read them (a write through its elements leaves the memory's contents as they were): to the checks they have no storage, and same_storage, shares_storage, fresh_no_alias, fresh_not_held, distinct_outputs, same_content and same_metadata skip them, on every bound op given or returning one (",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q:\n%s", want, report)
		}
	}
	mem, _ := os.ReadFile(filepath.Join(dir, "assertgen_memory.go"))
	for _, want := range []string{"switch t.Dtype().Kind() {", "case reflect.Bool:\n\t\tm = asserts.SliceMemory(t.Bools())", "return m.Strided(t.Shape(), t.Strides())", "// It cannot read int32 tensors of ranks 0, 1, 2, 3 and 4 (a write through its elements leaves the memory's contents as they were)"} {
		if !strings.Contains(string(mem), want) {
			t.Errorf("the memory function lacks %q:\n%s", want, mem)
		}
	}
	found, _ := sweepFindings(t, mod, dir)
	for op, name := range []string{"abs", "neg", "exp", "sqrt", "tanh"} {
		for f, samples := range dtlibForms {
			key := name + " " + dtlibKinds[(op+f)%len(dtlibKinds)]
			in, ok := found[key]
			if !ok {
				t.Errorf("%s on %s: no finding %q", name, samples[0], key)
				continue
			}
			caught := false
			for _, s := range samples {
				caught = caught || strings.Contains(in, s)
			}
			if !caught {
				t.Errorf("%s: not in %s (in: %s)", key, samples[0], in)
			}
		}
	}
}

// sweepFindings generates the wrappers of the config init wrote in dir,
// runs its sweep test, and returns the findings it reports, by key, each
// with the samples it was found in.
func sweepFindings(t *testing.T, mod, dir string) (map[string]string, string) {
	t.Helper()
	root, _ := filepath.Abs("../..")
	ag := filepath.Join(t.TempDir(), "assertgen")
	run := func(d string, args ...string) (string, error) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = d, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	if o, err := run(root, "go", "build", "-o", ag, "./cmd/assertgen"); err != nil {
		t.Fatalf("building assertgen: %v\n%s", err, o)
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
