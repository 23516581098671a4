package generate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestSkipOfAbsentCheck: issue 33 item 4. A skip entry naming a check
// that no op it selects has (neg has no returns_arg: it writes nothing)
// excuses nothing; plan, explain, vet and gen refuse it at the check's
// position, as views entries of no effect are. Entries that name a check
// of the op, under the profile where the op has it, are accepted.
func TestSkipOfAbsentCheck(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.yaml", "skip:\n  - {op: neg, check: returns_arg, reason: r}\n  - {op: add_.Tensor, check: no_mutation, arg: self, reason: r}\n"+
		"  - {op: add.Tensor, check: no_mutation, arg: other, profiles: [pytorch], reason: r}\n")
	good := write("good.yaml", "skip:\n  - {op: neg, check: same_impl, arg: self, reason: r}\n  - {op: add_.Tensor, check: returns_arg, reason: r}\n"+
		"  - {op: add.Tensor, check: same_storage, arg: other, profiles: [pytorch], reason: r}\n")
	want := []string{
		"bad.yaml:2:22: skip: no effect: neg has no returns_arg check\n",
		"bad.yaml:3:30: skip: no effect: add_.Tensor has no no_mutation check on argument self\n",
		"bad.yaml:4:29: skip: no effect: add.Tensor has no no_mutation check on argument other under the profiles the entry names\n",
	}
	for _, args := range [][]string{
		{"plan"},
		{"plan", "-profile", "pytorch"},
		{"explain", "neg"},
		{"vet", "-mode", "interface"},
		{"gen", "-mode", "interface", "-package", "out", "-output", filepath.Join(dir, "out"), "-ops", "neg"},
	} {
		_, stderr, code := clitest.Run(t, dir, append(args, "-allowlists", bad)...)
		for _, w := range want {
			if code != 1 || !strings.Contains(stderr, w) {
				t.Errorf("%s: exit %d, stderr:\n%swant exit 1 and %q", strings.Join(args, " "), code, stderr, w)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
			t.Errorf("%s: wrote output", args[0])
		}
		if _, stderr, code := clitest.Run(t, dir, append(args, "-allowlists", good)...); code != 0 {
			t.Errorf("%s with good entries: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
		os.RemoveAll(filepath.Join(dir, "out"))
	}
}

// TestTagsYAMLKey: issue 33 item 6. A bad tags_yaml: value is reported
// under tags_yaml:, the key the user wrote, not under its deprecated
// spelling tags:; a bad tags: value stays under tags:.
func TestTagsYAMLKey(t *testing.T) {
	clitest.RunCases(t, []clitest.Case{
		{Name: "wrong type", Files: map[string]string{"assertgen.yaml": "mode: interface\ntags_yaml: [a]\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				"assertgen: assertgen.yaml:2:12: tags_yaml: cannot unmarshal !!seq into string"}},
		{Name: "missing file", Files: map[string]string{"assertgen.yaml": "mode: interface\ntags_yaml: nope.yaml\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				"assertgen: assertgen.yaml:2:12: tags_yaml: nope.yaml: no such file or directory"}},
		{Name: "deprecated key, missing file", Files: map[string]string{"assertgen.yaml": "mode: interface\ntags: nope.yaml\n"},
			Args: []string{"gen"}, Code: 1, Err: []string{
				"assertgen: assertgen.yaml:2:7: tags: nope.yaml: no such file or directory"}},
	})
}
