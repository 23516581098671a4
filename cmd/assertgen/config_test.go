package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

const typesTensor = "types:\n  Tensor: \"*example.com/rt.Tensor\"\n"

// TestConfigErrors: issue 12 item 4. Every config error is one line at
// file:line:col, with a suggestion when a close value exists.
func TestConfigErrors(t *testing.T) {
	clitest.RunCases(t, []clitest.Case{
		{Name: "bad values", Files: map[string]string{"assertgen.yaml": "profile: strct\nmode: interfce\npackage: my-pkg\nbuild_tag: \"a b\"\nprefix: ../x\noutput: \"\"\n" + typesTensor +
			"  Scalr: float64\n  int[2]: int\n  Storage: not a type\n  Layot?: int\npytorch_version: \"9.9\"\n"},
			Args: []string{"vet"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:1:10: profile: unknown profile "strct" (want strict or pytorch); did you mean "strict"?`,
				`assertgen.yaml:2:7: mode: unknown mode "interfce" (want function or interface); did you mean "interface"?`,
				`assertgen.yaml:3:10: package: "my-pkg" is not a Go package name (a Go identifier, not a keyword)`,
				`assertgen.yaml:4:12: build_tag: "a b" is not a build tag (letters, digits, _ and .)`,
				`assertgen.yaml:5:9: prefix: "../x" is not a file name prefix (ASCII letters, digits, _, - and ., not first ., - or _: the go command ignores a file whose name starts with . or _)`,
				`assertgen.yaml:6:9: output: empty directory (leave it out for the default)`,
				`assertgen.yaml:9:3: types: unknown schema type "Scalr"; did you mean "Scalar"?`,
				`assertgen.yaml:10:3: types: "int[2]": list sizes are not part of a key; did you mean "int[]"?`,
				`assertgen.yaml:11:12: types: Storage: invalid Go type "not a type": not a type is not a builtin type; qualify it with its import path, e.g. example.com/rt.not a type`,
				`assertgen.yaml:12:3: types: unknown schema type "Layot?"; did you mean "Layout?"?`,
				`assertgen.yaml:13:18: pytorch_version: unknown PyTorch version "9.9": assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)`,
				`assertgen: 11 errors`,
			}},
		{Name: "unknown keys, with the values' errors", Files: map[string]string{"assertgen.yaml": "kernel: .\nallowlist: [a.yaml]\nfrobnicate: 1\nops: [neg]\nops: [add]\nmode: fun\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:1:1: unknown key "kernel"; did you mean "kernels"?`,
				`assertgen.yaml:2:1: unknown key "allowlist"; did you mean "allowlists"?`,
				`assertgen.yaml:3:1: unknown key "frobnicate"`,
				`assertgen.yaml:5:1: duplicate key "ops"; first at line 4`,
				`assertgen.yaml:6:7: mode: unknown mode "fun" (want function or interface)`,
				`assertgen: 5 errors`,
			}},
		{Name: "missing kernels directory", Files: map[string]string{"assertgen.yaml": "kernels: ./nope\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:1:10: kernels: nope: no such file or directory`,
			}},
		{Name: "wrong value type", Files: map[string]string{"assertgen.yaml": "ops: add.Tensor\ntypes: [a]\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				"assertgen: assertgen.yaml:1:6: ops: cannot unmarshal !!str `add.Tensor` into []string",
				"assertgen.yaml:2:8: types: cannot unmarshal !!seq into map[string]string",
			}},
		{Name: "missing allowlist", Files: map[string]string{"assertgen.yaml": "mode: interface\nallowlists:\n  - ok.yaml\n  - missing.yaml\n", "ok.yaml": "{}\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:4:5: allowlists: missing.yaml: no such file or directory`,
			}},
		{Name: "ops", Files: map[string]string{"assertgen.yaml": "mode: interface\nops:\n  - add.Tensor\n  - neg\n  - add.Tensor\n  - add.Tensr\n  - add\n  - \"foo*\"\n  - \"[\"\n  - \"neg*\"\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				`assertgen: assertgen.yaml:5:5: ops: duplicate op "add.Tensor" (first at assertgen.yaml:3:5)`,
				`assertgen.yaml:6:5: ops: unknown op "add.Tensr" in pytorch-2.14.1/native_functions.yaml; did you mean add.Tensor, add_.Tensor?`,
				`assertgen.yaml:7:5: ops: unknown op "add": it has only overloads; use add.* for all of them, or one of add.Tensor, add.out, add.Scalar, ...`,
				`assertgen.yaml:8:5: ops: "foo*" is not an op selector (an op name, name.* for its overloads or * for every op)`,
				`assertgen.yaml:9:5: ops: "[" is not an op selector (an op name, name.* for its overloads or * for every op)`,
				`assertgen.yaml:10:5: ops: "neg*" is not an op selector (an op name, name.* for its overloads or * for every op): write neg.*, neg_.*, negative.*, negative_.* instead`,
				`assertgen: 6 errors`,
			}},
		{Name: "-ops duplicate", Args: []string{"gen", "-mode", "interface", "-ops", "neg,add.Tensor, neg"}, Code: 2,
			Err: []string{`assertgen gen: -ops: duplicate op "neg" (listed before)`}},
		{Name: "-ops unknown", Args: []string{"vet", "-mode", "interface", "-ops", "nge"}, Code: 2,
			Err: []string{`assertgen vet: -ops: unknown op "nge" in pytorch-2.14.1/native_functions.yaml; did you mean ne.*, ge.*?`}},
		{Name: "-ops with spaces", Args: []string{"gen", "-mode", "interface", "-package", "p", "-output", "out", "-ops", " add.Tensor , neg "}, Code: 0,
			Err: []string{`assertgen: 2 ops wrapped in $DIR/out`}},
		{Name: "bad flag values", Args: []string{"gen", "-profile", "strct", "-mode", "fn", "-package", "a-b", "-types", "Scalr=float64", "-build-tag", ""}, Code: 2,
			Err: []string{
				`assertgen gen: -profile: unknown profile "strct" (want strict or pytorch); did you mean "strict"?`,
				`assertgen gen: -mode: unknown mode "fn" (want function or interface)`,
				`assertgen gen: -package: "a-b" is not a Go package name (a Go identifier, not a keyword)`,
				`assertgen gen: -build-tag: "" is not a build tag (letters, digits, _ and .)`,
				`assertgen gen: -types: unknown schema type "Scalr"; did you mean "Scalar"?`,
			}},
	})
}

// TestOutputDir: issue 12 items 3 and 7 (read-only files, -out ""). gen
// refuses a directory with Go files of another package, naming the file;
// tests in the directory are fine.
func TestOutputDir(t *testing.T) {
	gen := []string{"gen", "-mode", "interface", "-package", "out", "-output", "out", "-ops", "neg"}
	clitest.RunCases(t, []clitest.Case{
		{Name: "foreign go file", Files: map[string]string{"out/kernels.go": "package out\n\nfunc Neg() {}\n"}, Args: gen, Code: 1,
			Err: []string{`assertgen: $DIR/out/kernels.go: not generated by assertgen; the output directory must hold only assertgen's files, tests and a package doc file: choose another -output (or output: in assertgen.yaml)`}},
		{Name: "two foreign files, -check too", Files: map[string]string{"out/a.go": "// Package a is another package.\npackage a\n", "out/b.go": "// Code generated by someone else. DO NOT EDIT.\npackage a\n"},
			Args: append(gen, "-check"), Code: 1,
			Err: []string{`assertgen: $DIR/out/a.go (and 1 more): not generated by assertgen; the output directory must hold only assertgen's files, tests and a package doc file: choose another -output (or output: in assertgen.yaml)`}},
		{Name: "tests, a doc file and other files are fine", Files: map[string]string{"out/x_test.go": "package out\n", "out/README": "notes\n", "out/_scratch.go": "junk",
			"out/doc.go": "// Package out is generated.\n//\n//go:generate assertgen gen\npackage out\n"}, Args: gen, Code: 0,
			Err: []string{`assertgen: 1 ops wrapped in $DIR/out`}},
		{Name: "read-only generated file", Args: gen, Code: 0,
			Check: func(t *testing.T, dir string) {
				// The first run wrote the files; one is made read-only,
				// and a run that would change it fails and changes nothing.
				p := filepath.Join(dir, "out", "assertgen_checked.go")
				before := clitest.ReadSet(t, filepath.Join(dir, "out"))
				os.Chmod(p, 0o444)
				args := append(gen[:len(gen)-1:len(gen)-1], "add.Tensor")
				_, stderr, code := clitest.Run(t, dir, args...)
				want := "assertgen: " + p + ": read-only; make it writable (chmod u+w) or remove it, and run again\n"
				if code != 1 || stderr != want {
					t.Errorf("exit %d, stderr %q; want 1, %q", code, stderr, want)
				}
				if after := clitest.ReadSet(t, filepath.Join(dir, "out")); !maps.Equal(before, after) {
					t.Errorf("the output changed: %v", slices.Sorted(maps.Keys(after)))
				}
			}},
		{Name: "-output empty", Args: []string{"gen", "-mode", "interface", "-output", ""}, Code: 2,
			Err: []string{`assertgen gen: -output: empty directory (leave it out for the default)`}},
	})
}

// TestDegenerateInput: issue 12 item 7.
func TestDegenerateInput(t *testing.T) {
	clitest.RunCases(t, []clitest.Case{
		{Name: "empty txt", Files: map[string]string{"empty.txt": ""}, Args: []string{"gen", "-mode", "interface", "-schema", "empty.txt", "-output", "out"}, Code: 1,
			Err: []string{`assertgen: $DIR/empty.txt:1:1: the schema has no ops`},
			Check: func(t *testing.T, dir string) {
				if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
					t.Error("gen wrote an output directory")
				}
			}},
		{Name: "empty yaml list", Files: map[string]string{"nf.yaml": "[]\n"}, Args: []string{"plan", "-schema", "nf.yaml"}, Code: 1,
			Err: []string{`assertgen: $DIR/nf.yaml:1:1: the schema has no ops`}},
		{Name: "unknown version", Args: []string{"explain", "add.Tensor", "-pytorch-version", "9.9"}, Code: 2,
			Err: []string{`assertgen explain: -pytorch-version: unknown PyTorch version "9.9": assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)`}},
		{Name: "patch release", Args: []string{"explain", "add.Tensor", "-pytorch-version", "1.13.1"}, Code: 0},
		{Name: "version extra", Args: []string{"version", "extra"}, Code: 2,
			Err: []string{`assertgen version: unexpected argument "extra"`}},
		{Name: "-tags deprecated", Files: map[string]string{"nf.yaml": "- func: f(Tensor self) -> Tensor\n  tags: pointwise\n", "t.yaml": "- tag: pointwise\n  desc: p\n"},
			Args: []string{"plan", "-schema", "nf.yaml", "-tags", "t.yaml"}, Code: 0,
			Err: []string{`assertgen plan: -tags is deprecated; use -tags-yaml`}, Out: []string{"f\tfunctional\t10 checks, 0 skipped"}},
		{Name: "-tags-yaml", Files: map[string]string{"nf.yaml": "- func: f(Tensor self) -> Tensor\n  tags: pointwise\n", "t.yaml": "- tag: other\n  desc: p\n"},
			Args: []string{"plan", "-schema", "nf.yaml", "-tags-yaml", "t.yaml"}, Code: 1,
			Err: []string{`assertgen: $DIR/nf.yaml:2:9: unknown tag "pointwise" (not in tags.yaml)`}},
	})
}

// TestPlanExplainConfig: issue 12 item 6. plan and explain apply the
// config's schema, profile and allowlists, flags win, and its errors are
// reported like gen's.
func TestPlanExplainConfig(t *testing.T) {
	small, _ := filepath.Abs("../../plan/testdata/small")
	cfg := "schema: " + filepath.Join(small, "native_functions.yaml") + "\nprofile: pytorch\nderivatives: " + filepath.Join(small, "derivatives.yaml") +
		"\nmode: interface\n"
	allow := "may_alias:\n  - op: transpose.int\n    reason: our transpose copies\n"
	clitest.RunCases(t, []clitest.Case{
		{Name: "explain applies the allowlist", Files: map[string]string{"c.yaml": "allowlists: [allow.yaml]\n", "allow.yaml": allow},
			Args: []string{"explain", "transpose.int", "-config", "c.yaml"}, Code: 0,
			Out: []string{"  profile:   strict (PyTorch 2.14 lists)", "  0 Tensor(a): self, a view of it, or fresh: our transpose copies (allow.yaml:2)"}, Check: func(t *testing.T, dir string) {
				// Without the config, no allowlist.
				out, _, _ := clitest.Run(t, dir, "explain", "transpose.int")
				if strings.Contains(out, "our transpose copies") {
					t.Errorf("explain applies an allowlist without -config:\n%s", out)
				}
			}},
		{Name: "plan applies schema and profile", Files: map[string]string{"c.yaml": cfg, "allow.yaml": allow},
			Args: []string{"plan", "-json", "-config", "c.yaml"}, Code: 0, Check: func(t *testing.T, dir string) {
				out, _, _ := clitest.Run(t, dir, "plan", "-json", "-config", "c.yaml")
				if !strings.Contains(out, `"profile": "pytorch"`) || !strings.Contains(out, `"name":"myview_copy"`) {
					t.Errorf("plan -config: %.300s", out)
				}
				out, _, _ = clitest.Run(t, dir, "plan", "-json", "-config", "c.yaml", "-profile", "strict")
				if !strings.Contains(out, `"profile": "strict"`) {
					t.Errorf("plan -config -profile strict: the flag does not win: %.200s", out)
				}
			}},
		{Name: "plan does not read assertgen.yaml unasked", Files: map[string]string{"assertgen.yaml": "profile: nope\n"},
			Args: []string{"plan"}, Code: 0},
		{Name: "config errors", Files: map[string]string{"c.yaml": "profile: pytroch\nallowlists: [nope.yaml]\n"},
			Args: []string{"explain", "add", "-config", "c.yaml"}, Code: 1,
			Err: []string{`assertgen: c.yaml:1:10: profile: unknown profile "pytroch" (want strict or pytorch); did you mean "pytorch"?`}},
		{Name: "missing config", Args: []string{"plan", "-config", "nope.yaml"}, Code: 1,
			Err: []string{`assertgen: nope.yaml: no such file or directory`}},
	})
}

// TestBackendCLI: issue 10 item 7. -backend (or backend: in the config)
// selects the ops of a torchgen backend yaml; ops: narrows them; vet
// requires their kernels, at the backend file's line; errors are at
// path:line:col with suggestions.
func TestBackendCLI(t *testing.T) {
	small, _ := filepath.Abs("../../gen/testdata/small")
	cfg := filepath.Join(small, "assertgen.yaml")
	backend, _ := filepath.Abs("../../schema/testdata/backend/my_backend.yaml")
	withReshape := "backend: XLA\ncpp_namespace: x\nsupported:\n  - add.Tensor\n  - reshape\n"
	clitest.RunCases(t, []clitest.Case{
		{Name: "gen -backend", Args: []string{"gen", "-config", cfg, "-backend", backend, "-output", "out"}, Code: 0,
			Err: []string{"assertgen: 5 ops wrapped in $DIR/out"}},
		{Name: "backend narrowed by -ops", Args: []string{"gen", "-config", cfg, "-backend", backend, "-ops", "add.*, add_.*, cat", "-output", "out"}, Code: 0,
			Err: []string{"assertgen: 3 ops wrapped in $DIR/out"}},
		{Name: "backend: in the config", Files: map[string]string{"c.yaml": "schema: " + filepath.Join(small, "native_functions.yaml") +
			"\nmode: interface\npackage: out\noutput: out\nbackend: " + backend + "\nops: [transpose.int]\n"},
			Args: []string{"gen", "-config", "c.yaml"}, Code: 0, Err: []string{"assertgen: 1 ops wrapped in out"}},
		{Name: "ops outside the backend", Files: map[string]string{"c.yaml": "schema: " + filepath.Join(small, "native_functions.yaml") +
			"\nmode: interface\npackage: out\noutput: out\nbackend: " + backend + "\nops:\n  - transpose.int\n  - reshape\n"},
			Args: []string{"gen", "-config", "c.yaml"}, Code: 1,
			Err: []string{`assertgen: c.yaml:8:5: ops: "reshape" selects no op of the backend ` + backend}},
		{Name: "vet requires the backend's kernels", Files: map[string]string{"b.yaml": withReshape},
			Args: []string{"vet", "-config", cfg, "-backend", "b.yaml"}, Code: 1,
			Out: []string{"$DIR/b.yaml:5:5: reshape: no kernel Reshape in github.com/assertgen/assertgen/gen/testdata/small/kernels; write:",
				"\tfunc Reshape(self *Tensor, shape []int64) *Tensor"}},
		{Name: "unknown key in the backend", Files: map[string]string{"b.yaml": "backend: X\ncpp_namespace: x\nsupported:\n  - add.Tensor\n  - trnspose.int\nautograd: [cat]\nextra: 1\n"},
			Args: []string{"vet", "-config", cfg, "-backend", "b.yaml"}, Code: 1,
			Err: []string{`assertgen: $DIR/b.yaml:7:1: unknown key "extra"`}},
		{Name: "unknown op in the backend", Files: map[string]string{"b.yaml": "backend: X\ncpp_namespace: x\nsupported:\n  - add.Tensor\n  - trnspose.int\n"},
			Args: []string{"gen", "-config", cfg, "-backend", "b.yaml"}, Code: 1,
			Err: []string{`assertgen: $DIR/b.yaml:5:5: supported: unknown op "trnspose.int" in ` + filepath.Join(small, "native_functions.yaml") + `; did you mean transpose.int?`}},
		{Name: "missing backend", Args: []string{"gen", "-config", cfg, "-backend", "nope.yaml"}, Code: 1,
			Err: []string{`assertgen: -backend: $DIR/nope.yaml: no such file or directory`}},
		{Name: "backend without kernels", Files: map[string]string{"b.yaml": "backend: X\ncpp_namespace: x\nsupported:\nsymint: [cat]\n"},
			Args: []string{"gen", "-config", cfg, "-backend", "b.yaml"}, Code: 1,
			Err: []string{`assertgen: $DIR/b.yaml: the backend lists no op with a kernel (supported, full_codegen, autograd)`}},
	})
}
