package generate_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// ifaceRuntime is a runtime whose tensor type is an interface, rt.Tensor,
// implemented by *dense; Undefined is a typed nil, the suite's undefined
// handle, and a nil rt.Tensor is the undefined tensor too. Its kernels
// pass undefined tensors through; Abs returns its argument where its
// schema says fresh (a bug the checks must find through the interface).
const ifaceRuntime = `package rt

import (
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
)

// Tensor is the runtime's tensor handle.
type Tensor interface {
	Ident() asserts.Ident
	UseCounts() (int, int)
	Values() []float64
}

var ids atomic.Uint64

type store struct {
	id      asserts.ID
	users   atomic.Int64
	version atomic.Uint64
	data    []float64
}

type dense struct {
	id      asserts.ID
	holders atomic.Int64
	st      *store
}

func onStore(st *store) *dense {
	st.users.Add(1)
	d := &dense{id: asserts.ID(ids.Add(1)), st: st}
	d.holders.Store(1)
	return d
}

// New returns a tensor holding vals.
func New(vals ...float64) Tensor {
	return onStore(&store{id: asserts.ID(ids.Add(1)), data: append([]float64(nil), vals...)})
}

// Undefined returns an undefined handle that is not a nil interface.
func Undefined() Tensor { return (*dense)(nil) }

// Share returns a second handle; Release drops one.
func Share(t Tensor) Tensor { t.(*dense).holders.Add(1); return t }
func Release(t Tensor) {
	if d, _ := t.(*dense); d != nil && d.holders.Add(-1) == 0 {
		d.st.users.Add(-1)
	}
}

// Write writes t in place.
func Write(t Tensor) { d := t.(*dense); d.st.data[0]++; d.st.version.Add(1) }

func (d *dense) Ident() asserts.Ident {
	if d == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: d.id, Storage: d.st.id, Version: d.st.version.Load(), Traits: asserts.Versioned}
}

func (d *dense) UseCounts() (int, int) {
	if d == nil {
		return 0, 0
	}
	return int(d.holders.Load()), int(d.st.users.Load())
}

func (d *dense) Values() []float64 { return append([]float64(nil), d.st.data...) }

func unary(self Tensor, f func(float64) float64) Tensor {
	if self == nil {
		return nil
	}
	v := self.Values()
	for i := range v {
		v[i] = f(v[i])
	}
	return New(v...)
}

func Neg(self Tensor) Tensor { return unary(self, func(x float64) float64 { return -x }) }

func AddTensor(self, other Tensor, alpha float64) Tensor {
	o := other.Values()
	i := 0
	return unary(self, func(x float64) float64 { x += alpha * o[i]; i++; return x })
}

func Alias(self Tensor) Tensor {
	if self == nil {
		return nil
	}
	return onStore(self.(*dense).st)
}

func TransposeInt(self Tensor, dim0, dim1 int64) Tensor { return Alias(self) }

// Abs returns its argument: a functional kernel whose result is not fresh.
func Abs(self Tensor) Tensor { return self }

func Cat(tensors []Tensor, dim int64) Tensor {
	var v []float64
	for _, t := range tensors {
		v = append(v, t.Values()...)
	}
	return New(v...)
}

func IndexTensor(self Tensor, indices []Tensor) Tensor { return unary(self, func(x float64) float64 { return x }) }

func WhereSelf(condition, self, other, mask Tensor) Tensor { return unary(self, func(x float64) float64 { return x }) }

func SplitTensor(self Tensor, splitSize, dim int64) []Tensor { return []Tensor{Alias(self), nil} }
`

// ifaceTest checks the runtime through its checked wrappers: the
// conformance suite, nil interfaces as undefined tensors (and absent
// optionals, and undefined list elements) without a panic or a finding,
// and the copying TransposeInt found.
const ifaceTest = `package rt_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"

	"example.com/m/checked"
	"example.com/m/rt"
)

func TestContract(t *testing.T) {
	assertstest.Run(t, assertstest.Runtime{
		Undefined: func() asserts.Tensor { return rt.Undefined() },
		New:       func() asserts.Tensor { return rt.New(1, 2, 3) },
		Share:     func(x asserts.Tensor) asserts.Tensor { return rt.Share(x.(rt.Tensor)) },
		Release:   func(x asserts.Tensor) { rt.Release(x.(rt.Tensor)) },
		View:      func(x asserts.Tensor) asserts.Tensor { return rt.Alias(x.(rt.Tensor)) },
		Write:     func(x asserts.Tensor) { rt.Write(x.(rt.Tensor)) },
	})
}

func TestChecked(t *testing.T) {
	x, y := rt.New(1, 2), rt.New(3, 4)
	vs := asserts.Collect(func() {
		checked.Neg(nil)
		checked.AddTensor(x, y, 1)
		checked.Alias(nil)
		checked.Alias(x)
		checked.Cat([]rt.Tensor{x, y}, 0)
		checked.IndexTensor(x, []rt.Tensor{nil, y})
		checked.WhereSelf(x, x, y, nil)
		checked.SplitTensor(x, 1, 0)
		checked.TransposeInt(x, 0, 0)
	})
	if len(vs) != 0 {
		t.Errorf("violations on legal kernels: %v", vs)
	}
	vs = asserts.Collect(func() { checked.Abs(x) })
	if !asserts.Compiled {
		return
	}
	if len(vs) == 0 || !strings.Contains(vs[0].Error(), "abs: impl_use_count_eq_fresh: return 0") {
		t.Errorf("abs returning its argument: %v, want impl_use_count_eq_fresh", vs)
	}
}
`

// TestInterfaceTensor: issue 40 item 2. A type map whose Tensor is an
// interface type with the contract's methods (declared with the kernels,
// or in another package) generates wrappers that build and check: a nil
// interface is the undefined tensor, an absent optional, an undefined
// list element; the runtime passes asserts/assertstest; a kernel whose
// result is its argument is found through the interface. With use counts and without (where the
// interface needs only Ident).
func TestInterfaceTensor(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds Go code")
	}
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/m")
	// One module, one directory per case, built and tested at once.
	dir := t.TempDir()
	files := map[string]string{"go.mod": gomod, "go.sum": gosum, "nf.yaml": ifaceSchema}
	cases := []struct {
		dir    string // the case's: local, another package, without use counts
		files  map[string]string
		tensor string
		more   []string
	}{
		{dir: "local", tensor: "rt.Tensor",
			files: map[string]string{"rt/rt.go": ifaceRuntime, "rt/rt_test.go": ifaceTest}},
		{dir: "api", tensor: "api.Tensor",
			files: map[string]string{
				"api/api.go":    "package api\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\n// Tensor is the API's tensor handle.\ntype Tensor interface {\n\tIdent() asserts.Ident\n\tUseCounts() (int, int)\n\tValues() []float64\n}\n",
				"rt/rt.go":      strings.Replace(strings.Replace(ifaceRuntime, "// Tensor is the runtime's tensor handle.\ntype Tensor interface {\n\tIdent() asserts.Ident\n\tUseCounts() (int, int)\n\tValues() []float64\n}", "// Tensor is the API's.\ntype Tensor = api.Tensor", 1), "import (\n", "import (\n\t\"example.com/m/api\"\n", 1),
				"rt/rt_test.go": ifaceTest,
			}},
		{dir: "uncounted", tensor: "rt.Tensor", more: []string{"-use-counts=false"},
			files: map[string]string{"rt/rt.go": strings.Replace(ifaceRuntime, "\tUseCounts() (int, int)\n\tValues", "\tValues", 1), "rt/rt_test.go": uncountedTest(ifaceTest)}},
	}
	for _, tc := range cases {
		for name, src := range tc.files {
			files[tc.dir+"/"+name] = strings.ReplaceAll(src, "example.com/m/", "example.com/m/"+tc.dir+"/")
		}
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range cases {
		// Function and interface mode over the same kernels.
		for mode, out := range map[string]string{"function": "checked", "interface": "checkedif"} {
			args := append([]string{"gen", "-mode", mode, "-schema", "nf.yaml", "-kernels", "./" + tc.dir + "/rt", "-output", tc.dir + "/" + out,
				"-types", "Tensor=example.com/m/" + tc.dir + "/" + tc.tensor, "-types", "Scalar=float64"}, tc.more...)
			if _, stderr, code := clitest.Run(t, dir, args...); code != 0 {
				t.Fatalf("%s: gen -mode %s: exit %d\n%s", tc.dir, mode, code, stderr)
			}
			// every op on the one path (version 4): the tensors held as
			// the runtime's interface type
			src, err := os.ReadFile(filepath.Join(dir, tc.dir, out, "assertgen_checked.go"))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "wrap.Call") || !strings.Contains(string(src), "wrap.Frame[") {
				t.Errorf("%s: gen -mode %s: a wrapper not on the one path:\n%s", tc.dir, mode, src)
			}
		}
	}
	clitest.BuildAll(t, dir)
	for _, args := range [][]string{{"test", "-count=1", "./..."}, {"test", "-count=1", "-tags", "debugasserts", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		for _, tc := range cases {
			if !strings.Contains(string(out), "ok  \texample.com/m/"+tc.dir+"/rt\t") {
				t.Errorf("go %s: no passing tests of %s/rt:\n%s", strings.Join(args, " "), tc.dir, out)
			}
		}
	}
}

// uncountedTest is ifaceTest for a runtime without use counts: the
// suite's uncounted form.
func uncountedTest(src string) string {
	old := src[strings.Index(src, "\tassertstest.Run("):strings.Index(src, "func TestChecked")]
	return strings.Replace(src, old, `	assertstest.RunUncounted(t, assertstest.Uncounted{
		Undefined: func() asserts.Identity { return rt.Undefined() },
		New:       func() asserts.Identity { return rt.New(1, 2, 3) },
		View:      func(x asserts.Identity) asserts.Identity { return rt.Alias(x.(rt.Tensor)) },
		Write:     func(x asserts.Identity) { rt.Write(x.(rt.Tensor)) },
	})
}

`, 1)
}

const ifaceSchema = `- func: neg(Tensor self) -> Tensor
- func: abs(Tensor self) -> Tensor
- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
- func: alias(Tensor(a) self) -> Tensor(a)
- func: transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
- func: cat(Tensor[] tensors, int dim=0) -> Tensor
- func: index.Tensor(Tensor self, Tensor?[] indices) -> Tensor
- func: where.self(Tensor condition, Tensor self, Tensor other, Tensor? mask=None) -> Tensor
- func: split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]
`

// TestInterfaceTensorRefused: issue 41 item 7. An interface type as Tensor
// is never told to become a pointer to an interface: one without the
// contract's methods gets a message that names them.
func TestInterfaceTensorRefused(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("loads Go packages")
	}
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/m")
	dir := t.TempDir()
	for name, src := range map[string]string{"go.mod": gomod, "go.sum": gosum, "nf.yaml": ifaceSchema,
		"rt/rt.go": "package rt\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Bare interface{ Values() []float64 }\n\ntype Ids interface{ Ident() asserts.Ident }\n\nfunc Neg(self Bare) Bare { return self }\n",
	} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(src), 0o644)
	}
	for _, tc := range []struct {
		tensor string
		more   []string
		want   string
	}{
		{"example.com/m/rt.Bare", nil, "-types: Tensor: the interface example.com/m/rt.Bare has no method Ident() asserts.Ident (asserts.Identity) and UseCounts() (int, int) (asserts.Tensor; or use_counts: false for a runtime without use counts), which the wrappers call on every tensor: add it to the interface (a library's interface you cannot change: map Tensor to the pointer type its values have, with memory:)"},
		{"example.com/m/rt.Bare", []string{"-use-counts=false"}, "-types: Tensor: the interface example.com/m/rt.Bare has no method Ident() asserts.Ident (asserts.Identity), which the wrappers call on every tensor: add it to the interface (a library's interface you cannot change: map Tensor to the pointer type its values have, with memory:)"},
		{"example.com/m/rt.Ids", nil, "-types: Tensor: example.com/m/rt.Ids has no method UseCounts() (int, int), so the wrappers could not read use counts (use_counts is on by default); add use_counts: false to the config for a runtime without use counts (a garbage-collected one: fresh_not_held then checks freshness), or add UseCounts() (int, int) to the interface (asserts.Tensor)"},
	} {
		args := append([]string{"gen", "-schema", "nf.yaml", "-kernels", "./rt", "-output", "checked", "-types", "Tensor=" + tc.tensor}, tc.more...)
		_, stderr, code := clitest.Run(t, dir, args...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "*example.com/m/rt.") {
			t.Errorf("%s %v: exit %d, stderr:\n%swant exit 2 with %q, and no pointer to an interface", tc.tensor, tc.more, code, stderr, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "checked")); err == nil {
		t.Error("a refused type map wrote output")
	}
}
