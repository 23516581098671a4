package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// elemsRuntime is a generic runtime with use counts over the element
// types ELEMS, its constructor taking its shape as SHAPE (...int or
// ...int64), with a view (Alias), a write (Zero_) and a copy (Clone).
const elemsRuntime = `package PKG

import (
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
)

type Elem interface{ ELEMS }

var last atomic.Uint64

func newID() asserts.ID { return asserts.ID(last.Add(1)) }

type storage[T Elem] struct {
	id      asserts.ID
	impls   atomic.Int64
	version atomic.Uint64
	data    []T
}

type impl[T Elem] struct {
	id      asserts.ID
	handles atomic.Int64
	st      *storage[T]
}

type Tensor[T Elem] struct{ i *impl[T] }

func on[T Elem](st *storage[T]) *Tensor[T] {
	st.impls.Add(1)
	i := &impl[T]{id: newID(), st: st}
	i.handles.Add(1)
	return &Tensor[T]{i}
}

func New[T Elem](values []T, shape ...SHAPE) *Tensor[T] {
	return on(&storage[T]{id: newID(), data: append([]T(nil), values...)})
}

func (t *Tensor[T]) Retain() *Tensor[T] { t.i.handles.Add(1); return &Tensor[T]{t.i} }

func (t *Tensor[T]) Release() {
	if t == nil || t.i == nil {
		return
	}
	if t.i.handles.Add(-1) == 0 {
		t.i.st.impls.Add(-1)
	}
	t.i = nil
}

func (t *Tensor[T]) Ident() asserts.Ident {
	if t == nil || t.i == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: t.i.id, Storage: t.i.st.id, Version: t.i.st.version.Load(), Traits: asserts.Versioned}
}

func (t *Tensor[T]) UseCounts() (impl, storage int) {
	if t == nil || t.i == nil {
		return 0, 0
	}
	return int(t.i.handles.Load()), int(t.i.st.impls.Load())
}

func Clone[T Elem](self *Tensor[T], memory_format *int) *Tensor[T] { return New(self.i.st.data) }

func Alias[T Elem](self *Tensor[T]) *Tensor[T] { return on(self.i.st) }

func Zero_[T Elem](self *Tensor[T]) *Tensor[T] {
	clear(self.i.st.data)
	self.i.st.version.Add(1)
	return self.Retain()
}
`

// TestInitFillsGenericElems: init writes the conformance and sweep tests
// of a generic runtime whose element types include bool (no conversion
// T(1) holds for such a T: the tests convert with helpers of their own),
// and of one whose constructor takes an int64 shape (both tests declared
// int64s, and the debug build, which builds both, failed: "int64s
// redeclared"). Each runs as written, on every element type.
func TestInitFillsGenericElems(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("builds and tests Go code")
	}
	dir := genericModule(t, map[string]string{
		"b/b.go": strings.NewReplacer("PKG", "b", "ELEMS", "bool | int64 | float64", "SHAPE", "int").Replace(elemsRuntime),
		"w/w.go": strings.NewReplacer("PKG", "w", "ELEMS", "int32 | float32", "SHAPE", "int64").Replace(elemsRuntime),
	})
	for _, c := range []struct {
		pkg   string
		elems []string
		want  []string // in the tests init wrote
	}{
		{"b", []string{"bool", "int64", "float64"}, []string{"data, shape := testElems[T](1, 2, 3, 4, 5, 6), []int{2, 3}", "data := sweepElems[T](vals...)", "*p = v != 0"}},
		{"w", []string{"int32", "float32"}, []string{"return w.New(data, int64s(shape)...)", "w.New(data, sweepInt64s(shape)...)"}},
	} {
		p := filepath.Join(dir, c.pkg)
		stdout, stderr, code := clitest.Run(t, p, "init")
		if code != 0 || strings.Contains(stdout, "to write:") {
			t.Fatalf("%s: init: exit %d, want nothing left to write\n%s%s", c.pkg, code, stdout, stderr)
		}
		var tests string
		for _, f := range []string{"assertgen_contract_test.go", "assertgen_sweep_test.go"} {
			b, err := os.ReadFile(filepath.Join(p, f))
			if err != nil {
				t.Fatal(err)
			}
			tests += string(b)
		}
		for _, w := range c.want {
			if !strings.Contains(tests, w) {
				t.Errorf("%s: the tests lack %q:\n%s", c.pkg, w, tests)
			}
		}
		if strings.Contains(tests, "TODO") {
			t.Errorf("%s: the tests say TODO:\n%s", c.pkg, tests)
		}
		if _, stderr, code := clitest.Run(t, p, "gen"); code != 0 {
			t.Fatalf("%s: gen after init: exit %d\n%s", c.pkg, code, stderr)
		}
		out, err := goTestIn(dir, "-v", "-count=1", "-tags", "debugasserts", "./"+c.pkg)
		if err != nil {
			t.Fatalf("%s: go test -tags debugasserts: %v\n%s", c.pkg, err, out)
		}
		for _, e := range c.elems {
			for _, test := range []string{"TestAssertsContract", "TestSweep"} {
				if w := "--- PASS: " + test + "/" + e + " "; !strings.Contains(out, w) {
					t.Errorf("%s: %s did not run on %s:\n%s", c.pkg, test, e, out)
				}
			}
		}
	}
}

// goTestIn runs go test with args in the module at dir.
func goTestIn(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", append([]string{"test"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestInitSweepOneInstanceSaid: a generic type whose element types init
// cannot write tests for (complex64 | complex128) gets a sweep test to
// fill in that runs on the first instance alone; init's report and the
// test say so and name the others, which would otherwise go unswept
// while the sweep passes.
func TestInitSweepOneInstanceSaid(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("loads Go code")
	}
	dir := genericModule(t, map[string]string{
		"c/c.go": strings.NewReplacer("PKG", "c", "ELEMS", "complex64 | complex128", "SHAPE", "int").Replace(elemsRuntime),
	})
	p := filepath.Join(dir, "c")
	stdout, stderr, code := clitest.Run(t, p, "init")
	if code != 0 {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	if w := "note: assertgen_sweep_test.go sweeps complex64 tensors only, as written: add a run on complex128"; !strings.Contains(stdout, w) {
		t.Errorf("init's report lacks %q:\n%s", w, stdout)
	}
	b, err := os.ReadFile(filepath.Join(p, "assertgen_sweep_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if w := "// It sweeps complex64 tensors only: run it on complex128 too"; !strings.Contains(string(b), w) {
		t.Errorf("assertgen_sweep_test.go lacks %q:\n%s", w, b)
	}
}
