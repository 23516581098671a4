package report

import (
	"maps"
	"slices"
	"strconv"
)

// Swept is what a sweep ran of each op, for judging verdicts stale: per
// op, the samples that ran to the end (Ran: clean, a violation, an error,
// a sample the runtime cannot make) and the samples it tried at all
// (Tried: those, and those that crashed or hung), under either profile;
// Full says the sweep ran every sample of every op it selected.
type Swept struct {
	Ran, Tried map[string]map[int]bool
	Full       bool
}

// Judged says which verdicts a sweep can find stale. A verdict of an op
// in unstable (op: reason) never: its kernel's undefined behaviour shows
// the violation or the crash in some runs and not in others (2.6.0's
// _fused_adamw writes over grads[0]'s version counter, or ends the
// worker, or neither), so a run without it does not show the kernel
// fixed. Else, with a baseline (the release's committed report) that saw
// one of the verdict's keys, where this sweep ran a sample of the op the
// baseline saw it on: to the end for a violation's verdict, at all for a
// crash's (a sample that crashed another way could have crashed its way);
// without one, or for a key the baseline did not see, where the sweep ran
// every sample (full) and the op ran one (to the end, for a violation).
// A bounded sweep without a baseline judges none. A crash verdict judged
// so is stale only if its op, swept alone in a fresh worker, does not
// crash its way either (JudgeCrashes).
func Judged(base *Report, sw Swept, unstable map[string]string) func(v *Verdict) bool {
	seenOn := map[string][]int{}
	if base != nil {
		for _, f := range base.Violations {
			seenOn[f.Key()] = append(seenOn[f.Key()], f.SampleID)
		}
		for _, c := range base.Crashes {
			if k, err := strconv.Atoi(c.Sample); err == nil {
				seenOn[c.CrashKey()] = append(seenOn[c.CrashKey()], k)
			}
		}
	}
	return func(v *Verdict) bool {
		if _, ok := unstable[v.Op]; ok {
			return false
		}
		ran := sw.Ran[v.Op]
		if v.IsCrash() {
			ran = sw.Tried[v.Op]
		}
		var on []int
		for _, k := range v.Keys() {
			on = append(on, seenOn[k]...)
		}
		if len(on) > 0 {
			return slices.ContainsFunc(on, func(k int) bool { return ran[k] })
		}
		return sw.Full && len(ran) > 0
	}
}

// StaleFindings lists the verdicts of violations (not of crashes:
// JudgeCrashes) no finding has the key of that judged (Judged) says the
// sweep could have shown: package sweep's Verdicts.JudgeKeys, by key.
func StaleFindings(vs []Verdict, fs []Finding, judged func(*Verdict) bool) []Verdict {
	var kernel []Verdict
	for _, v := range vs {
		if !v.IsCrash() {
			kernel = append(kernel, v)
		}
	}
	byKey := map[string]*Verdict{}
	for i := range kernel {
		byKey[kernel[i].Key()] = &kernel[i]
	}
	var found []string
	for i := range fs {
		found = append(found, fs[i].Key())
	}
	_, stale := Verdicts(kernel).JudgeKeys(found, func(k string) bool { return judged(byKey[k]) })
	out := []Verdict{}
	for _, v := range kernel {
		if slices.Contains(stale, v.Key()) {
			out = append(out, v)
		}
	}
	return out
}

// CrashJudgment is what the two rules of crashes make of a sweep's
// (JudgeCrashes), each list sorted.
type CrashJudgment struct {
	// Unjudged are the keys of the crashes no verdict names that
	// repeated with their op alone in a fresh worker: new crashes, each
	// to judge. The sweep fails on them.
	Unjudged []string
	// Flaky are the keys of the crashes no verdict names that did not
	// repeat alone: reported, not failing.
	Flaky []string
	// Stale are the crash verdicts none of whose kinds the sweep showed
	// where it could have (judged) nor their op alone: the sweep fails on
	// them.
	Stale []Verdict
	// ShownAlone are the keys of the crash verdicts the sweep did not
	// show where it could have that their op alone did: not stale.
	ShownAlone []string
}

// JudgeCrashes applies the rules of crashes to a sweep's crashes cs, by
// the crash verdicts of vs, symmetric: a crash no verdict names fails
// the sweep only if it repeats with its op swept alone in a fresh worker
// (else it is flaky: an earlier op in the worker wrote past a buffer, or
// the op's own undefined behaviour shows in some runs only), and a crash
// verdict none of whose kinds the sweep showed, where judged (Judged)
// says it could have, is stale only if its op swept alone in a fresh
// worker does not show one either. alone sweeps an op alone in a fresh
// worker and returns its crashes; it is called once per op, and only for
// ops that need it.
func JudgeCrashes(vs []Verdict, cs []Crash, judged func(*Verdict) bool, alone func(op string) []Crash) CrashJudgment {
	known, found := map[string]bool{}, map[string]bool{}
	for i := range vs {
		for _, k := range vs[i].Keys() {
			known[k] = true
		}
	}
	unknown := map[string][]string{} // by op
	for i := range cs {
		k := cs[i].CrashKey()
		if !known[k] && !found[k] {
			unknown[cs[i].Op] = append(unknown[cs[i].Op], k)
		}
		found[k] = true
	}
	var candidates []*Verdict
	ops := maps.Clone(unknown)
	for i := range vs {
		v := &vs[i]
		if v.IsCrash() && !slices.ContainsFunc(v.Keys(), func(k string) bool { return found[k] }) && judged(v) {
			candidates = append(candidates, v)
			ops[v.Op] = nil
		}
	}
	again := map[string]bool{}
	for _, op := range slices.Sorted(maps.Keys(ops)) {
		for _, c := range alone(op) {
			again[c.CrashKey()] = true
		}
	}
	j := CrashJudgment{Unjudged: []string{}, Flaky: []string{}, Stale: []Verdict{}, ShownAlone: []string{}}
	for _, ks := range unknown {
		for _, k := range ks {
			if again[k] {
				j.Unjudged = append(j.Unjudged, k)
			} else {
				j.Flaky = append(j.Flaky, k)
			}
		}
	}
	for _, v := range candidates {
		shown := false
		for _, k := range v.Keys() {
			if again[k] {
				j.ShownAlone = append(j.ShownAlone, k)
				shown = true
			}
		}
		if !shown {
			j.Stale = append(j.Stale, *v)
		}
	}
	slices.Sort(j.Unjudged)
	slices.Sort(j.Flaky)
	slices.Sort(j.ShownAlone)
	return j
}

// Flaky is the verdict a sweep gives a violation no verdict names whose
// key did not repeat with its op swept alone in a fresh worker
// (JudgeFindings); no verdicts.json has it.
const Flaky = "flaky"

// JudgeFindings applies the rule of new crashes to the violations of fs
// no verdict names (Judge gave them none): such a violation fails the
// sweep only if its key repeats with its op swept alone in a fresh
// worker. One that does not is flaky: memory corruption (a kernel's,
// or an earlier op's in the same worker) that wrote over a neighbouring
// object's metadata, a version counter, a use count, a handle, in one
// run and not in the next; it gets the verdict Flaky and is reported,
// not counted. It returns the keys that repeated and the flaky ones,
// sorted, each once; alone is called once per op, for those ops only.
func JudgeFindings(fs []Finding, alone func(op string) []Finding) (repeated, flaky []string) {
	byOp := map[string][]int{}
	for i := range fs {
		if fs[i].Verdict == "" {
			byOp[fs[i].Op] = append(byOp[fs[i].Op], i)
		}
	}
	repeated, flaky = []string{}, []string{}
	for _, op := range slices.Sorted(maps.Keys(byOp)) {
		again := map[string]bool{}
		for _, f := range alone(op) {
			again[f.Key()] = true
		}
		for _, i := range byOp[op] {
			k := fs[i].Key()
			if again[k] {
				if !slices.Contains(repeated, k) {
					repeated = append(repeated, k)
				}
				continue
			}
			fs[i].Verdict, fs[i].Reason = Flaky, "did not repeat with its op swept alone in a fresh worker (memory corruption: the kernel's own in some runs, or an earlier op's in the worker)"
			if !slices.Contains(flaky, k) {
				flaky = append(flaky, k)
			}
		}
	}
	slices.Sort(repeated)
	slices.Sort(flaky)
	return repeated, flaky
}
