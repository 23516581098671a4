package initcmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
	"github.com/assertgen/assertgen/testdata/golden"
)

// TestInitLibrary: init -type IMPORTPATH.Type in a package that does not
// declare the type writes the config of the bindings whose values init
// checked, the memory function from the type's exported API, its
// conformance test and the sweep test (goldens: go test -update), and
// reports what it bound, what not and why, and where it guessed. With
// -memory, an alias of the library's type (type Tensor = fake.M) is the
// library's type. anylib's T is built as gorgonia's Dense is; viewlib's
// views are made, and written in reproducers, with the methods init found.
func TestInitLibrary(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	for _, tc := range []struct {
		name string
		o    InitOptions
		user map[string]string
	}{
		{name: "fake", o: InitOptions{Type: "*example.com/fakemod/fake.M"}},
		// Built as gorgonia's Dense is: values of interface{}, calls that
		// return an error, a crash on empty inputs.
		{name: "anylib", o: InitOptions{Type: "*example.com/fakemod/anylib.T"}},
		// Views made by the methods init found (viewlib's T() and
		// Slice(viewlib.S(i))): the sweep adapter makes them, and its
		// ReproTensor writes them (issue 70).
		{name: "views", o: InitOptions{Type: "*example.com/fakemod/viewlib.T", Ops: []string{"abs", "exp"}}},
		// A kernel library over fake's type in the package init runs in:
		// its exported functions are bound too (issue 67, item 5).
		{name: "kernels", o: InitOptions{Type: "*example.com/fakemod/fake.M", Ops: []string{"relu", "tanh", "neg", "sigmoid"}},
			user: map[string]string{"kern.go": "package user\n\nimport \"example.com/fakemod/fake\"\n\n// Relu returns max(a, 0).\nfunc Relu(a *fake.M) *fake.M {\n\traw := a.Raw()\n\tout := make([]float64, len(raw.Data))\n\tfor i, v := range raw.Data {\n\t\tout[i] = max(v, 0)\n\t}\n\treturn fake.New(raw.Rows, raw.Cols, out)\n}\n\n// Sigmoid is not sigmoid.\nfunc Sigmoid(a *fake.M) *fake.M { return a }\n"}},
		// Operator values in the package init runs in, which declares no
		// function: Relu6 bound by its type's name, Halve to no op, and
		// the report says why.
		{name: "operators", o: InitOptions{Type: "*example.com/fakemod/fake.M", Ops: []string{"relu6"}},
			user: map[string]string{"ops.go": "package user\n\nimport \"example.com/fakemod/fake\"\n\n// Relu6 is the operator min(max(x, 0), 6).\ntype Relu6 struct{}\n\n// Forward applies it.\nfunc (Relu6) Forward(x *fake.M) *fake.M { return each(x, func(v float64) float64 { return min(max(v, 0), 6) }) }\n\n// Halve is an operator of no op: x/2.\ntype Halve struct{}\n\n// Forward applies it.\nfunc (*Halve) Forward(x *fake.M) (*fake.M, error) { return each(x, func(v float64) float64 { return v / 2 }), nil }\n\nfunc each(a *fake.M, f func(float64) float64) *fake.M {\n\traw := a.Raw()\n\tout := make([]float64, raw.Rows*raw.Cols)\n\tfor i := range out {\n\t\tout[i] = f(raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols])\n\t}\n\treturn fake.New(raw.Rows, raw.Cols, out)\n}\n"}},
		{name: "alias", o: InitOptions{Type: "Tensor", Memory: true, Ops: []string{"mul", "neg"}},
			user: map[string]string{"tensor.go": "package user\n\nimport \"example.com/fakemod/fake\"\n\n// Tensor is fake's matrix.\ntype Tensor = fake.M\n\n// Memory is taken.\nvar Memory = 1\n",
				"x_test.go": "package user\n\n// AssertgenMemory is taken, in a test file.\nvar AssertgenMemory = 2\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mod := clitest.FakeModule(t, tc.user)
			var out bytes.Buffer
			tc.o.Dir, tc.o.Out = filepath.Join(mod, "user"), &out
			if err := Init(tc.o); err != nil {
				t.Fatal(err)
			}
			var all bytes.Buffer
			all.WriteString("== report\n" + strings.ReplaceAll(out.String(), mod, "$MOD"))
			for _, name := range libraryFiles {
				data, err := os.ReadFile(filepath.Join(mod, "user", name))
				if err != nil {
					t.Fatal(err)
				}
				all.WriteString("== " + name + "\n")
				all.Write(data)
			}
			golden.Check(t, filepath.Join("testdata", "library_"+tc.name+".golden"), all.Bytes())
		})
	}
}

// TestInitLibraryRefusals: flags that do not go with a library's type
// are usage errors naming the flag; a file init would write that exists
// makes it write none.
func TestInitLibraryRefusals(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, map[string]string{"generate.go": "package user\n"})
	dir := filepath.Join(mod, "user")
	const ty = "*example.com/fakemod/fake.M"
	for _, tc := range []struct {
		o     InitOptions
		err   string
		usage bool
	}{
		{o: InitOptions{Type: "Tensor", Kernels: []string{"."}}, usage: true, err: "-kernels with -type Tensor: a kernel library is bound over a library's type"},
		{o: InitOptions{Type: ty, Kernels: []string{"example.com/fakemod/nothere"}}, err: "-kernels example.com/fakemod/nothere: package example.com/fakemod/nothere does not load"},
		{o: InitOptions{Type: ty, UseCounts: "true"}, usage: true, err: "-use-counts true with -type *example.com/fakemod/fake.M: a library's type keeps no use counts"},
		{o: InitOptions{Type: ty, TypeParams: []string{"T=float64"}}, usage: true, err: "-type-params with -type"},
		{o: InitOptions{Type: ty, Types: []string{"Scalar=float32"}}, usage: true, err: "-types with -type"},
		{o: InitOptions{Type: ty, Ops: []string{"nosuchop"}}, usage: true, err: "-ops nosuchop: not an op whose values init can check"},
		{o: InitOptions{Type: "*example.com/fakemod/fake.m"}, usage: true, err: "m is not exported"},
		{o: InitOptions{Type: "*example.com/fakemod/fake.Raw"}, err: "package example.com/fakemod/fake has no constructor init can make tensors with"},
		{o: InitOptions{Type: "example.com/fakemod/fake.M"}, err: "name the pointer, -type '*example.com/fakemod/fake.M'"},
		{o: InitOptions{Type: "*example.com/fakemod/fake.M[float64]"}, err: "M is not generic: leave the type arguments out"},
		{o: InitOptions{Type: ty, Dir: "collide"}, err: "init wrote nothing: package user_test's tests declare TestSweep, assertgenRead, which init's tests"},
		{o: InitOptions{Type: "*fake.M"}, err: "-type *fake.M: fake is not an import path: name the library's package by its import path"},
		{o: InitOptions{Type: "*example.com/fakemod/fake.Nope"}, err: "package example.com/fakemod/fake declares no type Nope (its exported types: C, G, M, Raw, RawG)"},
		{o: InitOptions{Type: ty}, err: "generate.go: exists already; init writes only new files and wrote none"},
		// A second run, over the files of the first: the names its tests
		// declare are init's own, and the refusal says what exists.
		{o: InitOptions{Type: ty, Dir: "rerun"}, err: "assertgen_sweep_test.go: exists already; init writes only new files and wrote none"},
	} {
		var out bytes.Buffer
		if tc.o.Dir == "collide" {
			tc.o.Dir = filepath.Join(mod, "collide")
			os.MkdirAll(tc.o.Dir, 0o755)
			os.WriteFile(filepath.Join(tc.o.Dir, "x_test.go"), []byte("package user_test\n\nimport \"testing\"\n\nfunc TestSweep(*testing.T) {}\n\nfunc assertgenRead() {}\n"), 0o644)
		} else if tc.o.Dir == "rerun" {
			tc.o.Dir = filepath.Join(mod, "rerun")
			os.MkdirAll(tc.o.Dir, 0o755)
			os.WriteFile(filepath.Join(tc.o.Dir, SweepTestFile), []byte("package user_test\n\nimport \"testing\"\n\nfunc TestSweep(*testing.T) {}\n"), 0o644)
		} else {
			tc.o.Dir = dir
		}
		tc.o.Out = &out
		err := Init(tc.o)
		var u *base.UsageError
		if err == nil || !strings.Contains(err.Error(), tc.err) || errors.As(err, &u) != tc.usage {
			t.Errorf("%+v: %v (usage %v), want %q (usage %v)", tc.o, err, errors.As(err, &u), tc.err, tc.usage)
		}
	}
	// A module that does not require assertgen: the memory function
	// would not build, and init says why.
	bare := t.TempDir()
	if err := os.CopyFS(bare, os.DirFS("finder/testdata/fakemod")); err != nil {
		t.Fatal(err)
	}
	err := Init(InitOptions{Dir: filepath.Join(bare, "user"), Type: ty, Out: &bytes.Buffer{}})
	if err == nil || !strings.Contains(err.Error(), "init wrote nothing: with its files, package example.com/fakemod/user would not build") || !strings.Contains(err.Error(), "go get -tool github.com/assertgen/assertgen/cmd/assertgen") {
		t.Errorf("a module without assertgen: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Join(bare, "user")); len(entries) != 1 {
		t.Errorf("init wrote into a module without assertgen: %d files", len(entries))
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("init wrote into the package: %d files", len(entries))
	}
}

// TestInitLibraryPrints (issue 79, item 9): a library whose constructor
// prints a note on its standard output for 4-d tensors and Go int ones
// (noisylib) is judged by the values init's programs write on their own
// channel, not by what it prints: the memory function reads those
// tensors as the others, the reproducers' hooks are checked on them, and
// init writes its files.
func TestInitLibraryPrints(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, nil)
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := Init(InitOptions{Dir: dir, Type: "*example.com/fakemod/noisylib.T", Ops: []string{"neg"}, Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, want := range []string{
		"memory: Memory reads int64 (ranks 0, 1, 2, 3 and 4), int (ranks 0, 1, 2, 3 and 4), float32 (ranks 0, 1, 2, 3 and 4), float64 (ranks 0, 1, 2, 3 and 4) tensors",
		"reproducers: assertgen_sweep_test.go's sweepAdapter writes int64, int, float32, float64 tensors as Go",
		"by name and signature: neg\n",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q:\n%s", want, report)
		}
	}
	for _, name := range libraryFiles {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("init did not write %s: %v", name, err)
		}
	}
}
