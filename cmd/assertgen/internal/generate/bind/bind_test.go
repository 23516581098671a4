package bind

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// debugTestCatches runs the debug tests of the module in dir, which must
// pass, then binds the config's method from to the method to (a buggy
// one), generates again and wants the debug tests to fail with want in
// their output. It returns the config as it was. With -short it builds
// nothing and returns the config.
func debugTestCatches(t *testing.T, dir, from, to, want string) []byte {
	t.Helper()
	y := filepath.Join(dir, "assertgen.yaml")
	if testing.Short() {
		b, _ := os.ReadFile(y)
		return b
	}
	goTest := func() (string, error) {
		cmd := exec.Command("go", "test", "-count=1", "-tags", "debugasserts", "./...")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := goTest(); err != nil {
		t.Errorf("go test -tags debugasserts: %v\n%s", err, out)
	}
	b, _ := os.ReadFile(y)
	os.WriteFile(y, bytes.Replace(b, []byte(from), []byte(to), 1), 0o644)
	if _, stderr, code := clitest.Run(t, dir, "gen"); code != 0 {
		t.Fatalf("gen: exit %d\n%s", code, stderr)
	}
	if out, err := goTest(); err == nil || !strings.Contains(out, want) {
		t.Errorf("%s bound instead of %s: want the debug test to fail with %q: %v\n%s", to, from, want, err, out)
	}
	return b
}

// TestBind: issue 40 item 4. Kernels that are methods are bound in the
// config (bind:), each line of Go code over the op's parameters; a bound
// op needs no function in the kernels package; the code is type-checked
// before anything is written, each error at its line and column in the
// config; the generated package builds and its checks run (not with
// -short: the generated code's text is checked then).
func TestBind(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	lib := "package k\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\n" +
		"// Dense is a library's type whose operations are methods writing the receiver.\ntype Dense struct{ data []float64 }\n\n" +
		"func Memory(d *Dense) asserts.Memory { return asserts.SliceMemory(d.data) }\n\n" +
		"func (d *Dense) Add(a, b *Dense) {\n\tif len(d.data) != len(a.data) {\n\t\td.data = make([]float64, len(a.data))\n\t}\n\tfor i := range a.data {\n\t\td.data[i] = a.data[i] + b.data[i]\n\t}\n}\n\n" +
		"func (d *Dense) Neg() *Dense {\n\tr := &Dense{data: make([]float64, len(d.data))}\n\tfor i, v := range d.data {\n\t\tr.data[i] = -v\n\t}\n\treturn r\n}\n\n" +
		"func Abs(self *Dense) *Dense { return self.Neg() }\n\n" +
		"// AddInPlace returns its receiver as an interface; AddCopy, a bug, a copy.\nfunc (d *Dense) AddInPlace(b *Dense) any {\n\td.Add(d, b)\n\treturn d\n}\n\n" +
		"func (d *Dense) AddCopy(b *Dense) any {\n\tr := &Dense{}\n\tr.Add(d, b)\n\treturn r\n}\n\n" +
		"// AddTo adds b into d and returns d; AddToCopy, a bug, returns a copy; AddCount returns no tensor.\n" +
		"func (d *Dense) AddTo(b *Dense) *Dense {\n\td.Add(d, b)\n\treturn d\n}\n\n" +
		"func (d *Dense) AddToCopy(b *Dense) *Dense {\n\tr := &Dense{}\n\tr.Add(d, b)\n\treturn r\n}\n\n" +
		"func (d *Dense) AddCount(b *Dense) int {\n\td.Add(d, b)\n\treturn len(d.data)\n}\n\n" +
		"// AddErr adds b into d and returns d and an error, as gorgonia's UseUnsafe() does; AddErrCopy, a bug, returns a copy.\n" +
		"func (d *Dense) AddErr(b *Dense) (*Dense, error) {\n\td.Add(d, b)\n\treturn d, nil\n}\n\n" +
		"func (d *Dense) AddErrCopy(b *Dense) (*Dense, error) {\n\tr := &Dense{}\n\tr.Add(d, b)\n\treturn r, nil\n}\n"
	test := "package k_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/k/out\"\n\t\"example.com/k\"\n)\n\n" +
		"func TestOps(t *testing.T) {\n\ta := &k.Dense{}\n\ta.Add(a, a)\n\tb := out.AddTensor(a, a, 1)\n\tout.AddOut(a, b, 1, b)\n\tout.Add_Tensor(b, a, 1)\n\tout.Neg(b)\n\tout.Abs(b)\n}\n"
	cfg := "kernels: .\nmemory: example.com/k.Memory\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\n  Scalar: float64\nops: [add.Tensor, add.out, add_.Tensor, neg, abs]\nbind:\n"
	good := cfg + "  add.Tensor: ret.Add(self, other)\n  add.out: out.Add(self, other)\n  add_.Tensor: self.Add(self, other)\n  neg: self.Neg()\n"
	mod := func(cfg string) map[string]string {
		gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
		return map[string]string{"go.mod": gomod, "go.sum": gosum, "k.go": lib, "k_test.go": test, "assertgen.yaml": cfg}
	}
	nothingWritten := func(t *testing.T, dir string) {
		if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
			t.Error("code was generated")
		}
	}
	clitest.RunCases(t, []clitest.Case{
		{Name: "bound", Files: mod(good), Args: []string{"gen"}, Err: []string{`assertgen: 5 ops wrapped in out; returns_arg cannot fail for 2 bound ops whose code returns no tensor: add_.Tensor, add.out (assertgen vet -v lists them)`}, Check: func(t *testing.T, dir string) {
			if testing.Short() {
				return
			}
			for _, tags := range []string{"", "debugasserts"} {
				cmd := exec.Command("go", "test", "-count=1", "-tags", tags, "./...")
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("go test -tags %q: %v\n%s", tags, err, out)
				}
			}
		}},
		// An in-place op bound to an expression that is no call (a type
		// assertion of the library's result) returns that result, which
		// the checks then see: a copy fails the debug test.
		{Name: "in-place returns the library's value", Files: mod(cfg + "  add.Tensor: ret.Add(self, other)\n  add.out: out.Add(self, other)\n  add_.Tensor: self.AddInPlace(other).(*k.Dense)\n  neg: self.Neg()\n"),
			Args: []string{"gen"}, Err: []string{`assertgen: 5 ops wrapped in out; returns_arg cannot fail for 1 bound ops whose code returns no tensor: add.out (assertgen vet -v lists them)`}, Check: func(t *testing.T, dir string) {
				if b, err := os.ReadFile(filepath.Join(dir, "out", "assertgen_bound.go")); err != nil || !strings.Contains(string(b), "return self.AddInPlace(other).(*k.Dense)") {
					t.Errorf("the bound add_.Tensor does not return the library's value (%v):\n%s", err, b)
				}
				debugTestCatches(t, dir, "AddInPlace", "AddCopy", "add_.Tensor: ")
			}},
		// An in-place op bound to a call that returns a tensor returns
		// it, which returns_arg then checks: a copy fails the debug test.
		// A call that returns no tensor leaves the argument returned, and
		// vet says returns_arg cannot fail there.
		{Name: "in-place returns the call's tensor", Files: mod(cfg + "  add.Tensor: ret.Add(self, other)\n  add.out: out.Add(self, other)\n  add_.Tensor: self.AddTo(other)\n  neg: self.Neg()\n"),
			Args: []string{"gen"}, Err: []string{`assertgen: 5 ops wrapped in out; returns_arg cannot fail for 1 bound ops whose code returns no tensor: add.out (assertgen vet -v lists them)`}, Check: func(t *testing.T, dir string) {
				if b, err := os.ReadFile(filepath.Join(dir, "out", "assertgen_bound.go")); err != nil || !strings.Contains(string(b), "\treturn self.AddTo(other)\n") || !strings.Contains(string(b), "\tout.Add(self, other)\n\treturn out\n") {
					t.Errorf("the bound add_.Tensor does not return the call's tensor, or add.out does not return out (%v):\n%s", err, b)
				}
				if out, stderr, code := clitest.Run(t, dir, "vet"); code != 0 || !strings.Contains(out, "info: returns_arg cannot fail for 1 bound ops: ") || !strings.HasSuffix(strings.Split(out, "\n")[0], ": add.out") {
					t.Errorf("vet: exit %d, want 0 and add.out named as the op returns_arg cannot fail for:\n%s%s", code, out, stderr)
				}
				b := debugTestCatches(t, dir, "AddTo", "AddToCopy", "add_.Tensor: returns_arg")
				os.WriteFile(filepath.Join(dir, "assertgen.yaml"), bytes.Replace(b, []byte("AddTo"), []byte("AddCount"), 1), 0o644)
				if _, stderr, code := clitest.Run(t, dir, "gen"); code != 0 || !strings.Contains(stderr, "returns_arg cannot fail for 2 bound ops") {
					t.Fatalf("gen with a call that returns an int: exit %d, want 0 and 2 ops whose returns_arg cannot fail\n%s", code, stderr)
				}
				if b, err := os.ReadFile(filepath.Join(dir, "out", "assertgen_bound.go")); err != nil || !strings.Contains(string(b), "\tself.AddCount(other)\n\treturn self\n") {
					t.Errorf("the bound add_.Tensor of a call returning an int does not return self (%v):\n%s", err, b)
				}
			}},
		// An in-place op bound to statements that end in a return (a
		// call of a result and an error, as init binds gorgonia's) returns
		// what they return, no return of self after it (vet's unreachable
		// code), which returns_arg then checks: a copy fails the debug
		// test.
		{Name: "in-place returns what its statements return", Files: mod(cfg + "  add.Tensor: ret.Add(self, other)\n  add.out: out.Add(self, other)\n  add_.Tensor: \"res, err := self.AddErr(other); if err != nil { panic(err) }; return res\"\n  neg: self.Neg()\n"),
			Args: []string{"gen"}, Err: []string{`assertgen: 5 ops wrapped in out; returns_arg cannot fail for 1 bound ops whose code returns no tensor: add.out (assertgen vet -v lists them)`}, Check: func(t *testing.T, dir string) {
				if b, err := os.ReadFile(filepath.Join(dir, "out", "assertgen_bound.go")); err != nil || !strings.Contains(string(b), "\treturn res\n}\n") || strings.Contains(string(b), "\treturn res\n\treturn self\n") {
					t.Errorf("the bound add_.Tensor does not end in its statements' return (%v):\n%s", err, b)
				}
				if !testing.Short() {
					cmd := exec.Command("go", "vet", "./...")
					cmd.Dir = dir
					if out, err := cmd.CombinedOutput(); err != nil {
						t.Errorf("go vet: %v\n%s", err, out)
					}
				}
				debugTestCatches(t, dir, "AddErr", "AddErrCopy", "add_.Tensor: returns_arg")
			}},
		{Name: "every op bound, no kernels package", Files: mod("memory: example.com/k.Memory\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\n  Scalar: float64\nops: [add.Tensor, neg]\nbind:\n  add.Tensor: ret.Add(self, other)\n  neg: self.Neg()\n"),
			Args: []string{"gen"}, Err: []string{`assertgen: 2 ops wrapped in out`}},
		{Name: "type errors", Files: mod(cfg + "  add.Tensor: ret.Ad(self, other)\n  add.out: \"out.Add(self, other2)\"\n  add_.Tensor: self.Add(self, other)\n  neg: self.Neg()\n"),
			Args: []string{"gen"}, Code: 1, Check: nothingWritten, Err: []string{
				`assertgen: assertgen.yaml:9:19: bind: add.Tensor: ret.Ad undefined (type *k.Dense has no field or method Ad)`,
				`assertgen.yaml:10:27: bind: add.out: undefined: other2`}},
		// clamp's min is the Go parameter min_ (Go's min is a built-in):
		// an error of code that names min says so.
		{Name: "a schema name that is not the Go name", Files: mod(strings.Replace(cfg, "ops: [", "ops: [clamp, ", 1) + "  clamp: ret.Add(self, min)\n"), Args: []string{"vet"}, Code: 1, Err: []string{
			`assertgen: assertgen.yaml:9:24: bind: clamp: min (built-in) must be called (the schema's argument min is the Go parameter min_ in bound code)`}},
		{Name: "not Go", Files: mod(cfg + "  neg: self.Neg(\n"), Args: []string{"vet"}, Code: 1, Err: []string{
			`assertgen: assertgen.yaml:9:16: bind: neg: not Go code: expected operand, found '}'`}},
		{Name: "unknown op", Files: mod(cfg + "  nge: self.Neg()\n"), Args: []string{"gen"}, Code: 1, Check: nothingWritten, Err: []string{
			`assertgen: assertgen.yaml:9:3: bind: unknown op "nge" in pytorch-2.14.1/native_functions.yaml; did you mean ne.*, ge.*?`}},
		{Name: "not selected", Files: mod(cfg + "  sub.Tensor: ret.Add(self, other)\n"), Args: []string{"gen"}, Code: 1, Check: nothingWritten, Err: []string{
			`assertgen: assertgen.yaml:9:3: bind: sub.Tensor is not selected: add it to ops:`}},
		{Name: "kernel and binding", Files: mod(cfg + "  abs: self.Neg()\n"), Args: []string{"gen"}, Code: 1, Check: nothingWritten, Err: []string{
			`assertgen: assertgen.yaml:9:3: bind: abs has a kernel, Abs (k.go:27:6), and a binding: remove one`}},
		{Name: "ret without a tensor return", Files: mod(cfg + "  add_.Tensor: ret.Add(self, other)\n"), Args: []string{"gen"}, Code: 1, Check: nothingWritten, Err: []string{
			`assertgen: assertgen.yaml:9:16: bind: add_.Tensor: ret stands for a new *k.Dense, the one fresh return of a functional op; add_.Tensor returns Tensor(a!)`}},
	})
}
