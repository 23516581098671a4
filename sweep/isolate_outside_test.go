//go:build debugasserts

package sweep_test

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/examples/sweepdemo/checked"
	"github.com/assertgen/assertgen/sweep"
)

// A sweep whose checks find violations reports them the same isolated as
// in-process: the findings come back from the workers whole.
func TestIsolatedFindingsAreTheInProcessOnes(t *testing.T) {
	iso, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true})
	if err != nil {
		t.Fatal(err)
	}
	in, err := sweep.Sweep(checked.SweepOps, adapter{}, sweep.Options{Content: true, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`0x[0-9a-f]+`) // tensor identities differ between processes
	if ids.ReplaceAllString(iso.String(), "") != ids.ReplaceAllString(in.String(), "") || len(iso.Findings) != 1 || iso.Stats != in.Stats {
		t.Errorf("isolated:\n%s\nin-process:\n%s", iso, in)
	}
}

// releasing is the demo's adapter with a Release that panics on add_'s
// result, as a pooling runtime's does for a tensor released once more
// than it was retained.
type releasing struct{ adapter }

func (releasing) Release(results []reflect.Value) {
	for _, r := range results {
		if t, ok := r.Interface().(*reftensor.Tensor); ok && released[t] {
			panic("storage released more times than it was retained")
		}
	}
}

// released marks the tensors add_ returned (its bug: a new tensor instead
// of self), whose release panics.
var released = map[*reftensor.Tensor]bool{}

// A panic in the runtime's Release after a call is a crash of the op
// whose call made the tensors, told after the violations the call raised,
// in-process and isolated alike; the sweep goes on with the next ops.
func TestReleasePanicIsACrashAfterTheViolations(t *testing.T) {
	for _, inProcess := range []bool{true, false} {
		var lines []string
		table := func(yield func(string, any) bool) {
			for line, fn := range checked.SweepOps {
				if strings.HasPrefix(line, "add_.Tensor") {
					add := fn.(func(*reftensor.Tensor, *reftensor.Tensor, float64) *reftensor.Tensor)
					fn = func(self, other *reftensor.Tensor, alpha float64) *reftensor.Tensor {
						out := add(self, other, alpha)
						released[out] = true
						return out
					}
				}
				if !yield(line, fn) {
					return
				}
			}
		}
		rep, err := sweep.Sweep(table, releasing{}, sweep.Options{Content: true, InProcess: inProcess, Samples: 1, NoValues: true,
			Found: func(l string) { lines = append(lines, l) }})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Crashes) != 1 || rep.Crashes[0].Op != "add_.Tensor" || rep.Crashes[0].Kind != "release" || len(rep.Findings) != 1 || rep.Ops != len(rep.Exercised)+1 {
			t.Fatalf("in-process %t: want add_'s returns_arg and its Release's crash, the other ops run:\n%s", inProcess, rep)
		}
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "add_.Tensor returns_arg return 0: ") || !strings.HasPrefix(lines[1], "crash: add_.Tensor: release: in Release: storage released more times") {
			t.Errorf("in-process %t: told %q", inProcess, lines)
		}
	}
}

// A violation a kernel's own goroutine reports, outside the call's scope,
// goes to the handler installed in the test's process, isolated as
// in-process: the worker sends it to the master.
func TestIsolatedHandlerGetsOtherGoroutinesViolations(t *testing.T) {
	for _, inProcess := range []bool{true, false} {
		col := asserts.NewCollector()
		defer asserts.SetHandler(asserts.SetHandler(col))
		neg := func(self *reftensor.Tensor) *reftensor.Tensor {
			done := make(chan struct{})
			go func() { // a checked call of the kernel's own, which add_'s bug fails
				defer close(done)
				x := reftensor.FromSlice([]float64{1, 2}, 2)
				checked.Add_Tensor(x, x, 1)
			}()
			<-done
			return reftensor.FromSlice(self.ToSlice(), self.Sizes()...)
		}
		table := func(yield func(string, any) bool) { yield("neg(Tensor self) -> Tensor", neg) }
		rep, err := sweep.Sweep(table, adapter{}, sweep.Options{InProcess: inProcess, Samples: 1, NoValues: true})
		if err != nil {
			t.Fatal(err)
		}
		vs := col.Violations()
		if len(rep.Findings) != 0 || len(vs) == 0 || vs[0].Op != "add_" || vs[0].Check.String() != "returns_arg" {
			t.Errorf("in-process %t: the handler got %d violations %v, the report:\n%s", inProcess, len(vs), vs, rep)
		}
	}
}
