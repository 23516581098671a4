package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Tests of issue 19 (trust), the gen and command-line side.

// genArgs generate the interface-mode wrappers of one op into $DIR/out.
var genArgs = []string{"gen", "-mode", "interface", "-package", "out", "-output", "$DIR/out", "-ops", "add.Tensor"}

func with(args []string, more ...string) []string { return append(slices.Clone(args), more...) }

func dirList(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestGenDeletesOnlyItsOwnSet: issue 19 item 4 (and item 9's -prefix '[').
// gen -prefix ops leaves the files gen -prefix ops_extra wrote in the same
// directory; a prefix with a pattern character is a usage error.
func TestGenDeletesOnlyItsOwnSet(t *testing.T) {
	dir := t.TempDir()
	expand := func(args []string) []string {
		out := make([]string, len(args))
		for i, a := range args {
			out[i] = strings.ReplaceAll(a, "$DIR", dir)
		}
		return out
	}
	for _, args := range [][]string{with(genArgs, "-prefix", "ops_extra"), with(genArgs, "-prefix", "ops")} {
		if _, errOut, code := runCLI(t, dir, expand(args)...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut)
		}
	}
	want := []string{"ops_checked.go", "ops_direct.go", "ops_extra_checked.go", "ops_extra_direct.go", "ops_extra_kernels.go", "ops_extra_shapes.go", "ops_kernels.go", "ops_shapes.go"}
	if got := dirList(t, filepath.Join(dir, "out")); !slices.Equal(got, want) {
		t.Errorf("after gen -prefix ops_extra and gen -prefix ops: %v, want %v", got, want)
	}
	runCases(t, []cliCase{
		{name: "prefix *", args: with(genArgs, "-prefix", "*"), code: 2, err: []string{
			`assertgen gen: -prefix: "*" is not a file name prefix (ASCII letters, digits, _, - and ., not first . or -)`}},
		{name: "prefix [", args: with(genArgs, "-prefix", "["), code: 2, err: []string{
			`assertgen gen: -prefix: "[" is not a file name prefix (ASCII letters, digits, _, - and ., not first . or -)`}},
		{name: "prefix in the config", files: map[string]string{"assertgen.yaml": "mode: interface\nprefix: \"ops_*\"\n"}, args: []string{"gen"}, code: 1, err: []string{
			`assertgen: assertgen.yaml:2:9: prefix: "ops_*" is not a file name prefix (ASCII letters, digits, _, - and ., not first . or -)`}},
	})
}

// TestGenConcurrent: issue 19 item 5. Eight gens, of two different op
// sets, run at once into one directory, each step of their writes slowed
// down: each waits for its turn and succeeds, no raw OS error, and the
// directory ends with one complete set (gen -check passes for one of the
// two) and no staging directory.
func TestGenConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 8 processes")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	sets := [][]string{
		{"gen", "-mode", "interface", "-package", "out", "-output", out, "-ops", "add.Tensor"},
		{"gen", "-mode", "interface", "-package", "out", "-output", out, "-ops", "neg,abs,transpose.int"},
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		code   int
		stderr string
	}
	results := make([]result, 8)
	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(exe, sets[i%2]...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "ASSERTGEN_TEST_MAIN=1", "ASSERTGEN_TEST_WRITE_DELAY=3ms")
			var e bytes.Buffer
			cmd.Stderr = &e
			err := cmd.Run()
			results[i] = result{cmd.ProcessState.ExitCode(), e.String()}
			if err != nil && cmd.ProcessState == nil {
				results[i] = result{-1, err.Error()}
			}
		}()
	}
	wg.Wait()
	waiting := "assertgen: " + out + ": another assertgen is writing into it; waiting for it to finish"
	for i, r := range results {
		for _, line := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
			done := strings.HasPrefix(line, "assertgen: ") && strings.HasSuffix(line, " ops wrapped in "+out)
			note := strings.HasPrefix(line, "assertgen: note: "+out+" is in no Go module")
			if line != waiting && !done && !note {
				t.Errorf("run %d: exit %d, unexpected line %q", i, r.code, line)
			}
		}
		if r.code != 0 {
			t.Errorf("run %d: exit %d\n%s", i, r.code, r.stderr)
		}
	}
	fresh := 0
	for _, args := range sets {
		if _, _, code := runCLI(t, dir, append(args, "-check")...); code == 0 {
			fresh++
		}
	}
	if fresh != 1 {
		t.Errorf("gen -check passes for %d of the 2 op sets, want 1: %v", fresh, dirList(t, out))
	}
	if names := dirList(t, out); len(names) != 4 {
		t.Errorf("files left: %v", names)
	}
}

// runCLIWithin is runCLI that kills assertgen after d and fails the test:
// for inputs that once made it hang.
func runCLIWithin(t *testing.T, d time.Duration, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ASSERTGEN_TEST_MAIN=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("assertgen %s: still running after %v", strings.Join(args, " "), d)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), 0
}

// TestSmallerOnes: issue 19 item 9, the command-line side.
func TestSmallerOnes(t *testing.T) {
	runCases(t, []cliCase{
		{name: "-ops ''", args: with(genArgs[:len(genArgs)-2], "-ops", ""), code: 2, err: []string{
			`assertgen gen: -ops: empty list of ops (leave it out to select every op)`}},
		{name: "-ops ' , '", args: with(genArgs[:len(genArgs)-2], "-ops", " , "), code: 2, err: []string{
			`assertgen gen: -ops: empty list of ops (leave it out to select every op)`}},
		{name: "ops: []", files: map[string]string{"assertgen.yaml": "mode: interface\nops: []\n"}, args: []string{"gen"}, code: 1, err: []string{
			`assertgen: assertgen.yaml:2:6: ops: empty list of ops (leave it out to select every op)`}},
		{name: "plan -o /dev/stdout", args: []string{"plan", "-o", "/dev/stdout"}, code: 0, out: []string{
			"_cast_Byte\tfunctional\t7 checks, 0 skipped"}},
		// A runtime that cannot report metadata: no same_metadata row.
		{name: "plan -metadata=false", args: []string{"plan", "-metadata=false", "-o", "/dev/stdout"}, code: 0, out: []string{
			"_cast_Byte\tfunctional\t6 checks, 0 skipped"}},
		{name: "metadata: false", files: map[string]string{"assertgen.yaml": "metadata: false\n"}, args: []string{"plan", "-config", "assertgen.yaml", "-o", "/dev/stdout"}, code: 0, out: []string{
			"_cast_Byte\tfunctional\t6 checks, 0 skipped"}},
		{name: "explain -metadata=false", args: []string{"explain", "-metadata=false", "add.Tensor"}, code: 0, out: []string{
			"note: planned for a runtime that does not report tensor metadata (metadata: false): no same_metadata rows on the arguments the op does not write"}},
		{name: "plan -o DIR", args: []string{"plan", "-o", "$DIR"}, code: 2, err: []string{
			"assertgen plan: -o $DIR: a directory; name a file"}},
	})
	// 20,000 unknown ops: each is an error, the first ten with near names
	// (each a search of the schema; 92 s for all of them before).
	dir := t.TempDir()
	var cfg strings.Builder
	cfg.WriteString("mode: interface\nops:\n  - add.Tensr\n")
	for i := range 19999 {
		fmt.Fprintf(&cfg, "  - nosuchop%d\n", i)
	}
	os.WriteFile(filepath.Join(dir, "assertgen.yaml"), []byte(cfg.String()), 0o644)
	_, errOut, code := runCLIWithin(t, time.Minute, dir, "gen")
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	want := []string{
		`assertgen: assertgen.yaml:3:5: ops: unknown op "add.Tensr" in pytorch-2.14.1/native_functions.yaml; did you mean add.Tensor, add_.Tensor?`,
		`assertgen.yaml:20002:5: ops: unknown op "nosuchop19998" in pytorch-2.14.1/native_functions.yaml`,
		`assertgen: 20000 errors`,
	}
	if code != 1 || len(lines) != 20001 || lines[0] != want[0] || lines[19999] != want[1] || lines[20000] != want[2] {
		t.Errorf("20,000 unknown ops: exit %d, %d lines, want 1 and 20,001 lines:\n%s\n...\n%s", code, len(lines), lines[0], strings.Join(lines[max(0, len(lines)-2):], "\n"))
	}
}

// TestPlanScoped: issue 19 item 11. plan prints the ops the names given,
// -ops or the config's ops: select; a wrong flag gets one line with the
// closest flag; flags are named as the config keys, and the earlier
// spellings still work with a note.
func TestPlanScoped(t *testing.T) {
	// The rows of the whole plan, by op.
	all, allErr, allCode := runCLI(t, t.TempDir(), "plan")
	if allCode != 0 {
		t.Fatalf("plan: exit %d\n%s", allCode, allErr)
	}
	row := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(all), "\n") {
		name, _, _ := strings.Cut(line, "\t")
		row[name] = line
	}
	transpose, neg := row["transpose_"], row["neg"]
	add := []string{row["add.Tensor"], row["add.out"], row["add.Scalar"], row["add.Scalar_out"]}
	cfg := map[string]string{"assertgen.yaml": "mode: interface\nops: [neg, transpose_]\n"}
	runCases(t, []cliCase{
		{name: "plan NAME", args: []string{"plan", "transpose_"}, out: []string{transpose}},
		{name: "plan NAME with overloads", args: []string{"plan", "add", "-json"}, out: []string{
			`{"profile": "strict", "pytorch_version": "2.14", "runtime": "strict", "ops": [`}},
		{name: "plan unknown NAME", args: []string{"plan", "tranpose"}, code: 1, err: []string{
			`assertgen: unknown op "tranpose" in pytorch-2.14.1/native_functions.yaml; did you mean transpose.*, transpose_?`}},
		{name: "plan -ops", args: []string{"plan", "-ops", "add.*,neg"}, out: append(slices.Clone(add), neg)},
		{name: "plan -config", files: cfg, args: []string{"plan", "-config", "assertgen.yaml"}, out: []string{neg, transpose}},
		{name: "plan -config, bad ops", files: map[string]string{"assertgen.yaml": "ops: [negg]\n"}, args: []string{"plan", "-config", "assertgen.yaml"}, code: 1, err: []string{
			`assertgen: assertgen.yaml:1:7: ops: unknown op "negg" in pytorch-2.14.1/native_functions.yaml; did you mean neg, neg_?`}},
		{name: "wrong flag", args: []string{"plan", "-jsn"}, code: 2, err: []string{
			"assertgen plan: unknown flag -jsn; did you mean -json? (assertgen plan -h lists the flags)"}},
		{name: "wrong flag of gen", args: []string{"gen", "--kernel", "x"}, code: 2, err: []string{
			"assertgen gen: unknown flag -kernel; did you mean -kernels? (assertgen gen -h lists the flags)"}},
		{name: "flag without value", args: []string{"plan", "-o"}, code: 2, err: []string{
			"assertgen plan: flag needs an argument: -o (assertgen plan -h lists the flags)"}},
		{name: "config names as flags", args: []string{"gen", "-mode", "interface", "-output", "$DIR/o", "-build-tag", "dbg", "-types", "Scalar=float64", "-ops", "neg"},
			err: []string{"assertgen: 1 ops wrapped in $DIR/o"}, check: func(t *testing.T, dir string) {
				data, _ := os.ReadFile(filepath.Join(dir, "o", "assertgen_checked.go"))
				if !strings.Contains(string(data), "//go:build dbg\n") {
					t.Errorf("-build-tag dbg not applied:\n%.200s", data)
				}
			}},
		{name: "earlier spellings", args: []string{"gen", "-mode", "interface", "-out", "$DIR/o", "-tag", "dbg", "-type", "Scalar=float64", "-ops", "neg"},
			err: []string{
				"assertgen gen: -out is deprecated; use -output",
				"assertgen gen: -tag is deprecated; use -build-tag",
				"assertgen gen: -type is deprecated; use -types",
				"assertgen: 1 ops wrapped in $DIR/o"}},
		{name: "config key tags_yaml", files: map[string]string{"assertgen.yaml": "mode: interface\ntags_yaml: nope.yaml\n"}, args: []string{"vet"}, code: 1,
			err: []string{"assertgen: assertgen.yaml:2:12: tags: nope.yaml: no such file or directory"}},
		{name: "config key tags", files: map[string]string{"assertgen.yaml": "mode: interface\ntags: nope.yaml\n"}, args: []string{"vet"}, code: 1,
			err: []string{"assertgen: assertgen.yaml:2:1: tags: is deprecated; use tags_yaml: (the -tags-yaml flag)",
				"assertgen: assertgen.yaml:2:7: tags: nope.yaml: no such file or directory"}},
	})
	// plan NAME prints that op's rows only.
	out, errOut, code := runCLI(t, t.TempDir(), "plan", "transpose_")

	if code != 0 || out != transpose+"\n" {
		t.Errorf("plan transpose_: exit %d, %q\n%s", code, out, errOut)
	}
	out, errOut, code = runCLI(t, t.TempDir(), "plan", "-ops", "neg", "add")
	if code != 0 || out != strings.Join(add, "\n")+"\n" {
		t.Errorf("plan -ops neg add: exit %d, %q\n%s", code, out, errOut)
	}
}

// TestNoiseAndHints: issue 19 item 12. explain does not say an op that
// returns nothing returns what it writes; a missing kernel whose name is
// close to a function of the kernels package gets the hint. (vet -v's
// silence about the built-in allowlist: TestVetAllowlist.)
func TestNoiseAndHints(t *testing.T) {
	kernels := map[string]string{
		"go.mod": "module example.com/k\n\ngo 1.22\n",
		"k.go":   "package k\n\ntype Tensor struct{}\n\nfunc Neg(self *Tensor) *Tensor { return self }\n\nfunc TopK(self *Tensor) *Tensor { return self }\n",
	}
	runCases(t, []cliCase{
		{name: "explain inplace returning nothing", args: []string{"explain", "_foreach_add_.List"}, out: []string{
			"  kind:      inplace (writes self, returns nothing)", "returns:", "  none"}},
		{name: "explain out= returning nothing", args: []string{"explain", "_foreach_add.List_out"}, out: []string{
			"  kind:      out (writes its out= arguments, returns nothing)"}},
		{name: "explain inplace", args: []string{"explain", "add_.Tensor"}, out: []string{
			"  kind:      inplace (writes self and returns it)"}},
		{name: "near kernel", files: kernels, args: []string{"vet", "-kernels", ".", "-types", "Tensor=*example.com/k.Tensor", "-ops", "neg,topk,absolute"}, code: 1, out: []string{
			"-ops: topk: no kernel Topk in example.com/k; did you mean TopK? (a kernel is named by plan.GoName's rule: Topk)",
			"-ops: absolute: no kernel Absolute in example.com/k"}},
		{name: "near kernel, -v", files: kernels, args: []string{"vet", "-v", "-kernels", ".", "-types", "Tensor=*example.com/k.Tensor"}, out: []string{
			"info: topk: no kernel Topk; did you mean TopK? (a kernel is named by plan.GoName's rule: Topk)"}},
	})
}

// TestTypeMapChecked: issue 19 item 10. The type map is checked against
// the Go packages before any code is generated, and a config that cannot
// work says where and how to fix it.
func TestTypeMapChecked(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/k\n\ngo 1.22\n",
		"k.go":   "package k\n\ntype Tensor struct{}\n\nfunc Neg(self *Tensor) *Tensor { return self }\n",
	}
	files := func(cfg string) map[string]string {
		m := maps.Clone(mod)
		m["assertgen.yaml"] = cfg
		return m
	}
	nothingWritten := func(t *testing.T, dir string) {
		if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
			t.Error("code was generated")
		}
	}
	runCases(t, []cliCase{
		{name: "typo in a type path", files: files("mode: interface\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Tensr\"\n  Scalar: example.com/k.Scalar\n  Generator: example.com/nope.Gen\n"),
			args: []string{"gen"}, code: 1, check: nothingWritten, err: []string{
				`assertgen: assertgen.yaml:4:11: types: Tensor: no type Tensr in example.com/k; did you mean "*example.com/k.Tensor"?`,
				`assertgen.yaml:5:11: types: Scalar: no type Scalar in example.com/k`,
				`assertgen.yaml:6:14: types: Generator: package example.com/nope does not load: no required module provides package example.com/nope`,
				`assertgen: 3 errors`}},
		{name: "missing *", files: files("mode: interface\noutput: ./out\ntypes:\n  Tensor: example.com/k.Tensor\n"),
			args: []string{"gen"}, code: 1, check: nothingWritten, err: []string{
				`assertgen: assertgen.yaml:4:11: types: Tensor: example.com/k.Tensor cannot be nil, which stands for an absent Tensor?; did you mean "*example.com/k.Tensor"?`}},
		{name: "missing * in a flag", files: mod, args: []string{"gen", "-mode", "interface", "-output", "out", "-types", "Tensor=example.com/k.Tensor"}, code: 2, check: nothingWritten, err: []string{
			`assertgen gen: -types: Tensor: example.com/k.Tensor cannot be nil, which stands for an absent Tensor?; did you mean "*example.com/k.Tensor"?`}},
		{name: "missing types", files: files("kernels: .\nops: [neg]\noutput: ./out\n"), args: []string{"gen"}, code: 1, check: nothingWritten, err: []string{
			`assertgen: assertgen.yaml:1:1: the type map has no Tensor, so Tensor is asserts.Tensor, but kernel Neg (k.go:5:6) takes *example.com/k.Tensor: add types: {Tensor: "*example.com/k.Tensor"}`}},
		{name: "missing kernels, mode: function", files: files("mode: function\noutput: ./out\n"), args: []string{"gen"}, code: 1, check: nothingWritten, err: []string{
			`assertgen: assertgen.yaml:1:7: mode: function mode needs the kernels package: add kernels: ./dir (or an import path: the package of the functions to wrap), or mode: interface`}},
		{name: "missing kernels, no mode", files: files("output: ./out\n"), args: []string{"vet"}, code: 1, err: []string{
			`assertgen: assertgen.yaml:1:1: function mode (the default) needs the kernels package: add kernels: ./dir (or an import path: the package of the functions to wrap), or mode: interface`}},
		{name: "vet without assertgen.yaml", args: []string{"vet"}, code: 2, err: []string{
			`assertgen vet: no assertgen.yaml in the working directory, and no -config: function mode (the default) needs the kernels package: pass -kernels ./dir (or an import path) or -mode interface, or write an assertgen.yaml (go doc github.com/assertgen/assertgen/cmd/assertgen shows one)`}},
		{name: "a good type map", files: files("kernels: .\nops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Tensor\"\n"), args: []string{"gen"}, err: []string{
			`assertgen: 1 ops wrapped in out`}},
	})
}

// TestGenOutsideModule: issue 19 item 13. gen says when the package it
// wrote lands in no Go module, where it cannot build, and is quiet inside
// one. (The README's main command: internal/quickstart.)
func TestGenOutsideModule(t *testing.T) {
	if inModule(os.TempDir()) {
		t.Skipf("the temporary directory %s is inside a Go module", os.TempDir())
	}
	runCases(t, []cliCase{
		{name: "outside", args: genArgs, err: []string{
			"assertgen: 1 ops wrapped in $DIR/out",
			"assertgen: note: $DIR/out is in no Go module (no go.mod there or above): the package builds only inside a module that requires github.com/assertgen/assertgen; choose an -output in yours"}},
		{name: "inside", files: map[string]string{"go.mod": "module example.com/m\n"}, args: genArgs, err: []string{
			"assertgen: 1 ops wrapped in $DIR/out"}, check: func(t *testing.T, dir string) {
			if _, stderr, _ := runCLI(t, dir, append(slices.Clone(genArgs[:6]), filepath.Join(dir, "out"), "-ops", "neg")...); strings.Contains(stderr, "note:") {
				t.Errorf("a note inside a module: %s", stderr)
			}
		}},
	})
}
