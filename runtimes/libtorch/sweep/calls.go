//go:build debugasserts

package sweep

import (
	"errors"
	"reflect"
	"sync"

	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
	samples "github.com/assertgen/assertgen/sweep"
)

// What the sweep's calls need of libtorch beyond the adapter's tensors:
// the release's schema, parsed once, the modes a sample asks for, and
// what a report keeps of an error.

var parsed struct {
	sync.Mutex
	m map[string]*schema.Schema
}

// embedded returns the release's embedded schema, parsed once per process
// (each worker parses it as it starts, and the replay's sibling table
// reads it): the parse is most of a worker's start, paid again after
// every crash.
func embedded(release string) (*schema.Schema, error) {
	parsed.Lock()
	defer parsed.Unlock()
	if s := parsed.m[release]; s != nil {
		return s, nil
	}
	s, err := schema.Embedded(release)
	if err != nil {
		return nil, err
	}
	if parsed.m == nil {
		parsed.m = map[string]*schema.Schema{}
	}
	parsed.m[release] = s
	return s, nil
}

// errResult is a sample's error class and message: a c10 error's, the
// runtime's cannot-make, or a Go panic's.
func errResult(err error) (class, msg string) {
	var te *torch.Error
	var me *samples.MakeError
	switch {
	case err == nil:
		return "", ""
	case errors.As(err, &te):
		return te.Class, report.Brief(te.Msg)
	case errors.As(err, &me):
		return report.CannotMakeClass, report.FirstLine(err.Error())
	}
	return report.GoPanic, report.FirstLine(err.Error())
}

// briefSep separates an error's class from its message in what the
// public sweep keeps of it (adapter.Brief).
const briefSep = ": "

// callWith builds the sample's arguments with the runtime rt makes over a
// pool of the call's own and calls fn through the sweep package
// (samples.Call), releasing every tensor after, in the modes the sample
// asks for.
func callWith(s *samples.Sample, fn reflect.Value, rt func(*pool) samples.Runtime) error {
	p := &pool{}
	return samples.Call(released{rt(p), p}, fn, s)
}

// withModes runs call, which makes the sample's tensors and calls the op,
// in the modes the sample asks for: grad mode off, inference mode (the
// tensors made inside are inference tensors), a forward-AD level whose
// index becomes the sample's level argument.
func withModes(s *samples.Sample, call func() error) error {
	if s.NoGrad {
		inner := call
		call = func() error { return torch.NoGrad(inner) }
	}
	if s.Inference {
		inner := call
		call = func() error { return torch.Inference(inner) }
	}
	if s.DualLevel {
		inner := call
		call = func() error {
			return torch.DualLevel(func(level int64) error {
				for i := range s.Args {
					if s.Args[i].Schema.Name == samples.DualLevelArg {
						s.Args[i].Ints = []int64{level}
					}
				}
				return inner()
			})
		}
	}
	return call()
}

// released is a Runtime (the adapter, or a converter around it) that
// releases the call's results and tensors through its pool (the optional
// Release method of a samples.Runtime) and runs each call in the
// sample's modes (Around).
type released struct {
	samples.Runtime
	p *pool
}

func (r released) Release(results []reflect.Value) { adapter{r.p}.Release(results) }

func (released) Around(s *samples.Sample, call func() error) error { return withModes(s, call) }

func (released) Brief(err error) string { return adapter{}.Brief(err) }
