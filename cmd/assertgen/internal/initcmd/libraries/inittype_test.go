package libraries

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestInitLibraryType: issue 58's acceptance for gonum. In an empty
// package of a fresh module on Go 1.25.14, with gonum v0.17.0 from the
// module proxy, `go tool assertgen init -type '*gonum.org/v1/gonum/mat.Dense'`,
// `go generate ./...`, `go test ./...` and `go test -tags debugasserts
// ./...` pass; the generated code wraps at least 40 ops, the sweep test
// passes with no finding, every bound op's values are the reference's
// (TestBoundValues, in both builds), and no file is left to fill in (no TODO, no
// "to write" in the report). Mul, Exp and Pow are not bound to mul,
// exp and pow (their values are a matrix product, exponential and
// power), and the report says so.
func TestInitLibraryType(t *testing.T) {
	t.Parallel() // runs go commands in a module of its own
	if testing.Short() {
		t.Skip("fetches Go 1.25.14 and gonum, builds them")
	}
	mod, r := libraryModule(t, "example.com/mylib", "gonum.org/v1/gonum@v0.17.0")
	run := func(dir string, args ...string) string { t.Helper(); return r.must(t, dir, args...) }
	if v := run(mod, "go", "version"); !strings.Contains(v, "go1.25.14") {
		t.Fatalf("go version: %s", v)
	}
	pkg := filepath.Join(mod, "linalg")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	report := run(pkg, "go", "tool", "assertgen", "init", "-type", "*gonum.org/v1/gonum/mat.Dense")
	t.Log(report)
	for _, want := range []string{
		"assertgen init: wrote assertgen.yaml, generate.go, assertgen_memory.go, assertgen_views.go, checked/assertgen_memory_test.go, assertgen_sweep_test.go, assertgen_values_test.go",
		"views: through Dense.Slice(r0, r1, c0, c1): rows r0 to r1, columns c0 to c1, each checked by its values and by a write through the view",
		"cat: a new tensor made with mat.NewDense, each input copied once into a view of it (dst.Copy(src), copy_'s binding)",
		"guessed: full_like, ones_like, zeros_like: dtype, layout, device, pin_memory, memory_format left out",
		"guessed: out= (",
		"not bound: Dense.Mul: not mul.Tensor, mul.out, mul_.Tensor: its values are not the op's",
		"not bound: Dense.Exp: not exp, exp.out, exp_: its values are not the op's",
		"not bound: Dense.Pow: not pow.Tensor_Scalar, pow.Tensor_Scalar_out: its values are not the op's",
		"mm (Dense.Mul)",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q", want)
		}
	}
	if strings.Contains(report, "to write") {
		t.Errorf("init left something to write:\n%s", report)
	}
	// With -memory, an alias of the library's type in a package of the
	// user's is the library's type (issue 58, item 2).
	aliased := filepath.Join(mod, "aliased")
	if err := os.Mkdir(aliased, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(aliased, "tensor.go"), []byte("// Package aliased names gonum's matrix.\npackage aliased\n\nimport \"gonum.org/v1/gonum/mat\"\n\n// Tensor is gonum's matrix.\ntype Tensor = mat.Dense\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := run(aliased, "go", "tool", "assertgen", "init", "-memory", "-ops", "mul,neg,mm", "-type", "Tensor"); !strings.Contains(out, "type: *gonum.org/v1/gonum/mat.Dense (-memory: -type names an alias of it)") {
		t.Errorf("init -memory -type Tensor in package aliased:\n%s", out)
	}
	// A kernel library over gonum's type, in the package init runs in
	// (issue 67, item 5): a function, a method of a type of its own, an
	// operator value.
	kern := writeKern(t, mod)
	start := time.Now()
	kernReport := run(kern, "go", "tool", "assertgen", "init", "-type", "*gonum.org/v1/gonum/mat.Dense", "-ops", "relu,sigmoid,maximum")
	t.Logf("init in kern took %v", time.Since(start).Round(time.Millisecond))
	checkKernInit(t, kern, kernReport)
	gen := run(mod, "go", "generate", "./...")
	m := regexp.MustCompile(`assertgen: (\d+) ops wrapped in checked`).FindAllStringSubmatch(gen, -1)
	if len(m) != 3 {
		t.Fatalf("go generate: %s", gen)
	}
	if n, _ := strconv.Atoi(m[2][1]); n < 40 { // linalg's, after aliased's and kern's
		t.Errorf("go generate: %s, want at least 40 ops wrapped", gen)
	}
	run(mod, "go", "test", "./...")
	// gonum's Kronecker wants an out= of the result's size: the sweep's
	// out, of its inputs' shape, is refused on every sample, and the sweep
	// fails on it with gonum's error until assertgen_verdicts.json
	// declares it, as a user does.
	if out, err := r(pkg, "go", "test", "-count=1", "-tags", "debugasserts", "-run", "^TestSweep$", "."); err == nil ||
		!strings.Contains(out, "kron.out refused on every sample it was given") || !strings.Contains(out, "mat: dimension mismatch") {
		t.Errorf("linalg's sweep without a verdict: %v, want it to fail on kron.out's refusal:\n%s", err, out)
	}
	verdict := `{"kron.out refused": "gonum's Kronecker wants out of the result's size"}` + "\n"
	if err := os.WriteFile(filepath.Join(pkg, "assertgen_verdicts.json"), []byte(verdict), 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(mod, "go", "test", "-count=1", "-v", "-tags", "debugasserts", "./...")
	for _, want := range []string{"--- PASS: TestSweep (", "--- PASS: TestMemory (", "--- PASS: TestBoundValues (", " 0 findings, 0 crashes"} {
		if strings.Count(out, want) != 3 { // linalg's, aliased's and kern's
			t.Errorf("go test -tags debugasserts lacks %q:\n%s", want, out)
		}
	}
	start = time.Now()
	checkKernPlanted(t, r, kern)
	t.Logf("kern's sweep with the planted bugs took %v", time.Since(start).Round(time.Millisecond))
	err := filepath.WalkDir(mod, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(data), "TODO") {
			t.Errorf("%s: a TODO left to fill in", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestInitLibraryTypeSpago: issue 58's second library, spago v1.1.0's
// generic *mat.Dense[float64] (from the module proxy): its constructor
// takes options, its elements are reached through an interface
// (Data().F64()), its operations return new values. init binds at least
// 30 ops whose values it checked; the sweep and the bound ops' values
// pass in both builds, and so does the conformance suite (TestMemory),
// whose metadata case allows the one allocation a read of the elements
// through spago's API makes (init measures it, the report says so).
// spago's Dense.Slice copies: no view is bound through it, and the
// report says why.
func TestInitLibraryTypeSpago(t *testing.T) {
	t.Parallel() // runs go commands in a module of its own
	if testing.Short() {
		t.Skip("fetches Go 1.25.14 and spago, builds them")
	}
	mod, run := libraryModule(t, "example.com/mynn", "github.com/nlpodyssey/spago/mat@v1.1.0")
	must := func(dir string, args ...string) string { t.Helper(); return run.must(t, dir, args...) }
	pkg := filepath.Join(mod, "nn")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	report := must(pkg, "go", "tool", "assertgen", "init", "-type", "*github.com/nlpodyssey/spago/mat.Dense[float64]")
	t.Log(report)
	for _, want := range []string{
		"tests: tensors made with mat.NewDense (2-D float64), read and written through Data",
		"guessed: the elements, Data().F64(), are contiguous and row-major in the sizes Shape() gives",
		"note: reading the elements through the library's API allocates (1 per call)",
		"not bound: Dense.Mul: not mul.Tensor, mul_.Tensor: its values are not the op's",
		"not bound: Dense.Slice: not alias, detach, narrow, select.int, slice.Tensor: on ",
		": a copy, not a view: its result is not on self's memory",
		"the conformance test (checked/assertgen_memory_test.go) allows that many (MemoryAllocs)",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q", want)
		}
	}
	run.generateAndTest(t, pkg, 30, "as MemoryAllocs allows")
}

// TestInitLibraryTypeGorgonia: a third library, gorgonia.org/tensor
// v0.9.24's *tensor.Dense (from the module proxy), whose constructor takes
// options (tensor.New(tensor.WithShape(...), tensor.WithBacking(data))),
// the values one of any type (init chooses float64 and says so), whose
// operations return (*Dense, error) or (Tensor, error) and take trailing
// options (left empty), and whose elements are reached through
// Float64s() with Shape(). init binds at least 60 ops whose values it
// checked (the comparisons by their bool results, softmax, t_copy;
// add and sub through Dense.Add, Dense.Sub, Add and Sub, which
// have no alpha, with alpha held at 1; rsub through Sub and Dense.Sub,
// their operands swapped; the Scalar ops with the scalar converted to
// the tensor's dtype, as gorgonia wants it, so they run on float32;
// slice.Tensor through Dense.Slice() with its arguments held at their
// defaults), among them the in-place ops through gorgonia's option
// tensor.UseUnsafe() and the out= ops through tensor.WithReuse(out) (the
// call writes the argument and returns it); tensor.WithIncr(out), which
// adds into out, binds none, and the report says why. It finds that
// gorgonia crashes on empty inputs (a Go runtime error inside it) and
// says so; the sweep makes the empty samples and reports those crashes
// (held to verdicts here). It makes the transposed views with Dense.T(),
// which init found by trying it (its result on the tensor's memory with
// the sizes and strides swapped), and turns away only the 47 views
// selected along dim 0 of 1455 samples:
// the memory function init writes reads Float64s(), which gorgonia cuts
// to a view's own capacity, so Slice's result is not on its base's
// storage to it, and the report says so. The bound values and the
// conformance suite pass in both builds. gorgonia's Narrow copies: the
// report says so.
func TestInitLibraryTypeGorgonia(t *testing.T) {
	t.Parallel() // runs go commands in a module of its own
	if testing.Short() {
		t.Skip("fetches Go 1.25.14 and gorgonia, builds them")
	}
	// gorgonia's dependency go4.org/unsafe/assume-no-moving-gc panics at
	// start under a Go release it does not know unless told to.
	mod, run := libraryModule(t, "example.com/mygg", "gorgonia.org/tensor@v0.9.24", "ASSUME_NO_MOVING_GC_UNSAFE_RISK_IT_WITH=go1.25")
	must := func(dir string, args ...string) string { t.Helper(); return run.must(t, dir, args...) }
	pkg := filepath.Join(mod, "nn")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	report := must(pkg, "go", "tool", "assertgen", "init", "-type", "*gorgonia.org/tensor.Dense")
	t.Logf("init took %v:\n%s", time.Since(start).Round(time.Millisecond), report)
	for _, want := range []string{
		"tests: tensors made with tensor.New (2-D float64), read and written through Float64s",
		"chosen: in-place ops call the library with its option tensor.UseUnsafe() (the value check saw the call write self and return it): abs_, ",
		"chosen: out= ops call the library with its option tensor.WithReuse(out) (the value check saw the call write out and return it): abs.out, ",
		"found: the option tensor.WithIncr(out), tried for out= ops, binds none: Abs, abs.out: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: got [[1000.25 ",
		"found: the option tensor.UseSafe(), tried for in-place ops, binds none: Abs, abs_: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: another tensor returned",
		"guessed: out= (",
		": the library writes out given it as tensor.WithReuse(out), checked with an out of the result's size only",
		"chosen: the element type, float64: tensor.WithBacking takes the values as interface{}",
		"guessed: the elements, Float64s(), are contiguous and row-major in the sizes Shape() gives",
		"mm (Dense.MatMul)",
		"crashed on empty inputs (no rows), a Go runtime error inside the library: runtime error: index out of range [0] with length 0",
		"so: the sweep (assertgen_sweep_test.go) makes its empty samples and reports these crashes as findings",
		"not bound: Dense.Narrow: not narrow: its values are not the op's: on ",
		"memory: Memory reads bool (ranks 0, 1, 2, 3 and 4), int8 (ranks 0, 1, 2, 3 and 4), int16 (ranks 0, 1, 2, 3 and 4), int32 (ranks 0, 1, 2, 3 and 4), int64 (ranks 0, 1, 2, 3 and 4), int (ranks 0, 1, 2, 3 and 4), uint8 (ranks 0, 1, 2, 3 and 4), float32 (ranks 0, 1, 2, 3 and 4), float64 (ranks 0, 1, 2, 3 and 4), complex64 (ranks 0, 1, 2, 3 and 4), complex128 (ranks 0, 1, 2, 3 and 4) tensors, each with its sizes and strides at its rank",
		"sweep: makes the tensors tensor.New made: bool (ranks 0, 1, 2, 3 and 4), ",
		"makes transposed views (a 2-D tensor's dims swapped) with Dense.T(): init checked its result is on the tensor's memory",
		"makes no views selected along dim 0 (counted as samples it cannot make): tried Dense.Slice(tensor.S(i)): its result is not on the tensor's storage (sizes (2))",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report lacks %q", want)
		}
	}
	yaml, err := os.ReadFile(filepath.Join(pkg, "assertgen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`mul.Tensor: "res, err := self.Mul(other); if err != nil { panic(err) }; return res" # Dense.Mul`,
		`neg: "res, err := tensor.Neg(self); if err != nil { panic(err) }; return res.(*tensor.Dense)" # Neg`,
		`mul_.Tensor: "res, err := self.Mul(other, tensor.UseUnsafe()); if err != nil { panic(err) }; return res" # Dense.Mul, with tensor.UseUnsafe()`,
		`mul.out: "res, err := self.Mul(other, tensor.WithReuse(out)); if err != nil { panic(err) }; return res" # Dense.Mul, with tensor.WithReuse(out)`,
		`exp_: "res, err := tensor.Exp(self, tensor.UseUnsafe()); if err != nil { panic(err) }; return res.(*tensor.Dense)" # Exp, with tensor.UseUnsafe()`,
		`sqrt.out: "res, err := tensor.Sqrt(self, tensor.WithReuse(out)); if err != nil { panic(err) }; return res.(*tensor.Dense)" # Sqrt, with tensor.WithReuse(out)`,
		`mm.out: "res, err := self.MatMul(mat2, tensor.WithReuse(out)); if err != nil { panic(err) }; return res" # Dense.MatMul, by its values (its name is not the op's), with tensor.WithReuse(out)`,
		// gorgonia takes a scalar of the tensor's dtype: the op's float64
		// is converted to it (the sweep runs these on float32 tensors).
		`mul.Scalar: "res, err := tensor.Mul(self, func() any { switch self.Dtype().Kind().String() { case \"float32\": return float32(other); case \"complex64\": return complex64(complex(other, 0)); case \"complex128\": return complex128(complex(other, 0)); default: return other } }()); if err != nil { panic(err) }; return res.(*tensor.Dense)" # Mul`,
	} {
		if !strings.Contains(string(yaml), want) {
			t.Errorf("assertgen.yaml lacks %q:\n%s", want, yaml)
		}
	}
	// The sweep makes int64 tensors: gorgonia's integer reciprocal divides
	// by zero on an element 0, a Go runtime error (PyTorch's reciprocal
	// of an integer tensor is a float tensor, inf there). A bug of
	// gorgonia's, held to a verdict as its user would.
	const why = "gorgonia's integer reciprocal divides by zero on an element 0"
	// The sweep makes empty samples too: 71 ops crash on them inside
	// gorgonia (its iterators index element 0, its out= copies 4
	// elements into none), the findings init's report names, held to a
	// verdict here as a user would after reading them.
	var emptyVerdicts string
	for _, key := range []string{
		"abs crash: panic at execution.AbsIterF32",
		"abs.out crash: panic at storage.CopyIter",
		"abs_ crash: panic at execution.AbsIterF32",
		"add.Scalar crash: panic at execution.AddIterVSF32",
		"add.Tensor crash: panic at execution.AddIterF32",
		"add.out crash: panic at storage.CopyIter",
		"add.Scalar_out crash: panic at storage.CopyIter",
		"add_.Scalar crash: panic at execution.AddIterVSF32",
		"add_.Tensor crash: panic at execution.AddIterF32",
		"div.Scalar crash: panic at execution.DivIterVSF32",
		"div.Tensor crash: panic at execution.DivIterF32",
		"div.out crash: panic at storage.CopyIter",
		"div.Scalar_out crash: panic at storage.CopyIter",
		"div_.Scalar crash: panic at execution.DivIterVSF32",
		"div_.Tensor crash: panic at execution.DivIterF32",
		"exp crash: panic at execution.ExpIterF32",
		"exp.out crash: panic at storage.CopyIter",
		"exp_ crash: panic at execution.ExpIterF32",
		"hardtanh crash: panic at execution.ClampIterF32",
		"hardtanh.out crash: panic at storage.CopyIter",
		"hardtanh_ crash: panic at execution.ClampIterF32",
		"log crash: panic at execution.LogIterF32",
		"log.out crash: panic at storage.CopyIter",
		"log10 crash: panic at execution.Log10IterF32",
		"log10.out crash: panic at storage.CopyIter",
		"log10_ crash: panic at execution.Log10IterF32",
		"log2 crash: panic at execution.Log2IterF32",
		"log2.out crash: panic at storage.CopyIter",
		"log2_ crash: panic at execution.Log2IterF32",
		"log_ crash: panic at execution.LogIterF32",
		"mul.Scalar crash: panic at execution.MulIterVSF32",
		"mul.Tensor crash: panic at execution.MulIterF32",
		"mul.out crash: panic at storage.CopyIter",
		"mul.Scalar_out crash: panic at storage.CopyIter",
		"mul_.Scalar crash: panic at execution.MulIterVSF32",
		"mul_.Tensor crash: panic at execution.MulIterF32",
		"neg crash: panic at execution.NegIterF32",
		"neg.out crash: panic at storage.CopyIter",
		"neg_ crash: panic at execution.NegIterF32",
		"negative crash: panic at execution.NegIterF32",
		"negative.out crash: panic at storage.CopyIter",
		"negative_ crash: panic at execution.NegIterF32",
		"pow.Tensor_Scalar crash: panic at execution.PowIterVSF32",
		"pow.Tensor_Tensor crash: panic at execution.PowIterF32",
		"pow.Tensor_Tensor_out crash: panic at storage.CopyIter",
		"pow.Tensor_Scalar_out crash: panic at storage.CopyIter",
		"reciprocal crash: panic at execution.InvIterF32",
		"reciprocal.out crash: panic at storage.CopyIter",
		"reciprocal_ crash: panic at execution.InvIterF32",
		"rsqrt crash: panic at execution.InvSqrtIterF32",
		"rsqrt.out crash: panic at storage.CopyIter",
		"rsqrt_ crash: panic at execution.InvSqrtIterF32",
		"rsub.Scalar crash: panic at execution.SubIterSVF32",
		"rsub.Scalar_out crash: panic at storage.CopyIter",
		"rsub.Tensor crash: panic at execution.SubIterF32",
		"rsub.Tensor_out crash: panic at storage.CopyIter",
		"sqrt crash: panic at execution.SqrtIterF32",
		"sqrt.out crash: panic at storage.CopyIter",
		"sqrt_ crash: panic at execution.SqrtIterF32",
		"square crash: panic at execution.SquareIterF32",
		"square.out crash: panic at storage.CopyIter",
		"square_ crash: panic at execution.SquareIterF32",
		"sub.Scalar crash: panic at execution.SubIterVSF32",
		"sub.Tensor crash: panic at execution.SubIterF32",
		"sub.out crash: panic at storage.CopyIter",
		"sub.Scalar_out crash: panic at storage.CopyIter",
		"sub_.Scalar crash: panic at execution.SubIterVSF32",
		"sub_.Tensor crash: panic at execution.SubIterF32",
		"tanh crash: panic at execution.TanhIterF32",
		"tanh.out crash: panic at storage.CopyIter",
		"tanh_ crash: panic at execution.TanhIterF32",
		"t_copy crash: panic at tensor.StdEng.transposeMask",
		"softmax.int crash: goroutine panic at tensor.StdEng.softMaxLastDimF32.func1",
		"softmax.int crash: goroutine panic at tensor.StdEng.softMaxInnerDimF32.func1",
		"log_softmax.int crash: goroutine panic at tensor.StdEng.softMaxLastDimF32.func1",
		"log_softmax.int crash: goroutine panic at tensor.StdEng.softMaxInnerDimF32.func1",
	} {
		emptyVerdicts += "\t" + strconv.Quote(key) + ": \"gorgonia crashes on empty inputs\",\n"
	}
	// Its comparisons crash on empty inputs too, as its arithmetic does.
	for _, c := range [][2]string{{"eq", "Eq"}, {"ne", "Ne"}, {"ge", "Gte"}, {"gt", "Gt"}, {"le", "Lte"}, {"lt", "Lt"}} {
		emptyVerdicts += "\t" + strconv.Quote(c[0]+".Scalar crash: panic at execution."+c[1]+"IterVSF32") + ": \"gorgonia crashes on empty inputs\",\n"
		emptyVerdicts += "\t" + strconv.Quote(c[0]+".Tensor crash: panic at execution."+c[1]+"IterF32") + ": \"gorgonia crashes on empty inputs\",\n"
	}
	// Its softmax takes the dim of a 0-dim tensor modulo its rank, 0.
	for _, op := range []string{"softmax.int", "log_softmax.int"} {
		emptyVerdicts += "\t" + strconv.Quote(op+" crash: panic at tensor.resolveAxis") + ": \"gorgonia's softmax divides by zero on a 0-dim tensor\",\n"
	}
	emptyVerdicts = strings.TrimSuffix(emptyVerdicts, ",\n") + "\n"
	verdicts := `{
	"reciprocal crash: panic at execution.InvI64": "` + why + `",
	"reciprocal_ crash: panic at execution.InvI64": "` + why + `",
	"reciprocal.out crash: panic at execution.InvI64": "` + why + `",
	"reciprocal_ crash: panic at execution.InvI": "` + why + ` (Go int: the probe Go int, called again on its own 1/x)",
` + emptyVerdicts + `}
`
	if err := os.WriteFile(filepath.Join(pkg, "assertgen_verdicts.json"), []byte(verdicts), 0o644); err != nil {
		t.Fatal(err)
	}
	run.generateAndTest(t, pkg, 60, " 0 findings, 94 crashes", "not generated: 9 variants (873 samples), of tensors the runtime does not have (its Capabilities): no conj or neg bit (12, 13); no sparse_coo layout (14); no sparse_csr layout (15); no quantized layout (16); no mkldnn layout (17); no autograd (18, 19, 20)",
		"cannot make: 47 of 1455 samples (3%): 0 (0%) ask for a layout, a conj or neg bit, autograd or named dims; 47 (3%)")
}

// A moduleRunner runs a command in a directory of a module libraryModule
// made, in its environment, and returns its combined output.
type moduleRunner func(dir string, args ...string) (string, error)

// must runs the command and fails the test if it fails.
func (run moduleRunner) must(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := run(dir, args...)
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// generateAndTest runs go generate in the package init wrote at pkg,
// which must wrap at least atLeast ops, then go vet, and go test in both
// builds: the debug build's sweep, bound values and conformance suite
// pass, the sweep with no finding or crash (or the summary " 0 findings,
// ..." one of more gives), and its output holds each of more.
func (run moduleRunner) generateAndTest(t *testing.T, pkg string, atLeast int, more ...string) {
	t.Helper()
	gen := run.must(t, pkg, "go", "generate", "./...")
	m := regexp.MustCompile(`assertgen: (\d+) ops wrapped in checked`).FindStringSubmatch(gen)
	if m == nil {
		t.Fatalf("go generate: %s", gen)
	}
	if n, _ := strconv.Atoi(m[1]); n < atLeast {
		t.Errorf("go generate: %s, want at least %d ops wrapped", gen, atLeast)
	}
	run.must(t, pkg, "go", "vet", "./...")
	run.must(t, pkg, "go", "test", "./...")
	out := run.must(t, pkg, "go", "test", "-count=1", "-v", "-tags", "debugasserts", "./...")
	summary := " 0 findings, 0 crashes" // or the one more gives
	for _, m := range more {
		if strings.HasPrefix(m, " 0 findings, ") {
			summary = m
		}
	}
	for _, want := range append([]string{"--- PASS: TestSweep (", "--- PASS: TestBoundValues (", "--- PASS: TestMemory (", summary}, more...) {
		if !strings.Contains(out, want) {
			t.Errorf("go test -tags debugasserts lacks %q:\n%s", want, out)
		}
	}
}

// libraryModule makes a fresh module modPath, on Go 1.25.14, with the
// assertgen tool of this checkout and the library lib (PATH@VERSION, from
// the module proxy), as a user starts one, with the environment's
// variables extraEnv besides; it returns the module's directory and a
// runner of commands there.
func libraryModule(t *testing.T, modPath, lib string, extraEnv ...string) (string, moduleRunner) {
	t.Helper()
	root := clitest.Root()
	mod := t.TempDir()
	env := append(append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false", "GOTOOLCHAIN=go1.25.14"), extraEnv...)
	run := moduleRunner(func(dir string, args ...string) (string, error) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	})
	run.must(t, mod, "go", "mod", "init", modPath)
	run.must(t, mod, "go", "mod", "edit", "-replace", "github.com/assertgen/assertgen="+root, "-require", "github.com/assertgen/assertgen@v0.0.0")
	// As docs/guide.md does: the module path is not on the proxy, and the
	// replace answers for it.
	run.must(t, mod, "env", "GOPROXY=https://proxy.golang.org|off", "go", "get", "-tool", "github.com/assertgen/assertgen/cmd/assertgen")
	run.must(t, mod, "go", "get", lib)
	return mod, run
}
