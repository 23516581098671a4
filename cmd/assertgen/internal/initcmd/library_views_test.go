package initcmd

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd/finder"
)

// TestProbeViews: init finds the views of the sweep's samples by trying
// viewlib.T's methods on a tensor its constructor made and checking,
// through the memory function, that the result is on that tensor's
// storage with the view's offset, sizes and strides (issue 67, item 2):
// T() (which swaps the dims in place) makes the transposed view, and
// Slice(viewlib.S(i)) (through an interface result) the selected one.
// Each other candidate is turned away with why, those that made a result
// of the view's sizes first: Transposed's copy and Clone's (and the ops' results) are not views,
// Narrow(i) is at another row, Row keeps the selected dim.
func TestProbeViews(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	_, l := probedLib(t, clitest.FakeModule(t, nil), "example.com/fakemod/viewlib")
	v := l.Views
	if v.Transpose == nil || v.Select == nil {
		t.Fatalf("views %+v, want both", v)
	}
	for _, c := range []struct{ got, want string }{
		{v.Transpose.Name("vl"), "T.T()"},
		{v.Transpose.Code("vl"), "if err := base.T(); err != nil {\n\tpanic(err)\n}\nview := base"},
		{v.Select.Name("vl"), "T.Slice(vl.S(i))"},
		{v.Select.Code("vl"), "made, err := base.Slice(vl.S(i))\nif err != nil {\n\tpanic(err)\n}\nview := made.(*vl.T)"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	want := map[string][]string{
		"transposed": {"T.Transposed(): its result is not on the tensor's storage (sizes [2 3])", "T.Abs(): its result is not on the tensor's storage (sizes [3 2])",
			"T.Clone(): its result is not on the tensor's storage (sizes [3 2])", "T.Exp(): its result is not on the tensor's storage (sizes [3 2])"},
		"selected": {"T.Narrow(i): its window starts 32 bytes into the tensor's, not 16 (sizes [2])", "T.Row(i): its geometry is not sizes [2] and strides [1] (sizes [1 2])"},
	}
	for kind, w := range want {
		if !slices.Equal(v.Tried[kind], w) {
			t.Errorf("%s: tried %q, want %q", kind, v.Tried[kind], w)
		}
	}
}

// TestInitLibraryViews: init -type on viewlib writes a sweep adapter that
// makes the transposed and the selected samples with the views it found
// (T() and Slice(viewlib.S(i))), and says so; the sweep then catches the
// bugs viewlib plants on those views alone: Abs of a transposed tensor
// and Exp of a selected view return their input, written in place. With
// the views turned away, as init's adapter did before, neither is found.
// Each of those findings gets a verified reproducer (issue 70) that makes
// its view as the adapter did, with the method init found (T(),
// Slice(viewlib.S(i))), imports no package of assertgen, and fails alone
// with the op in its message.
func TestInitLibraryViews(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, nil)
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := Init(InitOptions{Dir: dir, Type: "*example.com/fakemod/viewlib.T", Ops: []string{"abs", "exp"}, Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, want := range []string{
		"makes transposed views (a 2-D tensor's dims swapped) with T.T(): init checked its result is on the tensor's memory",
		"makes views selected along dim 0 with T.Slice(viewlib.S(i)): init checked",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q:\n%s", want, report)
		}
	}
	found, sweep := clitest.SweepFindings(t, mod, dir, "ASSERTGEN_SWEEP_REPRO=testdata/repro")
	repros := verifiedRepros(sweep)
	for key, sample := range map[string]string{
		"abs impl_use_count_eq_fresh return 0": "non-contiguous float [2,3] (transposed views)",
		"exp impl_use_count_eq_fresh return 0": "two views of one base",
		"exp same_content argument self":       "two views of one base",
	} {
		if !strings.Contains(found[key], sample) {
			t.Errorf("%s: in %q, want a %s sample:\n%s", key, found[key], sample, sweep)
		}
		op, _, _ := strings.Cut(key, " ")
		r, ok := repros[key]
		if !ok {
			t.Errorf("%s: no verified reproducer of the finding on a view sample:\n%s", key, sweep)
			continue
		}
		if !callTitle.MatchString(r.title) {
			t.Errorf("%s: the reproducer fails with %q, which does not begin with the call it makes", key, r.title)
		}
		src, err := os.ReadFile(filepath.Join(dir, r.dir, "repro_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		view := map[string]string{"abs": ".T()", "exp": ".Slice(viewlib.S("}[op]
		if strings.Contains(string(src), "github.com/assertgen/") || !strings.Contains(string(src), view) {
			t.Errorf("%s: the reproducer imports assertgen, or makes no view with %s:\n%s", key, view, src)
		}
	}
	// Each fails alone, in its own module, with its title.
	for key, r := range repros {
		cmd := exec.Command("go", "test", "-count=1", "./...")
		cmd.Dir, cmd.Env = filepath.Join(dir, r.dir), append(os.Environ(), "GOWORK=off")
		o, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(o), r.title) || !strings.Contains(string(o), "FAIL\t"+filepath.Base(r.dir)) {
			t.Errorf("%s: the reproducer in %s does not fail with %q (%v):\n%s", key, r.dir, r.title, err, o)
		}
	}
}

// callTitle matches a reproducer's title: the call it makes first.
var callTitle = regexp.MustCompile(`^[\w.]+\([\w, ]*\) `)

// A repro is a verified reproducer, as a sweep's report lists it: its
// title (what its test fails with) and its directory.
type repro struct{ title, dir string }

// verifiedRepros returns the verified reproducers a sweep's report lists,
// by the key of the finding each was written from (from:) and of each
// other finding of its cause (also:).
func verifiedRepros(report string) map[string]repro {
	out := map[string]repro{}
	var last repro
	for _, l := range strings.Split(report, "\n") {
		l = strings.TrimSpace(l)
		if a, ok := strings.CutPrefix(l, "from: "); ok && last.dir != "" {
			out[a] = last
			continue
		}
		if a, ok := strings.CutPrefix(l, "also: "); ok && last.dir != "" {
			out[a] = last
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 3 || !strings.HasPrefix(f[2], "cd ./testdata/repro/") {
			last = repro{}
			continue
		}
		last = repro{title: f[0], dir: f[1]}
	}
	return out
}

// TestProbeViewsExit: a method that ends the program the views are tried
// in (viewlib with Quit, which calls os.Exit) costs the views, not init:
// ProbeViews returns no error, makes no view, and says why.
func TestProbeViewsExit(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, nil)
	src, err := os.ReadFile(filepath.Join(mod, "viewlib", "viewlib.go"))
	if err != nil {
		t.Fatal(err)
	}
	exitlib := strings.Replace(strings.Replace(string(src), "package viewlib", "package exitlib", 1), `import "math"`, "import (\n\t\"math\"\n\t\"os\"\n)", 1) +
		"\n// Quit ends the program.\nfunc (t *T) Quit() { os.Exit(3) }\n"
	if err := os.Mkdir(filepath.Join(mod, "exitlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "exitlib", "exitlib.go"), []byte(exitlib), 0o644); err != nil {
		t.Fatal(err)
	}
	_, l := probedLib(t, mod, "example.com/fakemod/exitlib")
	if v := l.Views; v.Transpose != nil || v.Select != nil || !strings.HasPrefix(v.Why["transposed"], "init could not try the methods: the check of the views of *example.com/fakemod/exitlib.T (a program run in this module) failed: exit status 3") {
		t.Errorf("views %+v", v)
	}
}

// TestReproViews: the reproducers' hooks of viewlib (finder.ReproHooks)
// make the sweep's views with the methods ProbeViews found, and
// CheckRepro runs them: read back through the strides (tensorAt) with the
// sample's sizes and values in order, filled without touching the base's
// other elements. Hooks whose views are not the sample's (a transposed
// copy, another row) are refused per kind, with why, and the tensors the
// constructor makes still have theirs.
func TestReproViews(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	dir, l := probedLib(t, clitest.FakeModule(t, nil), "example.com/fakemod/viewlib")
	ctx := context.Background()
	h := l.Repro()
	if !strings.Contains(h.Transpose, "base.T()") || !strings.Contains(h.Select, "base.Slice(viewlib.S(i))") || !strings.Contains(h.Decls, "func tensorAt(") {
		t.Fatalf("hooks without the views: %+v", h)
	}
	// Wrong views: a transposed copy (a fill leaves the base as it was),
	// the row after i (other values).
	bad := l.Repro()
	bad.Transpose = strings.Replace(bad.Transpose, "if err := base.T(); err != nil {\n\t\tpanic(err)\n\t}\n\tview := base", "view := base.Transposed()", 1)
	bad.Select = strings.Replace(bad.Select, "made, err := base.Slice(viewlib.S(i))\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\tview := made.(*viewlib.T)", "view := base.Narrow(i)", 1)
	if bad.Transpose == h.Transpose || bad.Select == h.Select {
		t.Fatalf("the views' code is not as the test expects:\n%s\n%s", h.Transpose, h.Select)
	}
	for _, c := range []struct {
		h              *finder.ReproHooks
		transpose, sel string
	}{
		{h, "", ""},
		{bad, "the reproducers' hooks read it wrong: tensorFill(x, 0) leaves its base [1 4 2 5 3 6], not [0 0 0 0 0 0]",
			"the reproducers' hooks read it wrong: tensorValues gives [5 6], not [3 4]"},
	} {
		if err := l.CheckRepro(ctx, dir, c.h); err != nil {
			t.Fatal(err)
		}
		if got := c.h.NoView["transposed"]; got != c.transpose || (got == "") != (c.h.Transpose != "") {
			t.Errorf("transposed: %q (format %q), want %q", got, c.h.Transpose, c.transpose)
		}
		if got := c.h.NoView["selected"]; got != c.sel || (got == "") != (c.h.Select != "") {
			t.Errorf("selected: %q (format %q), want %q", got, c.h.Select, c.sel)
		}
	}
}

// probedLib loads the library type T of package path in the fake module
// mod and probes its memory and its views, as init does: the user's
// directory and the library.
func probedLib(t *testing.T, mod, path string) (string, *finder.Lib) {
	t.Helper()
	dir := filepath.Join(mod, "user")
	l, err := finder.Load(dir, finder.Spec{Pointer: true, Path: path, Name: "T"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := finder.ProbeMemory(ctx, dir, l); err != nil {
		t.Fatal(err)
	}
	if err := finder.ProbeViews(ctx, dir, l); err != nil {
		t.Fatal(err)
	}
	return dir, l
}
