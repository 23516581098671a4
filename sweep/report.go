package sweep

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/assertgen/assertgen/asserts"
)

// A Report is what a sweep did: per op, whether a sample ran, what was
// tried, and what the checks found.
type Report struct {
	Ops     int // ops swept
	Samples int // variant and given samples tried (the values that matter apart)
	// Exercised gives, per op a sample of which ran, the first such
	// variant (or given sample that exercises it: its step, after the
	// variants; or, for an op refused on every variant, a probe of a
	// degenerate shape that ran: its step, after the given samples);
	// NotReached, per op none of whose samples ran, why: the first
	// sample's last error.
	Exercised  map[string]int
	NotReached map[string]string
	// Refused are the ops not reached whose kernel (or bound call, or
	// wrapper) refused every sample it was given, after the repairs, in
	// the table's order: none of their checks ran, so a sweep fails on
	// each unless a verdict names it ([Refusal.Key]). NoSample gives,
	// per op not reached for which the runtime could make no sample at
	// all, the runtime's reason for the first: an adapter's limit, not
	// the library's refusal, counted and listed apart. An op not reached
	// in neither crashed on every sample it was given or was not run
	// (the sweep's budget, [Options].Skip).
	Refused []*Refusal
	// DtypeRefused are the ops reached whose kernel refused their base
	// sample with its float tensors moved to the float dtype of a variant
	// it refused (float64, where float32 ran), with the library's error,
	// one per op; Run fails once per each unless a verdict names it
	// ([Refusal.Key]: "addmm refused float64").
	DtypeRefused []*Refusal
	NoSample     map[string]string
	// ExercisedRepairs gives, per op whose exercising sample ran after a
	// repair, the repairs that made it run.
	ExercisedRepairs map[string][]string
	// Took gives, per op, about how long its steps took: from the start
	// of the first to the end of the last, as the sweep learned them
	// (isolated, worker restarts included).
	Took     map[string]time.Duration
	Repaired int // samples that ran after a repair
	// Rejected counts the samples the kernel (or the wrapper) refused
	// after the repairs, RejectedBy per op.
	Rejected   int
	RejectedBy map[string]int
	// Unmade counts, by the runtime's reason, the samples it cannot make
	// (a layout or dtype it lacks): not run, not rejected.
	Unmade map[string]int
	// NotGenerated gives, per variant not generated (its number in
	// [Variants]), why: its template asks for a kind of tensor the
	// runtime does not have ([Capabilities]). NotGeneratedSamples counts
	// the samples they would have been (one per op each), counted in
	// neither Samples nor Unmade.
	NotGenerated        map[int]string
	NotGeneratedSamples int
	// RepairsUsed counts per repair rule the samples it helped run.
	RepairsUsed map[string]int
	// Again counts the samples that ran and were then called twice more
	// on one set of arguments, the first results held through the
	// second call, so that a kernel handing out a cached output is seen
	// (fresh_not_held); AgainFailed gives, per op, the error of such
	// calls that did not run (a kernel that failed the second time).
	Again       int
	AgainFailed map[string]string
	// valueCounts counts, per probe in the order of [Probes], what the values
	// that matter did on the ops' base samples.
	valueCounts []probeCount
	// Tried gives, per op, what each of its samples did: one character
	// per variant, a space, then one per probe (see [Report.String]).
	Tried  map[string]string
	Checks uint64 // checks run
	// Stats are the checks' counts of the sweep's calls (in the workers,
	// when it ran isolated): what ran, by check, and what was skipped,
	// by reason.
	Stats    asserts.Stats
	Findings []*Finding
	// Crashes are the calls that panicked with a Go runtime error (or a
	// nil error), per op and place: bugs of the code that ran, found like
	// the checks' findings, never repaired nor counted as rejected.
	Crashes []*Crash
	// Causes are the findings and crashes grouped by cause (docs/sweep.md,
	// "Causes"): one entry per bug, however many ops and samples show it,
	// with the package whose code is at fault; the report's text, its
	// bug list and the verdicts lead with them. Findings and Crashes keep
	// each op's own.
	Causes []*Cause
	// Repros are the reproducers of the findings and crashes, when the
	// sweep wrote them ([Options].Repro).
	Repros []*Repro
	// Unattributed are the crashes (isolated) of goroutines no op's call
	// started (their trace names none: the test's own, a package's), each
	// of which ended a worker while a step ran that, run again in a fresh
	// worker, did not crash: Op is empty, Variants[0] says which step ran.
	// Run fails the test once per each.
	Unattributed []*Crash
	// Shard says which share of the table's ops the sweep swept (all:
	// 0/1) and which ops it owned.
	Shard ShardInfo
	// told counts the findings and crashes streamed so far.
	told struct{ findings, crashes int }
	// feats are, per op, the features of each step called (its name in
	// the report), for the causes' triggers.
	feats map[string][]stepFeat
	// dtypesRan has bit i set when a step that ran (no error) had a
	// tensor of featDtypeNames[i]: the report's dtypes line (writeDtypesRun),
	// kept in its file and merged, as feats are not.
	dtypesRan uint64
}

// A probeCount is what one probe did over a sweep's ops: its samples that
// ran, were rejected by the kernel or the wrapper, crashed, or could not
// be made, and the ops where it did not run: their base sample has its
// values already, they have no argument of its kind, or none of their
// variants ran (no base sample).
type probeCount struct {
	Name                           string
	Ran, Rejected, Crashed, Unmade int
	Same, NoArg, NotReached        int
	NotGenerated                   int // of a tensor the runtime does not have (Go int)
}

func newReport(ops int) *Report {
	r := &Report{Ops: ops, Exercised: map[string]int{}, NotReached: map[string]string{}, NoSample: map[string]string{}, ExercisedRepairs: map[string][]string{}, Took: map[string]time.Duration{},
		RejectedBy: map[string]int{}, Unmade: map[string]int{}, NotGenerated: map[int]string{}, RepairsUsed: map[string]int{},
		AgainFailed: map[string]string{}, Tried: map[string]string{}}
	for _, p := range Probes {
		r.valueCounts = append(r.valueCounts, probeCount{Name: p.Name})
	}
	return r
}

// add adds the result of step k of op, a variant or a sample the
// runtime gave, of the given name; a sample that ran makes k the op's
// first exercising step when exercises is set and none was before.
func (r *Report) add(op string, k int, name string, exercises bool, res *result, byKey map[string]*Finding) {
	r.Samples++
	r.noteFeat(op, name, res.Feat, res.Err == "")
	switch res.Err {
	case "crash":
		r.crash(op, name, res.Crash)
	case "make":
		r.Unmade[res.Make]++
	case "error":
		r.Rejected++
		r.RejectedBy[op]++
	default:
		if _, ok := r.Exercised[op]; !ok && exercises {
			r.Exercised[op] = k
			if len(res.Repairs) > 0 {
				r.ExercisedRepairs[op] = res.Repairs
			}
		}
		if len(res.Repairs) > 0 {
			r.Repaired++
			used := slices.Clone(res.Repairs)
			slices.Sort(used)
			for _, rule := range slices.Compact(used) { // once per sample
				r.RepairsUsed[rule]++
			}
		}
	}
	r.findings(op, name, res.Violations, res.Causes, byKey)
}

// probe adds what probe p of op's base sample did and returns its code
// for Tried.
func (r *Report) probe(op string, p int, res *result, byKey map[string]*Finding) byte {
	c := &r.valueCounts[p]
	switch res.NotRun {
	case '_':
		c.NotReached++
		return '_'
	case probeSame:
		c.Same++
		return probeSame
	case probeNoArg:
		c.NoArg++
		return probeNoArg
	case notGenerated:
		c.NotGenerated++
		return notGenerated
	}
	name := "value: " + Probes[p].Name
	r.noteFeat(op, name, res.Feat, res.Err == "")
	switch res.Err {
	case "crash":
		c.Crashed++
		r.crash(op, name, res.Crash)
	case "make":
		c.Unmade++
	case "error":
		c.Rejected++
	default:
		c.Ran++
	}
	r.findings(op, name, res.Violations, res.Causes, byKey)
	return res.code()
}

// findings adds the violations of op's calls of the named sample, cs
// their causes (nil: found from vs).
func (r *Report) findings(op, name string, vs []asserts.Violation, cs []string, byKey map[string]*Finding) {
	if cs == nil {
		cs = causes(op, vs)
	}
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
		cause := ""
		if cs != nil {
			cause = cs[i]
		}
		f.noteCause(cause)
		if len(f.Variants) == 0 || f.Variants[len(f.Variants)-1] != name {
			f.Variants = append(f.Variants, name)
			f.Messages = append(f.Messages, x.Error())
		}
	}
}

// merge adds o, the report of other ops of the same sweep, to r.
func (r *Report) merge(o *Report) {
	r.Samples += o.Samples
	r.Repaired += o.Repaired
	r.Rejected += o.Rejected
	r.Again += o.Again
	r.NotGeneratedSamples += o.NotGeneratedSamples
	maps.Copy(r.NotGenerated, o.NotGenerated)
	r.Stats = r.Stats.Add(o.Stats)
	for _, m := range [][2]map[string]int{{r.Exercised, o.Exercised}, {r.RejectedBy, o.RejectedBy}, {r.Unmade, o.Unmade}, {r.RepairsUsed, o.RepairsUsed}} {
		for k, n := range m[1] {
			m[0][k] += n
		}
	}
	for _, m := range [][2]map[string]string{{r.NotReached, o.NotReached}, {r.NoSample, o.NoSample}, {r.AgainFailed, o.AgainFailed}, {r.Tried, o.Tried}} {
		maps.Copy(m[0], m[1])
	}
	maps.Copy(r.ExercisedRepairs, o.ExercisedRepairs)
	r.dtypesRan |= o.dtypesRan
	for op, fs := range o.feats {
		if r.feats == nil {
			r.feats = map[string][]stepFeat{}
		}
		r.feats[op] = append(r.feats[op], fs...)
	}
	maps.Copy(r.Took, o.Took)
	for i := range r.valueCounts {
		a, b := &r.valueCounts[i], o.valueCounts[i]
		a.Ran, a.Rejected, a.Crashed, a.Unmade = a.Ran+b.Ran, a.Rejected+b.Rejected, a.Crashed+b.Crashed, a.Unmade+b.Unmade
		a.Same, a.NoArg, a.NotReached, a.NotGenerated = a.Same+b.Same, a.NoArg+b.NoArg, a.NotReached+b.NotReached, a.NotGenerated+b.NotGenerated
	}
	r.Findings = append(r.Findings, o.Findings...)
	r.Crashes = append(r.Crashes, o.Crashes...)
	r.Refused = append(r.Refused, o.Refused...)
	r.DtypeRefused = append(r.DtypeRefused, o.DtypeRefused...)
	r.Unattributed = append(r.Unattributed, o.Unattributed...)
}

// sortByOp puts the crashes and refusals in the order of their ops in
// the table (at: op to its index), each op's in the order they were
// found: the order of a sweep that ran the ops one after the other,
// whichever worker or shard ran each. A sweep and a merge of shards
// both order them here.
func (r *Report) sortByOp(at map[string]int) {
	slices.SortStableFunc(r.Crashes, func(a, b *Crash) int { return at[a.Op] - at[b.Op] })
	sortRefusals(r.Refused, at)
	sortRefusals(r.DtypeRefused, at)
}

// A Refusal is an op none of whose samples ran because its kernel (or
// its bound call, or the wrapper) refused every one it was given, after
// the repairs: the op passed no check, and a sweep that said nothing
// would pass it. It is the library's refusal, reported with its error and
// the first sample it refused, which a verdict may declare (a library
// that wants an out= tensor of the result's size, where PyTorch resizes
// it). An op the runtime could make no sample for is not one
// ([Report].NoSample).
type Refusal struct {
	Op    string
	Count int // the samples refused
	// Variant names the first sample refused (a variant's or a given
	// sample's name), Sample is its arguments as they were last called
	// ([Sample.Describe], which names the repairs made), Repairs the
	// repairs made before that call, and
	// Error the first line of the refusal's text: the library's own
	// error (the Runtime's Brief of it, when it has that method).
	Variant, Sample string
	Repairs         []string
	Error           string
	// Dtype, when set, is the dtype of a refusal of [Report].DtypeRefused:
	// the op ran its base sample (Variant) in dtype Ran and refused it
	// moved to Dtype (Sample).
	Dtype, Ran string
	// Probe, when set on a refusal of a dtype, names the probe that ran
	// in Ran where no variant did (every variant refused): the probe's
	// sample, on Variant's, was refused moved to Dtype.
	Probe string `json:",omitempty"`
}

// RefusalKey is the key of a refusal of op ("kron.out refused"):
// [Refusal.Key]'s, for a verdict or a driver of one's own.
func RefusalKey(op string) string { return op + " refused" }

// Key names the refusal for a runtime's verdicts: "op refused".
func (r *Refusal) Key() string {
	if r.Dtype != "" {
		return dtypeRefusalKey(r.Op, r.Dtype)
	}
	return RefusalKey(r.Op)
}

// String says what was refused, on which sample, and why.
func (r *Refusal) String() string {
	if r.Dtype != "" {
		return r.dtypeString()
	}
	return fmt.Sprintf("%s on every sample it was given (%d), none ran; the first, %s: %s: %s", r.Key(), r.Count, r.Variant, r.Sample, r.Error)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// String prints the report: a line of totals, the samples the runtime
// cannot make by reason, the ops not reached and why, the findings and
// the crashes, what each value that matters did, then what was tried per
// op: for each variant and each probe (after a space) one of
//
//	.  ran clean
//	V  ran, and a check found a violation
//	C  crashed: a Go runtime error, a panic in the runtime's Release, or
//	   (isolated) the worker died: a panic on another goroutine, a fatal
//	   error, a signal, an exit
//	H  hung: passed the per-call time limit (isolated)
//	/  not run: an earlier sample of the op hung, the sweep's budget
//	   (the test's deadline) ran out, or Options.Skip named it
//	E  rejected by the kernel or the wrapper (after the repairs)
//	M  the runtime cannot make it
//	x  (a variant, or the probe Go int) not generated: the runtime does
//	   not have the kind of tensor it asks for ([Capabilities])
//	=  (a probe) the op's base sample has these values already
//	-  (a probe) the op has no argument of its kind
//	_  (a probe) not tried: no variant of the op ran
func (r *Report) String() string {
	var b strings.Builder
	also, own := r.sameCause()
	unmade := 0
	for _, n := range r.Unmade {
		unmade += n
	}
	causes := r.causeList()
	fmt.Fprintf(&b, "sweep: %d ops (%d exercised, %s), %d samples (%d the runtime cannot make, %d ran after a repair, %d rejected by the kernel or the wrapper), %d checks run, %d findings, %d crashes",
		r.Ops, len(r.Exercised), r.notReachedText(), r.Samples, unmade, r.Repaired, r.Rejected, r.Checks, own, len(r.Crashes))
	if len(causes) > 0 {
		fmt.Fprintf(&b, ": %d %s", len(causes), plural(len(causes), "cause", "causes"))
	}
	b.WriteString(r.reproSummary())
	b.WriteString("\n")
	if sh := r.Shard.String(); sh != "" {
		b.WriteString(sh + "\n")
	}
	r.writeValuesLine(&b)
	r.writeNotGenerated(&b)
	r.writeDtypesRun(&b)
	r.writeUnmadeShare(&b, unmade)
	for _, k := range sortedKeys(r.Unmade) {
		fmt.Fprintf(&b, "\tcannot make (%d): %s\n", r.Unmade[k], k)
	}
	r.writeNotReached(&b)
	for _, x := range r.DtypeRefused {
		fmt.Fprintf(&b, "\t%s\n", x)
	}
	if len(causes) > 0 {
		b.WriteString("causes (each one bug: the package at fault, what happens, on what; then its findings and crashes, the first its representative, with their samples and a crash's frames at fault, outermost first):\n")
		for _, c := range causes {
			c.write(&b)
		}
		b.WriteString("per op:\n")
	}
	for _, f := range r.Findings {
		if also[f.Cause] != nil && slices.Contains(also[f.Cause], f) {
			continue // under its cause
		}
		fmt.Fprintf(&b, "%s (%d)\n\t%s\n\tin: %s\n", f.Key(), f.Count, f.Message, strings.Join(f.Variants, "; "))
		if fs := also[f.Key()]; fs != nil {
			fmt.Fprintf(&b, "\t%s\n", alsoText(fs))
		}
	}
	for _, c := range slices.Concat(r.Crashes, r.Unattributed) {
		fmt.Fprintf(&b, "%s (%d)\n\tin: %s\n", c, c.Count, strings.Join(c.Variants, "; "))
		for _, l := range strings.Split(strings.TrimRight(c.Output, "\n"), "\n") {
			if c.Output != "" {
				fmt.Fprintf(&b, "\t| %s\n", l)
			}
		}
	}
	r.writeTried(&b)
	r.writeRepros(&b)
	if bugs := r.BugList(); bugs != "" {
		b.WriteString(bugListHeading + bugs)
	}
	return b.String()
}

// bugListHeading starts the bug list in the report.
const bugListHeading = "bugs, by the package whose code is at fault (a reproducer's command runs from the root of the module it is in):\n"

// plural is one or many as n says.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// notReachedText counts the ops not reached, and when there are any,
// those refused on every sample and those with no sample made.
func (r *Report) notReachedText() string {
	n := len(r.NotReached)
	if n == 0 {
		return "0 not reached"
	}
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{len(r.Refused), "refused on every sample"}, {len(r.NoSample), "with no sample the runtime can make"}, {n - len(r.Refused) - len(r.NoSample), "crashed or not run"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	return fmt.Sprintf("%d not reached: %s", n, strings.Join(parts, ", "))
}

// writeNotReached lists the ops not reached: those refused on every
// sample (the library's error and the sample), those the runtime could
// make no sample for (its reason), then the others (the first sample's
// error, or why none ran).
func (r *Report) writeNotReached(b *strings.Builder) {
	refused := map[string]bool{}
	for _, x := range r.Refused {
		refused[x.Op] = true
		fmt.Fprintf(b, "\t%s\n", x)
	}
	for _, k := range sortedKeys(r.NoSample) {
		fmt.Fprintf(b, "\tno sample the runtime can make: %s: %s\n", k, r.NoSample[k])
	}
	for _, k := range sortedKeys(r.NotReached) {
		if _, ok := r.NoSample[k]; !ok && !refused[k] {
			fmt.Fprintf(b, "\tnot reached: %s: %s\n", k, r.NotReached[k])
		}
	}
}

// writeValuesLine prints the values' totals.
func (r *Report) writeValuesLine(b *strings.Builder) {
	var t probeCount
	for _, c := range r.valueCounts {
		t.Ran, t.Rejected, t.Crashed, t.Unmade = t.Ran+c.Ran, t.Rejected+c.Rejected, t.Crashed+c.Crashed, t.Unmade+c.Unmade
	}
	if len(r.valueCounts) == 0 || r.Ops == 0 {
		return
	}
	fmt.Fprintf(b, "values that matter: %d samples of %d kinds on the ops' base samples (%d ran, %d rejected, %d crashed, %d the runtime cannot make)\n",
		t.Ran+t.Rejected+t.Crashed+t.Unmade, len(r.valueCounts), t.Ran, t.Rejected, t.Crashed, t.Unmade)
}

// writeUnmadeShare prints the share of the samples the runtime cannot
// make, and how many of them ask for what no runtime without PyTorch's
// tensor model has (a layout, a conj or neg bit, autograd, named dims:
// the variants whose template asks for one, read from Tried), apart from
// the rest (a dtype, rank, shape or view the runtime's adapter did not
// make): the second share is the adapter's to shrink.
func (r *Report) writeUnmadeShare(b *strings.Builder, unmade int) {
	if unmade == 0 || r.Samples == 0 {
		return
	}
	model := 0
	for _, codes := range r.Tried {
		variants, _, _ := strings.Cut(codes, " ")
		for k := range min(len(variants), len(Variants)) {
			if variants[k] == 'M' && Variants[k].Tensor.beyondStrided() {
				model++
			}
		}
	}
	pct := func(n int) int { return (100*n + r.Samples/2) / r.Samples }
	fmt.Fprintf(b, "cannot make: %d of %d samples (%d%%): %d (%d%%) ask for a layout, a conj or neg bit, autograd or named dims; %d (%d%%) for a dtype, rank, shape or view the adapter did not make\n",
		unmade, r.Samples, pct(unmade), model, pct(model), unmade-model, pct(unmade-model))
}

// beyondStrided reports whether sp asks for more than a strided tensor
// of a dtype and shape: a layout, a bit, autograd, named dims.
func (sp Spec) beyondStrided() bool {
	return sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named
}

// writeTried prints, per probe, what it did over the ops, and per op what
// each sample did (the codes of String).
func (r *Report) writeTried(b *strings.Builder) {
	if len(r.Tried) == 0 {
		return
	}
	x := "" // said when there are any
	if c := r.valueCounts; len(c) > 0 && c[0].Ran+c[0].Rejected+c[0].Crashed+c[0].Unmade+c[0].Same+c[0].NoArg+c[0].NotReached+c[0].NotGenerated > 0 {
		b.WriteString("values (ops: ran, rejected, crashed, cannot make; the base has it; no such argument; not reached; not generated):\n")
		for i, c := range r.valueCounts {
			fmt.Fprintf(b, "\t%2d %-22s %4d %4d %4d %4d; %4d; %4d; %4d; %4d\n", i, c.Name, c.Ran, c.Rejected, c.Crashed, c.Unmade, c.Same, c.NoArg, c.NotReached, c.NotGenerated)
			if c.NotGenerated > 0 {
				x = ", x not generated"
			}
		}
	}
	if len(r.NotGenerated) > 0 {
		x = ", x not generated"
	}
	fmt.Fprintf(b, "tried (per op: each variant, then each value; . ran, V violation, C crash, H hang, / not run, E rejected, M cannot make%s, = in the base, - no such argument, _ not reached):\n", x)
	w := 0
	for op := range r.Tried {
		w = max(w, len(op))
	}
	for _, op := range sortedKeys(r.Tried) {
		fmt.Fprintf(b, "\t%-*s %s\n", w, op, r.Tried[op])
	}
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
