package findings

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

func newDense(shape ...int) *tensor.Dense {
	n := 1
	for _, s := range shape {
		n *= s
	}
	b := make([]float64, n)
	for i := range b {
		b[i] = float64(i)
	}
	return tensor.New(tensor.WithShape(shape...), tensor.WithBacking(b))
}

// values returns the elements of a float64 tensor in row-major order of
// its shape, read through its strides (a transposed or sliced view gives
// its own elements).
func values(d *tensor.Dense) []float64 {
	if d.IsScalar() {
		return []float64{d.ScalarValue().(float64)}
	}
	shape := d.Shape()
	out := make([]float64, shape.TotalSize())
	at := make([]int, len(shape))
	for k := range out {
		for i, r := len(shape)-1, k; i >= 0; i-- {
			at[i], r = r%shape[i], r/shape[i]
		}
		v, err := d.At(at...)
		if err != nil {
			panic(err)
		}
		out[k] = v.(float64)
	}
	return out
}

// sameStorage reports whether a and b are on one backing array: their
// bytes end at its last byte (the storage anchor ops.Memory gives the
// debug build).
func sameStorage(a, b *tensor.Dense) bool {
	x, y := a.Header.Raw, b.Header.Raw
	return cap(x) > 0 && cap(y) > 0 && &x[:cap(x)][cap(x)-1] == &y[:cap(y)][cap(y)-1]
}

// cat([x]) must be a new tensor. gorgonia's Concat with no others returns
// its first argument itself: the sweep's fresh_no_alias found it (cat:
// return 0 shares the StorageImpl of tensors[0]). The binding clones.
func TestConcatOfOneReturnsItsArgument(t *testing.T) {
	a := newDense(2, 3)
	r, err := tensor.Concat(0, a)
	if err != nil {
		t.Fatal(err)
	}
	if r.(*tensor.Dense) != a {
		t.Errorf("gorgonia's Concat of one tensor now returns a new tensor: the binding's Clone can go")
	}
	c := ops.Cat([]*tensor.Dense{a}, 0)
	if c == a || sameStorage(c, a) {
		t.Error("ops.Cat of one tensor shares its storage")
	}
	if !slices.Equal(values(c), values(a)) {
		t.Errorf("ops.Cat = %v", values(c))
	}
}

// stack([x]) must be a new tensor with a new dim of size 1. gorgonia's
// Stack with no others returns its first argument itself, with its own
// shape (fresh_no_alias found the aliasing; the shape is wrong too). The
// binding makes a reshaped copy.
func TestStackOfOneReturnsItsArgument(t *testing.T) {
	a := newDense(2, 3)
	r, err := tensor.Stack(0, a)
	if err != nil {
		t.Fatal(err)
	}
	if r.(*tensor.Dense) != a || !r.Shape().Eq(tensor.Shape{2, 3}) {
		t.Errorf("gorgonia's Stack of one tensor now returns %v of shape %v: the binding's copy can go", r, r.Shape())
	}
	s := ops.Stack([]*tensor.Dense{a}, 0)
	if s == a || sameStorage(s, a) {
		t.Error("ops.Stack of one tensor shares its storage")
	}
	if !s.Shape().Eq(tensor.Shape{1, 2, 3}) {
		t.Errorf("ops.Stack shape %v, want (1, 2, 3)", s.Shape())
	}
}

// A second transpose of a lazily transposed view (ShallowClone, then T)
// first carries out the earlier one: gorgonia moves the data in the
// backing array, which the view shares with its base and every other
// view. PyTorch's permute of a permuted view never writes. same_content
// catches it through the checked wrappers (TestPermuteOfPermuteCaught in
// the debug build); the binding rejects permute of a non-contiguous tensor
// of more than 2 dims.
func TestTOfATransposedViewMovesSharedData(t *testing.T) {
	base := newDense(2, 3, 4)
	before := values(base)
	v := base.ShallowClone()
	if err := v.T(1, 0, 2); err != nil {
		t.Fatal(err)
	}
	w := v.ShallowClone()
	if err := w.T(2, 1, 0); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(values(base), before) {
		t.Error("gorgonia no longer moves the shared data: the binding's guard can go")
	}
	base2 := newDense(2, 3, 4)
	p := ops.Permute(base2, []int64{1, 0, 2})
	func() {
		defer func() {
			if _, ok := recover().(*ops.Error); !ok {
				t.Error("ops.Permute of a permuted 3-d view is not rejected")
			}
		}()
		ops.Permute(p, []int64{2, 1, 0})
	}()
}

// gorgonia's SoftMax of an empty tensor panics on a goroutine of its own
// (index out of range): no recover catches it, the process dies. The
// binding rejects empty inputs. Run in a child process.
func TestSoftMaxEmptyCrashes(t *testing.T) {
	if os.Getenv("GT_SOFTMAX_CHILD") == "1" {
		e := tensor.New(tensor.WithShape(0), tensor.WithBacking([]float64{}))
		func() {
			defer func() { _ = recover() }() // does not help: the panic is on another goroutine
			_, _ = tensor.SoftMax(e, 0)
		}()
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestSoftMaxEmptyCrashes$")
	cmd.Env = append(os.Environ(), "GT_SOFTMAX_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("SoftMax of an empty tensor no longer crashes: the binding's guard can go\n%s", out)
	}
	if !strings.Contains(string(out), "index out of range") {
		t.Errorf("child failed otherwise: %v\n%s", err, out)
	}
	func() {
		defer func() {
			if _, ok := recover().(*ops.Error); !ok {
				t.Error("ops.SoftmaxInt of an empty tensor is not rejected")
			}
		}()
		ops.SoftmaxInt(tensor.New(tensor.WithShape(0), tensor.WithBacking([]float64{})), 0, nil)
	}()
}

// gorgonia's kernels take empty tensors for tensors with elements: their
// iterators index element 0 of the empty array, and a copy takes a fixed
// number of bytes from it, a Go runtime error (a panic the binding's
// caller gets). The sweep's crash findings on the empty samples, judged
// in sweep/verdicts.go.
func TestEmptyTensorsPanic(t *testing.T) {
	empty := func() *tensor.Dense { return tensor.New(tensor.WithShape(0), tensor.WithBacking([]float32{})) }
	for name, f := range map[string]func(){
		"Add":    func() { _, _ = tensor.Add(empty(), empty()) },
		"Neg":    func() { _, _ = tensor.Neg(empty()) },
		"Argmax": func() { _, _ = tensor.Argmax(empty(), 0) },
		"Copy":   func() { _ = tensor.Copy(empty(), empty()) },
	} {
		func() {
			defer func() {
				r := recover()
				if _, ok := r.(runtime.Error); !ok {
					t.Errorf("%s of empty tensors: %v, not a Go runtime error: the sweep's verdict can go", name, r)
				}
			}()
			f()
		}()
	}
}

// sum of a 0-dim tensor over dim -1 is PyTorch's sum over its one dim.
// gorgonia's Sum takes a negative axis on and indexes out of range in
// OptimizedReduce (a Go runtime error, not an error it returns); the
// sweep's argument values (dim [-1]) found it through a binding that
// wrapped a 0-dim tensor's dim by its rank, 0, and passed -1 on. The
// binding wraps it as PyTorch does, to 0, which gorgonia refuses.
func TestSumOfNegativeAxisPanics(t *testing.T) {
	scalar := tensor.New(tensor.FromScalar(float32(2)))
	func() {
		defer func() {
			if _, ok := recover().(runtime.Error); !ok {
				t.Error("Sum(-1) of a 0-dim tensor: not a Go runtime error (gorgonia fixed it?)")
			}
		}()
		_, _ = scalar.Sum(-1)
	}()
	defer func() {
		var e *ops.Error
		if r := recover(); r != nil {
			if err, ok := r.(error); !ok || !errors.As(err, &e) {
				t.Errorf("ops.SumDimIntList of a 0-dim tensor over dim -1 panicked with %v, not the binding's refusal", r)
			}
		}
	}()
	ops.SumDimIntList(scalar, []int64{-1}, false, nil)
}
