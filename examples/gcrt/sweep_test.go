//go:build debugasserts

package gcrt_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/gcrt"
	"github.com/assertgen/assertgen/examples/gcrt/checkedif"
	"github.com/assertgen/assertgen/sweep"
)

// sweepAdapter makes gcrt's tensors of the sweep's samples: float64 (a
// sample of another dtype moves to it), contiguous, transposed views of a
// base of the reversed shape, and views selected from an earlier tensor.
type sweepAdapter struct{}

func (sweepAdapter) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil
	case sp.Dtype != "float64":
		return reflect.Value{}, &sweep.DtypeError{Want: "float64"}
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named || sp.Strides != nil || sp.Offset != 0:
		return reflect.Value{}, errors.New("dense float64 tensors only")
	case sp.ViewOf >= 0:
		return reflect.ValueOf(gcrt.SelectInt(made[sp.ViewOf].Interface().(*gcrt.Tensor), 0, int64(sp.Index))), nil
	}
	vals := sp.Elements()
	if sp.Transposed && len(sp.Shape) >= 2 {
		rev := append([]int(nil), sp.Shape...)
		last := len(rev) - 1
		rev[0], rev[last] = rev[last], rev[0]
		return reflect.ValueOf(gcrt.TransposeInt(gcrt.From(vals, rev...), 0, int64(last))), nil
	}
	return reflect.ValueOf(gcrt.From(vals, sp.Shape...)), nil
}

// Value gives a Storage argument (which the samples leave None) a
// storage of its own, so that set_'s storage overloads run; every other
// value is the package's.
func (sweepAdapter) Value(_ *sweep.Arg, typ reflect.Type) (reflect.Value, bool, error) {
	if typ == reflect.TypeFor[*gcrt.Storage]() {
		return reflect.ValueOf(gcrt.New(2, 3).Storage()), true, nil
	}
	return reflect.Value{}, false, nil
}

// TestSweep: gcrt's own kernels, every op on every sample, nothing found.
func TestSweep(t *testing.T) {
	rep := sweep.Run(t, sweepAdapter{}, checkedif.SweepOps(checkedif.Functions{}))
	if len(rep.Exercised) != rep.Ops || rep.Again == 0 || len(rep.AgainFailed) > 0 {
		t.Errorf("%d of %d ops exercised, %d called again:\n%s", len(rep.Exercised), rep.Ops, rep.Again, rep)
	}
}

// FuzzSweep is the coverage-guided fuzz target over gcrt's kernels (go
// test -tags debugasserts -fuzz FuzzSweep ./examples/gcrt).
func FuzzSweep(f *testing.F) {
	sweep.Fuzz(f, sweepAdapter{}, checkedif.SweepOps(checkedif.Functions{}))
}

// TestSweepFindsTheCatalog: the sweep alone, with no test written for the
// bug, finds each broken kernel of the catalog by the check the catalog
// names. The cached outputs (contiguous's per input, add's one buffer)
// show only in the sweep's second call on one set of arguments.
func TestSweepFindsTheCatalog(t *testing.T) {
	for _, b := range bugs {
		if b.check == "" || strings.Contains(b.name, "outside the Go heap") || strings.Contains(b.name, "C memory") {
			continue // legal kernels, and the off-heap clones the catalog wrote for 1-d inputs alone
		}
		t.Run(b.name, func(t *testing.T) {
			rep, err := sweep.Sweep(checkedif.SweepOps(b.k), sweepAdapter{}, sweep.Options{Content: true, Test: t})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range rep.Findings {
				got = append(got, f.Key()+" in "+strings.Join(f.Variants, "; "))
				if f.Check.String() == b.check {
					return
				}
			}
			t.Errorf("no %s finding; the sweep found:\n%s", b.check, strings.Join(got, "\n"))
		})
	}
}

// TestOverlappingSweeps: two sweeps that overlap in time (parallel tests
// of one process) each find what they find alone, and the content check
// is off again after both. The second sweep's first kernel call waits
// until the first sweep has returned, so that without a guard the first
// one's end would switch same_content off under the second; the first
// one's first call waits (a moment at most) for the second to start.
func TestOverlappingSweeps(t *testing.T) {
	if asserts.SetContentCheck(false) {
		t.Fatal("the content check was on before the test")
	}
	negWrites := kernels{neg: gcrt.NegInPlace}
	alone := func(k kernels) []string {
		// in-process: the kernels below wait for each other across the
		// two sweeps, which workers of their own would keep apart
		rep, err := sweep.Sweep(checkedif.SweepOps(k), sweepAdapter{}, sweep.Options{Content: true, InProcess: true})
		if err != nil {
			t.Fatal(err)
		}
		return findingKeys(rep)
	}
	want := alone(negWrites)
	if !slices.Contains(want, "neg same_content argument self") {
		t.Fatalf("alone, the sweep finds %q", want)
	}
	aStarted, bStarted, aDone := make(chan bool), make(chan bool), make(chan bool)
	var aOnce, bOnce sync.Once
	a, b := negWrites, negWrites
	a.add = func(self, other *gcrt.Tensor, alpha float64) *gcrt.Tensor {
		aOnce.Do(func() {
			close(aStarted)
			select {
			case <-bStarted:
			case <-time.After(300 * time.Millisecond): // the second sweep waits for this one
			}
		})
		return gcrt.AddTensor(self, other, alpha)
	}
	b.add = func(self, other *gcrt.Tensor, alpha float64) *gcrt.Tensor {
		bOnce.Do(func() { close(bStarted); <-aDone })
		return gcrt.AddTensor(self, other, alpha)
	}
	var gotA, gotB []string
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(aDone)
		gotA = alone(a)
	})
	<-aStarted
	wg.Go(func() { gotB = alone(b) })
	wg.Wait()
	if !slices.Equal(gotA, want) || !slices.Equal(gotB, want) {
		t.Errorf("alone: %q\nfirst sweep: %q\nsecond sweep: %q", want, gotA, gotB)
	}
	if asserts.SetContentCheck(false) {
		t.Error("the content check is left on after the sweeps")
	}
}

func findingKeys(rep *sweep.Report) []string {
	var ks []string
	for _, f := range rep.Findings {
		ks = append(ks, f.Key())
	}
	return ks
}
