package finder

import (
	"context"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Spec
		ok   bool
		err  string
	}{
		{in: "Tensor"},
		{in: "*Tensor"},
		{in: "*gonum.org/v1/gonum/mat.Dense", want: Spec{Pointer: true, Path: "gonum.org/v1/gonum/mat", Name: "Dense"}, ok: true},
		{in: "*github.com/nlpodyssey/spago/mat.Dense[float64]", want: Spec{Pointer: true, Path: "github.com/nlpodyssey/spago/mat", Name: "Dense", Args: []string{"float64"}}, ok: true},
		{in: "gonum.org/v1/gonum/mat.Matrix", want: Spec{Path: "gonum.org/v1/gonum/mat", Name: "Matrix"}, ok: true},
		{in: "bytes.Buffer", want: Spec{Path: "bytes", Name: "Buffer"}, ok: true},
		{in: "*example.com/lib.dense", ok: true, err: `-type "*example.com/lib.dense": dense is not exported`},
		{in: "*example.com/lib.Dense[float64", ok: true, err: "want [TYPE, ...] after the type's name"},
		{in: "*.Dense", ok: true, err: "want IMPORTPATH.Type"},
	} {
		got, ok, err := ParseSpec(tc.in)
		switch {
		case ok != tc.ok:
			t.Errorf("%s: ok %v, want %v", tc.in, ok, tc.ok)
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.in, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.in, err)
		case ok && (got.Pointer != tc.want.Pointer || got.Path != tc.want.Path || got.Name != tc.want.Name || !slices.Equal(got.Args, tc.want.Args)):
			t.Errorf("%s: %+v, want %+v", tc.in, got, tc.want)
		case ok && got.String() != strings.TrimSpace(tc.in):
			t.Errorf("%s: String %s", tc.in, got)
		}
	}
}

func TestNameFits(t *testing.T) {
	for _, tc := range []struct {
		name, op string
		want     bool
	}{
		{"Mul", "mul", true},
		{"MulElem", "mul", true},
		{"Mul", "mm", false},
		{"Kronecker", "kron", true},
		{"Inverse", "linalg_inv", true},
		{"Inverse", "inverse", true},
		{"CloneFrom", "clone", true},
		{"Exp", "exp_", true},
		{"Exp", "exp2", false},
		{"Exp2", "exp2", true},
		{"Apply", "abs", false},
		{"LogDet", "log", true},
		{"RawMatrix", "matrix_power", false},
		{"MatrixPower", "matrix_power", true},
		{"Get", "ge", false},
		{"GetB", "ge", false},
		{"Eq", "eq", true},
		{"EqScalar", "eq", true},
		{"Equal", "eq", false},
		{"T", "t", true},
		{"Tanh", "t", false},
	} {
		c := &Callable{Words: words(tc.name)}
		if got := c.NameFits(tc.op); got != tc.want {
			t.Errorf("%s (words %v) fits %s: %v, want %v", tc.name, c.Words, tc.op, got, tc.want)
		}
	}
}

// TestBindFake binds testdata/fakemod's fake.M: the methods and
// functions whose values are their op's are bound, in each form (into a
// receiver, in place, out=, a returned value, a package function, by
// values alone: Exp, whose values are 2^x, is bound to exp2; Add, which
// has no alpha, with alpha held at 1); those whose values are not (Exp is 2^x), that panic
// (Sqrt), that write an input they only read (Cos; its in-place form
// zeroes self, which binds zero_ by name only) or that
// give the tensor they write a new buffer (Neg, for neg_ and neg.out)
// are not, each with its reason; nor are the views through Block, which
// copies.
func TestBindFake(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"})
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	// Bind says each long step it starts to the progress function
	// (WithProgress), the runs' counter only every few seconds.
	var mu sync.Mutex
	var said []string
	ctx := WithProgress(context.Background(), func(line string) { mu.Lock(); said = append(said, line); mu.Unlock() })
	f, err := Bind(ctx, dir, l, Ops(s, l.Qual(), l.Elem))
	if err != nil {
		t.Fatal(err)
	}
	steps := strings.Join(said, "\n")
	for _, re := range []string{`(?m)^the value check: building its program \(\d+ candidates, \d+ KB of Go\)$`, `(?m)^the value check: running \d+ callables' candidates$`, `(?m)^the value check: running the \d+ bound candidates on empty inputs$`} {
		if !regexp.MustCompile(re).MatchString(steps) {
			t.Errorf("Bind's progress lacks %s:\n%s", re, steps)
		}
	}
	var got []string
	for _, b := range f.Bindings {
		got = append(got, b.Op+": "+b.Code)
	}
	want := []string{
		"abs: fake.Abs(self)",
		// Add has no alpha: add at alpha 1, another refused
		`add.Tensor: if alpha != 1 { panic("M.Add has no alpha parameter: bound for alpha = 1 only") }; ret.Add(self, other)`,
		`add.out: if alpha != 1 { panic("M.Add has no alpha parameter: bound for alpha = 1 only") }; out.Add(self, other)`,
		`add_.Tensor: if alpha != 1 { panic("M.Add has no alpha parameter: bound for alpha = 1 only") }; self.Add(self, other)`,
		"exp2: ret.Exp(self)", // its values are 2^x: exp2's, by its values alone
		"exp2.out: out.Exp(self)",
		"exp2_: self.Exp(self)",
		"mul.Scalar: ret.Scale(other, self)",
		"mul.Scalar_out: out.Scale(other, self)",
		"mul.Tensor: ret.MulElem(self, other)",
		"mul.out: out.MulElem(self, other)",
		"mul_.Scalar: self.Scale(other, self)",
		"mul_.Tensor: self.MulElem(self, other)",
		"neg: ret.Neg(self)",
		"negative: ret.Neg(self)",
		"sin: self.Sin()",
		"zero: ret.ZerosLike(self)", // zero's values are a constant: by name only
		"zero.out: out.ZerosLike(self)",
		"zero_: self.ZerosLike(self)",
		"zeros_like: ret.ZerosLike(self)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("bindings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var rejected []string
	for _, r := range f.Rejected {
		rejected = append(rejected, r.String())
	}
	for _, w := range []string{
		"M.Exp: not exp, exp.out, exp_: its values are not the op's: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: got [[1.18921 1.41421 1.68179] [1.09051 1.54221 1.83401]], want [[1.28403 1.64872 2.117] [1.13315 1.86825 2.39888]]; bound by its values to exp2, exp2.out, exp2_",
		"M.Neg: not neg.out, neg_: it does not do what the op does: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: storage replaced: it gives the tensor it writes a new buffer, where the schema writes into the one it has; bound by its values to neg, negative",
		"M.Cos: not cos, cos.out, cos_: it does not do what the op does: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: input written: it changes its input 0, which the schema only reads",
		"M.Sqrt: not sqrt, sqrt.out, sqrt_: it does not do what the op does: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: panic fake: no sqrt",
		// Block(r0, r1, c0, c1) copies: no view is bound through it.
		"M.Block: not alias, detach, narrow, select.int, slice.Tensor: on [[1 2 3 4 5] [11 12 13 14 15] [21 22 23 24 25] [31 32 33 34 35]]: a copy, not a view: its result is not on self's memory",
	} {
		if !slices.Contains(rejected, w) {
			t.Errorf("no rejection %q in:\n%s", w, strings.Join(rejected, "\n"))
		}
	}
}

// TestBindGeneric binds an instance of a generic type, fake.G[float64]:
// its generic constructor is instantiated with -type's arguments.
func TestBindGeneric(t *testing.T) {
	spec, _, err := ParseSpec("*example.com/fakemod/fake.G[float64]")
	if err != nil {
		t.Fatal(err)
	}
	dir, l := loadFake(t, spec)
	if got := l.Ctor.Call("fake", "shape", "data"); got != "fake.NewG[float64](shape[0], shape[1], data)" || l.Qual() != "*fake.G[float64]" {
		t.Errorf("constructor %s, type %s", got, l.Qual())
	}
	f := bindAll(t, dir, l)
	var got []string
	for _, b := range f.Bindings {
		got = append(got, b.Op+": "+b.Code)
	}
	if want := []string{"mul.Tensor: ret.MulElem(self, other)", "mul.out: out.MulElem(self, other)", "mul_.Tensor: self.MulElem(self, other)"}; !slices.Equal(got, want) {
		t.Errorf("bindings %q, want %q", got, want)
	}
}

// TestBindOptions binds optlib.D: its constructor takes options
// (New(WithShape(shape...), WithData(data))), its elements are reached
// through an interface (Data().F64()) with its sizes from Shape(), an
// op is mapped over the elements by a method that returns a new value
// (Apply), and an in-place method returns its receiver (ProdInPlace).
func TestBindOptions(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/optlib", Name: "D"})
	if got := l.Ctor.Call("optlib", "shape", "data"); got != "optlib.New(optlib.WithShape(shape...), optlib.WithData(data))" {
		t.Errorf("constructor %s", got)
	}
	if got := l.Raw.Slice("x"); got != "x.Data().F64()" || l.Raw.Shape != "Shape" {
		t.Errorf("elements %s, sizes %s", got, l.Raw.Shape)
	}
	f := bindAll(t, dir, l)
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code
	}
	for op, want := range map[string]string{
		"exp":         "self.Apply(func(_, _ int, v float64) float64 { return math.Exp(v) }).(*optlib.D)",
		"mul_.Tensor": "self.ProdInPlace(other)",
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	if _, ok := got["exp_"]; ok {
		t.Errorf("exp_ bound to %q: Apply returns a new value", got["exp_"])
	}
}

// TestCopyRefused: a type whose element access returns a copy cannot give
// the memory function its buffer; init refuses it, saying so.
func TestCopyRefused(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "C"})
	_, err := Bind(context.Background(), dir, l, nil)
	if want := "-type *example.com/fakemod/fake.C: Raw reaches a copy of the elements (each read of the elements is a new slice): the memory function needs the tensor's own buffer"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}

// loadFake copies testdata/fakemod into a new directory and loads the
// type spec names, with the kernel packages named, from its package
// user, a package of the module that does not declare it, as init does;
// it returns user's directory. With -short the test is skipped: binding
// builds and runs a program.
func loadFake(t *testing.T, spec Spec, kernels ...string) (string, *Lib) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the value check")
	}
	mod := t.TempDir()
	if err := os.CopyFS(mod, os.DirFS("testdata/fakemod")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(mod, "user")
	l, err := Load(dir, spec, kernels...)
	if err != nil {
		t.Fatal(err)
	}
	return dir, l
}

// bindAll binds l to the ops of the default schema its values may be,
// from dir, as init does.
func bindAll(t *testing.T, dir string, l *Lib) *Found {
	t.Helper()
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	f, err := Bind(context.Background(), dir, l, Ops(s, l.Qual(), l.Elem))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestBindAnyData binds anylib.T, built as gorgonia's Dense is: its
// constructor's values option takes interface{} (init makes float64s),
// its elements are reached through Float64s() with the sizes from Shape()
// (not Ints(), first by name) and the strides from Strides(), calls that
// return a result and an error are statements that panic on the error and
// return the result, trailing options are left empty, and an interface{}
// parameter takes a tensor or a number. Mul crashes on empty inputs:
// its run on empty inputs (checkEmptyKept) says so of its bindings, and of no other.
func TestBindAnyData(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/anylib", Name: "T"})
	if got := l.Ctor.Call("anylib", "shape", "data"); got != "anylib.New(anylib.WithShape(shape...), anylib.WithBacking(data))" || l.Elem != "float64" || !l.Ctor.AnyData {
		t.Errorf("constructor %s of %s (any data %v)", got, l.Elem, l.Ctor.AnyData)
	}
	if got := l.Raw.Slice("x"); got != "x.Float64s()" || l.Raw.Shape != "Shape" || l.Raw.Strides != "Strides" {
		t.Errorf("elements %s, sizes %s, strides %s", got, l.Raw.Shape, l.Raw.Strides)
	}
	f := bindAll(t, dir, l)
	got := map[string]string{}
	crashed := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code
		if b.EmptyCrash != "" {
			crashed[b.Op] = b.EmptyCrash
		}
	}
	for op, want := range map[string]string{
		"mul.Tensor":   "res, err := self.Mul(other); if err != nil { panic(err) }; return res",
		"neg":          "res, err := anylib.Neg(self); if err != nil { panic(err) }; return res.(*anylib.T)",
		"maximum":      "res, err := anylib.MaxBetween(self, other); if err != nil { panic(err) }; return res.(*anylib.T)",
		"clone":        "self.Clone().(*anylib.T)",
		"fill_.Scalar": "if err := self.Memset(value); err != nil { panic(err) }",
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	const crash = "runtime error: index out of range [0] with length 0"
	if want := map[string]string{"mul.Tensor": crash, "mul.out": crash, "mul_.Tensor": crash}; !maps.Equal(crashed, want) {
		t.Errorf("crashes on empty inputs: %v, want %v", crashed, want)
	}
}

// TestBindOptionsOfOps binds anylib.T's in-place and out= ops through
// its operations' trailing options, as gorgonia's: UseUnsafe() for
// in-place ops (the call writes self and returns it), WithReuse(out) for
// out= ops (it writes out and returns it), for methods (T.Add, T.Mul)
// and functions (Neg, MaxBetween) alike. WithIncr(out) adds into out and
// UseSafe() returns a new tensor: the value check rejects both, and
// Found.Options says why.
func TestBindOptionsOfOps(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/anylib", Name: "T"})
	var names []string
	for _, o := range l.Options {
		names = append(names, o.Arg("anylib", "out"))
	}
	if want := []string{"anylib.UseSafe()", "anylib.UseUnsafe()", "anylib.WithIncr(out)", "anylib.WithReuse(out)"}; !slices.Equal(names, want) {
		t.Errorf("options %q, want %q", names, want)
	}
	f := bindAll(t, dir, l)
	type bound struct{ code, option string }
	got := map[string]bound{}
	for _, b := range f.Bindings {
		got[b.Op] = bound{b.Code, b.Option}
	}
	for op, want := range map[string]bound{
		"add_.Tensor":  {"res, err := self.Add(other, alpha, anylib.UseUnsafe()); if err != nil { panic(err) }; return res", "anylib.UseUnsafe()"},
		"add.out":      {"res, err := self.Add(other, alpha, anylib.WithReuse(out)); if err != nil { panic(err) }; return res", "anylib.WithReuse(out)"},
		"mul_.Tensor":  {"res, err := self.Mul(other, anylib.UseUnsafe()); if err != nil { panic(err) }; return res", "anylib.UseUnsafe()"},
		"mul.out":      {"res, err := self.Mul(other, anylib.WithReuse(out)); if err != nil { panic(err) }; return res", "anylib.WithReuse(out)"},
		"neg_":         {"res, err := anylib.Neg(self, anylib.UseUnsafe()); if err != nil { panic(err) }; return res.(*anylib.T)", "anylib.UseUnsafe()"},
		"neg.out":      {"res, err := anylib.Neg(self, anylib.WithReuse(out)); if err != nil { panic(err) }; return res.(*anylib.T)", "anylib.WithReuse(out)"},
		"maximum.out":  {"res, err := anylib.MaxBetween(self, other, anylib.WithReuse(out)); if err != nil { panic(err) }; return res.(*anylib.T)", "anylib.WithReuse(out)"},
		"add.Tensor":   {"res, err := self.Add(other, alpha); if err != nil { panic(err) }; return res", ""},
		"fill_.Scalar": {"if err := self.Memset(value); err != nil { panic(err) }", ""},
	} {
		if got[op] != want {
			t.Errorf("%s: %+v, want %+v", op, got[op], want)
		}
	}
	uses := map[string]OptionUse{}
	for _, u := range f.Options {
		uses[u.Arg] = u
	}
	for arg, want := range map[string]OptionUse{
		"anylib.UseUnsafe()":    {Arg: "anylib.UseUnsafe()", Ops: []string{"add_.Tensor", "mul_.Tensor", "neg_", "negative_"}},
		"anylib.WithReuse(out)": {Arg: "anylib.WithReuse(out)", OutArg: true, Ops: []string{"add.out", "maximum.out", "mul.out", "neg.out", "negative.out"}},
		"anylib.WithIncr(out)": {Arg: "anylib.WithIncr(out)", OutArg: true,
			Why: "T.Add, add.out: on [[0.25 0.5 0.75] [0.125 0.625 0.875]] [[0.5 0.125 0.25] [0.875 0.375 0.625]] with [1]: got [[1000.75 1001.62 1003] [1004 1005 1006.5]], want [[0.75 0.625 1] [1 1 1.5]]"},
		"anylib.UseSafe()": {Arg: "anylib.UseSafe()",
			Why: "T.Add, add_.Tensor: on [[0.25 0.5 0.75] [0.125 0.625 0.875]] [[0.5 0.125 0.25] [0.875 0.375 0.625]] with [1]: another tensor returned: it returns a tensor other than the one it writes, which the schema returns"},
	} {
		u := uses[arg]
		if u.Arg != want.Arg || u.OutArg != want.OutArg || !slices.Equal(u.Ops, want.Ops) || u.Why != want.Why {
			t.Errorf("option %s: %+v, want %+v", arg, u, want)
		}
	}
	if len(f.Options) != 4 {
		t.Errorf("%d options tried, want 4: %+v", len(f.Options), f.Options)
	}
}

// TestLoadModMod: with GOFLAGS=-mod=mod, a library whose module go.mod
// does not require (go get, then go mod tidy, which drops a module no
// package imports) is not added to go.mod by init's loader, without the
// requirements of its own that the value check's build then misses
// ("updates to go.mod needed ... go mod tidy"): init names the go get
// of the package and writes nothing. Required, it loads and binds under
// -mod=mod, and go.mod is left as it was (issue 68, item 12).
func TestLoadModMod(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the value check")
	}
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("testdata/modmod")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "user")
	t.Setenv("GOFLAGS", "-mod=mod")
	spec := Spec{Pointer: true, Path: "example.com/extlib", Name: "M"}
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	tidied, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	bind := func() (*Found, error) {
		l, err := Load(dir, spec)
		if err != nil {
			return nil, err
		}
		return Bind(context.Background(), dir, l, Ops(s, l.Qual(), l.Elem))
	}
	_, err = bind()
	if want := "go.mod requires no module that provides package example.com/extlib: go get example.com/extlib, then run init"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("after go mod tidy: %v, want %q", err, want)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "go.mod")); string(data) != string(tidied) {
		t.Errorf("go.mod written:\n%s", data)
	}
	// As go get leaves it.
	got := string(tidied) + "\nrequire example.com/extlib v0.0.0\n\nrequire example.com/dep v0.0.0 // indirect\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(got), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := bind()
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Bindings) == 0 || f.Bindings[0].Code != "ret.Neg(self)" {
		t.Errorf("bindings %+v, want neg's ret.Neg(self)", f.Bindings)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "go.mod")); string(data) != got {
		t.Errorf("go.mod written:\n%s", data)
	}
}

// TestBindKernels binds a kernel library over another library's type
// (issue 67, item 5): kern's exported functions of fake's *M, loaded
// with it (Load's kernels), are bound by their values as the type's own
// methods are: Relu returning its result, Tanh into its first argument
// (for tanh and tanh.out, its first argument being ret or out); Sigmoid,
// whose values are not sigmoid's, is rejected by its name, kern.Sigmoid.
// The bindings' code names kern, which Found.Imports holds.
func TestBindKernels(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"}, "example.com/fakemod/kern")
	f := bindAll(t, dir, l)
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code
	}
	for op, want := range map[string]string{
		"relu":     "kern.Relu(self)",
		"tanh":     "kern.Tanh(ret, self)",
		"tanh.out": "kern.Tanh(out, self)",
		"neg":      "ret.Neg(self)", // fake's own, as before
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	if code, ok := got["sigmoid"]; ok {
		t.Errorf("sigmoid bound to %q", code)
	}
	var rejected []string
	for _, r := range f.Rejected {
		rejected = append(rejected, r.String())
	}
	if !slices.ContainsFunc(rejected, func(r string) bool {
		return strings.HasPrefix(r, "kern.Sigmoid: not sigmoid") && strings.Contains(r, ": got ")
	}) {
		t.Errorf("no rejection of kern.Sigmoid for sigmoid in:\n%s", strings.Join(rejected, "\n"))
	}
	if !slices.Contains(f.Imports, "example.com/fakemod/kern") {
		t.Errorf("imports %v lack example.com/fakemod/kern", f.Imports)
	}
	if _, err := Load(dir, l.Spec, "example.com/fakemod/nothere"); err == nil || !strings.Contains(err.Error(), "-kernels example.com/fakemod/nothere: package example.com/fakemod/nothere does not load") {
		t.Errorf("a kernel package that does not load: %v", err)
	}
}

// TestBindKernelsFirst: a kernel package's callable is bound before the
// type's own that computes the op too (kernfirst.Neg, not fake's M.Neg:
// the user's kernels are what init's config checks), and in-place and
// out= kernels that return the tensor they write, with an error, are
// bound returning what they return (kernfirst.Neg_(self) for neg_,
// kernfirst.MulOut(out, self, other) for mul.out), so that returns_arg
// sees a kernel that returns another tensor; Abs_, which returns a new
// tensor and writes none, is not abs_; Exp_, which writes exp_'s values
// into self and returns a copy, is exp_ (its bug is returns_arg's to
// report, not a reason to leave it unchecked), and is not exp, whose input
// it writes: its name says it writes, and exp only reads. A functional kernel (Neg) is not
// reported as rejected for the in-place op (neg_): its name does not
// say it writes.
func TestBindKernelsFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the value check")
	}
	mod := t.TempDir()
	if err := os.CopyFS(mod, os.DirFS("testdata/fakemod")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(mod, "user")
	l, err := Load(dir, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"}, "example.com/fakemod/kernfirst")
	if err != nil {
		t.Fatal(err)
	}
	f := bindSome(t, dir, l, "neg", "mul", "abs", "exp")
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code + " # " + b.Callable
	}
	for op, want := range map[string]string{
		"neg":     "kernfirst.Neg(self) # kernfirst.Neg",
		"neg_":    "res, err := kernfirst.Neg_(self); if err != nil { panic(err) }; return res # kernfirst.Neg_",
		"mul.out": "res, err := kernfirst.MulOut(out, self, other); if err != nil { panic(err) }; return res # kernfirst.MulOut",
		"exp_":    "res, err := kernfirst.Exp_(self); if err != nil { panic(err) }; return res # kernfirst.Exp_",
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	if strings.Contains(got["abs_"], "Abs_") {
		t.Errorf("abs_ bound to %q, a kernel that writes nothing", got["abs_"])
	}
	if strings.Contains(got["exp"], "Exp_") {
		// Exp_ writes its input: it is named for exp_, and exp (which
		// only reads self) bound to it is a false same_content finding.
		t.Errorf("exp bound to %q, a kernel whose name says it writes its input", got["exp"])
	}
	for _, r := range f.Rejected {
		if r.Callable == "kernfirst.Neg" {
			t.Errorf("a functional kernel rejected for an in-place op: %s", r.String())
		}
	}
}

// TestBindReceivers binds a kernel package over fake's *M whose kernels
// are methods of its own types (issue 67, item 5): Ops's, made by its
// zero-argument constructor NewOps (its zero value refuses), Math's, as
// its zero value; and operator values, named by their type (Relu6), or
// bound by their values alone (Larger to maximum, through a list of its
// two tensors; Concat to cat, the op's dim set as its Axis). The
// operators bound to no op are listed, with why: Halve's values are no
// op's, Dropout's bool parameter no op passes.
func TestBindReceivers(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"}, "example.com/fakemod/nnops")
	f := bindSome(t, dir, l, "sigmoid", "silu", "log1p", "relu6", "maximum", "cat", "neg", "abs")
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code + " # " + b.Callable
	}
	const one = `; if len(res) != 1 { panic("%s returned other than one tensor") }; return res[0]`
	for op, want := range map[string]string{
		"sigmoid":  "res, err := nnops.NewOps().Sigmoid(self); if err != nil { panic(err) }; return res # nnops.Ops.Sigmoid",
		"silu":     "nnops.NewOps().Silu(ret, self) # nnops.Ops.Silu",
		"silu.out": "nnops.NewOps().Silu(out, self) # nnops.Ops.Silu",
		"log1p":    "new(nnops.Math).Log1p(self) # nnops.Math.Log1p",
		"relu6":    "res, err := new(nnops.Relu6).Forward(self); if err != nil { panic(err) }; return res # nnops.Relu6.Forward",
		"maximum":  "res, err := new(nnops.Larger).Apply([]*fake.M{self, other}); if err != nil { panic(err) }" + fmt.Sprintf(one, "nnops.Larger.Apply") + " # nnops.Larger.Apply",
		"cat":      "res, err := (&nnops.Concat{Axis: int(dim)}).Apply(tensors); if err != nil { panic(err) }" + fmt.Sprintf(one, "nnops.Concat.Apply") + " # nnops.Concat.Apply",
		"neg":      "ret.Neg(self) # M.Neg", // fake's own, as before
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	ops := map[string]string{}
	for _, u := range f.Operators {
		ops[u.Callable] = u.String()
	}
	for name, want := range map[string]string{
		"nnops.Relu6.Forward":   "nnops.Relu6.Forward, on new(nnops.Relu6): relu6",
		"nnops.Larger.Apply":    "nnops.Larger.Apply, on new(nnops.Larger): maximum",
		"nnops.Concat.Apply":    "nnops.Concat.Apply, on its zero value, or with Axis set to the op's scalars: cat",
		"nnops.Halve.Forward":   "nnops.Halve.Forward, on new(nnops.Halve): none: its values are not those of the ",
		"nnops.Dropout.Forward": "nnops.Dropout.Forward, on its zero value, or with P set to the op's scalars: none: its parameters take no op's tensors and scalars (takes tensor, bool)",
	} {
		if !strings.HasPrefix(ops[name], want) {
			t.Errorf("operator %s: %q, want it to start %q", name, ops[name], want)
		}
	}
	if len(f.Operators) != 5 {
		t.Errorf("%d operators, want 5: %v", len(f.Operators), f.Operators)
	}
}

// TestBindReceiversGeneric: over an instance of a generic library type
// (fake.G[float64], as spago's Dense[float64]), a generic operator of
// the kernel package is instantiated with the same type arguments
// (nnops.GRelu6[float64]) and bound; the operators over fake's M are
// not its callables.
func TestBindReceiversGeneric(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "G", Args: []string{"float64"}}, "example.com/fakemod/nnops")
	f := bindSome(t, dir, l, "relu6", "sigmoid")
	var got []string
	for _, b := range f.Bindings {
		got = append(got, b.Op+": "+b.Code)
	}
	if want := []string{"relu6: new(nnops.GRelu6[float64]).Forward(self)"}; !slices.Equal(got, want) {
		t.Errorf("bindings %q, want %q", got, want)
	}
	if len(f.Operators) != 1 || f.Operators[0].String() != "nnops.GRelu6.Forward, on new(nnops.GRelu6[float64]): relu6" {
		t.Errorf("operators %v", f.Operators)
	}
}

// bindSome binds the ops of the bases (relu6: relu6, relu6_) only: a
// smaller value check than bindAll's.
func bindSome(t *testing.T, dir string, l *Lib, bases ...string) *Found {
	t.Helper()
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	var ops []*Op
	for _, op := range Ops(s, l.Qual(), l.Elem) {
		if slices.Contains(bases, strings.TrimSuffix(op.base(), "_")) {
			ops = append(ops, op)
		}
	}
	f, err := Bind(context.Background(), dir, l, ops)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestReproConversions: the reproducer hooks convert each element type
// to float64 and back in code that compiles for it (a complex64's real
// part is a float32: converted; a bool is 0 or 1), and write each
// sample value as a literal of it, or say there is none.
func TestReproConversions(t *testing.T) {
	for _, c := range []struct{ dtype, to, from string }{
		{"bool", "map[bool]float64{true: 1}[v]", "v != 0"},
		{"complex64", "float64(real(v))", "complex64(complex(v, 0))"},
		{"float32", "float64(v)", "float32(v)"},
	} {
		if got := toFloat(c.dtype, "v"); got != c.to {
			t.Errorf("toFloat(%s): %s, want %s", c.dtype, got, c.to)
		}
		if got := fromFloat(c.dtype, "v"); got != c.from {
			t.Errorf("fromFloat(%s): %s, want %s", c.dtype, got, c.from)
		}
	}
	for _, c := range []struct {
		dtype string
		x     float64
		want  string
	}{
		{"bool", 2, "true"}, {"int64", -3, "-3"}, {"float32", 0.5, "0.5"},
		{"float64", math.Inf(-1), `float64(tensorFloat("-Inf"))`}, {"uint8", -1, ""},
	} {
		got, err := ReproElem(c.dtype, c.x)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("ReproElem(%s, %v): %q, %v; want %q", c.dtype, c.x, got, err, c.want)
		}
	}
}

// TestBindGenericKernels (issue 79, item 7): over a library type that is
// not generic (fake's M), a kernel package of generic functions alone
// (genkern) is imported by the value check and its kernel generic in
// the element type is instantiated with it and bound (Sqrt[float64]),
// one generic in the tensor with the tensor type (Neg[*fake.M]); one
// init cannot instantiate (Roll[I ~int32 | ~int64]) is named with why;
// a generic function of no tensor (Max) is no kernel.
func TestBindGenericKernels(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"}, "example.com/fakemod/genkern")
	f := bindSome(t, dir, l, "sqrt", "neg")
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code + " # " + b.Callable
	}
	for op, want := range map[string]string{
		"sqrt": "genkern.Sqrt[float64](self) # genkern.Sqrt",
		"neg":  "genkern.Neg[*fake.M](self) # genkern.Neg",
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	f.AddUnchecked(l, s, Ops(s, l.Qual(), l.Elem))
	var rejected []string
	for _, r := range f.Rejected {
		rejected = append(rejected, r.String())
	}
	all := strings.Join(rejected, "\n")
	if want := "genkern.Roll: a generic function init cannot instantiate with float64 or *fake.M: float64 does not satisfy ~int32 | ~int64"; !strings.Contains(all, want) {
		t.Errorf("no rejection %q in:\n%s", want, all)
	}
	if strings.Contains(all, "genkern.Max") {
		t.Errorf("a generic function of no tensor named as a kernel:\n%s", all)
	}
}

// TestBindKernelUnbuilt: a candidate whose code does not compile costs
// that candidate alone, not the value check (issue 79, item 6's kind):
// the kernel package other's Mul, called in mul.Tensor's kernel, whose
// parameter other hides the package, is named with the compiler's
// message; its Neg is bound, and mul.Tensor to fake's own MulElem.
func TestBindKernelUnbuilt(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"}, "example.com/fakemod/other")
	f := bindSome(t, dir, l, "neg", "mul")
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Code + " # " + b.Callable
	}
	for op, want := range map[string]string{
		"neg":        "other.Neg(self) # other.Neg",
		"mul.Tensor": "ret.MulElem(self, other) # M.MulElem",
	} {
		if got[op] != want {
			t.Errorf("%s: %q, want %q", op, got[op], want)
		}
	}
	var rejected []string
	for _, r := range f.Rejected {
		rejected = append(rejected, r.String())
	}
	all := strings.Join(rejected, "\n")
	if want := "other.Mul: not mul.Tensor: init could not compile a call of it: other.Mul undefined"; !strings.Contains(all, want) {
		t.Errorf("no rejection %q in:\n%s", want, all)
	}
}

// TestBindHeldDefaults: kernels without a parameter for an op's defaulted
// scalars (an ONNX-style Add without alpha, Gemm without beta and alpha,
// Elu without any of elu's) are bound with those scalars held at their
// defaults: the code refuses another value with a panic that says so,
// and the value check ran them on the cases that hold the defaults.
// Sub is rsub.Tensor too, its operands swapped. Slice, without
// slice.Tensor's optional start and end, holds them at None. Mul,
// whose values are no add's at alpha 1, is not add. A kernel package's
// kernel comes before the type's own method that holds alpha too
// (fake's M.Add).
func TestBindHeldDefaults(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"}, "example.com/fakemod/noalpha")
	f := bindSome(t, dir, l, "add", "sub", "rsub", "elu", "addmm", "mul", "slice")
	got := map[string]*Binding{}
	for i, b := range f.Bindings {
		got[b.Op] = &f.Bindings[i]
	}
	for op, want := range map[string]struct{ code, held string }{
		"add.Tensor": {`if alpha != 1 { panic("noalpha.Add has no alpha parameter: bound for alpha = 1 only") }; return noalpha.Add(self, other)`, "alpha held at 1"},
		"sub.Tensor": {`if alpha != 1 { panic("noalpha.Sub has no alpha parameter: bound for alpha = 1 only") }; return noalpha.Sub(self, other)`, "alpha held at 1"},
		"elu": {`if alpha != 1 || scale != 1 || input_scale != 1 { panic("noalpha.Elu has no alpha, scale, input_scale parameters: bound for alpha = 1, scale = 1, input_scale = 1 only") }; return noalpha.Elu(self)`,
			"alpha held at 1, scale held at 1, input_scale held at 1"},
		"addmm":      {`if beta != 1 || alpha != 1 { panic("noalpha.Gemm has no beta, alpha parameters: bound for beta = 1, alpha = 1 only") }; return noalpha.Gemm(self, mat1, mat2)`, "beta held at 1, alpha held at 1"},
		"mul.Tensor": {"noalpha.Mul(self, other)", ""},
		// Optional start and end held at None.
		"slice.Tensor": {`if start != nil || end != nil || step != 1 { panic("noalpha.Slice has no start, end, step parameters: bound for start = None, end = None, step = 1 only") }; return noalpha.Slice(self, dim)`,
			"start held at None, end held at None, step held at 1"},
		// rsub(self, other) is other - self: Sub with its operands swapped.
		"rsub.Tensor": {`if alpha != 1 { panic("noalpha.Sub has no alpha parameter: bound for alpha = 1 only") }; return noalpha.Sub(other, self)`, "alpha held at 1"},
	} {
		b := got[op]
		if b == nil {
			t.Errorf("%s: not bound", op)
			continue
		}
		if b.Code != want.code || b.HeldText() != want.held {
			t.Errorf("%s: %q (%s), want %q (%s)", op, b.Code, b.HeldText(), want.code, want.held)
		}
	}
	if b := got["add.Tensor"]; b != nil {
		if !b.Holds([]float64{1}) || b.Holds([]float64{-0.5}) {
			t.Errorf("add.Tensor: Holds(1) %v, Holds(-0.5) %v", b.Holds([]float64{1}), b.Holds([]float64{-0.5}))
		}
		if !slices.Contains(b.Also, "M.Add") && b.Callable != "noalpha.Add" {
			t.Errorf("add.Tensor: %s, also %v", b.Callable, b.Also)
		}
	}
	for _, b := range f.Bindings {
		if strings.HasPrefix(b.Op, "add") && b.Callable == "noalpha.Mul" {
			t.Errorf("%s bound to Mul", b.Op)
		}
	}
}
