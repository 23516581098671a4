//go:build debugasserts

package sweep

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/assertgen/assertgen/runtimes/libtorch/report"
)

// The master: it starts the workers, hands them the ops, restarts one that
// crashed, and collects the report.

// LoadVerdicts reads and checks a verdicts.json.
func LoadVerdicts(path string) ([]Verdict, error) { return report.LoadVerdicts(path) }

// confirm runs each op that looks like a regression (not exercised, or
// crashed or hung, where the baseline says otherwise) again, alone in a
// fresh worker: a worker runs many ops, and an earlier op's undefined
// behaviour (a write past a buffer) can crash a later one, which then
// runs clean on its own. It returns unstable with the ops that did not
// repeat their regression added (the baseline comparison leaves them
// out), and prints them.
func confirm(base, rep *Report, names []string, unstable map[string]string, n int, o Options) map[string]string {
	out := map[string]string{}
	for k, v := range unstable {
		out[k] = v
	}
	suspects := map[string]bool{}
	for _, r := range report.Regressions(base, rep, names, unstable) {
		op, _, _ := strings.Cut(r, ":")
		suspects[op] = true
	}
	self, err := os.Executable()
	if err != nil {
		return out
	}
	for _, op := range slices.Sorted(maps.Keys(suspects)) {
		w := &workerProc{exe: self, content: o.Content, release: rep.Libtorch, kinds: o.Kinds, values: o.Values}
		res := w.runOp(op, n, o.Timeout)
		w.stop()
		crashedBefore := false
		for _, c := range base.Crashes {
			crashedBefore = crashedBefore || c.Op == op
		}
		lost := res.exercised < 0
		if k, ok := base.ExercisedAt[op]; !ok || k >= n {
			lost = false
		}
		if !lost && (len(res.crashes) == 0 || crashedBefore) {
			out[op] = "did not repeat alone in a fresh worker: another op's undefined behaviour in the same worker"
			fmt.Fprintf(os.Stderr, "sweep: %s: its regression did not repeat alone in a fresh worker (an earlier op in the worker is the likely cause); not counted\n", op)
		}
	}
	return out
}

// LoadReport reads a sweep report.
func LoadReport(path string) (*Report, error) { return report.LoadReport(path) }

type opResult struct {
	name      string
	exercised int // first sample run without an error (strict), or -1
	errClass  string
	errMsg    string
	calls     uint64
	checks    uint64
	checksRun map[string]uint64
	skipped   map[string]uint64
	seconds   float64
	ran       map[int]bool // samples that ran to the end (any profile)
	// clean holds, per profile, the variants and OpInfo calls that ran
	// without an error
	clean    map[string]map[int]bool
	repaired []string // the repairs of the exercising sample
	outcome  []byte   // per sample, strict profile: see report.Report.Outcomes
	details  []string // per sample run, both profiles: outcome, repairs, error
	crashes  []Crash
	findings []Finding
}

// Run runs the sweep of release r and writes its summary to out. The
// report comes back also with an error: unjudged violations, stale
// verdicts, regressions against the baseline.
func Run(r Bindings, o Options, out io.Writer) (*Report, error) {
	t0 := time.Now()
	s, err := embedded(r.Version)
	if err != nil {
		return nil, err
	}
	n := min(max(o.Samples, 1), NumSamples)
	verdicts, base, unstable, err := loadInputs(r, o, n)
	if err != nil {
		return nil, err
	}
	names := selectOps(r.Bound, o.Ops)
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	results := startWorkers(self, r.Version, names, n, o)
	rep := Report{Libtorch: r.Version, OpsTotal: len(s.Ops), OpsBound: len(r.Bound), Samples: n, Variants: SampleNames()[:n], ContentCheck: o.Content,
		ChecksRun: map[string]uint64{}, Skipped: map[string]uint64{}, ExercisedAt: map[string]int{},
		NotExercised: map[string]int{}, NotExercisedOps: map[string]string{}, Repaired: map[string]string{},
		RepairsUsed: map[string]int{}, Unbound: map[string]int{}, UnboundOps: map[string]string{},
		Crashes: []Crash{}, Violations: []Finding{}, Stale: []Verdict{}, Regressions: []string{}}
	for op, reason := range r.Unbound {
		rep.Unbound[reason]++
		rep.UnboundOps[op] = reason
	}
	ran := collect(&rep, results, len(names), t0, o.Verbose, out)
	report.Judge(rep.Violations, verdicts)
	for _, f := range rep.Violations {
		if f.Verdict == "" {
			rep.Unjudged++
		}
	}
	full := n == NumSamples && o.Kinds && o.Values
	rep.Stale = report.Stale(verdicts, rep.Violations, report.Judged(verdicts, base, ran, full, unstable))
	if base != nil {
		rep.Regressions = report.Regressions(base, &rep, names, confirm(base, &rep, names, unstable, n, o))
	}
	sort.SliceStable(rep.Crashes, func(i, j int) bool { return rep.Crashes[i].Op < rep.Crashes[j].Op })
	sort.SliceStable(rep.Violations, func(i, j int) bool { return rep.Violations[i].Op < rep.Violations[j].Op })
	rep.Seconds = time.Since(t0).Seconds()
	if o.Report != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(o.Report, append(b, '\n'), 0o644); err != nil {
			return nil, err
		}
	}
	report.Summary(out, &rep, len(names))
	return &rep, failures(&rep, o)
}

// loadInputs reads the verdicts, the unstable ops and the baseline.
func loadInputs(r Bindings, o Options, n int) (verdicts []Verdict, base *Report, unstable map[string]string, err error) {
	if verdicts, err = LoadVerdicts(o.Verdicts); err != nil {
		return nil, nil, nil, err
	}
	unstable = map[string]string{}
	if o.Unstable != "" {
		if unstable, err = report.LoadUnstable(o.Unstable); err != nil {
			return nil, nil, nil, err
		}
	}
	if o.Baseline != "" {
		if base, err = LoadReport(o.Baseline); err != nil {
			return nil, nil, nil, err
		}
		if base.Libtorch != r.Version || base.Samples < n {
			return nil, nil, nil, fmt.Errorf("%s: a report of libtorch %s with %d samples per op cannot judge a sweep of %s with %d", o.Baseline, base.Libtorch, base.Samples, r.Version, n)
		}
	}
	return verdicts, base, unstable, nil
}

// selectOps returns the bound ops matching the comma-separated patterns.
func selectOps(bound []string, patterns string) []string {
	if patterns == "" {
		patterns = "*"
	}
	var names []string
	for _, b := range bound {
		for _, p := range strings.Split(patterns, ",") {
			if ok, _ := path.Match(p, b); ok {
				names = append(names, b)
				break
			}
		}
	}
	return names
}

// startWorkers runs the ops on o.Jobs workers and returns their results.
func startWorkers(self, release string, names []string, n int, o Options) <-chan opResult {
	work := make(chan string)
	results := make(chan opResult)
	var wg sync.WaitGroup
	for range max(o.Jobs, 1) {
		wg.Go(func() {
			w := &workerProc{exe: self, content: o.Content, release: release, kinds: o.Kinds, values: o.Values}
			defer w.stop()
			for name := range work {
				results <- w.runOp(name, n, o.Timeout)
			}
		})
	}
	go func() {
		for _, name := range names {
			work <- name
		}
		close(work)
		wg.Wait()
		close(results)
	}()
	return results
}

// collect adds the ops' results to the report and returns the samples
// each op ran.
func collect(rep *Report, results <-chan opResult, total int, t0 time.Time, verbose bool, out io.Writer) map[string]map[int]bool {
	ran := map[string]map[int]bool{}
	rep.Outcomes = map[string]string{}
	done := 0
	for res := range results {
		done++
		if done%250 == 0 {
			fmt.Fprintf(os.Stderr, "sweep: %d/%d ops, %.0fs\n", done, total, time.Since(t0).Seconds())
		}
		ran[res.name] = res.ran
		rep.Outcomes[res.name] = string(res.outcome)
		if verbose {
			fmt.Fprintf(out, "%s: %s\n", res.name, res.outcome)
			for _, d := range res.details {
				fmt.Fprintf(out, "  %s\n", d)
			}
		}
		rep.Calls += res.calls
		rep.Slowest = append(rep.Slowest, OpTime{Op: res.name, Seconds: res.seconds})
		sort.Slice(rep.Slowest, func(i, j int) bool { return rep.Slowest[i].Seconds > rep.Slowest[j].Seconds })
		rep.Slowest = rep.Slowest[:min(len(rep.Slowest), 10)]
		rep.Checks += res.checks
		for k, n := range res.checksRun {
			rep.ChecksRun[k] += n
		}
		for k, n := range res.skipped {
			rep.Skipped[k] += n
		}
		rep.Crashes = append(rep.Crashes, res.crashes...)
		if res.exercised >= 0 {
			rep.OpsExercised++
			rep.ExercisedAt[res.name] = res.exercised
			if len(res.repaired) > 0 {
				rep.Repaired[res.name] = fmt.Sprintf("%d: %s", res.exercised, strings.Join(res.repaired, ", "))
				used := slices.Clone(res.repaired)
				slices.Sort(used)
				for _, rule := range slices.Compact(used) { // once per sample
					rep.RepairsUsed[rule]++
				}
			}
		} else {
			reason := report.Reason(res.errClass, res.errMsg)
			rep.NotExercised[reason]++
			rep.NotExercisedOps[res.name] = reason + ": " + res.errClass + ": " + res.errMsg
		}
		rep.Violations = append(rep.Violations, res.findings...)
	}
	return ran
}

// failures is the sweep's error: violations without a verdict, stale
// verdicts, regressions; nil when there are none.
func failures(rep *Report, o Options) error {
	var errs []string
	if rep.Unjudged > 0 {
		errs = append(errs, fmt.Sprintf("%d violations have no verdict (see %s)", rep.Unjudged, o.Verdicts))
	}
	if len(rep.Stale) > 0 {
		errs = append(errs, fmt.Sprintf("%d verdicts are stale: no violation had their key on a sample that showed it before (remove them from %s)", len(rep.Stale), o.Verdicts))
	}
	if len(rep.Regressions) > 0 {
		errs = append(errs, fmt.Sprintf("%d regressions against %s", len(rep.Regressions), o.Baseline))
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

type workerProc struct {
	exe     string
	release string
	kinds   bool // run the meta and functional samples
	values  bool // run the values that matter
	content bool // run the same_content check
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan []byte
	stderr  *tailBuf
}

type tailBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (t *tailBuf) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if t.b.Len() > 1<<16 {
		rest := append([]byte(nil), t.b.Bytes()[t.b.Len()-1<<15:]...)
		t.b.Reset()
		t.b.Write(rest)
	}
	return len(p), nil
}

func (t *tailBuf) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}

func (w *workerProc) start() error {
	w.cmd = exec.Command(w.exe)
	content := "0"
	if w.content {
		content = "1"
	}
	w.cmd.Env = append(os.Environ(), WorkerEnv+"=1", contentEnv+"="+content)
	w.stderr = &tailBuf{}
	w.cmd.Stderr = w.stderr
	var err error
	if w.stdin, err = w.cmd.StdinPipe(); err != nil {
		return err
	}
	out, err := w.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := w.cmd.Start(); err != nil {
		return err
	}
	w.lines = make(chan []byte, 16)
	go func(lines chan []byte) {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			lines <- append([]byte(nil), sc.Bytes()...)
		}
		close(lines)
	}(w.lines)
	return nil
}

func (w *workerProc) stop() {
	if w.cmd == nil {
		return
	}
	w.stdin.Close()
	w.cmd.Process.Kill()
	w.cmd.Wait()
	w.cmd = nil
}

var sigRE = regexp.MustCompile(`(?m)^(SIG[A-Z]+)`)

// runOp runs the samples of op among [0, n) (see order) under each
// profile, restarting the worker after a crash. The op is exercised if a
// sample runs under the strict profile (both profiles call the same kernel
// on the same inputs, so the pytorch profile skips the samples that
// crashed under the strict one).
func (w *workerProc) runOp(name string, n int, timeout time.Duration) opResult {
	t0 := time.Now()
	ks := order(w.release, name, n, w.kinds, w.values)
	r := opResult{name: name, exercised: -1, ran: map[int]bool{}, checksRun: map[string]uint64{}, skipped: map[string]uint64{},
		outcome: []byte(strings.Repeat("-", n)), clean: map[string]map[int]bool{}}
	deadline := time.After(timeout)
	skip := map[int]bool{}
	for _, profile := range profiles {
		if !w.runProfile(&r, name, profile, ks, skip, deadline) {
			break
		}
		for _, c := range r.crashes {
			var k int
			if _, err := fmt.Sscan(c.Sample, &k); err == nil {
				skip[k] = true
			}
		}
	}
	r.seconds = time.Since(t0).Seconds()
	return r
}

// group tells the requests of an op apart: its variants and OpInfo calls
// (0), then its meta and functional samples (1), then its values (2).
func group(k int) int {
	switch {
	case k >= valueFirst:
		return 2
	case based(k):
		return 1
	}
	return 0
}

// runProfile runs the samples ks in order but those in skip, the meta and
// functional ones, and the values, each in a request of their own once
// the others have said which sample runs clean; it reports false after a
// timeout.
func (w *workerProc) runProfile(r *opResult, name, profile string, ks []int, skip map[int]bool, deadline <-chan time.Time) bool {
	for i := 0; i < len(ks); {
		if skip[ks[i]] {
			i++
			continue
		}
		g := group(ks[i])
		end := i + 1
		for end < len(ks) && !skip[ks[end]] && group(ks[end]) == g {
			end++
		}
		if w.cmd == nil {
			if err := w.start(); err != nil {
				r.crashes = append(r.crashes, Crash{Op: name, Profile: profile, Sample: fmt.Sprint(ks[i]), Signal: "worker start: " + err.Error()})
				return false
			}
		}
		base := r.exercised
		if g == 2 {
			base = r.valueBase(profile)
		}
		req := fmt.Sprintf("%s %s %d", name, profile, base)
		for _, k := range ks[i:end] {
			req += " " + strconv.Itoa(k)
		}
		fmt.Fprintln(w.stdin, req)
		cur, rebase := i, false
		for finished := false; !finished; {
			select {
			case line, ok := <-w.lines:
				switch {
				case !ok && rebase:
					// the base sample, run again, crashed: the values
					// left have nothing to run on
					w.rebaseCrashed(r, name, profile, base, ks[cur:end])
					i, finished = end, true
					continue
				case !ok:
					w.crashed(r, name, profile, ks[cur])
					i, finished = cur+1, true
					continue
				}
				var s sampleResult
				if err := json.Unmarshal(line, &s); err != nil {
					continue
				}
				switch s.T {
				case "rebase", "rebased":
					rebase = s.T == "rebase"
				case "start":
					for j := i; j < end; j++ {
						if ks[j] == s.K {
							cur = j
						}
					}
				case "res":
					r.add(&s, name, profile)
				case "done":
					i, finished = end, true
				}
			case <-deadline:
				w.stop()
				r.crashes = append(r.crashes, Crash{Op: name, Profile: profile, Sample: fmt.Sprint(ks[cur]), Signal: "timeout"})
				r.note(profile, ks[cur], 'T', "hung: cut at the per-op time limit")
				if r.errClass == "" {
					r.errClass = "timeout"
				}
				return false
			}
		}
	}
	return true
}

// valueBase is the values' base sample under profile: the first variant
// that ran clean under the strict profile, the aliasing one only when no
// other did (package sweep's choice), provided it ran clean under profile
// too; -1 when there is none.
func (r *opResult) valueBase(profile string) int {
	b := -1
	for k := range len(Variants) {
		if !r.clean["strict"][k] {
			continue
		}
		if !Variants[k].Alias {
			b = k
			break
		}
		if b < 0 {
			b = k
		}
	}
	if b >= 0 && !r.clean[profile][b] {
		return -1
	}
	return b
}

// died waits for the dead worker and returns what ended it (deathCause).
func (w *workerProc) died() string {
	w.cmd.Wait()
	st := w.cmd.ProcessState
	w.cmd = nil
	return deathCause(w.stderr.String(), st)
}

// deathCause names what ended a worker: the signal its stderr names (Go's
// runtime prints "SIGSEGV: segmentation violation" for a signal in C++ code
// and exits with status 2), else the signal that killed it (a library's own
// handler, libucs's on Debian trixie's libtorch, prints "Caught signal 8"
// and raises it again, and the kernel's SIGABRT, the OOM killer's SIGKILL
// print nothing of Go's), else "exit".
func deathCause(stderr string, st *os.ProcessState) string {
	if m := sigRE.FindStringSubmatch(stderr); m != nil {
		return m[1]
	}
	if st != nil {
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return signalName(ws.Signal())
		}
	}
	return "exit"
}

// signalName is sig's name as Go's runtime prints it ("SIGSEGV").
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGTRAP:
		return "SIGTRAP"
	}
	return fmt.Sprintf("signal %d", int(sig))
}

// rebaseCrashed records the worker's death while it ran the values' base
// sample again (a new worker has not run it): a crash of that sample (its
// outcome stays its first run's), and the values in rest not run.
func (w *workerProc) rebaseCrashed(r *opResult, name, profile string, base int, rest []int) {
	sig := w.died()
	r.crashes = append(r.crashes, Crash{Op: name, Profile: profile, Sample: fmt.Sprint(base), Signal: sig})
	r.details = append(r.details, fmt.Sprintf("%s %s: crashed: %s, run again as the values' base", profile, sampleLabelShort(base), sig))
	for _, k := range rest {
		r.noteResult(&sampleResult{K: k, Base: base, NotRun: "_"}, profile)
	}
}

// crashed records the worker's death on sample k.
func (w *workerProc) crashed(r *opResult, name, profile string, k int) {
	sig := w.died()
	r.crashes = append(r.crashes, Crash{Op: name, Profile: profile, Sample: fmt.Sprint(k), Signal: sig})
	r.note(profile, k, 'C', "crashed: "+sig)
	if r.errClass == "" {
		r.errClass = "crash (" + sig + ")"
	}
}

// add adds one sample's result.
func (r *opResult) add(s *sampleResult, name, profile string) {
	r.calls += s.Calls
	r.checks += s.Checks
	for k, n := range s.ChecksRun {
		r.checksRun[k] += n
	}
	for k, n := range s.Skipped {
		r.skipped[k] += n
	}
	r.noteResult(s, profile)
	if s.NotRun != "" {
		return
	}
	r.ran[s.K] = true
	kind := based(s.K)
	if s.ErrClass == "" && !kind {
		if r.clean[profile] == nil {
			r.clean[profile] = map[int]bool{}
		}
		r.clean[profile][s.K] = true
	}
	if s.ErrClass == "" {
		// a meta or functional sample runs no CPU kernel of its own, a
		// value only one of an op whose first clean sample ran
		if profile == "strict" && !kind && (r.exercised < 0 || s.K < r.exercised) {
			r.exercised, r.repaired = s.K, s.Repairs
		}
	} else if r.errClass == "" && !kind {
		r.errClass, r.errMsg = s.ErrClass, s.ErrMsg
	}
	for i := range s.Violations {
		v := &s.Violations[i]
		f := Finding{Op: name, Profile: v.Policy.String(), Check: v.Check.String(), Message: v.Error(),
			SampleID: s.K, Sample: sampleLabel(s.K, s.Base), Repairs: s.Repairs}
		if v.Ret >= 0 {
			ret := v.Ret
			f.Ret = &ret
		} else {
			f.Arg = v.Arg
		}
		r.findings = append(r.findings, f)
	}
}

// note records sample k's outcome code (the strict profile's) and its
// details line.
func (r *opResult) note(profile string, k int, code byte, detail string) {
	if profile == "strict" && k < len(r.outcome) {
		r.outcome[k] = code
	}
	r.details = append(r.details, fmt.Sprintf("%s %s: %s", profile, sampleLabelShort(k), detail))
}

// noteResult records a sample's result: its outcome, repairs and error.
func (r *opResult) noteResult(s *sampleResult, profile string) {
	code, d := byte('.'), "ran"
	switch {
	case s.NotRun != "":
		code, d = s.NotRun[0], map[string]string{"=": "not run: the base sample has these values", "-": "not run: no argument of its kind", "_": "not run: no base sample (none ran clean, or it did not when run again)"}[s.NotRun]
	case s.ErrClass == report.CannotMakeClass:
		code, d = 'M', "not made: "+s.ErrMsg
	case s.ErrClass != "":
		code, d = 'E', "raised "+s.ErrClass+": "+s.ErrMsg
	case len(s.Violations) > 0:
		code, d = 'V', fmt.Sprintf("ran, %d violations", len(s.Violations))
	}
	if based(s.K) {
		d += fmt.Sprintf(" (sample %d's arguments)", s.Base)
	}
	if len(s.Repairs) > 0 {
		d += "; repairs: " + strings.Join(s.Repairs, ", ")
	}
	r.note(profile, s.K, code, d)
}
