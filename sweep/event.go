package sweep

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"time"

	"github.com/assertgen/assertgen/asserts"
)

// The events of a sweep. The driver (driveOps) tells each step it runs to
// a sink; in-process the sink is the report itself (Report.apply), in a
// worker it is the channel to the master, which applies them to its
// report. So the report is made one way, and a sweep of ops that do not
// crash reports the same in-process and isolated.

// Event types.
const (
	evReady   = "ready"   // a worker reached its sweep
	evStart   = "start"   // a step is about to run (flushed before it)
	evStep    = "step"    // a variant or a probe ran: Res
	evAgain   = "again"   // a step that ran was called again: Res
	evOpDone  = "op"      // an op's steps are done: Stats since the last one
	evHang    = "hang"    // the watchdog: a call passed its limit
	evHandler = "handler" // a violation outside a call's scope: for the handler
	evDone    = "done"    // the worker ran to the end of its sweep
)

// An event is one thing a sweep's driver did.
type event struct {
	T    string `json:"t"`
	Op   int    `json:"op,omitempty"`   // the op's index in the table
	Step int    `json:"step,omitempty"` // a variant (below n), or n + a probe
	// Again and Rebase say what an evStart starts: the step's calls
	// again, or the values' base variant run again in a fresh worker.
	Again  bool `json:"again,omitempty"`
	Rebase bool `json:"rebase,omitempty"`
	// Out is where an evStart's step's output starts in the worker's
	// output file (-1: the worker marked it in the output instead).
	Out int64   `json:"out,omitempty"`
	Res *result `json:"res,omitempty"`
	// Stats are the checks' counts of the op's calls (evOpDone).
	Stats *wireStats `json:"stats,omitempty"`
	// Crash is a hang's: its text, where the call was, its stacks.
	Crash *crashError `json:"crash,omitempty"`
	// Violation is a violation reported outside a call's scope
	// (evHandler).
	Violation *asserts.Violation `json:"violation,omitempty"`
}

// wireStats are asserts.Stats on the channel (asserts.Stats marshals to
// names, one way).
type wireStats struct {
	Calls      uint64   `json:"calls"`
	Ran        []uint64 `json:"ran"`
	Violations []uint64 `json:"violations"`
	Skipped    []uint64 `json:"skipped"`
}

func toWire(s asserts.Stats) *wireStats {
	return &wireStats{Calls: s.Calls, Ran: s.Ran[:], Violations: s.Violations[:], Skipped: s.Skipped[:]}
}

func (w *wireStats) stats() asserts.Stats {
	s := asserts.Stats{Calls: w.Calls}
	copy(s.Ran[:], w.Ran)
	copy(s.Violations[:], w.Violations)
	copy(s.Skipped[:], w.Skipped)
	return s
}

// A result is what a step did, as the report needs it.
type result struct {
	// Err is the kind of the last call's error: "" (none), "make" (the
	// runtime cannot make the sample), "crash", else "error" (refused).
	Err string `json:"err,omitempty"`
	// Text is the first line of the error's text; Make the runtime's
	// reason when it cannot make the sample.
	Text string `json:"text,omitempty"`
	Make string `json:"make,omitempty"`
	// Sample is a refused sample's arguments as last called
	// (Sample.Describe), for a [Refusal].
	Sample     string              `json:"sample,omitempty"`
	Crash      *crashError         `json:"crash,omitempty"`
	Repairs    []string            `json:"repairs,omitempty"`
	Violations []asserts.Violation `json:"violations,omitempty"`
	// Causes, when set, gives per violation the key of the finding that
	// says what its return is, from every violation of the call (a call
	// again keeps only the violations its sample's run did not show, and
	// the cause may be one of those); nil: from Violations alone.
	Causes []string `json:"causes,omitempty"`
	// NotRun is a probe's reason not to run: probeSame, probeNoArg, '_'
	// (no base sample), notGenerated (a tensor the runtime does not
	// have: Go int); 0 when it ran.
	NotRun byte `json:"not_run,omitempty"`
	// Hole is a variant's refusal of its dtype where the op's base sample
	// ran in another (driver.floatHole), for [Report].DtypeRefused.
	Hole *Refusal `json:"hole,omitempty"`
	// Feat is the features of the sample as it was last called
	// (featuresOf), for a cause's trigger; 0 when not known.
	Feat uint64 `json:"feat,omitempty"`
}

// resultOf is the result of an outcome of a call with rt.
func resultOf(rt Runtime, out outcome) *result {
	r := &result{Violations: out.Violations, Feat: featuresOf(out.Sample)}
	if out.Sample != nil {
		r.Repairs = out.Sample.Repairs
	}
	r.setErr(rt, out.Err)
	if r.Err == "error" && out.Sample != nil {
		r.Sample = out.Sample.Describe()
	}
	return r
}

// A briefer is a [Runtime] with the Brief method its doc describes.
type briefer interface {
	Brief(err error) string
}

// setErr sets the error's kind and text (for a refusal, rt's Brief of it
// when rt has the method).
func (r *result) setErr(rt Runtime, err error) {
	var me *MakeError
	var ce *crashError
	switch {
	case err == nil:
		return
	case errors.As(err, &ce):
		r.Err, r.Crash = "crash", ce
	case errors.As(err, &me):
		r.Err, r.Make = "make", me.Err.Error()
	default:
		r.Err = "error"
		if b, ok := rt.(briefer); ok {
			r.Text = b.Brief(err)
			return
		}
	}
	r.Text = firstLine(err.Error())
}

// code is the step's character in Tried.
func (r *result) code() byte {
	switch r.Err {
	case "crash":
		if r.Crash.Kind == crashHang {
			return 'H'
		}
		return 'C'
	case "make":
		return 'M'
	case "error":
		return 'E'
	}
	if len(r.Violations) > 0 {
		return 'V'
	}
	return '.'
}

// An opState is what the report keeps of the op under way.
type opState struct {
	op    int
	tried []byte
	told  int    // the steps that told their result (or were skipped)
	first string // the first variant's error
	// base and alias are the first variants that ran (-1: none yet), an
	// aliasing one in alias: the values' base sample is base, else
	// alias.
	base, alias int
	start       time.Time // when the op's first step started, as told
	// refused is the op's refusal so far: the first sample refused and
	// how many were; given counts the samples the runtime made (ran,
	// refused or crashed) or did not run; noSample is the runtime's
	// reason it could not make the first sample it could not.
	refused  *Refusal
	hole     *Refusal // the first variant's refusal of its dtype (Report.DtypeRefused)
	given    int
	noSample string
}

// A tally is a report being made from events: the report and the op
// under way.
type tally struct {
	r      *Report
	es     []entry
	n      int // variants per op
	probes int // probes per op: len(Probes), or 0 without the values
	byKey  map[string]*Finding
	cur    *opState
	// found, when set, is told each finding and crash as it is first
	// found (streamed); onStep, each step's result (Options.OnStep).
	found  func(string)
	onStep func(Step)
	// notGen gives, per variant, why the runtime does not have its
	// tensors ("": generated; nil: every one is).
	notGen []string
}

func newTally(es []entry, n, probes int, found func(string)) *tally {
	return &tally{r: newReport(len(es)), es: es, n: n, probes: probes, byKey: map[string]*Finding{}, found: found}
}

// steps is how many steps op has: its variants, the samples its runtime
// gives it, and its probes.
func (t *tally) steps(op int) int { return t.n + len(t.es[op].given) + t.probes }

// state returns the state of op, starting it (and ending the one before).
func (t *tally) state(op int) *opState {
	if t.cur != nil && t.cur.op != op {
		t.endOp()
	}
	if t.cur == nil {
		t.cur = &opState{op: op, base: -1, alias: -1, start: time.Now()}
	}
	return t.cur
}

// endOp ends the op under way.
func (t *tally) endOp() {
	s := t.cur
	if s == nil {
		return
	}
	t.cur = nil
	name := t.es[s.op].Name
	if s.told == t.n {
		s.tried = append(s.tried, ' ') // no probe ran
	}
	t.r.Tried[name] = string(s.tried)
	t.r.Took[name] += time.Since(s.start)
	if _, ok := t.r.Exercised[name]; ok && s.hole != nil {
		t.r.DtypeRefused = append(t.r.DtypeRefused, s.hole)
	}
	if _, ok := t.r.Exercised[name]; !ok {
		t.r.NotReached[name] = s.first
		switch {
		case s.refused != nil:
			t.r.Refused = append(t.r.Refused, s.refused)
		case s.given == 0 && s.noSample != "":
			t.r.NoSample[name] = s.noSample
		}
	}
}

// sampled notes what a variant or a given sample of op (named name) did,
// for the op's refusal or its lack of samples.
func (s *opState) sampled(op, name string, res *result) {
	switch res.Err {
	case "make":
		if s.noSample == "" {
			s.noSample = res.Make
		}
		return
	case "error":
		if s.refused == nil {
			s.refused = &Refusal{Op: op, Variant: name, Sample: res.Sample, Repairs: res.Repairs, Error: res.Text}
		}
		s.refused.Count++
	}
	s.given++
}

// apply adds one event to the report.
func (t *tally) apply(ev *event) {
	switch ev.T {
	case evStep:
		t.step(ev.Op, ev.Step, ev.Res)
	case evAgain:
		t.again(ev.Op, ev.Step, ev.Res)
	case evOpDone:
		if ev.Stats != nil {
			t.r.Stats = t.r.Stats.Add(ev.Stats.stats())
		}
		t.state(ev.Op)
		t.endOp()
	case evHandler:
		asserts.CurrentHandler().Handle(ev.Violation)
	}
}

// stepName is the name of op's step k in the report: a variant's, a
// given sample's, or "value: NAME" for a probe.
func (t *tally) stepName(op, k int) string {
	g := t.es[op].given
	switch {
	case k < t.n:
		return Variants[k].Name
	case k < t.n+len(g):
		return g[k-t.n].Name
	}
	return "value: " + Probes[k-t.n-len(g)].Name
}

// next appends the separators before op's step k to its Tried: a space
// after the variants, and one after the given samples when it has any.
func (t *tally) next(s *opState, k int) {
	if g := len(t.es[s.op].given); k == t.n || g > 0 && k == t.n+g {
		s.tried = append(s.tried, ' ')
	}
	s.told++
}

// step adds a variant's, a given sample's or a probe's result.
func (t *tally) step(op, k int, res *result) {
	s := t.state(op)
	name := t.es[op].Name
	g := t.es[op].given
	t.next(s, k)
	if res.Err == "crash" && res.Feat == 0 {
		res.Feat = t.templateFeat(s, k) // a worker that died in the step did not tell its sample
	}
	switch {
	case k < t.n && t.notGenerated(k):
		s.tried = append(s.tried, notGenerated)
		t.r.NotGenerated[k] = t.notGen[k]
		t.r.NotGeneratedSamples++
	case res.NotRun == '/': // skipped (Options.Skip)
		s.tried = append(s.tried, '/')
		s.given++
	case k < t.n:
		t.r.add(name, k, Variants[k].Name, true, res, t.byKey)
		s.sampled(name, Variants[k].Name, res)
		s.tried = append(s.tried, res.code())
		if k == 0 && res.Err != "" {
			s.first = res.Text
		}
		if s.hole == nil {
			s.hole = res.Hole
		}
		if res.Err == "" {
			switch {
			case Variants[k].Alias && s.alias < 0:
				s.alias = k
			case !Variants[k].Alias && s.base < 0:
				s.base = k
			}
		}
	case k < t.n+len(g):
		code := res.code()
		if res.NotRun != 0 {
			code = res.NotRun
		} else {
			t.r.add(name, k, g[k-t.n].Name, g[k-t.n].Exercises, res, t.byKey)
			s.sampled(name, g[k-t.n].Name, res)
		}
		s.tried = append(s.tried, code)
	default:
		s.tried = append(s.tried, t.r.probe(name, k-t.n-len(g), res, t.byKey))
		if s.hole == nil {
			s.hole = res.Hole
		}
		if _, ok := t.r.Exercised[name]; !ok && res.NotRun == 0 && res.Err == "" {
			// A probe of a degenerate shape on a sample the kernel
			// refused ran (runOp): the op is reached.
			t.r.Exercised[name] = k
		}
	}
	t.told(op, k, res, false)
	t.tell()
}

// templateFeat is the features of op's step k as the schema gives it,
// without repairs: a variant's sample, or a probe of the op's base
// variant (0 for a given sample, or a probe without a base).
func (t *tally) templateFeat(s *opState, k int) uint64 {
	f := t.es[s.op].Func
	g := len(t.es[s.op].given)
	switch base := s.base; {
	case k < t.n:
		return featuresOf(For(f, k))
	case k < t.n+g:
		return 0
	case base >= 0 || s.alias >= 0:
		if base < 0 {
			base = s.alias
		}
		if p, st := For(f, base).ApplyProbe(k - t.n - g); st == probeChanged {
			return featuresOf(p)
		}
	}
	return 0
}

// told tells onStep the result of op's step k (again: its calls again).
func (t *tally) told(op, k int, res *result, again bool) {
	if t.onStep == nil {
		return
	}
	st := Step{Op: t.es[op].Name, Index: k, Name: t.stepName(op, k), Again: again, Err: res.Err, Text: res.Text,
		Repairs: res.Repairs, Violations: res.Violations, NotRun: res.NotRun}
	if res.Crash != nil {
		st.Crash = res.Crash.of(st.Op)
	}
	t.onStep(st)
}

// crashed adds a crash of op's step k that is not the step's result (a
// goroutine it left behind, a race, the values' base run again) under
// label, and tells onStep.
func (t *tally) crashed(op, k int, label string, again bool, ce *crashError) {
	t.r.crash(t.es[op].Name, label, ce)
	if t.onStep != nil {
		t.onStep(Step{Op: t.es[op].Name, Index: k, Name: label, Again: again, Err: "crash", Text: (&crashError{Text: ce.Text, At: ce.At}).Error(), Crash: ce.of(t.es[op].Name), Late: true})
	}
	t.tell()
}

// again adds what a step's calls again found.
func (t *tally) again(op, k int, res *result) {
	name := t.es[op].Name
	label := t.stepName(op, k) + ", called again"
	t.r.Again++
	t.r.findings(name, label, res.Violations, res.Causes, t.byKey)
	switch res.Err {
	case "crash":
		t.r.crash(name, label, res.Crash)
	case "":
	default:
		t.r.AgainFailed[name] = res.Text
	}
	t.told(op, k, res, true)
	t.tell()
}

// skip marks step k of op not run ('/'): an earlier step of the op hung,
// or the sweep's budget ran out.
func (t *tally) skip(op, k int) {
	if k < t.n && t.notGenerated(k) {
		t.step(op, k, &result{NotRun: notGenerated})
		return
	}
	s := t.state(op)
	t.next(s, k)
	s.tried = append(s.tried, '/')
	s.given++
	t.told(op, k, &result{NotRun: '/'}, false)
}

// notGenerated reports whether variant k is one the runtime does not
// have the tensors of (not generated).
func (t *tally) notGenerated(k int) bool { return t.notGen != nil && t.notGen[k] != "" }

// tell streams the findings and the crash a result added first.
func (t *tally) tell() {
	if t.found == nil {
		return
	}
	for _, f := range t.r.Findings[t.r.told.findings:] {
		if f.Cause != "" {
			continue // one bug: its cause is told
		}
		t.found(f.Key() + ": " + f.Message + " (in " + f.Variants[0] + ")")
	}
	for _, c := range t.r.Crashes[t.r.told.crashes:] {
		t.found(c.String() + " (in " + c.Variants[0] + ")")
	}
	t.r.told.findings, t.r.told.crashes = len(t.r.Findings), len(t.r.Crashes)
}

// A wireReport is a Report on the channel, its unexported counts too.
type wireReport struct {
	R      *Report
	Values []probeCount
	Dtypes uint64 // dtypesRan
}

// encode returns the report as gob.
func (r *Report) encode() []byte {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(wireReport{R: r, Values: r.valueCounts, Dtypes: r.dtypesRan}); err != nil {
		panic(fmt.Sprintf("sweep: a report does not encode: %v", err)) // a bug of this package
	}
	return b.Bytes()
}

// decodeReport returns the report encode encoded.
func decodeReport(b []byte) (*Report, error) {
	var w wireReport
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&w); err != nil {
		return nil, fmt.Errorf("sweep: a report from the master: %v", err)
	}
	r := newReport(0)
	*r = *w.R
	r.valueCounts, r.dtypesRan = w.Values, w.Dtypes
	for _, m := range []*map[string]int{&r.Exercised, &r.RejectedBy, &r.Unmade, &r.RepairsUsed} {
		if *m == nil {
			*m = map[string]int{}
		}
	}
	for _, m := range []*map[string]string{&r.NotReached, &r.NoSample, &r.AgainFailed, &r.Tried} {
		if *m == nil {
			*m = map[string]string{}
		}
	}
	if r.NotGenerated == nil {
		r.NotGenerated = map[int]string{}
	}
	if r.ExercisedRepairs == nil {
		r.ExercisedRepairs = map[string][]string{}
	}
	if r.Took == nil {
		r.Took = map[string]time.Duration{}
	}
	return r, nil
}
