package generate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestExplainCLI runs explain and plan with allowlists end to end: exit
// codes 0, 1 (unknown op, lint errors at file:line:col) and 2 (usage).
func TestExplainCLI(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	typo := write("typo.yaml", "may_alias:\n  - op: tranpose.int\n    reason: r\n")
	dup := write("dup.yaml", "may_alias:\n  - op: transpose.int\n    reason: r\n")
	noReason := write("noreason.yaml", "views:\n  - op: _unsafe_view\n    arg: self\n")
	good := write("good.yaml", "may_alias:\n  - op: transpose.int\n    reason: our transpose copies\n")
	small := filepath.Join(clitest.Root(), "plan/testdata/small")
	nf26 := filepath.Join(clitest.Root(), "internal/pytorch/2.6.0/native_functions.yaml")
	nf214 := filepath.Join(clitest.Root(), "internal/pytorch/2.14.1/native_functions.yaml")
	badVersion := write("assertgen.yaml", "pytorch_version: \"2.1\"\nmode: interface\n")
	const versions = `assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)`
	for _, tc := range []struct {
		args            []string
		code            int
		inStdout, inErr []string
		notInStdout     []string
	}{
		{args: []string{"explain", "add.Tensor"}, inStdout: []string{"add.Tensor(Tensor self", "profile:   strict", "binding_context"}},
		{args: []string{"explain", "-profile", "pytorch", "add.Tensor"}, inStdout: []string{"VariableType kernel: yes", "pytorch-2.14.1/derivatives.yaml:229", "pytorch-2.14.1/native_functions.yaml:541:9", "PyTorch 2.14 lists"}},
		{args: []string{"explain", "-profile", "pytorch", "-pytorch-version", "2.6", "add.Tensor"}, inStdout: []string{"VariableType kernel: yes", "pytorch-2.6.0/derivatives.yaml:229", "pytorch-2.6.0/native_functions.yaml:552:9", "PyTorch 2.6 lists"}},
		{args: []string{"explain", "-profile", "pytorch", "-pytorch-version", "1.13", "add.Tensor"}, inStdout: []string{"VariableType kernel: yes", "pytorch-1.13.1/derivatives.yaml:212", "PyTorch 1.13 lists"}},
		{args: []string{"explain", "add_.Tensor", "-profile", "pytorch"}, inStdout: []string{"the entry of its functional variant add.Tensor"}},
		{args: []string{"explain", "add"}, inStdout: []string{"add.Tensor(", "add.out(", "add.Scalar("}},
		{args: []string{"explain", "transpose.int", "-allowlists", good}, inStdout: []string{"fresh_or_alias", "our transpose copies (" + good + ":2)"}},
		{args: []string{"explain", "tranpose"}, code: 1, inErr: []string{`unknown op "tranpose"`, "did you mean transpose, transpose_?"}},
		{args: []string{"explain"}, code: 2, inErr: []string{"missing OP"}},
		{args: []string{"explain", "add", "extra"}, code: 2, inErr: []string{`unexpected argument "extra"`}},
		{args: []string{"explain", "add", "-profile", "loose"}, code: 2, inErr: []string{`unknown profile "loose"`}},
		{args: []string{"plan", "-pytorch-version", "two"}, code: 2, inErr: []string{`assertgen plan: -pytorch-version: unknown PyTorch version "two": ` + versions}},
		{args: []string{"explain", "add", "-pytorch-version", "9.9"}, code: 2, inErr: []string{`assertgen explain: -pytorch-version: unknown PyTorch version "9.9": ` + versions}},
		{args: []string{"gen", "-pytorch-version", "2.1"}, code: 2, inErr: []string{`assertgen gen: -pytorch-version: unknown PyTorch version "2.1": ` + versions}},
		{args: []string{"gen", "-config", badVersion}, code: 1, inErr: []string{badVersion + `:1:18: pytorch_version: unknown PyTorch version "2.1": ` + versions}},
		// The 2.6.0 yaml under the rules of 1.13.1, of 2.14.1 (the default),
		// and with its own; the 2.14.1 yaml under the rules of 2.6.0.
		{args: []string{"plan", "-pytorch-version", "1.13", "-schema", nf26}, code: 1, inErr: []string{
			nf26 + `:14600:34: unknown dispatch key "SparseCsrMeta" in PyTorch 1.13.1 (valid in PyTorch 2.6.0, 2.14.1: pass -pytorch-version 2.6 or 2.14)`,
			nf26 + `:647:5: dispatch key XPU is not supported in native_functions.yaml by PyTorch 1.13.1 (valid in PyTorch 2.6.0, 2.14.1: pass -pytorch-version 2.6 or 2.14)`,
			nf26 + `:6874:3: resize_as_ is tagged inplace_view but there is no out-of-place view op resize_as`}},
		{args: []string{"plan", "-schema", nf26}, code: 1, inErr: []string{
			nf26 + `:147:34: rename_: Dimname is not a type in PyTorch 2.14.1 (a type in PyTorch 1.13.1, 2.6.0: pass -pytorch-version 1.13 or 2.6)`,
			nf26 + `:13061:3: _conv_depthwise2d.out: use_const_ref_for_mutable_tensors is not allowed on ops with out arguments in PyTorch 2.14.1 (accepted in PyTorch 1.13.1, 2.6.0: pass -pytorch-version 1.13 or 2.6)`}},
		{args: []string{"plan", "-json", "-pytorch-version", "2.6", "-schema", nf26}, inStdout: []string{`"pytorch_version": "2.6"`, `"name":"set.source_Storage_out"`}},
		{args: []string{"plan", "-pytorch-version", "2.6", "-schema", nf214}, code: 1, inErr: []string{
			nf214 + `:278:22: dispatch key NestedTensorHPU is not supported in native_functions.yaml by PyTorch 2.6.0 (valid in PyTorch 2.14.1: pass -pytorch-version 2.14)`,
			nf214 + `:332:28: dispatch key SparseMPS is not supported in native_functions.yaml by PyTorch 2.6.0 (valid in PyTorch 2.14.1: pass -pytorch-version 2.14)`,
			"assertgen: 498 errors"}},
		{args: []string{"plan", "-json", "-schema", nf214}, inStdout: []string{`"pytorch_version": "2.14"`, `"name":"narrow_copy"`}},
		{args: []string{"plan", "-allowlists", typo}, code: 1, inErr: []string{typo + `:2:9: may_alias: unknown op "tranpose.int" in pytorch-2.14.1/native_functions.yaml; did you mean transpose.int?`}},
		{args: []string{"plan", "-allowlists", dup, "-allowlists", dup}, code: 1, inErr: []string{dup + ":2:9: duplicate may_alias entry for transpose.int: same as the entry at " + dup + ":2:9"}},
		{args: []string{"explain", "add", "-allowlists", noReason}, code: 1, inErr: []string{noReason + ":2:5: views: entry without reason"}},
		{args: []string{"plan", "-allowlists", filepath.Join(dir, "missing.yaml")}, code: 1, inErr: []string{"no such file"}},
		{args: []string{"plan", "-json", "-profile", "pytorch", "-schema", filepath.Join(small, "native_functions.yaml"), "-derivatives", filepath.Join(small, "derivatives.yaml")},
			inStdout: []string{`"derivatives": "` + filepath.Join(small, "derivatives.yaml") + `"`, `"name":"myview_copy"`, `"pytorch_version": "2.14"`}},
		{args: []string{"plan", "-profile", "pytorch", "-schema", filepath.Join(small, "native_functions.yaml"), "-derivatives", filepath.Join(small, "bad-derivatives.yaml")},
			code: 1, inErr: []string{"bad-derivatives.yaml:3:9: derivatives entry nope: no op with this schema"}},
	} {
		out, errOut, code := clitest.Run(t, dir, tc.args...)
		name := "assertgen " + strings.Join(tc.args, " ")
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d\n%s", name, code, tc.code, errOut)
		}
		for _, s := range tc.inStdout {
			if !strings.Contains(out, s) {
				t.Errorf("%s: stdout lacks %q:\n%s", name, s, out)
			}
		}
		for _, s := range tc.notInStdout {
			if strings.Contains(out, s) {
				t.Errorf("%s: stdout has %q", name, s)
			}
		}
		for _, s := range tc.inErr {
			if !strings.Contains(errOut, s) {
				t.Errorf("%s: stderr lacks %q:\n%s", name, s, errOut)
			}
		}
	}
}
