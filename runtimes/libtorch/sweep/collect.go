//go:build debugasserts

package sweep

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	"github.com/assertgen/assertgen/schema"
	samples "github.com/assertgen/assertgen/sweep"
)

// A collector makes the report from the public sweep's reports, one per
// profile: per op, each sample's outcome under the strict profile, the
// first sample that exercised it, the first error, the violations and
// crashes of both profiles. It reads the public reports alone (with the
// numbers of each op's given samples, which the sweep's Given call
// records in the master and in each worker alike), so that a worker,
// whose earlier sweeps return the master's reports, takes the master's
// path to the sweep it serves; the steps (OnStep) only feed -v.
type collector struct {
	mu      sync.Mutex
	release string
	n       int // samples per op (the report's numbering, 0 to NumSamples-1)
	names   []string
	// nums gives, per op, the report's number of each of its given
	// samples, in the order the public sweep runs them.
	nums    map[string][]int
	reps    map[string]*samples.Report // per profile
	stats   asserts.Stats
	details map[string][]string // per op, each step told: for -v
	verbose bool
	// ran gives, per op, the samples that ran to the end (any profile),
	// tried those and the samples that crashed or hung.
	ran, tried map[string]map[int]bool
}

func newCollector(release string, n int, names []string, verbose bool) *collector {
	return &collector{release: release, n: n, names: names, nums: map[string][]int{}, reps: map[string]*samples.Report{},
		details: map[string][]string{}, verbose: verbose, ran: map[string]map[int]bool{}, tried: map[string]map[int]bool{}}
}

// given returns the public sweep's Given: each op's replayed OpInfo calls
// (26-29, each one call of the op's kernel) and, with kinds, its meta and
// functional samples (24, 25: the base sample's arguments, sample 0's when
// none ran, made as meta tensors or functionalization wrappers, repaired
// like a variant), those among the first n samples.
func (c *collector) given(s *schema.Schema, kinds bool) func(op string) []samples.Given {
	return func(name string) []samples.Given {
		op := s.Op(name)
		var gs []samples.Given
		var nums []int
		for j, call := range replayCalls(c.release, name) {
			if k := replayFirst + j; k < c.n {
				gs = append(gs, samples.Given{Name: SampleName(k), Exercises: true, Make: func(*samples.Sample) (*samples.Sample, samples.Runtime, error) {
					s, recs, err := replaySample(op, call)
					if err != nil {
						return nil, nil, err
					}
					p := &pool{}
					return s, released{replayAdapter{adapter{p}, recs}, p}, nil
				}})
				nums = append(nums, k)
			}
		}
		for _, k := range []int{metaSample, functionalSample} {
			if kinds && k < c.n {
				conv := kindConverter(k)
				gs = append(gs, samples.Given{Name: SampleName(k), Repair: true, Make: func(base *samples.Sample) (*samples.Sample, samples.Runtime, error) {
					if base == nil {
						base = samples.For(op.Func, 0)
					}
					p := &pool{}
					return base, released{convRuntime{adapter{p}, p, conv}, p}, nil
				}})
				nums = append(nums, k)
			}
		}
		c.mu.Lock()
		c.nums[name] = nums
		c.mu.Unlock()
		return gs
	}
}

// number is the report's number of op's public step i: a variant keeps
// its number, a given sample has its own, a probe is a value (30-54).
func (c *collector) number(op string, i int) int {
	v := min(c.n, len(Variants))
	nums := c.nums[op]
	switch {
	case i < v:
		return i
	case i < v+len(nums):
		return nums[i-v]
	}
	return valueFirst + i - v - len(nums)
}

// onStep returns the public sweep's OnStep under profile: with -v, each
// step's line.
func (c *collector) onStep(profile string) func(samples.Step) {
	if !c.verbose {
		return nil
	}
	return func(st samples.Step) {
		c.mu.Lock()
		defer c.mu.Unlock()
		k := c.number(st.Op, st.Index)
		d := "ran"
		switch {
		case st.NotRun != 0:
			d = "not run (" + string(st.NotRun) + ")"
		case st.Err != "":
			d = st.Err + ": " + st.Text
		case len(st.Violations) > 0:
			d = fmt.Sprintf("ran, %d violations", len(st.Violations))
		}
		if st.Again {
			d = "called again: " + d
		}
		if len(st.Repairs) > 0 {
			d += "; repairs: " + strings.Join(st.Repairs, ", ")
		}
		c.details[st.Op] = append(c.details[st.Op], fmt.Sprintf("%s %s: %s", profile, sampleLabelShort(k), d))
	}
}

// codes maps the public sweep's Tried codes to the report's outcomes.
var codes = map[byte]byte{'H': 'T', '/': '-'}

// stepNames gives each sample's name its number: the variants', the
// given samples' (SampleName) and the values' ("value: NAME").
var stepNames = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for k := range NumSamples {
		m[SampleName(k)] = k
	}
	for p := range samples.Probes {
		m["value: "+samples.Probes[p].Name] = valueFirst + p
	}
	return m
})

// numberOf is the report's number of a sample the public report names
// ("..., called again" too), and the suffix after its name.
func numberOf(name string) (int, string) {
	for _, suffix := range []string{"", ", called again", ", run again as the values' base"} {
		if k, ok := stepNames()[strings.TrimSuffix(name, suffix)]; ok && strings.HasSuffix(name, suffix) {
			return k, suffix
		}
	}
	return -1, ""
}

// outcomes reads op's public Tried under a profile: its outcome per
// sample, the samples that ran to the end, those and the samples that
// crashed or hung, and the values' base variant.
func (c *collector) outcomes(op string, tried string) (out []byte, ran, all []int, base int) {
	out = []byte(strings.Repeat("-", c.n))
	i, base, alias := 0, -1, -1
	for _, ch := range []byte(tried) {
		if ch == ' ' {
			continue
		}
		k := c.number(op, i)
		i++
		if x, ok := codes[ch]; ok {
			ch = x
		}
		if k < len(out) {
			out[k] = ch
		}
		switch ch {
		case '.', 'V':
			if k < len(Variants) && Variants[k].Alias && alias < 0 {
				alias = k
			} else if k < len(Variants) && !Variants[k].Alias && base < 0 {
				base = k
			}
			ran = append(ran, k)
		case 'E', 'M':
			ran = append(ran, k)
		case 'C', 'T':
			all = append(all, k)
		}
	}
	if base < 0 {
		base = alias
	}
	return out, ran, append(all, ran...), base
}

// signalName finds a signal's name in a crash's text.
var signalName = regexp.MustCompile(`\bSIG[A-Z]+\b`)

// crashOf is the report's crash of a public one on sample k: its signal
// (SIGSEGV, ...), or "timeout" for a hang, or the public kind of crash
// ("exit", a Go panic in the adapter), and its key.
func crashOf(c *samples.Crash, profile string, k int) Crash {
	cr := Crash{Op: c.Op, Profile: profile, Sample: fmt.Sprint(k), Key: c.Key()}
	switch sig := signalName.FindString(c.Text); {
	case c.Kind == "signal" && sig != "":
		cr.Signal = sig
	case c.Kind == "hang":
		cr.Signal = "timeout"
	default:
		cr.Signal = c.Kind
	}
	return cr
}

// findingsOf are the report's violations of a public finding: one per
// sample it showed in, with that sample's first message.
func findingsOf(f *samples.Finding, profile string, base int) []Finding {
	var out []Finding
	for i, name := range f.Variants {
		k, suffix := numberOf(name)
		x := Finding{Op: f.Op, Profile: profile, Check: f.Check.String(), Message: f.Messages[i], SampleID: k, Sample: sampleLabel(k, base) + suffix}
		where, _, _ := strings.Cut(f.Where, "[") // an element of a list counts as its list
		if r, ok := strings.CutPrefix(where, "return "); ok {
			n, _ := strconv.Atoi(r)
			x.Ret = &n
		} else {
			x.Arg = strings.TrimPrefix(where, "argument ")
		}
		out = append(out, x)
	}
	return out
}

// firstErr is the class and message of op's first error under the
// strict profile: its first variant's.
func firstErr(rep *samples.Report, op string, outcome []byte, crashes []Crash) (class, msg string) {
	text := rep.NotReached[op]
	switch {
	case len(outcome) > 0 && outcome[0] == 'T':
		return "timeout", ""
	case len(outcome) > 0 && outcome[0] == 'C':
		for _, cr := range crashes {
			if cr.Sample == "0" {
				return "crash (" + cr.Signal + ")", ""
			}
		}
		return "crash", text
	case strings.HasPrefix(text, "the runtime cannot make"):
		return report.CannotMakeClass, text
	}
	class, msg, _ = strings.Cut(text, briefSep)
	return class, msg
}

// report makes the report, its ops in the table's order.
func (c *collector) report(r Bindings, o Options, n, total int, names []string) *Report {
	rep := &Report{Libtorch: r.Version, OpsTotal: total, OpsBound: len(r.Bound), Samples: n, Variants: SampleNames()[:n], ContentCheck: o.Content,
		ExercisedAt: map[string]int{}, NotExercised: map[string]int{}, NotExercisedOps: map[string]string{}, Repaired: map[string]string{},
		RepairsUsed: map[string]int{}, Unbound: map[string]int{}, UnboundOps: map[string]string{}, Outcomes: map[string]string{},
		Crashes: []Crash{}, Violations: []Finding{}, Stale: []Verdict{}, Regressions: []string{}, UnjudgedCrashes: []string{}}
	for op, reason := range r.Unbound {
		rep.Unbound[reason]++
		rep.UnboundOps[op] = reason
	}
	rep.Calls, rep.Checks = c.stats.Calls, c.stats.TotalRan()
	rep.ChecksRun, rep.Skipped = statsNames(c.stats)
	bases := map[string]map[string]int{}
	for _, profile := range profiles {
		bases[profile] = map[string]int{}
		for _, name := range names {
			out, ran, tried, base := c.outcomes(name, c.reps[profile].Tried[name])
			bases[profile][name] = base
			if c.ran[name] == nil {
				c.ran[name], c.tried[name] = map[int]bool{}, map[int]bool{}
			}
			for _, k := range ran {
				c.ran[name][k] = true
			}
			for _, k := range tried {
				c.tried[name][k] = true
			}
			if profile == "strict" {
				rep.Outcomes[name] = string(out)
			}
		}
		for _, cr := range c.reps[profile].Crashes {
			for _, v := range cr.Variants {
				k, _ := numberOf(v)
				rep.Crashes = append(rep.Crashes, crashOf(cr, profile, k))
			}
		}
		for _, f := range c.reps[profile].Findings {
			rep.Violations = append(rep.Violations, findingsOf(f, profile, bases[profile][f.Op])...)
		}
	}
	strict := c.reps["strict"]
	for _, name := range names {
		if o.Verbose {
			fmt.Fprintf(os.Stdout, "%s: %s\n", name, rep.Outcomes[name])
			for _, d := range c.details[name] {
				fmt.Fprintf(os.Stdout, "  %s\n", d)
			}
		}
		rep.Slowest = append(rep.Slowest, OpTime{Op: name, Seconds: (c.reps["strict"].Took[name] + c.reps["pytorch"].Took[name]).Seconds()})
		step, ok := strict.Exercised[name]
		if !ok {
			var crashes []Crash
			for _, cr := range rep.Crashes {
				if cr.Op == name && cr.Profile == "strict" {
					crashes = append(crashes, cr)
				}
			}
			class, msg := firstErr(strict, name, []byte(rep.Outcomes[name]), crashes)
			reason := report.Reason(class, msg)
			rep.NotExercised[reason]++
			rep.NotExercisedOps[name] = reason + ": " + class + ": " + msg
			continue
		}
		k := c.number(name, step)
		rep.OpsExercised++
		rep.ExercisedAt[name] = k
		if repaired := strict.ExercisedRepairs[name]; len(repaired) > 0 {
			rep.Repaired[name] = fmt.Sprintf("%d: %s", k, strings.Join(repaired, ", "))
			used := slices.Clone(repaired)
			slices.Sort(used)
			for _, rule := range slices.Compact(used) { // once per sample
				rep.RepairsUsed[rule]++
			}
		}
	}
	slices.SortStableFunc(rep.Slowest, func(a, b OpTime) int {
		switch {
		case a.Seconds > b.Seconds:
			return -1
		case a.Seconds < b.Seconds:
			return 1
		}
		return 0
	})
	rep.Slowest = rep.Slowest[:min(len(rep.Slowest), 10)]
	sortReport(rep)
	return rep
}

// exercised reports whether a sample of op ran without an error under
// the strict profile.
func (c *collector) exercised(op string) bool {
	_, ok := c.reps["strict"].Exercised[op]
	return ok
}

// crashes returns every crash of the sweep, in the ops' order (for
// confirm: their keys).
func (c *collector) crashes() []Crash {
	var out []Crash
	for _, profile := range profiles {
		for _, cr := range c.reps[profile].Crashes {
			for _, v := range cr.Variants {
				k, _ := numberOf(v)
				out = append(out, crashOf(cr, profile, k))
			}
		}
	}
	return out
}

// findings returns every violation of the sweep, as the report has them
// (for the alone sweeps: their keys).
func (c *collector) findings() []Finding {
	var out []Finding
	for _, profile := range profiles {
		for _, f := range c.reps[profile].Findings {
			_, _, _, base := c.outcomes(f.Op, c.reps[profile].Tried[f.Op])
			out = append(out, findingsOf(f, profile, base)...)
		}
	}
	return out
}
