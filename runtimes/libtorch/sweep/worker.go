//go:build debugasserts

package sweep

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
	samples "github.com/assertgen/assertgen/sweep"
)

// The worker: a process that runs the samples a master asks for, one op
// at a time, and writes their results.

// keptSamples keeps the samples a worker ran clean of the op and profile
// it serves, as they ran (with their repairs): a value is the op's base
// sample with one kind of value changed. A nil entry is a base sample that
// did not run clean when the worker ran it again.
type keptSamples struct {
	op, profile string
	samples     map[int]*samples.Sample
	// rerun is called before the worker runs base sample k again and
	// after (done): it tells the master, which blames a crash in between
	// on that sample.
	rerun func(k int, done bool)
}

// of returns the kept samples of op under profile, dropping the others.
func (r *keptSamples) of(op, profile string) *keptSamples {
	if r.op != op || r.profile != profile {
		*r = keptSamples{op: op, profile: profile, samples: map[int]*samples.Sample{}, rerun: r.rerun}
	}
	return r
}

// RunWorker serves a master's requests on stdin (an op, a sample range and
// a profile per line), writing JSON results on stdout, until stdin closes.
func RunWorker(r Bindings) {
	torch.SetNumThreads(1)
	s, err := embedded(r.Version)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	in := bufio.NewScanner(os.Stdin)
	enc := json.NewEncoder(os.Stdout)
	col := asserts.NewCollector()
	asserts.SetHandler(col)
	asserts.SetContentCheck(os.Getenv(contentEnv) == "1")
	kept := keptSamples{rerun: func(k int, done bool) {
		t := "rebase"
		if done {
			t = "rebased"
		}
		enc.Encode(sampleResult{T: t, K: k})
	}}
	for in.Scan() {
		name, profile, base, ks, err := parseRequest(in.Text())
		if err != nil {
			fmt.Fprintln(os.Stderr, "worker: bad request", in.Text())
			os.Exit(1)
		}
		op := s.Op(name)
		table := r.Checked
		if profile == "pytorch" {
			table = r.CheckedPyTorch
		}
		fn := reflect.ValueOf(table[name])
		for _, k := range ks {
			enc.Encode(sampleResult{T: "start", K: k})
			col.Reset()
			res := runSample(op, fn, k, base, r.Version, kept.of(name, profile))
			rep := col.Report()
			res.T, res.K, res.Calls, res.Violations = "res", k, rep.Calls, rep.Violations
			res.ChecksRun, res.Skipped = rep.ChecksRun, rep.Skipped
			for _, c := range rep.ChecksRun {
				res.Checks += c
			}
			enc.Encode(res)
		}
		enc.Encode(sampleResult{T: "done"})
	}
}

var parsed struct {
	sync.Mutex
	m map[string]*schema.Schema
}

// embedded returns the release's embedded schema, parsed once per process
// (a worker's start parses it, and the replay's sibling table reads it):
// the parse is most of a worker's start, paid again after every crash.
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

// parseRequest reads a master's request: "op profile base k...", the
// samples to run in order and the sample whose arguments the meta and
// functional samples take (-1: sample 0's).
func parseRequest(line string) (name, profile string, base int, ks []int, err error) {
	f := strings.Fields(line)
	if len(f) < 4 {
		return "", "", 0, nil, fmt.Errorf("bad request %q", line)
	}
	name, profile = f[0], f[1]
	if base, err = strconv.Atoi(f[2]); err != nil {
		return "", "", 0, nil, err
	}
	for _, x := range f[3:] {
		k, err := strconv.Atoi(x)
		if err != nil || k < 0 || k >= NumSamples {
			return "", "", 0, nil, fmt.Errorf("bad sample %q", x)
		}
		ks = append(ks, k)
	}
	return name, profile, base, ks, nil
}

// runSample runs sample k of op: a variant with its repairs (kept in
// kept, as it ran, when it ran clean), a replayed OpInfo call, the
// arguments of sample base (0 when it is -1) as meta tensors or
// functionalization wrappers, or a value on sample base.
func runSample(op *schema.Op, fn reflect.Value, k, base int, release string, kept *keptSamples) (r sampleResult) {
	if k >= valueFirst {
		return runValue(op, fn, k, base, kept)
	}
	var conv converter
	if k == metaSample || k == functionalSample {
		conv = kindConverter(k)
		k, r.Base = max(base, 0), max(base, 0)
	}
	var err error
	if k >= replayFirst {
		calls := replayCalls(release, op.Name)
		if k-replayFirst >= len(calls) {
			return sampleResult{ErrClass: report.CannotMakeClass, ErrMsg: "no recorded OpInfo call"}
		}
		err = runReplay(op, fn, calls[k-replayFirst], conv)
	} else {
		s := samples.For(op.Func, k)
		err = s.Run(func(s *samples.Sample) error {
			return callWith(s, fn, func(p *pool) samples.Runtime { return converted(adapter{p}, p, conv) })
		})
		r.Repairs = s.Repairs
		if conv == nil && err == nil {
			kept.samples[k] = s
		}
	}
	r.ErrClass, r.ErrMsg = errResult(err)
	return r
}

// runValue runs value k (probe k-valueFirst) on the op's base sample, as
// it ran clean in this worker, once, without repair. A worker that has not
// run it (a new one, after a crash) runs it again first, and says so
// (kept.rerun); a base that does not run clean again has no value run on
// it.
func runValue(op *schema.Op, fn reflect.Value, k, base int, kept *keptSamples) (r sampleResult) {
	r.Base = base
	if base < 0 || base >= len(Variants) {
		r.NotRun = "_" // no variant ran clean: nothing to probe
		return r
	}
	s, ok := kept.samples[base]
	if !ok {
		// its violations are its own (counted where it ran)
		kept.rerun(base, false)
		if crashHook != nil {
			crashHook(base, true)
		}
		s = samples.For(op.Func, base)
		var err error
		asserts.Collect(func() {
			err = s.Run(func(s *samples.Sample) error {
				return callWith(s, fn, func(p *pool) samples.Runtime { return adapter{p} })
			})
		})
		kept.rerun(base, true)
		if err != nil {
			s = nil
		}
		kept.samples[base] = s
	}
	if s == nil {
		r.NotRun = "_"
		return r
	}
	ps, notRun := s.ApplyProbe(k - valueFirst)
	if notRun != 0 { // '=' the base has these values, '-' no argument of the kind
		r.NotRun = string(notRun)
		return r
	}
	r.Repairs = ps.Repairs
	if crashHook != nil {
		crashHook(k, false)
	}
	r.ErrClass, r.ErrMsg = errResult(callWith(ps, fn, func(p *pool) samples.Runtime { return adapter{p} }))
	return r
}

// crashHook, when set (by the package's tests, in their workers), is
// called before a worker calls value k, or runs base sample k again
// (rebase), and may end the worker as a crashing kernel would.
var crashHook func(k int, rebase bool)

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

// callWith builds the sample's arguments with the runtime rt makes over a
// pool of the call's own and calls fn through the sweep package
// (samples.Call), releasing every tensor after, in the modes the sample
// asks for (withModes); a *torch.Error it raises, or a Go panic, is its
// error.
func callWith(s *samples.Sample, fn reflect.Value, rt func(*pool) samples.Runtime) error {
	p := &pool{}
	return withModes(s, func() error { return samples.Call(released{rt(p), p}, fn, s) })
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

// released is a Runtime (the adapter, or a variant's converter around it)
// that releases the call's results and tensors through its pool
// (the optional Release method of a samples.Runtime).
type released struct {
	samples.Runtime
	p *pool
}

func (r released) Release(results []reflect.Value) { adapter{r.p}.Release(results) }
