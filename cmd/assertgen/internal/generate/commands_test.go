package generate_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/generate"
)

// gen, vet and plan end to end on gen/testdata/small and the embedded
// schemas.

// TestPlanJSONDefault checks that plan uses the embedded 2.6.0 schema by
// default, and 1.13.1's with -pytorch-version 1.13.
func TestPlanJSONDefault(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	for _, tc := range []struct {
		args    []string
		version string
		ops     int
	}{
		{nil, "2.14", 3103},
		{[]string{"-pytorch-version", "2.14.1"}, "2.14", 3103},
		{[]string{"-pytorch-version", "1.13"}, "1.13", 2952},
		{[]string{"-pytorch-version", "2.6.0"}, "2.6", 3144},
		{[]string{"-pytorch-version", "2.6"}, "2.6", 3144},
	} {
		planJSONDefault(t, tc.args, tc.version, tc.ops)
	}
}

func planJSONDefault(t *testing.T, args []string, version string, ops int) {
	out, errOut, code := clitest.Run(t, ".", append([]string{"plan", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var p struct {
		Profile string `json:"profile"`
		Version string `json:"pytorch_version"`
		Ops     []struct {
			Name      string `json:"name"`
			Kind      string `json:"kind"`
			Generated bool   `json:"generated"`
		} `json:"ops"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if p.Profile != "strict" || p.Version != version || len(p.Ops) != ops || p.Ops[0].Name != "_cast_Byte" {
		t.Errorf("%v: profile %s, version %s, %d ops, first %+v", args, p.Profile, p.Version, len(p.Ops), p.Ops[0])
	}
}

// copyDir copies the regular files of src into dst, and those of its
// subdirectories (the shape helpers' package).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(dst, 0o755)
	for _, e := range entries {
		if e.IsDir() {
			copyDir(t, filepath.Join(src, e.Name()), filepath.Join(dst, e.Name()))
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644)
	}
}

// smallOutCopy copies gen/testdata/small/out into a temporary directory
// made a module of the same import path, so that gen writes there what it
// writes in this repository (the shape helpers' package is named by it).
func smallOutCopy(t *testing.T, small string) string {
	t.Helper()
	out := t.TempDir()
	copyDir(t, filepath.Join(small, "out"), out)
	os.WriteFile(filepath.Join(out, "go.mod"), []byte("module github.com/assertgen/assertgen/gen/testdata/small/out\n"), 0o644)
	return out
}

func TestGenCheck(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	small := filepath.Join(clitest.Root(), "gen/testdata/small")
	// The committed output is fresh.
	if out, errOut, code := clitest.Run(t, small, "gen", "-check"); code != 0 {
		t.Fatalf("gen -check on fresh files: exit %d\n%s%s", code, out, errOut)
	}
	// A copy with one file edited is stale.
	out := smallOutCopy(t, small)
	p := filepath.Join(out, "assertgen_direct.go")
	data, _ := os.ReadFile(p)
	os.WriteFile(p, append(data, []byte("\n// edited\n")...), 0o644)
	stdout, errOut, code := clitest.Run(t, small, "gen", "-check", "-output", out)
	if code != 1 || !strings.Contains(stdout, p+": stale") || strings.Contains(stdout, "assertgen_checked.go") {
		t.Fatalf("gen -check on a stale file: exit %d\n%s%s", code, stdout, errOut)
	}
	// gen rewrites it, and -check is then happy.
	if _, errOut, code := clitest.Run(t, small, "gen", "-output", out); code != 0 {
		t.Fatalf("gen: exit %d\n%s", code, errOut)
	}
	if _, errOut, code := clitest.Run(t, small, "gen", "-check", "-output", out); code != 0 {
		t.Fatalf("gen -check after gen: exit %d\n%s", code, errOut)
	}
}

// TestGenFailureKeepsOutput checks that a failing gen leaves the previous
// files as they were.
func TestGenFailureKeepsOutput(t *testing.T) {
	small := filepath.Join(clitest.Root(), "gen/testdata/small")
	out := smallOutCopy(t, small)
	before, _ := os.ReadFile(filepath.Join(out, "assertgen_checked.go"))
	// The bad kernels package has a kernel with the wrong signature.
	_, errOut, code := clitest.Run(t, small, "gen", "-output", out, "-kernels", "../badkernels")
	if code != 1 || !strings.Contains(errOut, "kernels.go:8:6: kernel AddTensor of add.Tensor has the wrong signature") {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	after, _ := os.ReadFile(filepath.Join(out, "assertgen_checked.go"))
	if !bytes.Equal(before, after) {
		t.Error("a failed gen changed the output")
	}
	entries, _ := os.ReadDir(out)
	srcEntries, _ := os.ReadDir(filepath.Join(small, "out"))
	if len(entries) != len(srcEntries)+1 { // and the copy's go.mod
		t.Errorf("files in the output: %v, want those of %v", entries, srcEntries)
	}
}

func TestVet(t *testing.T) {
	small := filepath.Join(clitest.Root(), "gen/testdata/small")
	out, errOut, code := clitest.Run(t, small, "vet")
	if code != 0 || !strings.Contains(out, "info: 1 of 19 selected ops have no kernel") {
		t.Fatalf("vet: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = clitest.Run(t, small, "vet", "-kernels", "../badkernels", "-ops", "add.Tensor,cat,transpose.int")
	want := []string{
		"../badkernels/kernels.go:8:6: kernel AddTensor of add.Tensor has the wrong signature",
		"want func(self *kernels.Tensor, other *kernels.Tensor, alpha float64) *kernels.Tensor",
		"transpose.int: no kernel TransposeInt",
	}
	if code != 1 {
		t.Errorf("vet with a bad kernel: exit %d", code)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("vet output lacks %q:\n%s%s", w, out, errOut)
		}
	}
}

func TestVetAllowlist(t *testing.T) {
	small := filepath.Join(clitest.Root(), "gen/testdata/small")
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.yaml")
	os.WriteFile(typo, []byte("skip_impl_use_count:\n  - op: add.Tensr\n    reason: a typo\n"), 0o644)
	noReason := filepath.Join(dir, "noreason.yaml")
	os.WriteFile(noReason, []byte("skip_impl_use_count:\n  - op: cat\n"), 0o644)
	for _, tt := range []struct{ file, want string }{
		{typo, typo + ":2:9:"},
		{noReason, noReason + ":2:5:"},
	} {
		out, errOut, code := clitest.Run(t, small, "vet", "-allowlists", tt.file)
		if code != 1 || !strings.Contains(errOut, tt.want) {
			t.Errorf("vet -allowlist %s: exit %d, want 1 and %q\n%s%s", tt.file, code, tt.want, out, errOut)
		}
	}
	// The built-in entries that name ops of other PyTorch releases are no
	// news to the user, who never wrote them: vet -v is quiet about them
	// too (issue 19 item 12): vet says only what it checked.
	out, errOut, code := clitest.Run(t, dir, "vet", "-v", "-mode", "interface", "-pytorch-version", "1.13")
	if want := "vet: 2952 ops, no kernels package (interface mode): no kernels to vet; allowlists clean\n"; code != 0 || out != want || errOut != "" {
		t.Errorf("vet -v on the embedded schema: exit %d, want 0 and %q\n%s%s", code, want, out, errOut)
	}
	out, errOut, code = clitest.Run(t, dir, "vet", "-mode", "interface")
	if want := "vet: 3103 ops, no kernels package (interface mode): no kernels to vet; allowlists clean\n"; code != 0 || out != want || errOut != "" {
		t.Errorf("vet on the embedded schema: exit %d, want 0 and %q\n%s%s", code, want, out, errOut)
	}
}

// TestPlanOut checks that plan -o writes the file it names, readable by
// all like generated files, and leaves no temporary file.
func TestPlanOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "plan.json")
	var stdout, stderr bytes.Buffer
	if err := generate.CmdPlan.Run([]string{"-json", "-schema", filepath.Join(clitest.Root(), "plan/testdata/small/native_functions.yaml"), "-o", out}, &stdout, &stderr); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil || !json.Valid(data) || stdout.Len() != 0 {
		t.Fatalf("%s: %v, %d bytes, valid JSON %v; stdout %q", out, err, len(data), json.Valid(data), stdout.String())
	}
	fi, _ := os.Stat(out)
	entries, _ := os.ReadDir(dir)
	if fi.Mode().Perm() != 0o644 || len(entries) != 1 {
		t.Errorf("mode %v, %d files in the directory", fi.Mode().Perm(), len(entries))
	}
}
