package generate_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// buildModule makes a module in a temporary directory that requires this
// one (replaced by the checkout), with a kernels package k: a Tensor and
// the kernels Neg, Abs and Foo(self, len, len_).
func buildModule(t *testing.T) string {
	t.Helper()
	root := clitest.Root()
	goLine, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var gov string
	for _, l := range strings.Split(string(goLine), "\n") {
		if strings.HasPrefix(l, "go ") {
			gov = l
		}
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\n" + gov + "\n\nrequire github.com/assertgen/assertgen v0.0.0\n\nreplace github.com/assertgen/assertgen => " + root + "\n",
		"k/k.go": `package k

import "github.com/assertgen/assertgen/asserts"

type Tensor struct{ id asserts.Ident }

func (t *Tensor) Ident() asserts.Ident  { return t.id }
func (t *Tensor) UseCounts() (int, int) { return 1, 1 }

func Neg(self *Tensor) *Tensor { return &Tensor{} }
func Abs(self *Tensor) *Tensor { return &Tensor{} }
func Foo(self *Tensor, len_ int64, len__ int64) *Tensor { return &Tensor{} }
`,
		"nf.yaml": "- func: neg(Tensor self) -> Tensor\n- func: abs(Tensor self) -> Tensor\n- func: foo(Tensor self, int len, int len_) -> Tensor\n",
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files["go.sum"] = string(sum)
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestGenOutputBuilds: issue 33 item 3. What gen says it wrote builds:
// two prefixes in one output directory (their shape helpers share a
// package); arguments whose Go names collide once mangled (len becomes
// len_, next to an argument len_). A prefix the go command would ignore
// (it starts with _ or .) is refused, and so is a second interface-mode
// prefix in one package.
func TestGenOutputBuilds(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	dir := buildModule(t)
	types := []string{"-schema", "nf.yaml", "-types", "Tensor=*example.com/m/k.Tensor"}
	for _, args := range [][]string{
		{"gen", "-kernels", "./k", "-output", "fn", "-ops", "neg", "-prefix", "one"},
		{"gen", "-kernels", "./k", "-output", "fn", "-ops", "abs,foo", "-prefix", "two"},
		{"gen", "-mode", "interface", "-output", "iface", "-ops", "neg,abs,foo", "-prefix", "a.b"},
	} {
		if _, stderr, code := clitest.Run(t, dir, append(args, types...)...); code != 0 {
			t.Fatalf("assertgen %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
	}
	// Interface mode declares Kernels and Checked: a second prefix in the
	// package would declare them again.
	_, stderr, code := clitest.Run(t, dir, append([]string{"gen", "-mode", "interface", "-output", "iface", "-ops", "neg", "-prefix", "a-b"}, types...)...)
	if want := "iface holds the interface-mode set a.b (a.b_kernels.go): a second interface-mode set in one package would declare Kernels and Checked twice; give -prefix a-b its own -output"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("a second interface-mode prefix: exit %d, stderr:\n%swant exit 1 and %q", code, stderr, want)
	}
	clitest.BuildAll(t, dir)
	for _, p := range []string{"_x", ".x", "-x"} {
		_, stderr, code := clitest.Run(t, dir, append([]string{"gen", "-kernels", "./k", "-output", "bad", "-ops", "neg", "-prefix", p}, types...)...)
		if code != 2 || !strings.Contains(stderr, "-prefix: \""+p+"\" is not a file name prefix") {
			t.Errorf("-prefix %s: exit %d, stderr:\n%s", p, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "bad")); err == nil {
		t.Error("a refused prefix wrote output")
	}
}

// TestGoCommandDiagnosis: issue 33 item 6. When the go command cannot
// load the packages of the type map or the kernels at all, gen says what
// the go command said, not that the package "is not found": a module whose
// go line is older than assertgen's ("updates to go.mod needed"), and an
// unusable TMPDIR (the go command's work directory).
func TestGoCommandDiagnosis(t *testing.T) {
	dir := buildModule(t)
	types := []string{"-schema", "nf.yaml", "-types", "Tensor=*example.com/m/k.Tensor", "-ops", "neg", "-output", "out"}
	run := func(env []string, args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(clitest.Command(t), append(args, types...)...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "GOTMPDIR="), env...)
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	for _, tc := range []struct {
		name string
		old  bool // the module's go line is older than assertgen's
		env  []string
		want string
	}{
		{"old go line", true, nil, "does not load: go: updates to go.mod needed; to update it: go mod tidy"},
		{"unusable TMPDIR", false, []string{"TMPDIR=" + filepath.Join(dir, "none")}, "go: creating work dir: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mod := filepath.Join(dir, "go.mod")
			src, err := os.ReadFile(mod)
			if err != nil {
				t.Fatal(err)
			}
			if tc.old {
				var lines []string
				for _, l := range strings.Split(string(src), "\n") {
					if strings.HasPrefix(l, "go ") {
						l = "go 1.22"
					}
					lines = append(lines, l)
				}
				os.WriteFile(mod, []byte(strings.Join(lines, "\n")), 0o644)
				defer os.WriteFile(mod, src, 0o644)
			}
			for _, args := range [][]string{{"gen", "-mode", "interface"}, {"gen", "-kernels", "./k"}} {
				out, code := run(tc.env, args...)
				if code != 2 || !strings.Contains(out, tc.want) || strings.Contains(out, "is not found") {
					t.Errorf("%s: exit %d, output:\n%swant exit 2 and %q", strings.Join(args, " "), code, out, tc.want)
				}
			}
		})
	}
}
