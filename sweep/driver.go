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
	"github.com/assertgen/assertgen/schema"
)

// Call builds s's arguments with rt and calls fn, a function with the op's
// signature (a checked wrapper). A panic of the call is its error: a
// [*CrashError] for a Go runtime error or a nil error, else the panic
// value itself when it is an error (a [RankError], a runtime's own error
// type), else its text; rt's [Classifier], when it has one, gives the
// error its repair kind. The results go to rt's [Releaser], when it
// has one, else they are dropped.
func Call(rt Runtime, fn reflect.Value, s *Sample) (err error) {
	var results []reflect.Value
	if r, ok := rt.(Releaser); ok {
		defer func() { r.Release(results) }()
	}
	defer func() {
		if r := recover(); r != nil {
			if err = recovered(r); !isCrash(err) {
				err = Classify(rt, err)
			}
		}
	}()
	args, err := s.Build(rt, fn.Type())
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
	if r, ok := rt.(Releaser); ok {
		defer func() { r.Release(append(first, second...)) }()
	}
	defer func() {
		if r := recover(); r != nil {
			err = recovered(r)
		}
	}()
	args, err := s.Build(rt, fn.Type())
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

// A Releaser is a Runtime whose tensors hold memory the garbage collector
// does not free (a runtime over C): after each call [Call] hands it the
// results (nil when the call panicked), and it frees them with the
// tensors it made for the call.
type Releaser interface {
	Release(results []reflect.Value)
}

// An Outcome is what one sample of an op did.
type Outcome struct {
	Sample *Sample // as it ran last: Sample.Repairs names its repairs
	// Err is the last call's error after the repairs: nil when the sample
	// ran, a *MakeError when the runtime cannot make it (not run), else
	// the kernel's (or the wrapper's) refusal.
	Err error
	// Violations are the checks' findings in the calls of the sample.
	Violations []asserts.Violation
}

// RunSample runs variant v of op through fn (the op's checked wrapper),
// repairing the sample after each error ([Sample.Run]), and collects the
// violations of its calls.
func RunSample(op *schema.Op, v int, fn any, rt Runtime) Outcome {
	s := For(op, v)
	f := reflect.ValueOf(fn)
	var err error
	vs := asserts.Collect(func() {
		err = s.Run(func(s *Sample) error { return Call(rt, f, s) })
	})
	return Outcome{Sample: s, Err: err, Violations: vs}
}

// Options are a sweep's settings.
type Options struct {
	// Samples is the number of variants each op runs, 0 to Samples-1
	// (0: every variant of [Variants]).
	Samples int
	// Content switches asserts' same_content check on for the sweep.
	Content bool
}

// A Finding is one kind of violation of one op: the check, where (an
// argument or a return), the first violation's message, the variants it
// showed in, and how many violations it stands for.
type Finding struct {
	Op       string
	Check    asserts.Check
	Where    string
	Message  string
	Variants []string
	Count    int
}

// Key names the finding for a runtime's verdicts: "op check where".
func (f *Finding) Key() string { return f.Op + " " + f.Check.String() + " " + f.Where }

// A Report is what a sweep did: per op, whether a sample ran, and what the
// checks found.
type Report struct {
	Ops     int // ops swept
	Samples int // samples tried
	// Exercised gives, per op a sample of which ran, the first such
	// variant; NotReached, per op none of whose samples ran, why: the
	// first sample's last error.
	Exercised  map[string]int
	NotReached map[string]string
	Repaired   int // samples that ran after a repair
	// Rejected counts the samples the kernel (or the wrapper) refused
	// after the repairs, RejectedBy per op.
	Rejected   int
	RejectedBy map[string]int
	// Unmade counts, by the runtime's reason, the samples it cannot make
	// (a layout or dtype it lacks): not run, not rejected.
	Unmade map[string]int
	// RepairsUsed counts per repair rule the samples it helped run.
	RepairsUsed map[string]int
	// Again counts the samples that ran and were then called twice more
	// on one set of arguments, the first results held through the
	// second call, so that a kernel handing out a cached output is seen
	// (fresh_not_held); AgainFailed gives, per op, the error of such
	// calls that did not run (a kernel that failed the second time).
	Again       int
	AgainFailed map[string]string
	Checks      uint64 // checks run
	Findings    []*Finding
	// Crashes are the calls that panicked with a Go runtime error (or a
	// nil error), per op and place: bugs of the code that ran, found like
	// the checks' findings, never repaired nor counted as rejected.
	Crashes []*Crash
}

// A Table is what a sweep runs: each op's schema (its line in PyTorch's
// notation, "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) ->
// Tensor") and its checked wrapper, a function with the op's Go
// signature. gen writes one next to the wrappers with the config key
// sweep: true (SweepOps, in file PREFIX_sweep.go), so that nobody writes
// one by hand; its func type converts to Table as it is.
type Table = iter.Seq2[string, any]

// ByName returns the wrappers of a table by op name ("add.Tensor"), for a
// runtime's own driver or a test that calls one wrapper.
func ByName(t Table) map[string]any {
	m := map[string]any{}
	for line, fn := range t {
		m[schema.FuncName(line)] = fn
	}
	return m
}

// running is held by the sweep under way: the content check's switch and
// the checks' counts are the process's, so sweeps that overlap in time
// (parallel tests) run one after the other, each as it would alone.
var running sync.Mutex

// Sweep runs every op of ops on its samples, in the table's order, with
// rt making the tensors, and reports what ran and what the checks found.
// A schema that does not parse is an error before any op runs. Sweeps
// that overlap in time run one after the other: the content check's
// switch is the process's, and each sweep leaves it as it found it.
func Sweep(ops Table, rt Runtime, o Options) (*Report, error) {
	n := len(Variants)
	if o.Samples > 0 {
		n = min(o.Samples, n)
	}
	type entry struct {
		op *schema.Op
		fn any
	}
	var es []entry
	for line, fn := range ops {
		s, err := schema.ParseList("sweep table", []byte(line))
		if err != nil {
			return nil, err
		}
		if len(s.Ops) != 1 {
			return nil, fmt.Errorf("sweep table: %q is not one schema", line)
		}
		if reflect.TypeOf(fn) == nil || reflect.TypeOf(fn).Kind() != reflect.Func {
			return nil, fmt.Errorf("sweep table: %s: the wrapper is %T, not a function", s.Ops[0].Name, fn)
		}
		es = append(es, entry{s.Ops[0], fn})
	}
	running.Lock()
	defer running.Unlock()
	defer asserts.SetContentCheck(asserts.SetContentCheck(o.Content))
	before := asserts.ReadStats()
	rep := &Report{Ops: len(es), Exercised: map[string]int{}, NotReached: map[string]string{},
		RejectedBy: map[string]int{}, Unmade: map[string]int{}, RepairsUsed: map[string]int{}, AgainFailed: map[string]string{}}
	byKey := map[string]*Finding{}
	for _, e := range es {
		first := ""
		for v := range n {
			out := RunSample(e.op, v, e.fn, rt)
			rep.add(e.op.Name, v, out, byKey)
			if v == 0 && out.Err != nil {
				first = firstLine(out.Err.Error())
			}
			if out.Err != nil {
				continue
			}
			vs, err := callTwice(rt, reflect.ValueOf(e.fn), out.Sample)
			rep.Again++
			rep.findings(e.op.Name, Variants[v].Name+", called again", onlyNew(vs, out.Violations), byKey)
			var ce *CrashError
			if errors.As(err, &ce) {
				rep.crash(e.op.Name, Variants[v].Name+", called again", ce)
			} else if err != nil {
				rep.AgainFailed[e.op.Name] = firstLine(err.Error())
			}
		}
		if _, ok := rep.Exercised[e.op.Name]; !ok {
			rep.NotReached[e.op.Name] = first
		}
	}
	rep.Checks = asserts.ReadStats().TotalRan() - before.TotalRan()
	slices.SortFunc(rep.Findings, func(a, b *Finding) int { return strings.Compare(a.Key(), b.Key()) })
	return rep, nil
}

// add adds one sample's outcome.
func (r *Report) add(op string, v int, out Outcome, byKey map[string]*Finding) {
	r.Samples++
	var me *MakeError
	var ce *CrashError
	switch {
	case errors.As(out.Err, &ce):
		r.crash(op, Variants[v].Name, ce)
	case errors.As(out.Err, &me):
		r.Unmade[me.Err.Error()]++
	case out.Err != nil:
		r.Rejected++
		r.RejectedBy[op]++
	default:
		if _, ok := r.Exercised[op]; !ok {
			r.Exercised[op] = v
		}
		if len(out.Sample.Repairs) > 0 {
			r.Repaired++
			for _, rule := range uniq(out.Sample.Repairs) {
				r.RepairsUsed[rule]++
			}
		}
	}
	r.findings(op, Variants[v].Name, out.Violations, byKey)
}

// findings adds the violations of op's calls of the named sample.
func (r *Report) findings(op, name string, vs []asserts.Violation, byKey map[string]*Finding) {
	for i := range vs {
		x := &vs[i]
		f := &Finding{Op: op, Check: x.Check, Where: x.Where()}
		if old := byKey[f.Key()]; old != nil {
			f = old
		} else {
			f.Message = x.Error()
			byKey[f.Key()] = f
			r.Findings = append(r.Findings, f)
		}
		f.Count++
		if len(f.Variants) == 0 || f.Variants[len(f.Variants)-1] != name {
			f.Variants = append(f.Variants, name)
		}
	}
}

func uniq(l []string) []string {
	var out []string
	for _, x := range l {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// String prints the report: a line of totals, the samples the runtime
// cannot make by reason, the ops not reached and why, then the findings.
func (r *Report) String() string {
	var b strings.Builder
	unmade := 0
	for _, n := range r.Unmade {
		unmade += n
	}
	fmt.Fprintf(&b, "sweep: %d ops (%d exercised, %d not reached), %d samples (%d the runtime cannot make, %d ran after a repair, %d rejected by the kernel or the wrapper), %d checks run, %d findings, %d crashes\n",
		r.Ops, len(r.Exercised), len(r.NotReached), r.Samples, unmade, r.Repaired, r.Rejected, r.Checks, len(r.Findings), len(r.Crashes))
	for _, k := range sortedKeys(r.Unmade) {
		fmt.Fprintf(&b, "\tcannot make (%d): %s\n", r.Unmade[k], k)
	}
	for _, k := range sortedKeys(r.NotReached) {
		fmt.Fprintf(&b, "\tnot reached: %s: %s\n", k, r.NotReached[k])
	}
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "%s (%d)\n\t%s\n\tin: %s\n", f.Key(), f.Count, f.Message, strings.Join(f.Variants, "; "))
	}
	for _, c := range r.Crashes {
		fmt.Fprintf(&b, "%s (%d)\n\tin: %s\n", c, c.Count, strings.Join(c.Variants, "; "))
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
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
func Run(t testing.TB, rt Runtime, ops Table) *Report {
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
