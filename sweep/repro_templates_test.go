package sweep

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/schema/funcschema"
)

// libT stands for the library's tensor type in the wrappers' signatures
// (the templates name tensors by their variables, never by this type).
type libT struct{}

// libRuntime writes testdata/reprolib's tensors as Go.
type libRuntime struct{ path string }

func (libRuntime) Tensor(Spec, []reflect.Value) (reflect.Value, error) {
	return reflect.Value{}, fmt.Errorf("not called")
}

func (libRuntime) Value(*Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

func (r libRuntime) ReproSource() Source {
	return Source{Imports: []string{r.path, "unsafe"}, Decls: `
func tensorValues(x *lib.T) []float64 { return append([]float64{}, x.V...) }

func tensorSizes(x *lib.T) []int { return append([]int{}, x.Shape...) }

func tensorFill(x *lib.T, v float64) {
	for i := range x.V {
		x.V[i] = v
	}
}

func tensorImpl(x *lib.T) uintptr { return uintptr(unsafe.Pointer(x)) }

func tensorVersion(x *lib.T) int { return x.Version }

func tensorRelease(xs ...any) {
	for _, x := range xs {
		if x, ok := x.(*lib.T); ok {
			lib.Release(x)
		}
	}
}

func tensorAddr(x *lib.T) uintptr {
	if len(x.V) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&x.V[0]))
}`}
}

func (libRuntime) ReproTensor(sp Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	shape := ""
	for _, n := range sp.Shape {
		shape += fmt.Sprintf(", %d", n)
	}
	return fmt.Sprintf("lib.New(%#v%s)", sp.Elements(), shape), nil
}

// A templateCase is one template's finding on reprolib's op.
type templateCase struct {
	name, schema, fun string
	wrapper           any
	check, where      string
	other             string
	crash             *crashError
}

var templateCases = []templateCase{
	{"returns_arg", "neg_(Tensor(a!) self) -> Tensor(a!)", "Neg_", func(*libT) *libT { return nil }, "returns_arg", "return 0", "argument self", nil},
	{"same_content", "neg(Tensor self) -> Tensor", "Neg", func(*libT) *libT { return nil }, "same_content", "argument self", "", nil},
	{"same_metadata", "softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", "Softmax", func(*libT, int64, *int) *libT { return nil }, "same_metadata", "argument self", "", nil},
	{"shares_storage", "alias(Tensor(a) self) -> Tensor(a)", "Alias", func(*libT) *libT { return nil }, "shares_storage", "return 0", "argument self", nil},
	{"fresh_no_alias", "clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor", "Clone", func(*libT, *int) *libT { return nil }, "fresh_no_alias", "return 0", "argument self", nil},
	{"fresh_not_held", "exp(Tensor self) -> Tensor", "Exp", func(*libT) *libT { return nil }, "fresh_not_held", "return 0", "", nil},
	{"distinct_outputs", "sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)", "Sort", func(*libT, int64, bool) (*libT, *libT) { return nil, nil }, "distinct_outputs", "return 0", "return 1", nil},
	{"same_storage", "neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "NegOut", func(*libT, *libT) *libT { return nil }, "same_storage", "argument out", "", nil},
	{"panic", "abs(Tensor self) -> Tensor", "Abs", func(*libT) *libT { return nil }, "", "", "", &crashError{Kind: crashPanic, Text: "runtime error: index out of range [6] with length 6"}},
	{"hang", "sqrt(Tensor self) -> Tensor", "Sqrt", func(*libT) *libT { return nil }, "", "", "", &crashError{Kind: crashHang, Text: "the call passed its time limit"}},
	{"same_impl", "stack(Tensor[] tensors, int dim=0) -> Tensor", "Stack", func([]*libT, int64) *libT { return nil }, "same_impl", "argument tensors[0]", "", nil},
	{"same_impl_bare", "stack(Tensor[] tensors, int dim=0) -> Tensor", "Stack", func([]*libT, int64) *libT { return nil }, "same_impl", "argument tensors[0]", "", nil},
	{"no_mutation", "sum(Tensor self, *, ScalarType? dtype=None) -> Tensor", "Sum", func(*libT, *int) *libT { return nil }, "no_mutation", "argument self", "", nil},
	{"fresh_or_alias", "contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)", "Contiguous", func(*libT, int) *libT { return nil }, "fresh_or_alias", "return 0", "argument self", nil},
	{"view_holds_storage", "expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)", "Expand", func(*libT, []int64, bool) *libT { return nil }, "view_holds_storage", "return 0", "argument self", nil},
	{"release", "relu(Tensor self) -> Tensor", "Relu", func(*libT) *libT { return nil }, "", "", "", &crashError{Kind: crashRelease, Text: "in Release: lib: memory released more times than it was held"}},
	{"goroutine_panic", "tanh(Tensor self) -> Tensor", "Tanh", func(*libT) *libT { return nil }, "", "", "", &crashError{Kind: crashGoroutine, Text: "tanh's worker gave up"}},
}

// TestReproTemplates: each template, written for a bug of its kind in
// testdata/reprolib, passes go vet, fails alone with its title (a dying
// process: with the crash's text) against the buggy kernel, and passes
// against the correct one, so that no template fails whatever the code.
func TestReproTemplates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a module of reproducers")
	}
	mod := t.TempDir()
	lib, err := os.ReadFile("testdata/reprolib/lib.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	write := func(path, src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(mod, "go.mod"), "module example.com\n\ngo 1.25.0\n")
	titles := map[string]string{}
	for _, variant := range []string{"buggy", "fixed"} {
		write(filepath.Join(mod, variant, "lib", "lib.go"), strings.Replace(string(lib), "= BUGGY", "= "+fmt.Sprint(variant == "buggy"), 1))
		for _, c := range templateCases {
			src, title := templateSource(t, c, "example.com/"+variant+"/lib")
			titles[c.name] = title
			write(filepath.Join(mod, "cases", c.name, variant, "repro_test.go"), string(src))
		}
	}
	run := func(args ...string) string {
		cmd := exec.Command("go", args...)
		cmd.Dir = mod
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	if out := run("vet", "./..."); strings.TrimSpace(out) != "" {
		t.Fatalf("go vet:\n%s", out)
	}
	out := run("test", "-count=1", "./cases/...")
	for _, c := range templateCases {
		want := titles[c.name]
		if c.crash != nil && c.crash.Kind == crashGoroutine {
			want = c.crash.Text
		}
		if !strings.Contains(out, "FAIL\texample.com/cases/"+c.name+"/buggy") || !strings.Contains(out, want) {
			t.Errorf("%s: the reproducer of the buggy kernel does not fail with %q", c.name, want)
		}
		if !strings.Contains(out, "ok  \texample.com/cases/"+c.name+"/fixed") {
			t.Errorf("%s: the reproducer of the correct kernel does not pass", c.name)
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

// templateSource writes c's reproducer against the library at path.
func templateSource(t *testing.T, c templateCase, path string) ([]byte, string) {
	t.Helper()
	op, err := funcschema.ParseFunc(c.schema)
	if err != nil {
		t.Fatal(err)
	}
	s := For(op, 0)
	b := &boundSource{Fun: "lib." + c.fun, Imports: map[string]string{path: "lib"}, fset: token.NewFileSet()}
	for _, a := range op.Args() {
		b.Params = append(b.Params, a.Name)
		e, _ := parser.ParseExpr(a.Name)
		b.Args = append(b.Args, e)
	}
	rc := &reproCase{Op: op.Name.String(), Check: c.check, Where: c.where, Other: c.other, Crash: c.crash, Sample: s,
		From: "a template's test", Limit: 3 * time.Second}
	var rt ReproRuntime = libRuntime{path}
	if strings.HasSuffix(c.name, "_bare") { // a runtime that declares the three functions alone
		rt = bareRuntime{libRuntime{path}}
	}
	src, title, _, err := writeRepro(rt, reflect.ValueOf(c.wrapper), b, rc)
	if err != nil {
		t.Fatalf("%s: %v\n%s", c.name, err, src)
	}
	// a list's type is written from the wrapper's signature: libT, the
	// library's T here
	src = bytes.ReplaceAll(src, []byte("\t\"github.com/assertgen/assertgen/sweep\"\n"), nil)
	return bytes.ReplaceAll(src, []byte("sweep.libT"), []byte("lib.T")), title
}

// TestVerifyRepro: of reproducers, each a module of its own, one that
// passes, fails otherwise than its finding did, or does not build is not
// verified, and says why; one that fails with its title is.
func TestVerifyRepro(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs tests")
	}
	mod := t.TempDir()
	title := "abs panics on float32 [0]: boom"
	cases := []struct {
		name, body string
		ok         bool
		note       string
	}{
		{"passes", "", false, "the test passes: the bug does not show without the checks"},
		{"otherwise", `t.Fatal("something else")`, false, "the test fails otherwise: repro_test.go:6: something else"},
		{"broken", `undefined()`, false, "the test did not run: ./repro_test.go:6:2: undefined: undefined"},
		{"fails", `t.Fatal("` + title + `")`, true, ""},
	}
	var rs []*Repro
	for _, c := range cases {
		dir := filepath.Join(mod, c.name)
		if err := os.MkdirAll(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		src := "package repro\n\nimport \"testing\"\n\nfunc TestRepro(t *testing.T) {\n\t" + c.body + "\n}\n"
		if err := os.WriteFile(filepath.Join(dir, "repro_test.go"), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+c.name+"\n\ngo 1.25.0\n"), 0o666); err != nil {
			t.Fatal(err)
		}
		rs = append(rs, &Repro{Dir: dir, Name: "TestRepro", want: title})
	}
	verifyRepros(rs)
	for i, c := range cases {
		if rs[i].Verified != c.ok || rs[i].Note != c.note {
			t.Errorf("%s: verified %v (%q), want %v (%q)", c.name, rs[i].Verified, rs[i].Note, c.ok, c.note)
		}
	}
}

// TestReproList: the report ends with the verified reproducers (title,
// directory, command, what they stand for too), then the others with
// why; BugList lists the verified ones alone, by package; a slug is
// never used twice.
func TestReproList(t *testing.T) {
	r := newReport(0)
	r.Findings = []*Finding{
		{Op: "neg_", Check: checks.ReturnsArg, Where: "return 0", Variants: []string{"v0"}, Count: 1},
		{Op: "neg_", Check: checks.FreshNoAlias, Where: "return 0", Variants: []string{"v0"}, Count: 1, Cause: "neg_ returns_arg return 0"},
		{Op: "abs", Check: checks.BindingContext, Where: "argument self", Variants: []string{"v0"}, Count: 1},
		{Op: "exp", Check: checks.SameContent, Where: "argument self", Variants: []string{"v0"}, Count: 1},
	}
	r.Repros = []*Repro{
		{Key: "neg_ returns_arg return 0", Title: "neg_ returns a new tensor, not its argument self on float32 [1]", Package: "example.com/ops",
			Dir: "testdata/repro/neg_returns_a_new_tensor", Command: "cd ./testdata/repro/neg_returns_a_new_tensor && go test ./...", Verified: true,
			Also: []string{"neg_ fresh_no_alias return 0"}},
		{Key: "abs binding_context argument self", Note: "no reproducer for binding_context: " + noTemplate["binding_context"]},
		{Key: "exp same_content argument self", Title: "exp changes its input self on float32 [1]", Package: "example.com/ops",
			Dir: "testdata/repro/exp", Command: "cd ./testdata/repro/exp && go test ./...", Note: "the test passes: the bug does not show without the checks"},
	}
	want := "reproducers (1 verified, 2 not; title, directory, command; the finding or crash it was written from, then its cause's others):\n" +
		"\tneg_ returns a new tensor, not its argument self on float32 [1]\ttestdata/repro/neg_returns_a_new_tensor\tcd ./testdata/repro/neg_returns_a_new_tensor && go test ./...\n" +
		"\t\talso: neg_ fresh_no_alias return 0\n" +
		"\tabs binding_context argument self: no reproducer: no reproducer for binding_context: " + noTemplate["binding_context"] + "\n" +
		"\texp same_content argument self: not verified (the test passes: the bug does not show without the checks): cd ./testdata/repro/exp && go test ./...\n"
	if got := r.String(); !strings.HasSuffix(got, want+bugListHeading+r.BugList()) {
		t.Errorf("the report ends\n%s\nwant\n%s", got, want)
	}
	// (the commands from the module's root: this test runs in sweep/)
	wantBugs := "the code of abs (not known):\n- binding_context argument self; 1 op: abs\n" +
		"\tno reproducer: no reproducer for binding_context: " + noTemplate["binding_context"] + "\n" +
		"the code of exp (not known):\n- same_content argument self; 1 op: exp\n" +
		"\treproducer not verified (the test passes: the bug does not show without the checks): cd ./sweep/testdata/repro/exp && go test ./...\n" +
		"the code of neg_ (not known):\n- returns_arg return 0; 1 op: neg_\n" +
		"\tneg_ returns a new tensor, not its argument self on float32 [1] (cd ./sweep/testdata/repro/neg_returns_a_new_tensor && go test ./...)\n"
	if got := r.BugList(); got != wantBugs {
		t.Errorf("BugList:\n%s\nwant\n%s", got, wantBugs)
	}
	used := map[string]bool{}
	for _, c := range []struct{ name, want string }{
		{"TestInnerPanicsOnEmptyTensor", "inner_panics_on_empty_tensor"},
		{"TestInnerPanicsOnEmptyTensor", "inner_panics_on_empty_tensor_2"},
		{"TestDenseMaxBetweenPanicsOnGoIntTensor", "dense_max_between_panics_on_go_int_tensor"},
	} {
		if got := reproSlug(c.name, used); got != c.want {
			t.Errorf("reproSlug(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// bareRuntime is libRuntime whose ReproSource declares only the three
// functions every template uses.
type bareRuntime struct{ libRuntime }

func (r bareRuntime) ReproSource() Source {
	src := r.libRuntime.ReproSource()
	src.Decls = src.Decls[:strings.Index(src.Decls, "\nfunc tensorImpl(")]
	src.Imports = []string{r.path}
	return src
}

// TestReproNoTemplate: binding_context gets no reproducer and says why
// (the library has no hermetic context); a check whose template calls a
// function the runtime's ReproSource does not declare says which.
func TestReproNoTemplate(t *testing.T) {
	for _, c := range []struct{ check, where, other, want string }{
		{"binding_context", "argument self", "", "no reproducer for binding_context: it compares a storage's binding with the hermetic context"},
		{"same_impl", "argument self", "", "no reproducer for same_impl: the runtime's ReproSource declares no tensorImpl"},
		{"no_mutation", "argument self", "", "declares no tensorVersion"},
		{"fresh_or_alias", "return 0", "argument self", "declares no tensorRelease"},
		{"view_holds_storage", "return 0", "argument self", "declares no tensorRelease"},
		{"same_storage", "argument self", "", "declares no tensorAddr"},
	} {
		op, err := funcschema.ParseFunc("neg(Tensor self) -> Tensor")
		if err != nil {
			t.Fatal(err)
		}
		e, _ := parser.ParseExpr("self")
		b := &boundSource{Fun: "lib.Neg", Params: []string{"self"}, Args: []ast.Expr{e}, Imports: map[string]string{"example.com/lib": "lib"}, fset: token.NewFileSet()}
		rc := &reproCase{Op: "neg", Check: c.check, Where: c.where, Other: c.other, Sample: For(op, 0)}
		_, _, _, err = writeRepro(bareRuntime{libRuntime{"example.com/lib"}}, reflect.ValueOf(func(*libT) *libT { return nil }), b, rc)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.check, err, c.want)
		}
	}
}

// TestReproPackage: a crash is the crashing function's package's bug,
// by its import path where the reproducer imports it; a release crash,
// which trips in the runtime's Release, the called function's, as a
// finding is. The package of gen's bound code is the one it calls: a
// kernel library's before the library's own.
func TestReproPackage(t *testing.T) {
	b := &boundSource{pkg: "example.com/ops", Imports: map[string]string{"example.com/x/kern": "kern", "fmt": "fmt"}}
	for _, c := range []struct {
		c    reproCase
		want string
	}{
		{reproCase{Crash: &crashError{Kind: crashPanic, At: "lib.Abs (lib.go:3)"}}, "lib"},
		{reproCase{Crash: &crashError{Kind: crashPanic, At: "kern.ExpRows (kern.go:58)"}}, "example.com/x/kern"},
		{reproCase{Crash: &crashError{Kind: crashRelease, At: "adapter.rt.Release (a.go:9)"}}, "example.com/ops"},
		{reproCase{Check: "same_content"}, "example.com/ops"},
	} {
		if got := reproPackage(&c.c, b); got != c.want {
			t.Errorf("%+v: %s, want %s", c.c, got, c.want)
		}
	}
	// a crash in the package the reproducer copies (a kernel library, in
	// a directory named otherwise than its package: trust6's kernels),
	// by its path, as the same package's findings
	copied := &boundSource{pkg: "example.com/x/kernels", Imports: map[string]string{"example.com/x/lib": "lib"}}
	if got := reproPackage(&reproCase{Crash: &crashError{Kind: crashGoroutine, At: "kernels.Relu.func1 (kern.go:99)"}}, copied); got != copied.pkg {
		t.Errorf("a crash in the copied package: %s, want %s", got, copied.pkg)
	}
	fn := reflect.TypeOf(func(*pool.Tensor[float32]) {})
	lib := "github.com/assertgen/assertgen/examples/pool"
	for _, c := range []struct {
		imports map[string]string
		want    string
	}{
		{map[string]string{lib: "pool", "example.com/x/kern": "kern", "errors": "errors"}, "example.com/x/kern"},
		{map[string]string{lib: "pool", "errors": "errors"}, lib},
		{map[string]string{"errors": "errors"}, "example.com/x/checked"},
	} {
		if got := calledPackage(c.imports, fn, "example.com/x/checked"); got != c.want {
			t.Errorf("bound code importing %v: %s, want %s", c.imports, got, c.want)
		}
	}
}

// TestGoTypeImportedAs: a type of a package the reproducer imports
// already, under another name than its own (the call's kernels for
// examples/pool), is written under that name; else under its own, which
// is recorded.
func TestGoTypeImportedAs(t *testing.T) {
	typ := reflect.TypeOf([]*pool.Tensor[float32]{})
	path := "github.com/assertgen/assertgen/examples/pool"
	for _, c := range []struct {
		imports map[string]string
		want    string
	}{
		{map[string]string{path: "kernels"}, "[]*kernels.Tensor[float32]"},
		{map[string]string{}, "[]*pool.Tensor[float32]"},
	} {
		as := c.imports[path]
		if got := goType(typ, c.imports); got != c.want {
			t.Errorf("imported as %q: %s, want %s", as, got, c.want)
		}
		if as != "" && c.imports[path] != as || as == "" && c.imports[path] != "pool" {
			t.Errorf("imported as %q: the imports became %v", as, c.imports)
		}
	}
}

// A reproducer's test is named for the library's function it calls, what
// happens and its cause's trigger, in the words of a Go test's name.
func TestReproTestName(t *testing.T) {
	for _, c := range []struct {
		b       *boundSource
		crash   string
		check   string
		trigger string
		want    string
	}{
		{&boundSource{display: "Inner"}, crashPanic, "", "a zero-size dim", "TestInnerPanicsOnEmptyTensor"},
		{&boundSource{display: "DenseMaxBetween"}, crashPanic, "", "a 0-dim tensor and Go int", "TestDenseMaxBetweenPanicsOnZeroDimTensorAndGoIntTensor"},
		{&boundSource{Fun: "ops.Add_Tensor"}, "", "returns_arg", "", "TestAddTensorReturnsANewTensor"},
		{&boundSource{Fun: "boundT"}, "", "shares_storage", "a transposed view", "TestBoundTReturnsACopyNotAViewOnTransposedView"},
		{&boundSource{Fun: "Softmax[float32]"}, crashGoroutine, "", "a zero-size dim", "TestSoftmaxPanicsInAGoroutineOnEmptyTensor"},
	} {
		rc := &reproCase{Check: c.check, cause: &Cause{Trigger: c.trigger}}
		if c.crash != "" {
			rc.Crash = &crashError{Kind: c.crash}
		}
		if got := reproTestName(c.b, rc); got != c.want {
			t.Errorf("reproTestName(%q %q %q) = %s, want %s", c.b.display+c.b.Fun, c.crash+c.check, c.trigger, got, c.want)
		}
	}
}
