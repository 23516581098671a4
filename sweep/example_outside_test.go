//go:build debugasserts

package sweep_test

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/examples/sweepdemo/checked"
	"github.com/assertgen/assertgen/examples/sweepdemo/checkedif"
	"github.com/assertgen/assertgen/examples/sweepdemo/kernels"
	"github.com/assertgen/assertgen/sweep"
)

// adapter is all a runtime of one's own writes for a sweep: how a Spec
// becomes one of its tensors, and which of its errors are which repair
// kind. (package sweepdemo stands in for the user's module: kernels are their
// kernels, checked the wrappers and the sweep table gen wrote from an
// assertgen.yaml with sweep: true.)
type adapter struct{}

// Tensor makes contiguous float tensors; the rest (views, layouts, other
// dtypes) this runtime cannot make, and the sweep counts them apart.
func (adapter) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil
	case sp.ViewOf >= 0 || sp.Layout != "" || sp.Transposed || !slices.Contains(realFloats, sp.Dtype):
		return reflect.Value{}, errors.New("contiguous float tensors only")
	}
	return reflect.ValueOf(reftensor.FromSlice(sp.Elements(), sp.Shape...)), nil
}

// Value leaves every value to the package: a ScalarType becomes c10's
// number, a Scalar a float64.
func (adapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// Classify says which of the kernels' errors is a wrong rank: the repair
// needs no PyTorch wording.
func (adapter) Classify(err error) error {
	var d *kernels.DimsError
	if errors.As(err, &d) {
		return &sweep.RankError{Arg: d.Arg, Want: d.Want}
	}
	return nil
}

// A runtime in another module sweeps its kernels through the table gen
// wrote (checked.SweepOps): outer is reached after two repairs its
// classifier named, sum takes a ScalarType the package converts, and the
// checks catch add_ returning a new tensor instead of self. In a test,
// sweep.Run(t, adapter{}, checked.SweepOps) does the same and fails t once
// per cause.
func Example() {
	rep, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d ops, %d exercised, %d samples ran after a repair\n", rep.Ops, len(rep.Exercised), rep.Repaired)
	fmt.Println("repairs:", rep.RepairsUsed)
	for _, f := range rep.Findings {
		fmt.Printf("%s: %d violations, first in %q\n", f.Key(), f.Count, f.Variants[0])
	}
	for _, op := range []string{"add_.Tensor", "outer", "sum"} {
		fmt.Printf("tried %-11s %s\n", op, rep.Tried[op])
	}
	// Output:
	// 3 ops, 3 exercised, 10 samples ran after a repair
	// repairs: map[named rank:10]
	// add_.Tensor returns_arg return 0: 30 violations, first in "contiguous float [2,3], optionals absent"
	// tried add_.Tensor VMVVMVVMVVVMMVMMMMVVVVVV V=VVV-----VVVVVVM--VVVVVx
	// tried outer       .M..MM.M...MM.MMMM...... ----------......---.....x
	// tried sum         .M..MM.M...MM.MMMM...... ----------.....-M--.....x
}

// The interface-mode table (checkedif.SweepOps of a Kernels) sweeps the
// same kernels through Checked(k) to the same report as the function-mode
// one; and Run, the test's entry point, fails its test once per cause.
func TestInterfaceTable(t *testing.T) {
	fn, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true})
	if err != nil {
		t.Fatal(err)
	}
	im, err := sweep.Sweep(checkedif.SweepOps(checkedif.Functions{}), adapter{}, sweep.Options{Content: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`0x[0-9a-f]+`) // tensor identities differ
	// A function-mode violation starts with its kernel's position; an
	// interface-mode one has none (the kernel is behind Kernels).
	const pos = "examples/sweepdemo/kernels/kernels.go:47:6: "
	fns := strings.ReplaceAll(fn.String(), pos, "")
	// Their causes differ in where the code is: the function-mode
	// wrapper calls kernels.Add_Tensor, the interface-mode one a kernel
	// a test plugged in, which no source says.
	const fnCause = "finding in github.com/assertgen/assertgen/examples/sweepdemo/kernels: kernels.Add_Tensor breaks returns_arg return 0"
	const imCause = "finding in github.com/assertgen/assertgen/examples/sweepdemo/checkedif: add_.Tensor breaks returns_arg return 0"
	if ids.ReplaceAllString(withoutCauses(fns), "") != ids.ReplaceAllString(withoutCauses(im.String()), "") || len(im.Findings) != 1 ||
		!strings.Contains(fn.String(), pos) || strings.Contains(im.String(), pos) ||
		len(fn.Causes) != 1 || fn.Causes[0].Key != fnCause || len(im.Causes) != 1 || im.Causes[0].Key != imCause {
		t.Errorf("function mode:\n%s\ninterface mode:\n%s", fn, im)
	}
	var rec recorder
	sweep.Run(&rec, adapter{}, checked.SweepOps)
	if len(rec.errors) != 1 || !strings.HasPrefix(rec.errors[0], "no verdict names the cause \""+fnCause+"\" (1 finding of 1 op; a verdict of that key judges it):\n\tadd_.Tensor returns_arg return 0: 30 violations in ") {
		t.Errorf("Run's errors: %q", rec.errors)
	}
}

// withoutCauses is a report's text without its causes and its bug list,
// which say where the code at fault is.
func withoutCauses(s string) string {
	if i, j := strings.Index(s, "causes ("), strings.Index(s, "per op:\n"); i >= 0 && j > i {
		s = s[:i] + s[j:]
	}
	s, _, _ = strings.Cut(s, "bugs, by the package")
	return s
}

// recorder is a testing.TB that keeps the errors.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper()    {}
func (r *recorder) Log(...any) {}
func (r *recorder) Errorf(f string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(f, args...))
}

// printer stands in for a test's *testing.T: it prints what the test
// would report, tensor identities (which depend on what ran before) as
// 0x?.
type printer struct{ testing.TB }

func (printer) Helper()           {}
func (printer) Log(...any)        {}
func (printer) Fatal(args ...any) { panic(fmt.Sprint(args...)) }
func (printer) Errorf(f string, args ...any) {
	fmt.Println("FAIL:", regexp.MustCompile(`0x[0-9a-f]+`).ReplaceAllString(fmt.Sprintf(f, args...), "0x?"))
}

// Run is a runtime's whole sweep test, `func TestSweep(t *testing.T) {
// sweep.Run(t, adapter{}, checked.SweepOps) }`, built with -tags
// debugasserts: it logs the report and fails the test once per cause
// (each finding and crash of it on a line of its own).
func ExampleRun() {
	var t testing.TB = printer{} // in a test: the test's t
	rep := sweep.Run(t, adapter{}, checked.SweepOps)
	fmt.Println(len(rep.Exercised), "of", rep.Ops, "ops exercised")
	// Output:
	// FAIL: no verdict names the cause "finding in github.com/assertgen/assertgen/examples/sweepdemo/kernels: kernels.Add_Tensor breaks returns_arg return 0" (1 finding of 1 op; a verdict of that key judges it):
	// 	add_.Tensor returns_arg return 0: 30 violations in contiguous float [2,3], optionals absent; 0-dim float; square float64 [3,3], lists of 3; aliasing: x.op_(x), op(a, b, out=a), or two views of one base; empty float [0]; 4-d float [1,2,4,4] (a batch of images: conv, pooling); 3-d float [2,3,4]; training mode: float [2,3], bools named training or train true (rrelu's noise, dropout, batch norm); float [2,3] with the neg bit (_neg_view() views); requires_grad float [2,3] leaves (the autograd path); transposed views of requires_grad leaves (in-place refused); transposed views of non-leaves (leaf.clone(); in-place legal); 1-d float [3]; single element float [1]; single element 4-d float [1,1,1,1]; value: scalars 0; value: scalars -1; value: scalars 2; value: scalars 0.5; value: zeros; value: ones; value: negatives; value: mixed signs; value: size-1 dims; value: broadcast; value: empty; value: size-1 last dim; value: single element; value: negative 0-dim; value: mixed signs 1-d: examples/sweepdemo/kernels/kernels.go:47:6: add_.Tensor: returns_arg: return 0: is not argument self (want TensorImpl 0x?, got 0x?); hint: an in-place or out= kernel must return the tensor it mutated (self), not a new one
	// 3 of 3 ops exercised
}
