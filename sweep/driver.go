package sweep

import (
	"fmt"
	"iter"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
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
// [Runtime]); a panic of Release is recovered and is the call's error, a
// crash of kind "release" (unless the call crashed first): a kernel that
// leaves its tensors in a state the runtime's cleanup trips on has the
// bug.
func Call(rt Runtime, fn reflect.Value, s *Sample) (err error) {
	defer watchCall()()
	var results []reflect.Value
	if r, ok := rt.(releaser); ok {
		defer func() {
			if rerr := release(r, results); rerr != nil && !isCrash(err) {
				err = rerr
			}
		}()
	}
	defer func() {
		if r := recover(); r != nil {
			if err = recovered(r); !isCrash(err) {
				err = classify(rt, err)
			}
		}
	}()
	return around(rt, s, func() error {
		args, err := s.build(rt, fn.Type())
		if err != nil {
			return err
		}
		results = fn.Call(args)
		return nil
	})
}

// An arounder is a [Runtime] with the Around method its doc describes.
type arounder interface {
	Around(s *Sample, call func() error) error
}

// around runs call, which makes s's arguments and calls the op, through
// rt's Around method when it has one (the modes s asks for), else alone.
func around(rt Runtime, s *Sample, call func() error) error {
	if a, ok := rt.(arounder); ok {
		return a.Around(s, call)
	}
	return call()
}

// release gives results to r's Release and returns a panic of it as a
// crash of kind crashRelease, at the innermost frame that panicked.
func release(r releaser, results []reflect.Value) (err error) {
	defer func() {
		if p := recover(); p != nil {
			text := fmt.Sprint(p)
			if e, ok := p.(error); ok {
				text = errorText(e)
				if isNil(e) {
					text = fmt.Sprintf("a panic with a nil %T", e)
				}
			}
			at, frames := panicSite()
			err = &crashError{Kind: crashRelease, Text: "in Release: " + text, At: at, Frames: frames}
		}
	}()
	r.Release(results)
	return nil
}

// callTwice calls fn twice on one set of s's arguments, the caller
// holding the first call's results through the second, and returns the
// second call's violations: a kernel that hands out a cached output (one
// kept per input, or one buffer for all calls) shows it the second time,
// where a runtime without use counts has nothing else that sees it
// (fresh_not_held). The first call repeats a sample that ran already: its
// violations are that sample's, counted there.
//
// The collector is held off from the first call to the end of the second
// (engine.HoldCollector): a runtime whose storage IDs are addresses has its hand-outs
// judged within one collection cycle, so a collection between the two
// would forget the first hand-out, and whether the sweep reports a held
// output would depend on when the collector ran.
func callTwice(rt Runtime, fn reflect.Value, s *Sample) (vs []asserts.Violation, err error) {
	disarm := watchCall() // each call has its time limit: rearmed for the second
	defer func() { disarm() }()
	var first, second []reflect.Value
	if r, ok := rt.(releaser); ok {
		defer func() {
			if rerr := release(r, append(first, second...)); rerr != nil && !isCrash(err) {
				err = rerr
			}
		}()
	}
	defer func() {
		if r := recover(); r != nil {
			err = recovered(r)
		}
	}()
	err = around(rt, s, func() error {
		args, err := s.build(rt, fn.Type())
		if err != nil {
			return err
		}
		release := engine.HoldCollector()
		defer release()
		asserts.Collect(func() { first = fn.Call(args) })
		disarm()
		disarm = watchCall()
		vs = asserts.Collect(func() { second = fn.Call(args) })
		runtime.KeepAlive(first)
		return nil
	})
	return vs, err
}

// onlyNew returns the violations of vs whose check and place did not show
// in seen: what a second call found that the sample's own run did not,
// with their causes of cs (causes' of vs; nil when none has one).
func onlyNew(vs, seen []asserts.Violation, cs []string) (out []asserts.Violation, outCs []string) {
	for i, x := range vs {
		if !slices.ContainsFunc(seen, func(y asserts.Violation) bool { return y.Check == x.Check && y.Where() == x.Where() }) {
			out = append(out, x)
			if cs != nil {
				outCs = append(outCs, cs[i])
			}
		}
	}
	if !slices.ContainsFunc(outCs, func(c string) bool { return c != "" }) {
		outCs = nil
	}
	return out, outCs
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
	return runSampleOf(For(op, v), fn, rt)
}

// runSampleOf is runSample of the sample s.
func runSampleOf(s *Sample, fn any, rt Runtime) outcome {
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
	// InProcess runs the ops in the calling process, for debugging (a
	// breakpoint in a kernel, a profile): a call that kills the process
	// ends the sweep, and no call has a time limit. The environment
	// variable ASSERTGEN_SWEEP=inprocess does the same for every sweep
	// of the process (ASSERTGEN_SWEEP=isolated, or unset: the default,
	// each sweep in worker processes).
	InProcess bool
	// CallLimit is a call's time limit in a worker (0: 60s); a call past
	// it is a crash of kind "hang", reported with the worker's goroutine
	// stacks. Within a test, the limit is at most a quarter of the time
	// the test has left when the sweep starts (t.Deadline, -test.timeout).
	CallLimit time.Duration
	// Found, when set, is told each finding and crash in one line as the
	// sweep first finds it, before the sweep ends ([Run] logs them).
	Found func(line string)
	// Test is the test the sweep runs in ([Run] sets it): its workers run
	// that test alone, up to the sweep. Without it, a sweep in a test
	// binary finds its test on the calling goroutine's stack, which
	// names a top-level test but not a subtest: a sweep in a subtest, or
	// on a goroutine a test started, without Test is an error (it would
	// not know which of alike sweeps its workers reach).
	Test testing.TB
	// Verdicts are the library's known findings, crashes and refusals, which
	// [RunWith] does not fail on.
	Verdicts Verdicts
	// Workers is how many worker processes an isolated sweep runs at
	// once (0: 1), each taking the next op not yet taken as it finishes
	// one. The report is the same for any number: each op's outcome is
	// its own, and the report adds them up in the table's order.
	Workers int
	// OnStep, when set, is told what each step of each op did, as the
	// sweep learns it (in the master, when it runs isolated; from one
	// worker at a time, ops in the order they end): for a report of a
	// runtime's own, which keeps what the [Report] sums up.
	OnStep func(Step)
	// Skip, when set, says which steps of an op not to run (its step
	// numbers as [Step].Index has them): a second sweep of the same
	// kernels (another profile's wrappers) skips the steps that crashed
	// in the first. A skipped step is '/' in Report.Tried. Skip is called
	// in each worker too, and must say the same there.
	Skip func(op string, step int) bool
	// Given, when set, gives each op (by name, "add.Tensor") samples of
	// the runtime's own, such as calls recorded from its test suite: each
	// runs once, without repair, after the op's variants and before the
	// values that matter, and is reported under its name. Given is called
	// in each worker too (the program runs again up to the sweep), so it
	// must return the same samples there.
	Given func(op string) []Given
	// Repro, when set, is the directory each finding's and crash's
	// reproducer is written in, one directory each (docs/sweep.md,
	// "Reproducers"): a Go test of the library alone, minimized within
	// ReproBudget per finding (0: 30s), verified by running it once.
	// The runtime must be a [ReproRuntime]. The environment variable
	// ASSERTGEN_SWEEP_REPRO=DIR sets it for every sweep of the process
	// that sets none.
	Repro       string
	ReproBudget time.Duration
	// Shard, when its Total is set, sweeps one share of the table's ops
	// (docs/sweep.md, "Shards"), its report saying which
	// ([Report].Shard); else the environment's: ASSERTGEN_SWEEP_SHARD=
	// INDEX/TOTAL, else Bazel's TEST_SHARD_INDEX and TEST_TOTAL_SHARDS
	// (the sweep touches TEST_SHARD_STATUS_FILE); else every op. The
	// shares are balanced by cost: each op's steps, or its time in Past.
	Shard Shard
	// Past, when set, is a past report of the sweep ([ReadReport]):
	// the shards balance the ops by the time each took there. The
	// environment variable ASSERTGEN_SWEEP_PAST=FILE reads one.
	Past *Report
	// Unstable names the ops whose time no past run predicts: a kernel
	// that hangs to the call limit, or crashes, in some runs and not in
	// others. The shards take them first, each to the shard with the
	// least cost so far, so that they spread evenly over the shards
	// rather than landing where their time in Past says. Every shard of
	// a sweep must be given the same list.
	Unstable []string
	// Out, when set, is the directory the sweep writes its report in
	// (NAME.shard-INDEX-of-TOTAL.json, 0-of-1 for a whole sweep), for
	// [Merge]; else ASSERTGEN_SWEEP_OUT, else Bazel's
	// TEST_UNDECLARED_OUTPUTS_DIR. Name names it: the test's name
	// when "" ("sweep" outside a test).
	Out, Name string
}

// A Step is what one step of one op did ([Options].OnStep): a variant, a
// given sample or a probe, or its calls again.
type Step struct {
	Op string
	// Index is the step's number in the op: a variant (below
	// Options.Samples), then a given sample, then a probe; Name its name
	// in the report.
	Index int
	Name  string
	// Again: the step's calls again, after it ran. Late: a crash after
	// the step told its result (a goroutine it left behind, a data race,
	// the values' base run again in a fresh worker), not its result.
	Again, Late bool
	// Err is "" (ran), "make" (the runtime cannot make it), "error"
	// (refused), or "crash" (Crash says which); Text is the error's first
	// line (the Runtime's Brief of it, when it has that method).
	Err, Text string
	Crash     *Crash
	Repairs   []string
	// Violations are the checks' findings in the step's calls.
	Violations []asserts.Violation
	// NotRun is why a given sample or a probe did not run: '_' (no base
	// sample), '=' (the base has its values), '-' (no argument of its
	// kind); '/' a step not run (an earlier one hung, or the budget ran
	// out); 'x' a variant or probe not generated (the runtime does not
	// have its kind of tensor: [Capabilities]); 0 when it ran.
	NotRun byte
}

// A Given is a sample a runtime supplies for one op (see [Options].Given).
type Given struct {
	// Name names the sample in the report ("OpInfo call 1"): it shows
	// where Variants names do (Finding.Variants, Crash.Variants).
	Name string
	// Exercises says that the sample running without an error exercises
	// the op (Report.Exercised gives its step, after the variants): a
	// call of the op's own kernel, not of another kind of tensor's.
	Exercises bool
	// Repair repairs the sample after each error, as a variant is
	// ([Sample.Run]); without it the sample is called once.
	Repair bool
	// Make returns the sample to call and the Runtime that makes its
	// tensors (nil: the sweep's), or an error when it cannot (the sample
	// is then one the runtime cannot make, the error its reason). base
	// is a copy of the op's base sample as it ran (the first variant that
	// ran, an aliasing one last; nil when none ran): a Given may call the
	// op on base's arguments made another way (as meta tensors...).
	Make func(base *Sample) (*Sample, Runtime, error)
}

// A Finding is one kind of violation of one op: the check, where (an
// argument or a return), the first violation's message, the samples it
// showed in (a variant's name, or a value's "value: NAME"), the first
// violation's message in each of them (Messages[i] is Variants[i]'s),
// and how many violations it stands for.
type Finding struct {
	Op       string
	Check    checks.Check
	Where    string
	Message  string
	Variants []string
	Messages []string
	Count    int
	// Cause is the key of another finding of the op whose violations,
	// in the same calls, say what the same return is (an argument's own
	// TensorImpl or storage), when each of this one's had it: one bug
	// (a returned argument) tripping two checks. The report and [Run]
	// give it once, under its cause; a verdict of either key judges it.
	// "" when it showed without such a cause.
	Cause string
	alone bool // a violation of it had no cause, or another one
}

// Key names the finding for a runtime's verdicts: "op check where".
func (f *Finding) Key() string { return FindingKey(f.Op, f.Check.String(), f.Where) }

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
	Name  string
	Func  *funcschema.Func
	Fn    any
	given []Given // the runtime's own samples of the op (Options.Given)
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
		es = append(es, entry{Name: name, Func: f, Fn: fn})
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
// The ops run in worker processes the sweep starts (the program, or the
// test binary, run again; see [Options] and docs/sweep.md, "Isolation"):
// a call that kills its process (a panic on a goroutine of its own, a
// fatal error, a signal, os.Exit) or passes its time limit is a [Crash]
// of its op on its sample, and a fresh worker goes on with the next
// sample. [Options].InProcess, or ASSERTGEN_SWEEP=inprocess in the
// environment, runs them in the calling process instead.
//
// The table ops is each op's schema (its line in PyTorch's notation,
// "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
// and its checked wrapper, a function with the op's Go signature. gen
// writes one next to the wrappers with the config key sweep: true
// (SweepOps, in file PREFIX_sweep.go), so that nobody writes one by hand;
// its func type converts to iter.Seq2[string, any] as it is.
//
// With [Options].Test set, Sweep logs the report's bug list there
// ([Report.BugList]: its causes by the package at fault), as [Run] and
// [RunWith] log it with the report, so that a test that sweeps through
// Sweep prints it too.
func Sweep(ops iter.Seq2[string, any], rt Runtime, o Options) (*Report, error) {
	rep, err := sweep(ops, rt, o)
	if err == nil && o.Test != nil && theWorker() == nil {
		if bugs := rep.BugList(); bugs != "" {
			o.Test.Helper()
			o.Test.Log(bugListHeading + bugs)
		}
	}
	return rep, err
}

// sweep is Sweep.
func sweep(ops iter.Seq2[string, any], rt Runtime, o Options) (*Report, error) {
	t := o.Test
	n := len(Variants)
	if o.Samples > 0 {
		n = min(o.Samples, n)
	}
	es, err := parseTable(ops)
	if err != nil {
		return nil, err
	}
	if o.Given != nil {
		for i := range es {
			es[i].given = o.Given(es[i].Name)
		}
	}
	inProcess, err := o.inProcess()
	if err != nil {
		return nil, err
	}
	sh, err := o.share(es, rt, n)
	if err != nil {
		return nil, err
	}
	if theWorker() == nil && os.Getenv(mergeEnv) != "" {
		return mergeDir(os.Getenv(mergeEnv), o.reportName(testName(t)), sh)
	}
	es = sh.owned(es)
	id := identify(t, es, rt, o)
	var rep *Report
	if w := theWorker(); w != nil {
		rep, err = w.serve(id, es, rt, n, o) // returns only for another sweep
	} else if rep, err = sweepHere(t, id, es, rt, n, inProcess, o.inShard(sh.Shard)); err == nil {
		rep.Shard = sh
		err = writeShardReport(&o, testName(t), rep)
	}
	remember(id, rep, err)
	return rep, err
}

// sweepHere runs the sweep id of the entries es, in this process or in
// workers.
func sweepHere(t testing.TB, id sweepID, es []entry, rt Runtime, n int, inProcess bool, o Options) (*Report, error) {
	running.Lock()
	defer running.Unlock()
	defer asserts.SetContentCheck(asserts.SetContentCheck(o.Content))
	probes := len(Probes)
	if o.NoValues {
		probes = 0
	}
	ty := newTally(es, n, probes, o.Found)
	ty.onStep = o.OnStep
	ty.notGen = notGeneratedOf(rt, n)
	if inProcess {
		before := asserts.ReadStats()
		d := &driver{es: es, rt: rt, n: n, noValues: o.NoValues, skipFn: o.Skip, notGen: ty.notGen, emit: ty.apply}
		onShallowStack(func() {
			defer d.close()
			for i := range es {
				ty.state(i) // its time starts
				d.runOp(i, 0, -1, -1)
				ty.apply(&event{T: evOpDone, Op: i})
			}
		})
		ty.r.Stats = asserts.ReadStats().Sub(before)
	} else if err := isolate(t, id, ty, o); err != nil {
		return nil, err
	}
	rep := ty.r
	at := map[string]int{}
	for i, e := range es {
		at[e.Name] = i
	}
	rep.sortByOp(at)
	rep.Checks = rep.Stats.TotalRan()
	slices.SortFunc(rep.Findings, func(a, b *Finding) int { return strings.Compare(a.Key(), b.Key()) })
	rep.Causes = rep.causesOf(es)
	if o.Repro = o.reproDir(); o.Repro != "" && len(rep.Findings)+len(rep.Crashes) > 0 {
		writeRepros(es, rt, rep, o)
	}
	return rep, nil
}

// onShallowStack runs f on a goroutine of its own and waits for it: the
// checks' scopes (asserts.Collect) read the goroutine's number from its
// stack, whose cost grows with its depth (a test's, its helpers').
func onShallowStack(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

// A driver runs a sweep's ops in this process and tells emit what each
// step did (in-process, the tally; in a worker, the master).
type driver struct {
	es       []entry
	rt       Runtime
	n        int // variants per op
	noValues bool
	skipFn   func(op string, step int) bool // Options.Skip
	// notGen gives, per variant, why the runtime does not have its
	// tensors ("": it is generated; nil: every one is).
	notGen []string
	emit   func(*event)
	// quiet, when set, runs a call whose checks are not the sweep's (a
	// base sample run again in a fresh worker).
	quiet func(func())
	// wrap, when set (in a worker), runs f, a step's calls, on the call
	// goroutine (number g): mark names the step ("op step kind", kind
	// one of the step kinds).
	wrap func(mark string, g uint64, f func())
	// calls is the goroutine the steps' calls run on (nil: none yet).
	calls *caller
}

// The kinds of a step's calls in its mark: the step's own, its calls
// again, and a base sample run again for the values (in a fresh worker).
const (
	kindStep   = "step"
	kindAgain  = "again"
	kindRebase = "rebase"
)

// onCall runs f, the calls of op i's step k (of kind kind), on the
// driver's call goroutine and waits for it: a call that ends its
// goroutine with runtime.Goexit (t.FailNow, a require helper) ends that
// goroutine, not the sweep's, and onCall returns it as a crash of kind
// goexit (the next step's calls start a new call goroutine). In a worker,
// goroutines the calls start inherit the step's label (a crash of one
// names the step that started it), and the step's output starts at its
// mark (d.wrap). The call goroutine lives from step to step, its stack
// grown once.
func (d *driver) onCall(i, k int, kind string, f func()) *crashError {
	if d.calls == nil {
		d.calls = startCaller()
	}
	if d.wrap != nil {
		mark, call, g := fmt.Sprintf("%d %d %s", i, k, kind), f, d.calls.g
		f = func() { d.wrap(mark, g, call) }
	}
	d.calls.work <- f
	ce := <-d.calls.done
	if ce != nil {
		d.calls = nil // it ended
	}
	return ce
}

// A caller is a goroutine that runs a driver's calls, one after another:
// done tells each call's end, a goexit crash when the call ended the
// goroutine.
type caller struct {
	work chan func()
	done chan *crashError
	g    uint64 // the goroutine's number
}

// startCaller starts a call goroutine.
func startCaller() *caller {
	c := &caller{work: make(chan func()), done: make(chan *crashError)}
	started := make(chan struct{})
	go func() {
		c.g = goid()
		close(started)
		for f := range c.work {
			c.run(f)
			c.done <- nil
		}
	}()
	<-started
	return c
}

// run runs f; when f ends the goroutine (runtime.Goexit) it tells done
// so as the goroutine unwinds.
func (c *caller) run(f func()) {
	returned := false
	defer func() {
		if returned {
			return
		}
		if r := recover(); r != nil {
			panic(r) // not the call's (Call recovers those): the process's end, as before
		}
		c.done <- goexitCrash()
	}()
	f()
	returned = true
}

// close ends the driver's call goroutine.
func (d *driver) close() {
	if d.calls != nil {
		close(d.calls.work)
		d.calls = nil
	}
}

// variant runs variant v of op i (of kind kindStep, or kindRebase) on a
// goroutine of its own (onCall).
func (d *driver) variant(i, v int, kind string) outcome {
	s := For(d.es[i].Func, v)
	var out outcome
	if ce := d.onCall(i, v, kind, func() { out = runSampleOf(s, d.es[i].Fn, d.rt) }); ce != nil {
		return outcome{Sample: s, Err: ce}
	}
	return out
}

// runOp runs op i from step from (a variant, n + a given sample, or n +
// the given samples + a probe) to its end: each variant, called again
// when it ran, then each sample the runtime gives the op, then each probe
// of the values' base sample. base and alias are the variants that ran
// before from (-1: none), of which a fresh worker runs the base again,
// quietly, for the given samples and the probes.
func (d *driver) runOp(i, from, base, alias int) {
	e := d.es[i]
	var baseS, aliasS, refused *Sample
	var floatRefused []*Sample // before any variant ran: the first refused of each float dtype
	for v := from; v < d.n; v++ {
		if d.notGen != nil && d.notGen[v] != "" {
			d.emit(&event{T: evStep, Op: i, Step: v, Res: &result{NotRun: notGenerated}})
			continue
		}
		if d.skipped(i, v) {
			continue
		}
		d.emit(&event{T: evStart, Op: i, Step: v})
		out := d.variant(i, v, kindStep)
		res := resultOf(d.rt, out)
		if res.Err == "error" && baseS != nil && !Variants[v].Alias {
			res.Hole = d.floatHole(i, v, baseS, out.Sample)
		}
		d.emit(&event{T: evStep, Op: i, Step: v, Res: res})
		if out.Err != nil {
			if refused == nil && res.Err == "error" && !Variants[v].Alias {
				refused = out.Sample
			}
			if baseS == nil && res.Err == "error" && !Variants[v].Alias {
				floatRefused = addFloatRefused(floatRefused, out.Sample)
			}
			continue
		}
		switch {
		case Variants[v].Alias && alias < 0:
			alias, aliasS = v, out.Sample
		case !Variants[v].Alias && base < 0:
			base, baseS = v, out.Sample
		}
		d.again(i, v, d.rt, out)
	}
	g := len(e.given)
	if d.noValues && max(from, d.n) >= d.n+g {
		return
	}
	bs := baseS
	if base < 0 {
		base, bs = alias, aliasS
	}
	if bs == nil && base >= 0 {
		bs = d.rerun(i, base)
	}
	for j := max(from-d.n, 0); j < g; j++ {
		d.given(i, j, bs)
	}
	if d.noValues {
		return
	}
	given := givenBase(e.Func, base, bs)
	if bs != nil {
		floatRefused = nil // the variants' own check (floatHole) had its base
	}
	for p := max(from-d.n-g, 0); p < len(Probes); p++ {
		b := bs
		if b == nil && (slices.Contains(shapeProbes, Probes[p].Name) || slices.Contains(argProbes, Probes[p].Name)) {
			// No variant ran: the degenerate shapes run on the first
			// sample the kernel refused (as repaired), a kernel of vectors
			// only (spago's Softmax) refusing every [2,3]; so do the
			// probes that give an argument a value, a kernel that takes
			// argmax's dim and refuses it absent (a runtime with no view
			// makes no sample of the variant whose optionals are given).
			b = refused
		}
		if d.probe(i, p, b, given, floatRefused) {
			floatRefused = nil
		}
	}
}

// addFloatRefused adds s, a variant's sample refused, to rs when its
// float dtype is one no sample of rs has.
func addFloatRefused(rs []*Sample, s *Sample) []*Sample {
	dt := floatDtype(s)
	if dt == "" || slices.ContainsFunc(rs, func(r *Sample) bool { return floatDtype(r) == dt }) {
		return rs
	}
	return append(rs, s)
}

// shapeProbes are the probes of the degenerate shapes kernels
// special-case, which run on the first sample the kernel refused when
// no variant ran (runOp): a row and a column vector, a single element, a
// negative 0-dim and a 1-d tensor of mixed signs.
// A worker that starts again after a crash among them has no such
// sample: those after it are not reached.
var shapeProbes = []string{"size-1 dims", "size-1 last dim", "single element", "negative 0-dim", "mixed signs 1-d"}

// argProbes are the probes that give the op's numbers, dims and bools a
// value (an optional one absent in the sample is given it), which run on
// the first sample the kernel refused when no variant ran, as
// shapeProbes do.
var argProbes = []string{"scalars 0", "scalars 1", "scalars -1", "scalars 2", "scalars 0.5", "dims 0", "dims -1", "dims last", "bools true", "bools false"}

// given runs the sample j the runtime gives op i (base: the op's base
// sample, nil when none ran), tells what it did, and calls it again when
// it ran.
func (d *driver) given(i, j int, base *Sample) {
	k, g := d.n+j, d.es[i].given[j]
	if d.skipped(i, k) {
		return
	}
	d.emit(&event{T: evStart, Op: i, Step: k})
	if base != nil {
		base = base.clone()
	}
	var s *Sample
	var rt Runtime
	var err, makeErr error
	var vs []asserts.Violation
	if ce := d.onCall(i, k, kindStep, func() {
		if s, rt, makeErr = g.Make(base); makeErr != nil {
			return
		}
		if rt == nil {
			rt = d.rt
		}
		f := reflect.ValueOf(d.es[i].Fn)
		call := func(s *Sample) error { return Call(rt, f, s) }
		vs = asserts.Collect(func() {
			if g.Repair {
				err = s.Run(call)
			} else {
				err = call(s)
			}
		})
	}); ce != nil {
		err, vs = ce, nil
	}
	if makeErr != nil {
		d.emit(&event{T: evStep, Op: i, Step: k, Res: &result{Err: "make", Make: makeErr.Error(), Text: firstLine(makeErr.Error())}})
		return
	}
	if rt == nil {
		rt = d.rt
	}
	out := outcome{Sample: s, Err: err, Violations: vs}
	d.emit(&event{T: evStep, Op: i, Step: k, Res: resultOf(rt, out)})
	if err == nil {
		d.again(i, k, rt, out)
	}
}

// skipped reports whether step k of op i is one not to run
// (Options.Skip), and tells it so.
func (d *driver) skipped(i, k int) bool {
	if d.skipFn == nil || !d.skipFn(d.es[i].Name, k) {
		return false
	}
	d.emit(&event{T: evStep, Op: i, Step: k, Res: &result{NotRun: '/'}})
	return true
}

// rerun runs variant v of op i again, its violations and checks not the
// sweep's (they were counted where it ran), and returns its sample as
// it ran, nil when it did not run this time.
func (d *driver) rerun(i, v int) *Sample {
	d.emit(&event{T: evStart, Op: i, Step: v, Rebase: true})
	var out outcome
	run := func() { out = d.variant(i, v, kindRebase) }
	if d.quiet != nil {
		d.quiet(run)
	} else {
		run()
	}
	if out.Err != nil {
		return nil
	}
	return out.Sample
}

// again calls a step that ran twice more, with rt, on one set of its arguments
// (callTwice) and tells what the second call found and the step's own
// run did not.
func (d *driver) again(i, k int, rt Runtime, out outcome) {
	d.emit(&event{T: evStart, Op: i, Step: k, Again: true})
	var vs []asserts.Violation
	var err error
	if ce := d.onCall(i, k, kindAgain, func() { vs, err = callTwice(rt, reflect.ValueOf(d.es[i].Fn), out.Sample) }); ce != nil {
		vs, err = nil, ce
	}
	res := &result{}
	res.Violations, res.Causes = onlyNew(vs, out.Violations, causes(d.es[i].Name, vs))
	res.setErr(rt, err)
	d.emit(&event{T: evAgain, Op: i, Step: k, Res: res})
}

// probe runs probe p of op i's base sample (nil: none ran) once, without
// repairs, tells what it did, and calls it again when it ran. A probe of
// a degenerate shape whose base sample was repaired runs on the sample
// as the schema gives it too (given; probeGiven), repaired only if
// refused, unless the base's call showed a violation or crashed; the
// step is the one of the two that showed more (probeGiven says which).
//
// floatRefused are the variants' samples refused, one of each float
// dtype, when no variant ran: a probe that runs in a float dtype is
// called again moved to each other one, as floatHole does for a variant
// that ran, and its result holds the first refusal. probe reports
// whether it made that check.
func (d *driver) probe(i, p int, base, given *Sample, floatRefused []*Sample) bool {
	k := d.n + len(d.es[i].given) + p
	if d.skipped(i, k) {
		return false
	}
	if base == nil {
		d.emit(&event{T: evStep, Op: i, Step: k, Res: &result{NotRun: '_'}})
		return false
	}
	s, st := base.ApplyProbe(p)
	if st == probeChanged && lacksGoInt(d.rt, s) {
		st = notGenerated
	}
	if st != probeChanged {
		d.emit(&event{T: evStep, Op: i, Step: k, Res: &result{NotRun: st}})
		return false
	}
	d.emit(&event{T: evStart, Op: i, Step: k})
	f := reflect.ValueOf(d.es[i].Fn)
	call := func(s *Sample) error { return Call(d.rt, f, s) }
	out := d.probeCall(i, k, s, call)
	if g := probeGiven(given, p, s); g != nil && (out.Err != nil && !isCrash(out.Err) || out.Err == nil && len(out.Violations) == 0) {
		gout := d.probeCall(i, k, g, func(s *Sample) error { return s.Run(call) })
		if moreShown(gout, out) {
			out = gout
		}
	}
	res := resultOf(d.rt, out)
	checked := out.Err == nil && len(floatRefused) > 0 && floatDtype(out.Sample) != ""
	for _, r := range floatRefused {
		if !checked || res.Hole != nil {
			break
		}
		if res.Hole = d.floatHole(i, k, out.Sample, r); res.Hole != nil {
			res.Hole.Probe = Probes[p].Name
		}
	}
	d.emit(&event{T: evStep, Op: i, Step: k, Res: res})
	if out.Err == nil {
		d.again(i, k, d.rt, out)
	}
	return checked
}

// probeCall runs call on s, probe step k of op i, and returns what it
// did.
func (d *driver) probeCall(i, k int, s *Sample, call func(*Sample) error) outcome {
	var err error
	var vs []asserts.Violation
	if ce := d.onCall(i, k, kindStep, func() { vs = asserts.Collect(func() { err = call(s) }) }); ce != nil {
		err = ce
	}
	return outcome{Sample: s, Err: err, Violations: vs}
}

// Run is the sweep of a runtime's test: it sweeps ops (the SweepOps table
// gen writes next to the checked wrappers) on every sample with rt and the
// same_content check on, in worker processes (see [Sweep]), logs each
// finding and crash as it is found and the report at the end (its causes
// first, its bug list last), and fails t once per cause ([Cause]: one
// bug, however many ops show it), naming its key and each of its
// findings (op, check, argument or return) and crashes (op, kind,
// function) with its count, and once per op refused on every sample it
// was given ([Refusal]: none of its checks ran), with the library's error
// and the sample ([RunWith] judges them by a library's verdicts). An op the
// runtime could make no sample for does not fail it: the report lists it
// apart (Report.NoSample), an adapter's limit. Run it in a test built with -tags debugasserts: without the
// tag the wrappers check nothing.
//
//	func TestSweep(t *testing.T) {
//		sweep.Run(t, adapter{}, checked.SweepOps)                  // function mode
//		sweep.Run(t, adapter{}, checked.SweepOps(mytensor.Kernels{})) // interface mode
//	}
func Run(t testing.TB, rt Runtime, ops iter.Seq2[string, any]) *Report {
	t.Helper()
	return RunWith(t, rt, ops, Options{Content: true})
}
