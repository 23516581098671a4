package sweep

import (
	"errors"
	"fmt"
	"iter"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/schema/funcschema"
)

// Call builds s's arguments with rt and calls fn, a function with the op's
// signature (a checked wrapper). A panic of the call is its error: a
// crash for a Go runtime error or a nil error (its text starts with
// "crash: "; [Sample.Run] does not repair it, and a sweep reports it as a
// [Crash]), else the panic value itself when it is an error (a
// [RankError], a runtime's own error type), else its text; rt's Classify
// method, when it has one, gives the error its repair kind. The results
// go to rt's Release method, when it has one, else they are dropped (see
// [Runtime]).
func Call(rt Runtime, fn reflect.Value, s *Sample) (err error) {
	var results []reflect.Value
	if r, ok := rt.(releaser); ok {
		defer func() { r.Release(results) }()
	}
	defer func() {
		if r := recover(); r != nil {
			if err = recovered(r); !isCrash(err) {
				err = classify(rt, err)
			}
		}
	}()
	args, err := s.build(rt, fn.Type())
	if err != nil {
		return err
	}
	results = fn.Call(args)
	return nil
}

// callTwice calls fn twice on one set of s's arguments, the caller
// holding the first call's results through the second, and returns the
// second call's violations: a kernel that hands out a cached output (one
// kept per input, or one buffer for all calls) shows it the second time,
// where a runtime without use counts has nothing else that sees it
// (fresh_not_held). The first call repeats a sample that ran already: its
// violations are that sample's, counted there.
func callTwice(rt Runtime, fn reflect.Value, s *Sample) (vs []asserts.Violation, err error) {
	var first, second []reflect.Value
	if r, ok := rt.(releaser); ok {
		defer func() { r.Release(append(first, second...)) }()
	}
	defer func() {
		if r := recover(); r != nil {
			err = recovered(r)
		}
	}()
	args, err := s.build(rt, fn.Type())
	if err != nil {
		return nil, err
	}
	asserts.Collect(func() { first = fn.Call(args) })
	vs = asserts.Collect(func() { second = fn.Call(args) })
	runtime.KeepAlive(first)
	return vs, nil
}

// onlyNew returns the violations of vs whose check and place did not show
// in seen: what a second call found that the sample's own run did not.
func onlyNew(vs, seen []asserts.Violation) []asserts.Violation {
	var out []asserts.Violation
	for _, x := range vs {
		if !slices.ContainsFunc(seen, func(y asserts.Violation) bool { return y.Check == x.Check && y.Where() == x.Where() }) {
			out = append(out, x)
		}
	}
	return out
}

// A releaser is a [Runtime] with the Release method its doc describes.
type releaser interface {
	Release(results []reflect.Value)
}

// An outcome is what one sample of an op did.
type outcome struct {
	Sample *Sample // as it ran last: Sample.Repairs names its repairs
	// Err is the last call's error after the repairs: nil when the sample
	// ran, a *MakeError when the runtime cannot make it (not run), else
	// the kernel's (or the wrapper's) refusal.
	Err error
	// Violations are the checks' findings in the calls of the sample.
	Violations []asserts.Violation
}

// runSample runs variant v of op through fn (the op's checked wrapper),
// repairing the sample after each error ([Sample.Run]), and collects the
// violations of its calls.
func runSample(op *funcschema.Func, v int, fn any, rt Runtime) outcome {
	s := For(op, v)
	f := reflect.ValueOf(fn)
	var err error
	vs := asserts.Collect(func() {
		err = s.Run(func(s *Sample) error { return Call(rt, f, s) })
	})
	return outcome{Sample: s, Err: err, Violations: vs}
}

// Options are a sweep's settings.
type Options struct {
	// Samples is the number of variants each op runs, 0 to Samples-1
	// (0: every variant of [Variants]).
	Samples int
	// Content switches asserts' same_content check on for the sweep.
	Content bool
	// NoValues leaves the values that matter out ([Probes]): the
	// variants alone.
	NoValues bool
}

// A Finding is one kind of violation of one op: the check, where (an
// argument or a return), the first violation's message, the samples it
// showed in (a variant's name, or a value's "value: NAME"), and how many
// violations it stands for.
type Finding struct {
	Op       string
	Check    checks.Check
	Where    string
	Message  string
	Variants []string
	Count    int
}

// Key names the finding for a runtime's verdicts: "op check where".
func (f *Finding) Key() string { return f.Op + " " + f.Check.String() + " " + f.Where }

// ByName returns the wrappers of a table (see [Sweep]) by op name
// ("add.Tensor"), for a runtime's own driver or a test that calls one
// wrapper.
func ByName(t iter.Seq2[string, any]) map[string]any {
	m := map[string]any{}
	for line, fn := range t {
		m[funcschema.FuncName(line)] = fn
	}
	return m
}

// An entry is one op of a parsed table: its name, its schema and its
// wrapper.
type entry struct {
	Name string
	Func *funcschema.Func
	Fn   any
}

// parseTable parses a table's schemas, in its order. A schema that does not
// parse, or a wrapper that is not a function, is an error.
func parseTable(ops iter.Seq2[string, any]) ([]entry, error) {
	var es []entry
	for line, fn := range ops {
		_, text, _ := funcschema.CutNamespace(line)
		f, err := funcschema.ParseFunc(text)
		if err != nil {
			return nil, fmt.Errorf("sweep table: %q: %v", line, err)
		}
		name := f.Name.String()
		if reflect.TypeOf(fn) == nil || reflect.TypeOf(fn).Kind() != reflect.Func {
			return nil, fmt.Errorf("sweep table: %s: the wrapper is %T, not a function", name, fn)
		}
		es = append(es, entry{name, f, fn})
	}
	return es, nil
}

// running is held by the sweep under way: the content check's switch and
// the checks' counts are the process's, so sweeps that overlap in time
// (parallel tests) run one after the other, each as it would alone.
var running sync.Mutex

// Sweep runs every op of ops on its samples, in the table's order, with
// rt making the tensors, and reports what ran and what the checks found:
// each op on the variants, then its base sample (the first variant that
// ran, an aliasing one last) with each of the values that matter
// ([Probes]). A schema that does not parse is an error before any op
// runs. Sweeps that overlap in time run one after the other: the content
// check's switch is the process's, and each sweep leaves it as it found
// it.
//
// The table ops is each op's schema (its line in PyTorch's notation,
// "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
// and its checked wrapper, a function with the op's Go signature. gen
// writes one next to the wrappers with the config key sweep: true
// (SweepOps, in file PREFIX_sweep.go), so that nobody writes one by hand;
// its func type converts to iter.Seq2[string, any] as it is.
func Sweep(ops iter.Seq2[string, any], rt Runtime, o Options) (*Report, error) {
	n := len(Variants)
	if o.Samples > 0 {
		n = min(o.Samples, n)
	}
	es, err := parseTable(ops)
	if err != nil {
		return nil, err
	}
	running.Lock()
	defer running.Unlock()
	defer asserts.SetContentCheck(asserts.SetContentCheck(o.Content))
	before := asserts.ReadStats()
	rep := newReport(len(es))
	byKey := map[string]*Finding{}
	for _, e := range es {
		base := rep.sweepVariants(e, n, rt, byKey)
		tried := []byte(rep.Tried[e.Name] + " ")
		for p := range Probes {
			if o.NoValues {
				break
			}
			tried = append(tried, rep.probe(e, base, p, rt, byKey))
		}
		rep.Tried[e.Name] = string(tried)
	}
	rep.Checks = asserts.ReadStats().TotalRan() - before.TotalRan()
	slices.SortFunc(rep.Findings, func(a, b *Finding) int { return strings.Compare(a.Key(), b.Key()) })
	return rep, nil
}

// sweepVariants runs op e on variants 0 to n-1 and returns its base
// sample: the first that ran, an aliasing one only when no other did
// (nil when none ran).
func (r *Report) sweepVariants(e entry, n int, rt Runtime, byKey map[string]*Finding) *Sample {
	var base, alias *Sample
	first := ""
	tried := make([]byte, 0, n)
	for v := range n {
		out := runSample(e.Func, v, e.Fn, rt)
		r.add(e.Name, v, out, byKey)
		tried = append(tried, outcomeCode(out))
		if v == 0 && out.Err != nil {
			first = firstLine(out.Err.Error())
		}
		if out.Err != nil {
			continue
		}
		switch {
		case Variants[v].Alias && alias == nil:
			alias = out.Sample
		case !Variants[v].Alias && base == nil:
			base = out.Sample
		}
		r.again(e, Variants[v].Name, out, rt, byKey)
	}
	r.Tried[e.Name] = string(tried)
	if _, ok := r.Exercised[e.Name]; !ok {
		r.NotReached[e.Name] = first
	}
	if base == nil {
		base = alias
	}
	return base
}

// again calls a sample that ran twice more on one set of its arguments
// (callTwice) and adds what the second call found and the sample's own
// run did not.
func (r *Report) again(e entry, name string, out outcome, rt Runtime, byKey map[string]*Finding) {
	vs, err := callTwice(rt, reflect.ValueOf(e.Fn), out.Sample)
	r.Again++
	r.findings(e.Name, name+", called again", onlyNew(vs, out.Violations), byKey)
	var ce *crashError
	if errors.As(err, &ce) {
		r.crash(e.Name, name+", called again", ce)
	} else if err != nil {
		r.AgainFailed[e.Name] = firstLine(err.Error())
	}
}

// runProbe runs probe p of op's base sample (a sample that ran, see
// [Sample.ApplyProbe]) through fn once, without repairs, and collects its
// violations; notRun is ApplyProbe's.
func runProbe(base *Sample, p int, fn any, rt Runtime) (out outcome, notRun byte) {
	s, st := base.ApplyProbe(p)
	if st != probeChanged {
		return outcome{Sample: s}, st
	}
	f := reflect.ValueOf(fn)
	var err error
	vs := asserts.Collect(func() { err = Call(rt, f, s) })
	return outcome{Sample: s, Err: err, Violations: vs}, st
}

// probe runs probe p of e's base sample, adds what it did and returns its
// code for Tried.
func (r *Report) probe(e entry, base *Sample, p int, rt Runtime, byKey map[string]*Finding) byte {
	c := &r.valueCounts[p]
	if base == nil {
		c.NotReached++
		return '_'
	}
	out, st := runProbe(base, p, e.Fn, rt)
	switch st {
	case probeSame:
		c.Same++
		return st
	case probeNoArg:
		c.NoArg++
		return st
	}
	name := "value: " + Probes[p].Name
	var me *MakeError
	var ce *crashError
	switch {
	case errors.As(out.Err, &ce):
		c.Crashed++
		r.crash(e.Name, name, ce)
	case errors.As(out.Err, &me):
		c.Unmade++
	case out.Err != nil:
		c.Rejected++
	default:
		c.Ran++
	}
	r.findings(e.Name, name, out.Violations, byKey)
	if out.Err == nil {
		r.again(e, name, out, rt, byKey)
	}
	return outcomeCode(out)
}

// outcomeCode is a sample's character in Tried.
func outcomeCode(out outcome) byte {
	var me *MakeError
	switch {
	case isCrash(out.Err):
		return 'C'
	case errors.As(out.Err, &me):
		return 'M'
	case out.Err != nil:
		return 'E'
	case len(out.Violations) > 0:
		return 'V'
	}
	return '.'
}

// Run is the sweep of a runtime's test: it sweeps ops (the SweepOps table
// gen writes next to the checked wrappers) on every sample with rt and the
// same_content check on, logs the report, and fails t once per finding
// (op, check, argument or return), with its count. Run it in a test built
// with -tags debugasserts: without the tag the wrappers check nothing.
//
//	func TestSweep(t *testing.T) {
//		sweep.Run(t, adapter{}, checked.SweepOps)                  // function mode
//		sweep.Run(t, adapter{}, checked.SweepOps(mytensor.Kernels{})) // interface mode
//	}
func Run(t testing.TB, rt Runtime, ops iter.Seq2[string, any]) *Report {
	t.Helper()
	rep, err := Sweep(ops, rt, Options{Content: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	for _, f := range rep.Findings {
		t.Errorf("%s: %d violations in %s: %s", f.Key(), f.Count, strings.Join(f.Variants, "; "), f.Message)
	}
	for _, c := range rep.Crashes {
		t.Errorf("%s: %d calls in %s", c, c.Count, strings.Join(c.Variants, "; "))
	}
	return rep
}
