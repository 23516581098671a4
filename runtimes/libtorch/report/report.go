// Package report holds the libtorch sweep's report and verdicts and the
// logic that judges one by the other, with no libtorch in it: the sweep
// (runtimes/libtorch/sweep) writes reports, cmd/sweepreport summarises the
// committed ones across releases, and both read verdicts.json with it.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/sweep"
)

// Releases are the libtorch releases the runtime binds, oldest first: the
// oldest's bindings are the module root's, each later one's the module
// releases/RELEASE (cmd/shimgen), and each has its committed sweep report,
// reports/RELEASE.json (cmd/sweepreport).
var Releases = []string{"1.13.1", "2.6.0", "2.14.1"}

// Report is the sweep's JSON report.
type Report struct {
	Libtorch     string `json:"libtorch"`
	OpsTotal     int    `json:"ops_total"`
	OpsBound     int    `json:"ops_bound"`
	OpsExercised int    `json:"ops_exercised"`
	Samples      int    `json:"samples_per_op"`
	// Variants names the samples in order: sample k is Variants[k] (the
	// schema variants, the meta and functional samples, the replayed
	// OpInfo calls).
	Variants []string `json:"variants,omitempty"`
	// Outcomes gives each op one character per sample, under the strict
	// profile: '.' ran clean, 'V' ran with a violation, 'E' raised (after
	// its repairs), 'M' the runtime could not make it, 'C' crashed, 'T'
	// hung, '-' not run (no such recorded call, or skipped). The sweep's
	// -v prints each sample's repairs and last error.
	Outcomes map[string]string `json:"outcomes,omitempty"`
	// ContentCheck reports whether the same_content check was on.
	ContentCheck bool   `json:"content_check"`
	Calls        uint64 `json:"calls"`
	Checks       uint64 `json:"checks"`
	// ChecksRun counts the checks run by check name, Skipped the checks
	// skipped by reason (both profiles, all samples).
	ChecksRun map[string]uint64 `json:"checks_run"`
	Skipped   map[string]uint64 `json:"skipped"`
	// NotExercised counts the ops not exercised by reason (see Reason).
	NotExercised map[string]int `json:"not_exercised"`
	// NotExercisedOps gives each op not exercised its reason and why: the
	// last error of its first sample, after the repairs (one line).
	NotExercisedOps map[string]string `json:"not_exercised_ops"`
	// Repaired gives each op a repaired sample reached the repairs that
	// reached it ("sample: rule, rule"); RepairsUsed counts those ops by
	// repair rule.
	Repaired    map[string]string `json:"repaired"`
	RepairsUsed map[string]int    `json:"repairs_used"`
	// UnboundOps gives each op without a binding its reason (the argument
	// or return type the bindings lack).
	UnboundOps map[string]string `json:"unbound_ops"`
	// ExercisedAt gives each exercised op the first sample that ran
	// without an error under the strict profile: a bounded sweep of n
	// samples exercises the ops whose value is below n.
	ExercisedAt map[string]int `json:"exercised_at"`
	Unbound     map[string]int `json:"unbound"`
	Crashes     []Crash        `json:"crashes"`
	Violations  []Finding      `json:"violations"`
	// Unjudged counts the violations without a verdict whose key
	// repeated with their op alone in a fresh worker (JudgeFindings): a
	// kernel bug not yet judged, or a false positive (a bug of the checks
	// or of this runtime, to fix, never a verdict). The sweep fails while
	// it is not 0.
	Unjudged int `json:"unjudged"`
	// FlakyViolations lists the keys of the violations without a verdict
	// that did not repeat with their op alone in a fresh worker (their
	// verdict is Flaky): reported, not counted.
	FlakyViolations []string `json:"flaky_violations,omitempty"`
	// Stale lists the verdicts no violation had the key of although the
	// sweep ran a sample that showed it (Judged), and the crash verdicts
	// none of whose kinds showed where the sweep could have shown them
	// nor with their op alone in a fresh worker (JudgeCrashes): the
	// kernel or the checks changed, and the verdict must go. The sweep
	// fails while it is not empty.
	Stale []Verdict `json:"stale"`
	// UnjudgedCrashes lists the keys of the crashes no verdict names
	// that repeated with their op alone in a fresh worker. The sweep fails
	// while it is not empty.
	UnjudgedCrashes []string `json:"unjudged_crashes,omitempty"`
	// FlakyCrashes lists the keys of the crashes no verdict names that
	// did not repeat with their op alone in a fresh worker (an earlier
	// op's undefined behaviour in the same worker, or the op's own on
	// some runs only): reported, and the sweep does not fail on them.
	FlakyCrashes []string `json:"flaky_crashes,omitempty"`
	// ShownAlone lists the keys of the crash verdicts the sweep did not
	// show where it could have (Judged) that their op, swept alone in a
	// fresh worker, did show: not stale.
	ShownAlone []string `json:"shown_alone,omitempty"`
	// Regressions, against -baseline: ops no longer exercised. The sweep
	// fails while it is not empty.
	Regressions []string `json:"regressions"`
	Seconds     float64  `json:"seconds"`
	// Slowest lists the ten ops that took longest (both profiles, worker
	// restarts included).
	Slowest []OpTime `json:"slowest"`
}

type OpTime struct {
	Op      string  `json:"op"`
	Seconds float64 `json:"seconds"`
}

// A Crash is a worker that died (Signal: SIGSEGV, ..., or "exit") or a
// call past its time limit (Signal "timeout": a hang) on a sample; Key is
// package sweep's (sweep.Crash.Key: "op crash: signal SIGSEGV", "op
// crash: hang"), which its verdict has.
type Crash struct {
	Op      string `json:"op"`
	Profile string `json:"profile"`
	Sample  string `json:"sample"`
	Signal  string `json:"signal"`
	Key     string `json:"key,omitempty"`
}

// CrashKey is the key of a crash: its Key, or for a report written before
// crashes had keys the one its signal gives (a crash in libtorch's C++
// has no crashing function the key could name).
func (c *Crash) CrashKey() string {
	switch {
	case c.Key != "":
		return c.Key
	case strings.HasPrefix(c.Signal, "SIG"):
		return c.Op + " crash: signal " + c.Signal
	case c.Signal == "timeout":
		return c.Op + " crash: hang"
	}
	return c.Op + " crash: " + c.Signal
}

// A Finding is a violation the sweep saw, with its verdict if one matched.
type Finding struct {
	Op      string `json:"op"`
	Profile string `json:"profile"`
	Check   string `json:"check"`
	Arg     string `json:"arg,omitempty"`
	Ret     *int   `json:"ret,omitempty"`
	Message string `json:"message"`
	// SampleID is the sample's number (its variant), Sample the number
	// and the variant's description.
	SampleID int    `json:"sample_id"`
	Sample   string `json:"sample"`
	// Repairs names the repairs that made the sample run, if any.
	Repairs []string `json:"repairs,omitempty"`
	Verdict string   `json:"verdict"`
	Reason  string   `json:"reason"`
	Repro   string   `json:"repro,omitempty"`
}

// Verdict judges the violations of one op, check and argument (Arg) or
// return (Ret), on any sample: "kernel" (the release kernel breaks its
// schema's contract) with a repro, or "allowlisted" with the allowlist
// entry (file:line) in Repro and its reason. There is no other verdict: a
// false positive is a bug of the checks or of the runtime adapter, fixed
// where it is (a reading the adapter cannot make exact is the runtime
// contract's business: a trait such as asserts.HiddenStorageRefs makes the
// row a counted skip). A violation of another argument or return of a
// judged op is not covered. A verdict names no sample (package sweep's
// Verdicts, by Key): a known bug neither fails the sweep on a sample it
// had not shown on nor hides a new one of another op, check, argument or
// return. Which samples it shows on is the release's committed report's
// business (reports/RELEASE.json), which also tells a bounded sweep which
// verdicts it can find stale (Judged).
type Verdict struct {
	Op    string `json:"op"`
	Check string `json:"check,omitempty"`
	Arg   string `json:"arg,omitempty"`
	Ret   *int   `json:"ret,omitempty"`
	// Crash, for a verdict "crash", is the kind of crash its key names
	// after the op ("signal SIGSEGV", "hang", "exit"): libtorch's own
	// crash, on any sample, under either profile.
	Crash string `json:"crash,omitempty"`
	// Crashes, instead of Crash, names two kinds of crash or more: a
	// kernel whose memory-unsafe crash shows as one kind in one run and
	// another in the next (a write past a buffer that reaches a guard
	// page, SIGSEGV, or the allocator's check of a corrupted chunk,
	// SIGABRT, as the heap's layout falls). One verdict judges each of
	// them, and it is stale only when none shows (StaleCrashes). Varies
	// says why the kind varies for this kernel; a verdict of several
	// kinds needs it.
	Crashes []string `json:"crashes,omitempty"`
	Varies  string   `json:"varies,omitempty"`
	Verdict string   `json:"verdict"`
	Reason  string   `json:"reason"`
	Repro   string   `json:"repro,omitempty"`
}

// Kinds are the kinds of crash a crash verdict judges (Crash, or
// Crashes); none for another verdict.
func (v *Verdict) Kinds() []string {
	if v.Crash != "" {
		return []string{v.Crash}
	}
	return v.Crashes
}

// IsCrash says whether v judges crashes.
func (v *Verdict) IsCrash() bool { return v.Verdict == "crash" || len(v.Kinds()) > 0 }

// Keys are the keys v judges, as package sweep keys findings and crashes:
// its Key, or a crash verdict's one per kind ("op crash: signal SIGSEGV",
// "op crash: signal SIGABRT").
func (v *Verdict) Keys() []string {
	if !v.IsCrash() {
		return []string{v.Key()}
	}
	var ks []string
	for _, k := range v.Kinds() {
		ks = append(ks, v.Op+" crash: "+k)
	}
	return ks
}

// where is a violation's place as package sweep names it ("argument
// self", "return 0"); an element of a list argument counts as its list.
func where(arg string, ret *int) string {
	if ret != nil {
		return "return " + strconv.Itoa(*ret)
	}
	return "argument " + arg
}

// Key names the verdict as package sweep's Verdicts do: "op check where"
// (sweep.FindingKey), or for a crash "op crash: kind" (sweep.Crash.Key);
// a verdict of several kinds of crash joins them ("op crash: signal
// SIGSEGV | signal SIGABRT": its name in a report, not a key a crash has;
// Keys are those).
func (v *Verdict) Key() string {
	if v.IsCrash() {
		return v.Op + " crash: " + strings.Join(v.Kinds(), " | ")
	}
	return sweep.FindingKey(v.Op, v.Check, where(v.Arg, v.Ret))
}

// Key names the finding as its verdict's Key does.
func (f *Finding) Key() string { return sweep.FindingKey(f.Op, f.Check, where(f.Arg, f.Ret)) }

// Verdicts returns vs as package sweep's Verdicts: each key with its
// verdict, reason and repro (a crash verdict of several kinds, each of
// its keys).
func Verdicts(vs []Verdict) sweep.Verdicts {
	out := sweep.Verdicts{}
	for _, v := range vs {
		for _, k := range v.Keys() {
			out[k] = v.Verdict + ": " + v.Reason + " (repro: " + v.Repro + ")"
		}
	}
	return out
}

// LoadVerdicts reads and checks a verdicts.json; a missing file is no
// verdicts.
func LoadVerdicts(path string) ([]Verdict, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var vs []Verdict
	if err := dec.Decode(&vs); err != nil {
		if strings.Contains(err.Error(), `unknown field "samples"`) {
			err = fmt.Errorf("%v: a verdict names no samples any more (it covers its op, check and argument or return on every sample); drop the list, and merge the verdicts of one key", err)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := CheckVerdicts(vs); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return vs, nil
}

// CheckVerdicts rejects a verdict that is not "kernel", "allowlisted" or
// "crash", that lacks its reason or repro (for "allowlisted", the
// allowlist entry), that names both or neither of an argument and a
// return (a crash: neither, nor a check, and its kind or kinds), or one of
// whose keys another verdict has.
func CheckVerdicts(vs []Verdict) error {
	seen := map[string]int{}
	for i, v := range vs {
		switch {
		case v.IsCrash():
			if err := checkCrashVerdict(i, v); err != nil {
				return err
			}
		case v.Op == "" || v.Check == "":
			return fmt.Errorf("verdict %d: op and check are required", i)
		case v.Verdict != "kernel" && v.Verdict != "allowlisted":
			return fmt.Errorf("verdict %d (%s, %s): verdict %q, want kernel or allowlisted (a false positive is a bug to fix, not a verdict)", i, v.Op, v.Check, v.Verdict)
		case v.Reason == "" || v.Repro == "":
			return fmt.Errorf("verdict %d (%s, %s): a %s verdict needs a reason and a repro (the allowlist entry for allowlisted)", i, v.Op, v.Check, v.Verdict)
		case (v.Arg == "") == (v.Ret == nil):
			return fmt.Errorf("verdict %d (%s, %s): name the argument (arg) or the return (ret), one of them", i, v.Op, v.Check)
		case v.Varies != "" || len(v.Crashes) > 0:
			return fmt.Errorf("verdict %d (%s, %s): crashes and varies are a crash verdict's", i, v.Op, v.Check)
		}
		for _, k := range v.Keys() {
			if j, ok := seen[k]; ok {
				return fmt.Errorf("verdict %d (%s): verdict %d has this key already (one verdict per op, check and argument or return; per op and kind of crash)", i, k, j)
			}
			seen[k] = i
		}
	}
	return nil
}

// checkCrashVerdict checks verdict i, a crash's.
func checkCrashVerdict(i int, v Verdict) error {
	kinds := slices.Clone(v.Kinds())
	slices.Sort(kinds)
	switch {
	case v.Verdict != "crash" || len(kinds) == 0 || v.Op == "":
		return fmt.Errorf("verdict %d (%s): a crash verdict has verdict \"crash\", its op and its kind of crash (crash) or kinds (crashes)", i, v.Op)
	case v.Crash != "" && len(v.Crashes) > 0:
		return fmt.Errorf("verdict %d (%s): crash or crashes, not both", i, v.Key())
	case v.Crash == "" && len(v.Crashes) < 2:
		return fmt.Errorf("verdict %d (%s): crashes names two kinds or more (one is crash)", i, v.Key())
	case len(slices.Compact(kinds)) != len(v.Kinds()) || slices.Contains(kinds, ""):
		return fmt.Errorf("verdict %d (%s): a kind of crash is empty or named twice", i, v.Key())
	case len(v.Crashes) > 0 && v.Varies == "":
		return fmt.Errorf("verdict %d (%s): a verdict of several kinds of crash says why the kind varies (varies)", i, v.Key())
	case v.Crash != "" && v.Varies != "":
		return fmt.Errorf("verdict %d (%s): varies is for a verdict of several kinds (crashes)", i, v.Key())
	case v.Check != "" || v.Arg != "" || v.Ret != nil:
		return fmt.Errorf("verdict %d (%s): a crash verdict names no check, argument or return", i, v.Key())
	case v.Reason == "" || v.Repro == "":
		return fmt.Errorf("verdict %d (%s): a crash verdict needs a reason and a repro", i, v.Key())
	}
	return nil
}

// LoadReport reads a sweep report.
func LoadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}

// Judge gives each finding the verdict of its key, and a finding whose
// key has none no verdict (a report read back keeps the verdicts it was
// written with).
func Judge(fs []Finding, vs []Verdict) {
	byKey := map[string]*Verdict{}
	for i := range vs {
		byKey[vs[i].Key()] = &vs[i]
	}
	for i := range fs {
		fs[i].Verdict, fs[i].Reason, fs[i].Repro = "", "", ""
		if v := byKey[fs[i].Key()]; v != nil {
			fs[i].Verdict, fs[i].Reason, fs[i].Repro = v.Verdict, v.Reason, v.Repro
		}
	}
}

// Regressions compares a sweep with its release's committed report: an op
// the baseline exercised within the samples run that this sweep did not
// (a crash is judged by its verdict, not here). Ops in unstable (op:
// reason), whose outcome varies from run to run by undefined behaviour,
// are not compared.
func Regressions(base, rep *Report, names []string, unstable map[string]string) []string {
	out := []string{}
	for _, op := range names {
		if _, ok := unstable[op]; ok {
			continue
		}
		if k, ok := base.ExercisedAt[op]; ok && k < rep.Samples {
			if _, ok := rep.ExercisedAt[op]; !ok {
				out = append(out, fmt.Sprintf("%s: no longer exercised (%s)", op, rep.NotExercisedOps[op]))
			}
		}
	}
	sort.Strings(out)
	return out
}

func Summary(w io.Writer, r *Report, selected int) {
	fmt.Fprintf(w, "libtorch %s sweep: %d ops in the schema, %d bound, %d selected, %d exercised (%d samples each at most); content check %s\n",
		r.Libtorch, r.OpsTotal, r.OpsBound, selected, r.OpsExercised, r.Samples, map[bool]string{true: "on", false: "off"}[r.ContentCheck])
	verdicts := map[string]int{}
	for _, v := range r.Violations {
		verdicts[v.Verdict]++
	}
	fmt.Fprintf(w, "%d checked calls, %d checks, %d violations (%d kernel, %d allowlisted, %d without a verdict, %d flaky), %d crashes (%d keys without a verdict that repeat alone, %d flaky), %d stale verdicts, %.0f s\n",
		r.Calls, r.Checks, len(r.Violations), verdicts["kernel"], verdicts["allowlisted"], r.Unjudged, verdicts[Flaky], len(r.Crashes), len(r.UnjudgedCrashes), len(r.FlakyCrashes), len(r.Stale), r.Seconds)
	fmt.Fprint(w, "slowest ops:")
	for _, o := range r.Slowest[:min(len(r.Slowest), 5)] {
		fmt.Fprintf(w, " %s %.1fs", o.Op, o.Seconds)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "checks run, by check:")
	for _, k := range slices.Sorted(maps.Keys(r.ChecksRun)) {
		fmt.Fprintf(w, "  %-22s %d\n", k, r.ChecksRun[k])
	}
	fmt.Fprintln(w, "checks skipped, by reason:")
	for _, k := range slices.Sorted(maps.Keys(r.Skipped)) {
		fmt.Fprintf(w, "  %-22s %d\n", k, r.Skipped[k])
	}
	fmt.Fprintln(w, "not exercised, by reason:")
	for _, k := range slices.Sorted(maps.Keys(r.NotExercised)) {
		fmt.Fprintf(w, "  %-22s %d\n", k, r.NotExercised[k])
	}
	if len(r.RepairsUsed) > 0 {
		fmt.Fprintln(w, "ops a repaired sample reached, by repair:")
		for _, k := range slices.Sorted(maps.Keys(r.RepairsUsed)) {
			fmt.Fprintf(w, "  %-26s %d\n", k, r.RepairsUsed[k])
		}
	}
	fmt.Fprintln(w, "not bound:")
	for _, k := range slices.Sorted(maps.Keys(r.Unbound)) {
		fmt.Fprintf(w, "  %-50s %d\n", k, r.Unbound[k])
	}
	if len(r.Crashes) > 0 {
		fmt.Fprintln(w, "crashes (op, profile, sample, signal):")
		for _, c := range r.Crashes {
			fmt.Fprintf(w, "  %-40s %-8s %-3s %s\n", c.Op, c.Profile, c.Sample, c.Signal)
		}
	}
	if len(r.FlakyCrashes) > 0 {
		fmt.Fprintln(w, "flaky crashes (no verdict; crashed in the sweep, not with the op alone in a fresh worker; not counted):")
		for _, k := range r.FlakyCrashes {
			fmt.Fprintf(w, "  %s\n", k)
		}
	}
	if len(r.ShownAlone) > 0 {
		fmt.Fprintln(w, "crash verdicts the sweep did not show where it could have, shown with the op alone in a fresh worker (not stale):")
		for _, k := range r.ShownAlone {
			fmt.Fprintf(w, "  %s\n", k)
		}
	}
	if len(r.Violations) > 0 {
		fmt.Fprintln(w, "violations:")
		for _, v := range r.Violations {
			verdict := v.Verdict
			if verdict == "" {
				verdict = "NO VERDICT"
			}
			fmt.Fprintf(w, "  [%s] %s (sample %s)\n", verdict, v.Message, v.Sample)
		}
	}
}

// Unstable is an op whose outcome (error, crash, hang or clean run) varies
// from run to run on the same sample, by undefined behaviour in the
// kernel: the baseline comparison leaves it out (unstable.json).
type Unstable struct {
	Op     string `json:"op"`
	Reason string `json:"reason"`
	// Repro names the Go test that shows the undefined behaviour
	// deterministically (findings.TestOutOfBounds/NAME), where one exists
	// (findings.TestUnstableHaveRepros lists those without one, and why).
	Repro string `json:"repro,omitempty"`
}

// LoadUnstable reads an unstable.json; a missing file is none. Every entry
// needs its op and reason, once.
func LoadUnstable(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var us []Unstable
	if err := dec.Decode(&us); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	m := map[string]string{}
	for i, u := range us {
		if u.Op == "" || u.Reason == "" {
			return nil, fmt.Errorf("%s: entry %d: op and reason are required", path, i)
		}
		if _, dup := m[u.Op]; dup {
			return nil, fmt.Errorf("%s: entry %d: %s is listed twice", path, i, u.Op)
		}
		m[u.Op] = u.Reason
	}
	return m, nil
}

// The reasons an op is not exercised (Reason).
const (
	NoCPUKernel = "no CPU kernel"
	NotInBuild  = "not in this build"
	Crashes     = "crashes"
	Hangs       = "hangs"
	CannotMake  = "runtime cannot make the sample"
	NotReached  = "not reached by samples"
	// RefusesDimname is a Dimname overload whose kernel refuses every
	// call: its only body is the refusal "You passed a dimname (string)
	// to this op in place of a dimension index but it does not yet
	// support this behavior" (gather, index_select, sort.dimname, ...),
	// or one that refuses named tensors, which its Dimname arguments need
	// ("aten::norm.out is not yet supported with named tensors": the
	// norm.names_* overloads).
	RefusesDimname = "the kernel refuses every Dimname call"
	// NestedOnly is an op whose only CPU kernel takes nested tensors
	// (NestedTensorCPU), which the runtime does not make: the
	// dispatcher's refusal of a dense CPU call lists no other CPU backend.
	NestedOnly = "nested tensors only"
	GoPanic    = "go panic"
	// CannotMakeClass is the error class the sweep gives a sample the
	// runtime adapter cannot make.
	CannotMakeClass = "cannot make"
)

var (
	noCPU = regexp.MustCompile(`Could not run '[^']+' with arguments from the 'CPU' backend|not implemented\. You are likely|_overrideable|Cannot access accelerator|INTERNAL ASSERT FAILED at .*(?:kXLA|device\(\)\.type)|== kXLA INTERNAL ASSERT FAILED|` +
		// 1.13.1: the CPU call goes on to a CUDA-only kernel (pin_memory
		// calls _pin_memory on the CUDA backend) or the CUDA library.
		`Could not run '[^']+' with arguments from the 'CUDA' backend|without ATen_cuda library`)
	// backends is the dispatcher's list of the backends an op has
	// kernels for, in its "Could not run" refusal.
	backends   = regexp.MustCompile(`is only available for these backends: \[([^\]]*)\]`)
	noDimname  = regexp.MustCompile(`You passed a dimname \(string\) to this op in place of a dimension index but it does not yet support this behavior|is not yet supported with named tensors`)
	notInBuild = regexp.MustCompile(`not built with|not compiled with|compiled without|ATen not compiled|[Nn]ot available in this build|MKLDNN build is disabled|was not enabled`)
)

// cpuKernels marks, in a Brief message, the CPU backends the dispatcher
// named as having kernels for the op.
const cpuKernels = "; CPU kernels: "

// FirstLine is what a report keeps of an error message that is not a
// kernel's (a sample the runtime cannot make, a Go panic): its first line,
// at most 200 bytes.
func FirstLine(msg string) string {
	first, _, _ := strings.Cut(msg, "\n")
	if len(first) > 200 {
		first = first[:200]
	}
	return first
}

// Brief is the part of a kernel's error message a report keeps: its first
// line, at most 200 bytes, and, when it is the dispatcher's refusal ("Could
// not run ... is only available for these backends: [...]"), the CPU
// backends of that list ("; CPU kernels: [NestedTensorCPU]"), which tell
// an op without a CPU kernel from one with kernels only for layouts the
// sample did not have (Reason).
func Brief(msg string) string {
	first := FirstLine(msg)
	m := backends.FindStringSubmatch(msg)
	if m == nil {
		return first
	}
	var cpu []string
	for _, b := range strings.Split(m[1], ",") {
		// AutogradCPU and AutocastCPU are dispatch keys of every op, not
		// kernels
		b = strings.TrimSpace(b)
		if strings.HasSuffix(b, "CPU") && !strings.HasPrefix(b, "Autograd") && !strings.HasPrefix(b, "Autocast") {
			cpu = append(cpu, b)
		}
	}
	return first + cpuKernels + "[" + strings.Join(cpu, ", ") + "]"
}

func nestedOnly(list string) bool {
	for _, b := range strings.Split(list, ", ") {
		if !strings.HasPrefix(b, "NestedTensor") {
			return false
		}
	}
	return true
}

// Reason classifies why an op was not exercised from the error class and
// message of its last call (Brief): a crash or hang, no kernel for the CPU
// (or CUDA-only, or another backend), CPU kernels for nested tensors only,
// a kernel this build leaves out, a sample the runtime cannot make, a
// Dimname overload whose kernel refuses every call, else not reached by
// the samples (the message says why; also a dispatcher refusal that names
// a CPU kernel for another layout, as SparseCPU).
func Reason(class, msg string) string {
	switch {
	case strings.HasPrefix(class, "crash"):
		return Crashes
	case class == "timeout":
		return Hangs
	case class == CannotMakeClass:
		return CannotMake
	case class == GoPanic:
		return GoPanic
	case noCPU.MatchString(msg):
		_, cpu, listed := strings.Cut(msg, cpuKernels)
		switch {
		case !listed || cpu == "[]":
			return NoCPUKernel
		case nestedOnly(strings.Trim(cpu, "[]")):
			return NestedOnly
		}
		// kernels for a CPU layout the samples did not make
		return NotReached
	case notInBuild.MatchString(msg):
		return NotInBuild
	case noDimname.MatchString(msg):
		return RefusesDimname
	}
	return NotReached
}
