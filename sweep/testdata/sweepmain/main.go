// Command sweepmain sweeps, from a main program, a table of two ops whose
// kernels end the process (os.Exit, a goroutine's panic) and one that does
// not, and prints the crashes' keys and what each op tried:
// package sweep's TestSweepFromAMainProgram runs it.
package main

import (
	"fmt"
	"os"
	"reflect"

	"github.com/assertgen/assertgen/sweep"
)

type tensor struct{}

type runtime struct{}

func (runtime) Tensor(sweep.Spec, []reflect.Value) (reflect.Value, error) {
	return reflect.ValueOf(&tensor{}), nil
}

func (runtime) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

func main() {
	ops := func(yield func(string, any) bool) {
		_ = yield("exp(Tensor self) -> Tensor", func(self *tensor) *tensor { os.Exit(4); return self }) &&
			yield("neg(Tensor self) -> Tensor", func(self *tensor) *tensor {
				go func() { panic("neg: a worker goroutine's bug") }()
				select {}
			}) &&
			yield("cos(Tensor self) -> Tensor", func(self *tensor) *tensor { return &tensor{} })
	}
	rep, err := sweep.Sweep(ops, runtime{}, sweep.Options{Samples: 2, NoValues: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, c := range rep.Crashes {
		fmt.Printf("%s: %s (%d)\n", c.Key(), c.Text, c.Count)
	}
	for _, op := range []string{"exp", "neg", "cos"} {
		fmt.Printf("%s %q\n", op, rep.Tried[op])
	}
}
