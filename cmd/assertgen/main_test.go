package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestMain runs the command itself when the test binary is re-executed by
// runCLI, so end-to-end tests need no separate build.
func TestMain(m *testing.M) {
	if os.Getenv("ASSERTGEN_TEST_MAIN") == "1" {
		main()
		return
	}
	if debugBuild && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		// The command's behaviour does not depend on the build tag (no
		// package it links reads asserts.Compiled), and its tests, which
		// build and run programs of their own in both builds, take
		// minutes: run them once, in the release build.
		fmt.Println("cmd/assertgen: its tests run without -tags debugasserts (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)")
		os.Exit(0)
	}
	code := m.Run()
	if pacedDir != "" {
		os.RemoveAll(pacedDir)
	}
	os.Exit(code)
}

var (
	pacedOnce sync.Once
	pacedDir  string // the paced command's directory, removed by TestMain
	pacedExe  string
	pacedErr  error
)

// pacedCommand returns the command built with the tag assertgen_writepace,
// whose writes wait ASSERTGEN_TEST_WRITE_DELAY before each step (output's
// pause_writepace.go), for the tests that send a signal in the middle of a
// write. It is built once per test binary; this test binary, and every
// build without the tag, has no such wait.
func pacedCommand(t *testing.T) string {
	t.Helper()
	pacedOnce.Do(func() {
		if pacedDir, pacedErr = os.MkdirTemp("", "assertgen-paced"); pacedErr != nil {
			return
		}
		pacedExe = filepath.Join(pacedDir, "assertgen")
		out, err := exec.Command("go", "build", "-tags", "assertgen_writepace", "-o", pacedExe, ".").CombinedOutput()
		if err != nil {
			pacedErr = fmt.Errorf("go build -tags assertgen_writepace: %v\n%s", err, out)
		}
	})
	if pacedErr != nil {
		t.Fatal(pacedErr)
	}
	return pacedExe
}

// runCLI runs assertgen with args in dir and returns its output and exit
// code.
func runCLI(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ASSERTGEN_TEST_MAIN=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// TestPlanJSONDefault checks that plan uses the embedded 2.6.0 schema by
// default, and 1.13.1's with -pytorch-version 1.13.
func TestPlanJSONDefault(t *testing.T) {
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
	out, errOut, code := runCLI(t, ".", append([]string{"plan", "-json"}, args...)...)
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

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("- func: foo(Tensor self) -> Tensr\n- func: bar(Tensor self) -> Tensor\n  variants: fn\n"), 0o644)
	tests := []struct {
		args     []string
		code     int
		inStderr []string
	}{
		{[]string{"version"}, 0, nil},
		{nil, 2, []string{"usage: assertgen"}},
		{[]string{"frobnicate"}, 2, []string{`unknown command "frobnicate"`}},
		{[]string{"plan", "-bogus"}, 2, []string{"assertgen plan: unknown flag -bogus (assertgen plan -h lists the flags)"}},
		{[]string{"plan", "-h"}, 0, []string{"Usage of assertgen plan", "-json"}},
		{[]string{"explain", "-h"}, 0, []string{"usage: assertgen explain OP"}},
		{[]string{"gen", "-help"}, 0, []string{"-kernels"}},
		{[]string{"vet", "-h"}, 0, []string{"-config"}},
		{[]string{"plan", "extra"}, 1, []string{`assertgen: unknown op "extra" in pytorch-2.14.1/native_functions.yaml`}},
		{[]string{"vet", "extra"}, 2, []string{`assertgen vet: unexpected argument "extra"`}},
		{[]string{"plan", "-profile", "lenient"}, 2, []string{`unknown profile "lenient"`}},
		{[]string{"plan", "-schema", bad}, 1, []string{
			bad + `:1:29: unknown type "Tensr"`,
			bad + `:3:13: illegal variant "fn"`,
			"2 errors"}},
		{[]string{"plan", "-schema", filepath.Join(dir, "missing.yaml")}, 1, []string{"no such file"}},
		{[]string{"gen", "-mode", "interface", "-package", "x", "-output", dir, "-types", "Scalar=not a type"}, 2, []string{"assertgen gen: -types: Scalar: invalid Go type"}},
	}
	for _, tt := range tests {
		_, errOut, code := runCLI(t, dir, tt.args...)
		if code != tt.code {
			t.Errorf("assertgen %s: exit %d, want %d\n%s", strings.Join(tt.args, " "), code, tt.code, errOut)
		}
		for _, s := range tt.inStderr {
			if !strings.Contains(errOut, s) {
				t.Errorf("assertgen %s: stderr lacks %q:\n%s", strings.Join(tt.args, " "), s, errOut)
			}
		}
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
	small, _ := filepath.Abs("../../gen/testdata/small")
	// The committed output is fresh.
	if out, errOut, code := runCLI(t, small, "gen", "-check"); code != 0 {
		t.Fatalf("gen -check on fresh files: exit %d\n%s%s", code, out, errOut)
	}
	// A copy with one file edited is stale.
	out := smallOutCopy(t, small)
	p := filepath.Join(out, "assertgen_direct.go")
	data, _ := os.ReadFile(p)
	os.WriteFile(p, append(data, []byte("\n// edited\n")...), 0o644)
	stdout, errOut, code := runCLI(t, small, "gen", "-check", "-output", out)
	if code != 1 || !strings.Contains(stdout, p+": stale") || strings.Contains(stdout, "assertgen_checked.go") {
		t.Fatalf("gen -check on a stale file: exit %d\n%s%s", code, stdout, errOut)
	}
	// gen rewrites it, and -check is then happy.
	if _, errOut, code := runCLI(t, small, "gen", "-output", out); code != 0 {
		t.Fatalf("gen: exit %d\n%s", code, errOut)
	}
	if _, errOut, code := runCLI(t, small, "gen", "-check", "-output", out); code != 0 {
		t.Fatalf("gen -check after gen: exit %d\n%s", code, errOut)
	}
}

// TestGenFailureKeepsOutput checks that a failing gen leaves the previous
// files as they were.
func TestGenFailureKeepsOutput(t *testing.T) {
	small, _ := filepath.Abs("../../gen/testdata/small")
	out := smallOutCopy(t, small)
	before, _ := os.ReadFile(filepath.Join(out, "assertgen_checked.go"))
	// The bad kernels package has a kernel with the wrong signature.
	_, errOut, code := runCLI(t, small, "gen", "-output", out, "-kernels", "../badkernels")
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
	small, _ := filepath.Abs("../../gen/testdata/small")
	out, errOut, code := runCLI(t, small, "vet")
	if code != 0 || !strings.Contains(out, "info: 1 of 19 selected ops have no kernel") {
		t.Fatalf("vet: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = runCLI(t, small, "vet", "-kernels", "../badkernels", "-ops", "add.Tensor,cat,transpose.int")
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
	small, _ := filepath.Abs("../../gen/testdata/small")
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.yaml")
	os.WriteFile(typo, []byte("skip_impl_use_count:\n  - op: add.Tensr\n    reason: a typo\n"), 0o644)
	noReason := filepath.Join(dir, "noreason.yaml")
	os.WriteFile(noReason, []byte("skip_impl_use_count:\n  - op: cat\n"), 0o644)
	for _, tt := range []struct{ file, want string }{
		{typo, typo + ":2:9:"},
		{noReason, noReason + ":2:5:"},
	} {
		out, errOut, code := runCLI(t, small, "vet", "-allowlists", tt.file)
		if code != 1 || !strings.Contains(errOut, tt.want) {
			t.Errorf("vet -allowlist %s: exit %d, want 1 and %q\n%s%s", tt.file, code, tt.want, out, errOut)
		}
	}
	// The built-in entries that name ops of other PyTorch releases are no
	// news to the user, who never wrote them: vet -v is quiet about them
	// too (issue 19 item 12): vet says only what it checked.
	out, errOut, code := runCLI(t, dir, "vet", "-v", "-mode", "interface", "-pytorch-version", "1.13")
	if want := "vet: 2952 ops, no kernels package (interface mode): no kernels to vet; allowlists clean\n"; code != 0 || out != want || errOut != "" {
		t.Errorf("vet -v on the embedded schema: exit %d, want 0 and %q\n%s%s", code, want, out, errOut)
	}
	out, errOut, code = runCLI(t, dir, "vet", "-mode", "interface")
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
	if code := run([]string{"plan", "-json", "-schema", "../../plan/testdata/small/native_functions.yaml", "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
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

// TestManualListsFlags checks that the manual (doc.go) names every flag of
// every command, as -h prints them.
func TestManualListsFlags(t *testing.T) {
	manual, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"plan", "explain", "gen", "vet"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{cmd, "-h"}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s -h: exit %d", cmd, code)
		}
		n := 0
		for _, line := range strings.Split(stderr.String(), "\n") {
			name, ok := strings.CutPrefix(line, "  -")
			if !ok {
				continue
			}
			name = strings.Fields(name)[0]
			n++
			if !bytes.Contains(manual, []byte("-"+name+" ")) && !bytes.Contains(manual, []byte("["+"-"+name+"]")) {
				t.Errorf("%s -%s is not in the manual", cmd, name)
			}
		}
		if n < 5 {
			t.Errorf("%s -h lists %d flags:\n%s", cmd, n, stderr.String())
		}
	}
}
