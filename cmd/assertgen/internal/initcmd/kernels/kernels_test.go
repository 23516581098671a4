package kernels

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd"
)

// dtlibKernels is a kernel package over dtlib's T, in the package init
// runs in: Neg computes neg right; Neg_ negates its input in place and
// returns a copy of it, not the input (returns_arg's bug). dtlib's own
// Neg plants a bug on each form: bound instead of the kernel, it would
// give neg findings.
const dtlibKernels = `package user

import (
	"errors"
	"math"
	"slices"

	"example.com/fakemod/dtlib"
)

// neg returns -x, of a float32 or float64 tensor: into x (in place) and
// a copy of it, or a new tensor.
func neg(x *dtlib.T, inPlace bool) (*dtlib.T, error) {
	var d any
	switch {
	case x.Float64s() != nil:
		o := append([]float64(nil), x.Float64s()...)
		for i, v := range o {
			o[i] = -v
		}
		if inPlace {
			copy(x.Float64s(), o)
		}
		d = o
	case x.Float32s() != nil:
		o := append([]float32(nil), x.Float32s()...)
		for i, v := range o {
			o[i] = -v
		}
		if inPlace {
			copy(x.Float32s(), o)
		}
		d = o
	default:
		return nil, errors.New("user: floats only")
	}
	return dtlib.New(dtlib.WithShape(x.Shape()...), dtlib.WithBacking(d)), nil
}

// Neg returns -x.
func Neg(x *dtlib.T) (*dtlib.T, error) { return neg(x, false) }

// Neg_ negates x in place and returns a copy of it (a bug: not x).
func Neg_(x *dtlib.T) (*dtlib.T, error) { return neg(x, true) }

// Abs returns |x|; its path for a 0-dim tensor writes |x| into x too
// (a bug no positive x shows).
func Abs(x *dtlib.T) (*dtlib.T, error) {
	var d any
	switch {
	case x.Float64s() != nil:
		o := append([]float64(nil), x.Float64s()...)
		for i, v := range o {
			o[i] = math.Abs(v)
		}
		if len(x.Shape()) == 0 {
			copy(x.Float64s(), o)
		}
		d = o
	case x.Float32s() != nil:
		o := append([]float32(nil), x.Float32s()...)
		for i, v := range o {
			o[i] = float32(math.Abs(float64(v)))
		}
		if len(x.Shape()) == 0 {
			copy(x.Float32s(), o)
		}
		d = o
	default:
		return nil, errors.New("user: floats only")
	}
	return dtlib.New(dtlib.WithShape(x.Shape()...), dtlib.WithBacking(d)), nil
}

// vals returns x's elements as float64s, and makes a tensor of x's
// element type of such values (nil for an element type it does not take).
func vals(x *dtlib.T) ([]float64, func(shape []int, v []float64) *dtlib.T) {
	var out []float64
	var mk func(v []float64) any
	switch {
	case x.Float64s() != nil:
		for _, v := range x.Float64s() {
			out = append(out, v)
		}
		mk = func(v []float64) any { return v }
	case x.Float32s() != nil:
		for _, v := range x.Float32s() {
			out = append(out, float64(v))
		}
		mk = func(v []float64) any { return f32(v) }
	case x.Int64s() != nil:
		for _, v := range x.Int64s() {
			out = append(out, float64(v))
		}
		mk = func(v []float64) any { return i64(v) }
	case x.Bools() != nil:
		for _, v := range x.Bools() {
			out = append(out, map[bool]float64{true: 1}[v])
		}
		mk = func(v []float64) any { return bools(v) }
	default:
		return nil, nil
	}
	return out, func(shape []int, v []float64) *dtlib.T {
		return dtlib.New(dtlib.WithShape(shape...), dtlib.WithBacking(mk(v)))
	}
}

func f32(v []float64) []float32 {
	o := make([]float32, len(v))
	for i, x := range v {
		o[i] = float32(x)
	}
	return o
}

func i64(v []float64) []int64 {
	o := make([]int64, len(v))
	for i, x := range v {
		o[i] = int64(x)
	}
	return o
}

func bools(v []float64) []bool {
	o := make([]bool, len(v))
	for i, x := range v {
		o[i] = x != 0
	}
	return o
}

// bump adds 1 to x's first element: a planted write of an input.
func bump(x *dtlib.T) {
	switch {
	case len(x.Float64s()) > 0:
		x.Float64s()[0]++
	case len(x.Float32s()) > 0:
		x.Float32s()[0]++
	case len(x.Int64s()) > 0:
		x.Int64s()[0]++
	case len(x.Bools()) > 0:
		x.Bools()[0] = !x.Bools()[0]
	}
}

// Equal is ONNX's Equal: a bool tensor, true where a's element is b's.
// Its bug: on 4-D inputs it writes a's first element.
func Equal(a, b *dtlib.T) (*dtlib.T, error) {
	x, _ := vals(a)
	y, _ := vals(b)
	if x == nil || y == nil || !slices.Equal(a.Shape(), b.Shape()) {
		return nil, errors.New("user: Equal of these tensors")
	}
	o := make([]bool, len(x))
	for i := range x {
		o[i] = x[i] == y[i]
	}
	if len(a.Shape()) == 4 {
		bump(a)
	}
	return dtlib.New(dtlib.WithShape(a.Shape()...), dtlib.WithBacking(o)), nil
}

// Cast is ONNX's Cast to PyTorch's dtype numbers: 7 float64, 6 float32,
// 4 int64, 11 bool. Its bug: on a 4-D tensor it writes x's first element.
func Cast(x *dtlib.T, to int) (*dtlib.T, error) {
	v, _ := vals(x)
	if v == nil {
		return nil, errors.New("user: Cast of this tensor")
	}
	var d any
	switch to {
	case 7:
		d = append([]float64(nil), v...)
	case 6:
		d = f32(v)
	case 4:
		d = i64(v)
	case 11:
		d = bools(v)
	default:
		return nil, errors.New("user: Cast to this dtype")
	}
	if len(x.Shape()) == 4 {
		bump(x)
	}
	return dtlib.New(dtlib.WithShape(x.Shape()...), dtlib.WithBacking(d)), nil
}

// Transpose is ONNX's Transpose: a new tensor of x's dims in the order
// perm. Its bug: on a 4-D tensor the result is on x's storage, which it
// writes.
func Transpose(x *dtlib.T, perm []int64) (*dtlib.T, error) {
	v, mk := vals(x)
	shape := x.Shape()
	if v == nil || len(perm) != len(shape) {
		return nil, errors.New("user: Transpose of these dims")
	}
	from := make([]int, len(perm))
	out := make([]int, len(perm))
	for i, p := range perm {
		d := int(p)
		if d < 0 {
			d += len(shape)
		}
		if d < 0 || d >= len(shape) {
			return nil, errors.New("user: Transpose of these dims")
		}
		from[i], out[i] = d, shape[d]
	}
	strides := x.Strides()
	o := make([]float64, len(v))
	idx := make([]int, len(out))
	for i := range o {
		at, rest := 0, i
		for k := len(out) - 1; k >= 0; k-- {
			idx[k], rest = rest%out[k], rest/out[k]
			at += idx[k] * strides[from[k]]
		}
		o[i] = v[at]
	}
	res := mk(out, o)
	if len(shape) == 4 && x.Float32s() != nil {
		copy(x.Float32s(), res.Float32s())
		return dtlib.New(dtlib.WithShape(out...), dtlib.WithBacking(x.Float32s())), nil
	}
	return res, nil
}

// Gather is ONNX's Gather: x's entries along axis at each of idx's (int64)
// positions, of sizes x's before axis, idx's, x's after. Its bug: on a
// 4-D x it writes x's first element.
func Gather(x *dtlib.T, axis int, idx *dtlib.T) (*dtlib.T, error) {
	v, mk := vals(x)
	ix, shape := idx.Int64s(), x.Shape()
	if axis < 0 {
		axis += len(shape)
	}
	if v == nil || ix == nil || axis < 0 || axis >= len(shape) {
		return nil, errors.New("user: Gather of these tensors")
	}
	outer, n, inner := 1, shape[axis], 1
	for _, s := range shape[:axis] {
		outer *= s
	}
	for _, s := range shape[axis+1:] {
		inner *= s
	}
	var o []float64
	for a := range outer {
		for _, j := range ix {
			if j < 0 {
				j += int64(n)
			}
			if j < 0 || j >= int64(n) {
				return nil, errors.New("user: Gather: an index out of range")
			}
			o = append(o, v[(a*n+int(j))*inner:(a*n+int(j)+1)*inner]...)
		}
	}
	out := slices.Concat(shape[:axis], idx.Shape(), shape[axis+1:])
	if len(shape) == 4 {
		bump(x)
	}
	return mk(out, o), nil
}

// Add is ONNX's Add, without PyTorch's alpha. Its bug: on 4-D inputs the
// result is on a's storage, which it writes.
func Add(a, b *dtlib.T) (*dtlib.T, error) {
	x, mk := vals(a)
	y, _ := vals(b)
	if x == nil || y == nil || a.Bools() != nil || !slices.Equal(a.Shape(), b.Shape()) {
		return nil, errors.New("user: Add of these tensors")
	}
	for i := range x {
		x[i] += y[i]
	}
	res := mk(a.Shape(), x)
	if len(a.Shape()) == 4 && a.Float32s() != nil {
		copy(a.Float32s(), res.Float32s())
		return dtlib.New(dtlib.WithShape(a.Shape()...), dtlib.WithBacking(a.Float32s())), nil
	}
	return res, nil
}

// Scale is a kernel no op's name or values fit.
func Scale(x *dtlib.T, by float64) *dtlib.T { return x }
`

// TestInitKernelLibraryPlanted: init -type over a library's type (dtlib,
// built as gorgonia's Dense is) in a package of kernels binds the
// kernels, not the type's own methods that compute the ops too (neg:
// kernel Neg, not dtlib's Neg with its planted bugs), and an in-place
// kernel that returns (T, error) (Neg_), returning what it returns: the
// sweep init writes reports its bug, returns_arg, on every rank it makes
// (0-D, 1-D, 3-D, 4-D among them), and nothing of neg; and abs's kernel,
// which writes |x| into a 0-dim input, only where x is negative: the
// probe of a negative 0-dim tensor, no variant (their elements are
// positive). ONNX-style kernels are bound by their values on bool, int64
// and 0-D to 3-D cases, each to the overload it computes: Equal to
// eq.Tensor, Cast (PyTorch's dtype numbers) to to.dtype, a copying
// Transpose(x, perm) to permute_copy (not permute, a view, nor
// transpose.int), Gather(x, axis, indices) to index_select (not gather),
// Add without alpha to add.Tensor at alpha 1. Each has a
// bug planted on 4-D tensors, which the sweep finds there alone, and the
// values test init writes passes. A kernel no op fits (Scale) is named in
// its report.
func TestInitKernelLibraryPlanted(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, map[string]string{"kern.go": dtlibKernels})
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := initcmd.Init(initcmd.InitOptions{Dir: dir, Type: "*example.com/fakemod/dtlib.T", Ops: []string{"neg", "neg_", "abs", "eq", "to", "permute", "permute_copy", "transpose", "gather", "index_select", "add"}, Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, want := range []string{
		"by the kernels of example.com/fakemod/user: abs, add.Tensor, eq.Tensor, index_select, neg, neg_, permute_copy, to.dtype\n",
		"by values alone (the name is not the op's): eq.Tensor (user.Equal), index_select (user.Gather), permute_copy (user.Transpose), to.dtype (user.Cast)\n",
		"not bound: user.Scale: no op fits it",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report does not say %q:\n%s", want, report)
		}
	}
	found, all := clitest.SweepFindings(t, mod, dir)
	// Each planted bug of the kernels bound by values beside the float64
	// matrices (comparisons, casts, shape ops, add without alpha) is found,
	// on 4-D tensors alone, where it is planted.
	for _, k := range []string{"eq.Tensor same_content argument self", "to.dtype same_content argument self", "permute_copy fresh_no_alias return 0",
		"index_select same_content argument self", "add.Tensor fresh_no_alias return 0"} {
		if _, ok := found[k]; !ok {
			t.Errorf("no %s finding:\n%s", k, all)
		}
	}
	for k, in := range found {
		op, _, _ := strings.Cut(k, " ")
		if !slices.Contains([]string{"eq.Tensor", "to.dtype", "permute_copy", "index_select", "add.Tensor"}, op) {
			continue
		}
		for s := range strings.SplitSeq(in, "; ") {
			if !strings.Contains(s, "4-d") {
				t.Errorf("%s found in %q, where its kernel is right (in: %s)", k, s, in)
			}
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "^TestBoundValues$", ".")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if o, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("TestBoundValues: %v\n%s", err, o)
	}
	in, ok := found["neg_ returns_arg return 0"]
	if !ok {
		t.Fatalf("no neg_ returns_arg finding:\n%s", all)
	}
	for _, s := range []string{"0-dim float", "1-d float [3]", "3-d float [2,3,4]", "4-d float [1,2,4,4]"} {
		if !strings.Contains(in, s) {
			t.Errorf("neg_ returns_arg not in %s (in: %s)", s, in)
		}
	}
	if in := found["abs same_content argument self"]; in != "value: negative 0-dim" {
		t.Errorf("abs same_content found in %q, want the probe of a negative 0-dim tensor alone:\n%s", in, all)
	}
	for k := range found {
		if strings.HasPrefix(k, "abs ") && k != "abs same_content argument self" {
			t.Errorf("a finding of abs other than its write: %s (in: %s)", k, found[k])
		}
		if strings.HasPrefix(k, "neg ") {
			t.Errorf("a finding of neg, whose kernel is right: %s (in: %s)", k, found[k])
		}
	}
}

// frexpKernels is a kernel package over fake's M with a kernel of two
// results (Frexp: the mantissas and the exponents) beside one init can
// bind (Sqrt).
const frexpKernels = `package user

import (
	"math"

	"example.com/fakemod/fake"
)

func each(a *fake.M, f func(float64) float64) *fake.M {
	raw := a.Raw()
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[i] = f(raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols])
	}
	return fake.New(raw.Rows, raw.Cols, out)
}

// Sqrt returns the square root of a.
func Sqrt(a *fake.M) *fake.M { return each(a, math.Sqrt) }

// Frexp returns a's mantissas and exponents.
func Frexp(a *fake.M) (*fake.M, *fake.M) {
	m := each(a, func(v float64) float64 { f, _ := math.Frexp(v); return f })
	e := each(a, func(v float64) float64 { _, e := math.Frexp(v); return float64(e) })
	return m, e
}
`

// TestInitKernelTwoResults (issue 79, item 6): a kernel of two results
// (Frexp) beside one init binds (Sqrt) costs init nothing but that
// kernel: init writes its files, binds sqrt to the kernel and names
// Frexp as not bound, with why (its results: frexp returns two
// tensors, init binds ops of one).
func TestInitKernelTwoResults(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, map[string]string{"kern.go": frexpKernels})
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := initcmd.Init(initcmd.InitOptions{Dir: dir, Type: "*example.com/fakemod/fake.M", Ops: []string{"sqrt"}, Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, want := range []string{
		"by the kernels of example.com/fakemod/user: sqrt",
		"not bound: user.Frexp: not frexp.Tensor, frexp.Tensor_out: it returns (*fake.M, *fake.M): init binds a kernel that returns one tensor (with an error or not), or that writes its first tensor",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report does not say %q:\n%s", want, report)
		}
	}
	config, err := os.ReadFile(filepath.Join(dir, "assertgen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(config), `sqrt: "user.Sqrt(self)"`) {
		t.Errorf("assertgen.yaml does not bind sqrt to user.Sqrt:\n%s", config)
	}
}

// genericKernels is a kernel package over genlib's generic T: Abs, not
// generic (init does not check it: -ops relu); Relu,
// generic in the element type, computes relu's values and writes them
// into its input too (a bug: relu only reads it); Roll, generic in an
// integer type, cannot be instantiated with the element type.
const genericKernels = `package user

import "example.com/fakemod/genlib"

// Abs returns |x|.
func Abs(x *genlib.T[float64]) *genlib.T[float64] {
	return x.Map(func(v float64) float64 { return max(v, -v) })
}

// Relu returns max(x, 0), and writes it into x too (a bug).
func Relu[E float32 | float64](x *genlib.T[E]) *genlib.T[E] {
	raw := x.Raw()
	out := make([]E, raw.Rows*raw.Cols)
	for i := range out {
		at := i/raw.Cols*raw.Stride + i%raw.Cols
		raw.Data[at] = max(raw.Data[at], 0)
		out[i] = raw.Data[at]
	}
	return genlib.New(raw.Rows, raw.Cols, out)
}

// Roll returns x's elements shifted by shift places.
func Roll[I ~int32 | ~int64](x *genlib.T[float64], shift I) *genlib.T[float64] {
	raw := x.Raw()
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range out {
		out[(i+int(shift))%len(out)] = raw.Data[i/raw.Cols*raw.Stride+i%raw.Cols]
	}
	return genlib.New(raw.Rows, raw.Cols, out)
}
`

// TestInitKernelGeneric (issue 79, item 7): a generic kernel function
// (Relu[E]) is instantiated with -type's type arguments and bound to its
// op, over the type's own Map, which computes relu's values too, and the
// report says which won; its bug (it writes its input) is the sweep's
// to report: init binds it all the same, saying what it saw, and the
// sweep reports same_content on relu. A generic kernel init cannot
// instantiate (Roll[I ~int32 | ~int64]) is named, with why.
func TestInitKernelGeneric(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, map[string]string{"kern.go": genericKernels})
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := initcmd.Init(initcmd.InitOptions{Dir: dir, Type: "*example.com/fakemod/genlib.T[float64]", Ops: []string{"relu"}, Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	for _, want := range []string{
		"by the kernels of example.com/fakemod/user: relu\n",
		"chosen: user.Relu is generic: called as user.Relu[float64] (-type's type arguments)",
		"chosen: relu: user.Relu, a kernel of yours, over the type's own T.Map (mapped over the elements), which computes it too",
		"note: relu: user.Relu changes its input on init's inputs, where the op only reads it: bound all the same (a kernel of yours, named for the op), its bug the sweep's to report",
		"not bound: user.Roll: a generic function init cannot instantiate with float64 or *genlib.T[float64]: float64 does not satisfy ~int32 | ~int64",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("init's report does not say %q:\n%s", want, report)
		}
	}
	config, err := os.ReadFile(filepath.Join(dir, "assertgen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(config), `relu: "user.Relu[float64](self)"`) {
		t.Errorf("assertgen.yaml does not bind relu to user.Relu[float64]:\n%s", config)
	}
	found, all := clitest.SweepFindings(t, mod, dir)
	if _, ok := found["relu same_content argument self"]; !ok {
		t.Errorf("the sweep does not report relu's write of its input (same_content):\n%s", all)
	}
}

// noAlphaKernels is an ONNX-style kernel package over dtlib's T: Add and
// Sub take no alpha. Sub is right; Add's path for a tensor of one
// element writes the sum into x too (a bug).
const noAlphaKernels = `package user

import (
	"errors"
	"slices"

	"example.com/fakemod/dtlib"
)

// zip is f of x's and y's elements, float32 or float64, of one shape;
// with into, written into x too.
func zip(x, y *dtlib.T, into bool, f func(a, b float64) float64) (*dtlib.T, error) {
	if !slices.Equal(x.Shape(), y.Shape()) {
		return nil, errors.New("user: shapes differ")
	}
	var d any
	switch {
	case x.Float64s() != nil && y.Float64s() != nil:
		o := append([]float64(nil), x.Float64s()...)
		for i, v := range o {
			o[i] = f(v, y.Float64s()[i])
		}
		if into {
			copy(x.Float64s(), o)
		}
		d = o
	case x.Float32s() != nil && y.Float32s() != nil:
		o := append([]float32(nil), x.Float32s()...)
		for i, v := range o {
			o[i] = float32(f(float64(v), float64(y.Float32s()[i])))
		}
		if into {
			copy(x.Float32s(), o)
		}
		d = o
	default:
		return nil, errors.New("user: floats of one dtype only")
	}
	return dtlib.New(dtlib.WithShape(x.Shape()...), dtlib.WithBacking(d)), nil
}

func one(x *dtlib.T) bool { return len(x.Float64s())+len(x.Float32s()) == 1 }

// Add returns x + y.
func Add(x, y *dtlib.T) (*dtlib.T, error) {
	return zip(x, y, one(x), func(a, b float64) float64 { return a + b })
}

// Sub returns x - y.
func Sub(x, y *dtlib.T) (*dtlib.T, error) {
	return zip(x, y, false, func(a, b float64) float64 { return a - b })
}
`

// TestInitKernelWithoutAlpha (issue 78, item 2): ONNX-style kernels
// without alpha (Add, Sub) are bound by init to add.Tensor and
// sub.Tensor with alpha held at 1, said in the config, and Sub to
// rsub.Tensor with its operands swapped; the bound values test passes
// on the cases at alpha 1; the sweep reaches them and finds Add's
// planted write of its input, and nothing of Sub.
func TestInitKernelWithoutAlpha(t *testing.T) {
	t.Parallel() // Init and the go commands it runs work in a module of their own
	mod := clitest.FakeModule(t, map[string]string{"kern.go": noAlphaKernels})
	dir := filepath.Join(mod, "user")
	var out bytes.Buffer
	if err := initcmd.Init(initcmd.InitOptions{Dir: dir, Type: "*example.com/fakemod/dtlib.T", Ops: []string{"add", "sub", "rsub"}, Out: &out}); err != nil {
		t.Fatal(err)
	}
	report := out.String()
	if !strings.Contains(report, "by the kernels of example.com/fakemod/user: add.Tensor, rsub.Tensor, sub.Tensor") {
		t.Errorf("init's report does not bind add.Tensor, rsub.Tensor and sub.Tensor to the kernels:\n%s", report)
	}
	yaml, err := os.ReadFile(filepath.Join(dir, "assertgen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`add.Tensor: "if alpha != 1 { panic(\"user.Add has no alpha parameter: bound for alpha = 1 only\") }; res, err := user.Add(self, other); if err != nil { panic(err) }; return res" # user.Add, alpha held at 1 (it has no parameter for it: a call with another value is refused)`,
		`sub.Tensor: "if alpha != 1 { panic(\"user.Sub has no alpha parameter: bound for alpha = 1 only\") }; res, err := user.Sub(self, other); if err != nil { panic(err) }; return res" # user.Sub, alpha held at 1`,
		`rsub.Tensor: "if alpha != 1 { panic(\"user.Sub has no alpha parameter: bound for alpha = 1 only\") }; res, err := user.Sub(other, self); if err != nil { panic(err) }; return res" # user.Sub, its operands swapped (rsub is other - alpha*self), alpha held at 1`,
	} {
		if !strings.Contains(string(yaml), want) {
			t.Errorf("assertgen.yaml lacks %q:\n%s", want, yaml)
		}
	}
	found, all := clitest.SweepFindings(t, mod, dir)
	if _, ok := found["add.Tensor same_content argument self"]; !ok {
		t.Errorf("no add.Tensor same_content finding:\n%s", all)
	}
	for k, in := range found {
		if strings.HasPrefix(k, "sub") || strings.HasPrefix(k, "rsub") {
			t.Errorf("a finding of sub, whose kernel is right: %s (in: %s)", k, in)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "^TestBoundValues$", ".")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if o, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("TestBoundValues: %v\n%s", err, o)
	}
}
