package sweep

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"
)

// Verdicts are a library's known bugs and refusals, each with why it is
// known and not fixed (the bug's report, a mapping kept on purpose, a
// library that refuses what PyTorch takes): keyed by a cause's key
// ([Cause.Key]: "crash in gorgonia.org/tensor/internal/storage: slice
// bounds out of range on a zero-size dim"), which judges each finding
// and crash of that cause, whatever its op; by a finding's
// ([Finding.Key]: "add_.Tensor returns_arg return 0") or a crash's
// ([Crash.Key]: "neg crash: panic at tensor.(*Dense).Neg"), which judge
// that one; or by a refusal's ([Refusal.Key]: "kron.out refused": an op
// whose kernel refused every sample). Never by sample, so that a known
// bug neither fails CI nor hides a new one of another cause, op, check,
// kind of crash or crashing function.
type Verdicts map[string]string

// Judge returns, one line each, the report's causes with a finding or
// crash that no verdict names (by the cause's key or its own: a line
// that names the cause's key, then each such finding and crash on a line
// of its own), its refusals (ops refused on every sample) no verdict
// names, and the verdicts that name none of them (stale: the bug is
// fixed, or moved; a cause's verdict only when none of its findings and
// crashes shows), both sorted. A shard's report ([Report].Shard) calls
// stale only a verdict of an op the shard owned: a cause's, or another
// shard's op's, only the merged report ([Merge]) judges.
func (v Verdicts) Judge(r *Report) (unjudged, stale []string) {
	var found []string
	also, _ := r.sameCause()
	findings := map[string]*Finding{}
	for _, f := range r.Findings {
		findings[f.Key()] = f
	}
	crashes := map[string]*Crash{}
	for _, c := range r.Crashes {
		crashes[c.Key()] = c
	}
	for _, c := range r.causeList() {
		found = append(found, c.Key)
		_, all := v[c.Key]
		var lines []string
		for _, m := range c.Members {
			found = append(found, m.Key)
			if _, ok := v[m.Key]; ok || all {
				continue
			}
			if f := findings[m.Key]; f != nil {
				if also[f.Cause] != nil && slices.Contains(also[f.Cause], f) {
					continue // judged with the finding of its cause: one bug
				}
				line := fmt.Sprintf("%s: %d violations in %s: %s", f.Key(), f.Count, strings.Join(f.Variants, "; "), f.Message)
				if fs := also[f.Key()]; fs != nil {
					line += " (" + alsoText(fs) + ")"
				}
				lines = append(lines, line)
			} else if cr := crashes[m.Key]; cr != nil {
				lines = append(lines, fmt.Sprintf("%s: %d calls in %s: %s", cr.Key(), cr.Count, strings.Join(cr.Variants, "; "), cr))
			}
		}
		if len(lines) > 0 {
			unjudged = append(unjudged, c.unjudgedLine(lines))
		}
	}
	for _, x := range slices.Concat(r.Refused, r.DtypeRefused) {
		found = append(found, x.Key())
		switch _, ok := v[x.Key()]; {
		case ok:
		case x.Dtype != "":
			unjudged = append(unjudged, x.String()+" (a dtype the runtime makes: fix the library or the binding, or declare the refusal in a verdict)")
		default:
			unjudged = append(unjudged, x.String()+" (no check of the op ran: fix the binding or the adapter, or declare the refusal in a verdict)")
		}
	}
	_, stale = v.JudgeKeys(found, nil)
	slices.Sort(unjudged)
	return unjudged, r.Shard.staleHere(stale)
}

// unjudgedLine says that no verdict names the cause nor its findings and
// crashes of lines (one each): the cause's key, to paste into a
// verdict, and each line.
func (c *Cause) unjudgedLine(lines []string) string {
	n, ops := len(c.Members), len(c.Ops())
	what := plural(n, "finding", "findings")
	if c.Crash != "" {
		what = plural(n, "crash", "crashes")
	}
	return fmt.Sprintf("no verdict names the cause %q (%d %s of %d %s; a verdict of that key judges %s):\n\t%s",
		c.Key, n, what, ops, plural(ops, "op", "ops"), plural(n, "it", "them all"), strings.Join(lines, "\n\t"))
}

// ByCause returns the verdicts v keyed by the report's causes: each cause
// all of whose findings and crashes a verdict of theirs judges (by a
// finding's or a crash's key) gets one verdict of its key, with their
// reasons (each once, in the order of its members, joined by "; "), in
// their place; the other verdicts stay as they are, but those that name
// nothing of the report (stale). For a library's verdicts written before
// causes: the report's, and [Verdicts.Judge]'s stale lines, then name
// one verdict per cause.
func (v Verdicts) ByCause(r *Report) Verdicts {
	out := Verdicts{}
	moved := map[string]bool{}
	var found []string
	for _, c := range r.causeList() {
		found = append(found, c.Key)
		var reasons []string
		all := true
		for _, m := range c.Members {
			found = append(found, m.Key)
			why, ok := v[m.Key]
			if !ok {
				all = false
				break
			}
			if !slices.Contains(reasons, why) {
				reasons = append(reasons, why)
			}
		}
		if why, ok := v[c.Key]; ok {
			out[c.Key] = why
			all = false
		}
		if !all {
			continue
		}
		out[c.Key] = strings.Join(reasons, "; ")
		for _, m := range c.Members {
			moved[m.Key] = true
		}
	}
	for _, x := range slices.Concat(r.Refused, r.DtypeRefused) {
		found = append(found, x.Key())
	}
	for k, why := range v {
		if !moved[k] && slices.Contains(found, k) {
			out[k] = why
		}
	}
	return out
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
// t and t's log), and judged by o.Verdicts ([Verdicts.Judge]): it fails
// t once per cause with a finding or crash without a verdict (of the
// cause's key or its own), once per refusal (an op refused on every
// sample) without one, and once per verdict that names none (one of an
// op's key saying the causes that op shows now).
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
	t.Log(rep) // its causes, then each op's findings and crashes, then the bug list
	unjudged, stale := o.Verdicts.Judge(rep)
	for _, u := range unjudged {
		t.Errorf("%s", u)
	}
	for _, k := range stale {
		t.Errorf("a verdict no finding, crash or refusal needs (the bug is fixed, or moved: remove it): %s%s", k, rep.causesOfOpText(k))
	}
	for _, c := range rep.Unattributed {
		t.Errorf("%s, %s", c, c.Variants[0])
	}
	return rep
}
