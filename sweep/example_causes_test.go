package sweep_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/assertgen/assertgen/sweep"
	"github.com/assertgen/assertgen/sweep/testdata/causes/checked"
	"github.com/assertgen/assertgen/sweep/testdata/causes/lib"
)

// libRuntime makes the tensors of sweep/testdata/causes's library: every
// real dtype as float64 elements, contiguous.
type libRuntime struct{}

func (libRuntime) Capabilities() sweep.Capabilities { return sweep.Capabilities{} }

func (libRuntime) Tensor(sp sweep.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 || sp.Transposed || sp.Strides != nil || sp.Named || strings.HasPrefix(sp.Dtype, "complex") {
		return reflect.Value{}, errors.New("lib makes contiguous real tensors only")
	}
	return reflect.ValueOf(lib.New(sp.Elements(), sp.Shape...)), nil
}

func (libRuntime) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// libOps is the causes module's table without clone (whose bound code's
// finding only the debug build's checks see).
func libOps(yield func(string, any) bool) {
	for s, w := range checked.SweepOps {
		if !strings.HasPrefix(s, "clone(") && !yield(s, w) {
			return
		}
	}
}

// Ten ops crash, each its own crash (op, kind, function), for three
// causes: a library's index out of range on empty tensors behind six ops
// (a loop of its own in each of five functions), its nil map written for
// 0-dim tensors behind three, and the binding's own index out of range in
// tanh. Each cause names the package at fault, what happens and on what;
// its first member is its representative.
func ExampleCause() {
	rep, err := sweep.Sweep(libOps, libRuntime{}, sweep.Options{InProcess: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(rep.Crashes), "crashes,", len(rep.Causes), "causes")
	for _, c := range rep.Causes {
		fmt.Printf("%s\n\tbinding's: %t; ops: %s; functions: %s; representative: %s\n",
			strings.ReplaceAll(c.String(), "github.com/assertgen/assertgen/sweep/testdata/", ""), c.Binding,
			strings.Join(c.Ops(), ", "), strings.Join(c.Functions, ", "), c.Members[0].Key)
	}
	// Output:
	// 10 crashes, 3 causes
	// crash in causes/lib: index out of range on a zero-size dim (6 crashes of 6 ops)
	// 	binding's: false; ops: abs, cos, exp, neg, neg_, sin; functions: lib.Abs, lib.Cos, lib.Exp, lib.Neg, lib.Sin; representative: abs crash: panic at lib.Abs
	// crash in causes/lib/reduce: nil map write on a 0-dim tensor (3 crashes of 3 ops)
	// 	binding's: false; ops: amax, amin, sum; functions: reduce.Fold; representative: amax crash: panic at reduce.Fold
	// crash in causes/kernels: index out of range on a 0-dim tensor (1 crash of 1 op)
	// 	binding's: true; ops: tanh; functions: kernels.Tanh; representative: tanh crash: panic at kernels.Tanh
}

// Verdicts written before causes, one per op and crashing function, move
// to one per cause: each cause all of whose crashes they judge gets one
// verdict of its key, with their reasons; a verdict of a cause's key
// judges every crash of it, whatever its op.
func ExampleVerdicts_ByCause() {
	rep, err := sweep.Sweep(libOps, libRuntime{}, sweep.Options{InProcess: true})
	if err != nil {
		panic(err)
	}
	old := sweep.Verdicts{"tanh crash: panic at kernels.Tanh": "the binding reads the last dim"}
	for _, c := range rep.Crashes[:9] { // but tanh's: the table's order
		old[c.Key()] = "lib: see its issue tracker"
	}
	v := old.ByCause(rep)
	b, _ := json.MarshalIndent(v, "", "\t")
	fmt.Println(strings.ReplaceAll(string(b), "github.com/assertgen/assertgen/sweep/testdata/", ""))
	unjudged, stale := v.Judge(rep)
	fmt.Println(len(unjudged), "unjudged,", len(stale), "stale")
	// Output:
	// {
	// 	"crash in causes/kernels: index out of range on a 0-dim tensor": "the binding reads the last dim",
	// 	"crash in causes/lib/reduce: nil map write on a 0-dim tensor": "lib: see its issue tracker",
	// 	"crash in causes/lib: index out of range on a zero-size dim": "lib: see its issue tracker"
	// }
	// 0 unjudged, 0 stale
}
