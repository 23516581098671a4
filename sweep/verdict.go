package sweep

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"
)

// Verdicts are a library's known findings, crashes and refusals, each
// with why it is known and not fixed (the bug's report, a mapping kept on
// purpose, a library that refuses what PyTorch takes): keyed by
// [Finding.Key] ("add_.Tensor returns_arg return 0"), [Crash.Key] ("neg
// crash: panic at tensor.(*Dense).Neg") or [Refusal.Key] ("kron.out
// refused": an op whose kernel refused every sample), never by sample, so
// that a known bug neither fails CI nor hides a new one of another op,
// check, kind of crash or crashing function.
type Verdicts map[string]string

// Judge returns, one line each, the report's findings, crashes and
// refusals (ops refused on every sample) no verdict names, and the
// verdicts that name none of them (stale: the bug is fixed, or moved),
// both sorted.
func (v Verdicts) Judge(r *Report) (unjudged, stale []string) {
	var found []string
	also, _ := r.sameCause()
	for _, f := range r.Findings {
		found = append(found, f.Key())
		if _, ok := v[f.Key()]; ok {
			continue
		}
		if also[f.Cause] != nil && slices.Contains(also[f.Cause], f) {
			continue // judged with its cause: one bug
		}
		line := fmt.Sprintf("%s: %d violations in %s: %s", f.Key(), f.Count, strings.Join(f.Variants, "; "), f.Message)
		if fs := also[f.Key()]; fs != nil {
			line += " (" + alsoText(fs) + ")"
		}
		unjudged = append(unjudged, line)
	}
	for _, c := range r.Crashes {
		found = append(found, c.Key())
		if _, ok := v[c.Key()]; !ok {
			unjudged = append(unjudged, fmt.Sprintf("%s: %d calls in %s: %s", c.Key(), c.Count, strings.Join(c.Variants, "; "), c))
		}
	}
	for _, x := range r.Refused {
		found = append(found, x.Key())
		if _, ok := v[x.Key()]; !ok {
			unjudged = append(unjudged, x.String()+" (no check of the op ran: fix the binding or the adapter, or declare the refusal in a verdict)")
		}
	}
	_, stale = v.JudgeKeys(found, nil)
	slices.Sort(unjudged)
	return unjudged, stale
}

// FindingKey is the key of a finding of op by check at where ("argument
// self", "return 0"; asserts.Violation.Where's form): [Finding.Key]'s, for
// a driver of one's own whose findings are not a [Report]'s.
func FindingKey(op, check, where string) string { return op + " " + check + " " + where }

// JudgeKeys judges the keys a driver of one's own found (each a
// [FindingKey] or a [Crash.Key]; a key may repeat, one per sample it
// showed in) by the verdicts: it returns the keys no verdict names and the
// verdicts that name none of them (stale), both sorted, each once.
//
// judged, when not nil, says whether the sweep ran what would show a
// verdict's key: a sweep that ran some samples of each op (a bounded one,
// a few ops) cannot tell a fixed bug from one that shows on a sample it
// did not run, and a verdict judged says false of is not stale. A driver
// that keeps a baseline (its last full sweep's report) can say true where
// the baseline saw the key on a sample this sweep ran. nil judges every
// verdict, as [Verdicts.Judge] does.
func (v Verdicts) JudgeKeys(found []string, judged func(key string) bool) (unjudged, stale []string) {
	seen := map[string]bool{}
	for _, k := range found {
		if _, ok := v[k]; !ok && !seen[k] {
			unjudged = append(unjudged, k)
		}
		seen[k] = true
	}
	for k := range v {
		if !seen[k] && (judged == nil || judged(k)) {
			stale = append(stale, k)
		}
	}
	slices.Sort(unjudged)
	slices.Sort(stale)
	return unjudged, stale
}

// RunWith is [Run] with the options o (o.Test and o.Found, when nil, are
// t and t's log), and judged by o.Verdicts: it fails t once per finding,
// crash or refusal (an op refused on every sample) without a verdict, and
// once per verdict that names none.
//
//	func TestSweep(t *testing.T) {
//		sweep.RunWith(t, adapter{}, checked.SweepOps, sweep.Options{Content: true, Verdicts: known})
//	}
func RunWith(t testing.TB, rt Runtime, ops iter.Seq2[string, any], o Options) *Report {
	t.Helper()
	if o.Test == nil {
		o.Test = t
	}
	if o.Found == nil {
		o.Found = func(line string) { t.Log("found: " + line) }
	}
	rep, err := sweep(ops, rt, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	if bugs := rep.BugList(); bugs != "" {
		t.Log("bugs, by package (reproducers verified):\n" + bugs)
	}
	unjudged, stale := o.Verdicts.Judge(rep)
	for _, u := range unjudged {
		t.Errorf("%s", u)
	}
	for _, k := range stale {
		t.Errorf("a verdict no finding, crash or refusal needs (the bug is fixed, or moved: remove it): %s", k)
	}
	for _, c := range rep.Unattributed {
		t.Errorf("%s, %s", c, c.Variants[0])
	}
	return rep
}
