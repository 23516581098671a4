//go:build debugasserts

package gonum_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/sweep"

	"github.com/assertgen/assertgen/runtimes/gonum/checked"
	"gonum.org/v1/gonum/mat"
)

// sweepAdapter makes the tensors of the sweep's samples (go doc
// github.com/assertgen/assertgen/sweep), written by assertgen init:
// tensors made with mat.NewDense, of the dtypes and ranks init saw it
// make (assertgenSweepRanks). init found no transposed or selected view of the
// type: those samples, and strided views at an offset, are counted as
// ones it cannot make.
type sweepAdapter struct{}

// assertgenSweepRanks are, per dtype, the ranks of the tensors init saw
// mat.NewDense make and read back (its report lists what it did not).
var assertgenSweepRanks = map[string][]int{
	"float64": {2},
}

// Tensor makes the tensor sp describes, or says why it cannot: a sample
// of another dtype moves to float64 (a *sweep.DtypeError); one of
// another rank, layout, bit or autograd state, a view, or one the
// constructor refuses (it panics) is counted as one it cannot make.
func (sweepAdapter) Tensor(sp sweep.Spec, made []reflect.Value) (v reflect.Value, err error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil // the aliasing sample, x.add_(x): an earlier tensor itself
	case assertgenSweepRanks[sp.Dtype] == nil:
		return reflect.Value{}, &sweep.DtypeError{Want: "float64"}
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named:
		return reflect.Value{}, errors.New("mat makes dense tensors only")
	case sp.Strides != nil || sp.Offset != 0:
		return reflect.Value{}, errors.New("no strided view of *mat.Dense at an offset: init knows no method of it that makes one")
	case sp.ViewOf >= 0:
		return reflect.Value{}, errors.New("no selected view of *mat.Dense: no method of *mat.Dense to try")
	case sp.Transposed:
		return reflect.Value{}, errors.New("no transposed view of *mat.Dense: tried Dense.Reset(): its geometry is not sizes [2 3] and strides [1 2] (sizes [0 0]); Dense.T(): it panicked: interface conversion: mat.Matrix is mat.Transpose, not *mat.Dense; Dense.Zero(): its geometry is not sizes [2 3] and strides [1 2] (sizes [3 2])")
	case !slices.Contains(assertgenSweepRanks[sp.Dtype], len(sp.Shape)):
		return reflect.Value{}, fmt.Errorf("mat.NewDense makes %s tensors of ranks %v, not %d-D", sp.Dtype, assertgenSweepRanks[sp.Dtype], len(sp.Shape))
	}
	defer func() {
		if p := recover(); p != nil {
			v, err = reflect.Value{}, fmt.Errorf("mat.NewDense of sizes %v: %v", sp.Shape, p)
		}
	}()
	vals := sp.Elements()
	shape := append([]int(nil), sp.Shape...) // the tensor's own: a library may keep it
	data := make([]float64, len(vals))
	for i, x := range vals {
		data[i] = float64(x)
	}
	return reflect.ValueOf(mat.NewDense(shape[0], shape[1], data)), nil
}

// Capabilities says which kinds of tensor mat's type has: strided
// tensors, with no layout, conj or neg bit, autograd or named dims
// (PyTorch's, which a Go library's tensor has not). The sweep generates
// no variant that asks for one, and its summary says which and why in one
// line. The dtypes and ranks are left open: Tensor makes every one init
// saw mat.NewDense make (assertgenSweepRanks); a sample of another
// dtype moves to float64 (a *sweep.DtypeError) and runs, and one of another
// rank is counted as one it cannot make, unless a repair moves it.
func (sweepAdapter) Capabilities() sweep.Capabilities { return sweep.Capabilities{} }

// Value leaves every non-tensor argument to package sweep, which converts
// what gen's default Go types take.
func (sweepAdapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// ReproSource and ReproTensor write the sweep's tensors as Go of
// mat alone, for the reproducers a sweep writes of its findings
// when ASSERTGEN_SWEEP_REPRO (or sweep.Options.Repro) names a directory
// (go doc sweep.ReproRuntime); written by assertgen init, which ran them
// on the tensors mat.NewDense makes.
func (sweepAdapter) ReproSource() sweep.Source {
	return sweep.Source{Imports: []string{"gonum.org/v1/gonum/mat", "strconv", "unsafe"}, Decls: assertgenReproDecls}
}

// ReproTensor writes the tensor of sp as Tensor makes it: the call of
// mat.NewDense of its sizes and values.
func (sweepAdapter) ReproTensor(sp sweep.Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 || sp.Transposed || sp.Strides != nil || sp.Offset != 0 {
		return "", errors.New("no view of *mat.Dense")
	}
	elem := "float64"
	var vals []string
	for _, x := range sp.Elements() {
		switch {
		case elem == "bool":
			vals = append(vals, strconv.FormatBool(x != 0))
		case strings.HasPrefix(elem, "int") || strings.HasPrefix(elem, "uint"):
			if x != x || x < 0 && elem[0] == 'u' {
				return "", fmt.Errorf("no %s of %v", elem, x)
			}
			vals = append(vals, strconv.FormatInt(int64(x), 10))
		case x != x || math.IsInf(x, 0):
			vals = append(vals, fmt.Sprintf("%s(tensorFloat(%q))", elem, strconv.FormatFloat(x, 'g', -1, 64)))
		default:
			vals = append(vals, strconv.FormatFloat(x, 'g', -1, 64))
		}
	}
	shape := strings.Trim(strings.ReplaceAll(fmt.Sprint(sp.Shape), " ", ", "), "[]")
	return fmt.Sprintf("func() *mat.Dense {\n\tshape, data := []int{%[1]s}, []%[2]s{%[3]s}\n\treturn mat.NewDense(shape[0], shape[1], data)\n}()", shape, elem, strings.Join(vals, ", ")), nil
}

// assertgenReproDecls are the functions every reproducer gets, of
// mat's API alone (go doc sweep.Source).
const assertgenReproDecls = `
// tensorValues returns x's elements in row-major order.
func tensorValues(x *mat.Dense) []float64 {
	var out []float64
	raw := x.RawMatrix()
	for i := 0; i < raw.Rows; i++ {
		for j := i * raw.Stride; j < i*raw.Stride+raw.Cols; j++ {
			out = append(out, float64(raw.Data[j]))
		}
	}
	return out
}

// tensorSizes returns x's sizes.
func tensorSizes(x *mat.Dense) []int { return []int{x.RawMatrix().Rows, x.RawMatrix().Cols} }

// tensorFill writes v to each of x's elements.
func tensorFill(x *mat.Dense, v float64) {
	raw := x.RawMatrix()
	for i := 0; i < raw.Rows; i++ {
		for j := i * raw.Stride; j < i*raw.Stride+raw.Cols; j++ {
			raw.Data[j] = float64(v)
		}
	}
}

// tensorAddr returns where x's elements are.
func tensorAddr(x *mat.Dense) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(x.RawMatrix().Data))) }

// tensorImpl returns the object x points at.
func tensorImpl(x *mat.Dense) uintptr { return uintptr(unsafe.Pointer(x)) }

// tensorFloat is the float of s (NaN, +Inf, -Inf).
func tensorFloat(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}
`

// TestSweep runs every bound op on samples made from its schema, through
// the checked wrappers, and fails on each kind of violation they find, on
// each crash, and on each op the library refused on every sample (none of
// its checks ran), but those assertgen_verdicts.json declares: a key the
// report names, and why the library keeps it (go doc sweep.ReadVerdicts).
func TestSweep(t *testing.T) {
	verdicts, err := sweep.ReadVerdicts("assertgen_verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	rep := sweep.RunWith(t, sweepAdapter{}, checked.SweepOps, sweep.Options{Content: true, Verdicts: verdicts})
	if len(rep.Exercised) == 0 {
		t.Error("the sweep ran no op")
	}
}

// FuzzSweep is the coverage-guided fuzz target over the same ops:
// go test -tags debugasserts -fuzz FuzzSweep (a finding replays as a test).
func FuzzSweep(f *testing.F) { sweep.Fuzz(f, sweepAdapter{}, checked.SweepOps) }

// init switches the content check on for every debug test of this
// package, the hand-written ones too: same_content, a call leaves the
// bytes of each input its schema marks read-only as they were, as the
// strict profile promises (elsewhere it is off by default: it reads those
// bytes twice per call). ASSERTGEN_CONTENT in the environment decides
// instead when set: off, or a list of ops.
func init() {
	if os.Getenv("ASSERTGEN_CONTENT") == "" {
		asserts.SetContentCheck(true)
	}
}
