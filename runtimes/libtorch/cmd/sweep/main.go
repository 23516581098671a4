//go:build debugasserts

// Command sweep runs every bound libtorch op on samples generated from its
// schema, through the checked wrappers, and reports per op whether the
// release kernel keeps the aliasing contract of its schema.
//
//	go run -tags debugasserts ./cmd/sweep -report REPORT.json [-samples N] [-ops PATTERN] [-j N]
//
// Each op runs in a worker process (the same binary with -worker), so a
// kernel that crashes (SIGSEGV, SIGFPE, SIGABRT) is a finding and the sweep
// goes on with a new worker from the next sample. Violations are matched
// against verdicts.json; a violation without a verdict fails the sweep.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/internal/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
)

func main() {
	worker := flag.Bool("worker", false, "run as a worker (internal)")
	report := flag.String("report", "", "write the JSON report to this file")
	samples := flag.Int("samples", len(variants), "samples per op (at most the number of variants)")
	ops := flag.String("ops", "*", "comma-separated op name patterns (path.Match)")
	jobs := flag.Int("j", 1, "worker processes")
	verdictsPath := flag.String("verdicts", "verdicts.json", "the verdicts of known violations")
	timeout := flag.Duration("timeout", 60*time.Second, "per-op time limit")
	flag.BoolVar(&contentCheck, "content", true, "run the same_content check (asserts.SetContentCheck) in the workers")
	flag.Parse()
	torch.SetNumThreads(1)
	if *worker || os.Getenv(workerEnv) != "" {
		runWorker()
		return
	}
	if _, err := runMaster(*report, *verdictsPath, *ops, min(*samples, len(variants)), *jobs, *timeout, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "sweep:", err)
		os.Exit(1)
	}
}

// ---- worker ----

// workerEnv makes the process a worker, as -worker does (for tests, whose
// binary has its own flags).
const workerEnv = "AG_SWEEP_WORKER"

// contentEnv, set for a worker, switches the same_content check on in it.
const contentEnv = "AG_SWEEP_CONTENT"

// contentCheck is the master's -content flag: whether its workers run the
// same_content check (it reads each argument's bytes before and after the
// kernel; off, those rows are skipped as content_check_off).
var contentCheck bool

type sampleResult struct {
	T          string              `json:"t"` // "start", "res", "done"
	K          int                 `json:"k"`
	ErrClass   string              `json:"err_class,omitempty"`
	ErrMsg     string              `json:"err_msg,omitempty"`
	Calls      uint64              `json:"calls,omitempty"`
	Checks     uint64              `json:"checks,omitempty"`
	ChecksRun  map[string]uint64   `json:"checks_run,omitempty"`
	Skipped    map[string]uint64   `json:"skipped,omitempty"`
	Violations []asserts.Violation `json:"violations,omitempty"`
}

func runWorker() {
	s, err := schema.Embedded(aten.SchemaVersion)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	in := bufio.NewScanner(os.Stdin)
	enc := json.NewEncoder(os.Stdout)
	col := asserts.NewCollector()
	asserts.SetHandler(col)
	asserts.SetContentCheck(os.Getenv(contentEnv) == "1")
	for in.Scan() {
		var name, profile string
		var start, n int
		if _, err := fmt.Sscan(in.Text(), &name, &start, &n, &profile); err != nil {
			fmt.Fprintln(os.Stderr, "worker: bad request", in.Text())
			os.Exit(1)
		}
		op := s.Op(name)
		table := sweepops.Checked
		if profile == "pytorch" {
			table = sweepops.CheckedPyTorch
		}
		fn := reflect.ValueOf(table[name])
		for k := start; k < n; k++ {
			enc.Encode(sampleResult{T: "start", K: k})
			col.Reset()
			r := runSample(op, fn, k)
			rep := col.Report()
			r.T, r.K, r.Calls, r.Violations = "res", k, rep.Calls, rep.Violations
			r.ChecksRun, r.Skipped = rep.ChecksRun, rep.Skipped
			for _, c := range rep.ChecksRun {
				r.Checks += c
			}
			enc.Encode(r)
		}
		enc.Encode(sampleResult{T: "done"})
	}
}

func runSample(op *schema.Op, fn reflect.Value, k int) (r sampleResult) {
	var p pool
	defer p.release()
	defer func() {
		if e := recover(); e != nil {
			var te *torch.Error
			if err, ok := e.(error); ok && errors.As(err, &te) {
				r.ErrClass, r.ErrMsg = te.Class, firstLine(te.Msg)
			} else {
				r.ErrClass, r.ErrMsg = "go panic", firstLine(fmt.Sprint(e))
			}
		}
	}()
	in := build(op, fn.Type(), k, &p)
	for _, o := range fn.Call(in) {
		switch x := o.Interface().(type) {
		case *torch.Tensor:
			p.add(x)
		case []*torch.Tensor:
			for _, t := range x {
				p.add(t)
			}
		}
	}
	return r
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// ---- master ----

// Report is the sweep's JSON report.
type Report struct {
	Libtorch     string `json:"libtorch"`
	OpsTotal     int    `json:"ops_total"`
	OpsBound     int    `json:"ops_bound"`
	OpsExercised int    `json:"ops_exercised"`
	Samples      int    `json:"samples_per_op"`
	// ContentCheck reports whether the same_content check was on.
	ContentCheck bool   `json:"content_check"`
	Calls        uint64 `json:"calls"`
	Checks       uint64 `json:"checks"`
	// ChecksRun counts the checks run by check name, Skipped the checks
	// skipped by reason (both profiles, all samples).
	ChecksRun    map[string]uint64 `json:"checks_run"`
	Skipped      map[string]uint64 `json:"skipped"`
	NotExercised map[string]int    `json:"not_exercised"`
	// NotExercisedOps gives each op not exercised its first error.
	NotExercisedOps map[string]string `json:"not_exercised_ops"`
	Unbound         map[string]int    `json:"unbound"`
	Crashes         []Crash           `json:"crashes"`
	Violations      []Finding         `json:"violations"`
	// Unjudged counts the violations without a verdict: a kernel bug not
	// yet judged, or a false positive (a bug of the checks or of this
	// runtime, to fix, never a verdict). The sweep fails while it is not 0.
	Unjudged int     `json:"unjudged"`
	Seconds  float64 `json:"seconds"`
	// Slowest lists the ten ops that took longest (both profiles, worker
	// restarts included).
	Slowest []OpTime `json:"slowest"`
}

type OpTime struct {
	Op      string  `json:"op"`
	Seconds float64 `json:"seconds"`
}

type Crash struct {
	Op      string `json:"op"`
	Profile string `json:"profile"`
	Sample  string `json:"sample"`
	Signal  string `json:"signal"`
}

type Finding struct {
	Op      string `json:"op"`
	Profile string `json:"profile"`
	Check   string `json:"check"`
	Arg     string `json:"arg,omitempty"`
	Ret     *int   `json:"ret,omitempty"`
	Message string `json:"message"`
	Sample  string `json:"sample"`
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
	Repro   string `json:"repro,omitempty"`
}

// Verdict judges the violations of one op and check (and argument, when
// set): "kernel" (the release kernel breaks its schema's contract) with a
// repro, or "allowlisted" with the allowlist entry (file:line) in Repro and
// its reason. There is no other verdict: a false positive is a bug to fix.
type Verdict struct {
	Op      string `json:"op"`
	Check   string `json:"check"`
	Arg     string `json:"arg,omitempty"`
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
	Repro   string `json:"repro,omitempty"`
}

type opResult struct {
	name      string
	exercised bool
	errClass  string
	errMsg    string
	calls     uint64
	checks    uint64
	checksRun map[string]uint64
	skipped   map[string]uint64
	seconds   float64
	crashes   []Crash
	findings  []Finding
}

func runMaster(reportPath, verdictsPath, patterns string, n, jobs int, timeout time.Duration, out io.Writer) (*Report, error) {
	t0 := time.Now()
	s, err := schema.Embedded(aten.SchemaVersion)
	if err != nil {
		return nil, err
	}
	var verdicts []Verdict
	if b, err := os.ReadFile(verdictsPath); err == nil {
		if err := json.Unmarshal(b, &verdicts); err != nil {
			return nil, fmt.Errorf("%s: %v", verdictsPath, err)
		}
		if err := checkVerdicts(verdicts); err != nil {
			return nil, fmt.Errorf("%s: %v", verdictsPath, err)
		}
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	var names []string
	for _, b := range aten.Bound {
		for _, p := range strings.Split(patterns, ",") {
			if ok, _ := path.Match(p, b.Name); ok {
				names = append(names, b.Name)
				break
			}
		}
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	work := make(chan string)
	results := make(chan opResult)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Go(func() {
			w := &workerProc{exe: self}
			defer w.stop()
			for name := range work {
				results <- w.runOp(name, n, timeout)
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
	rep := Report{Libtorch: aten.SchemaVersion, OpsTotal: len(s.Ops), OpsBound: len(aten.Bound), Samples: n, ContentCheck: contentCheck,
		ChecksRun: map[string]uint64{}, Skipped: map[string]uint64{},
		NotExercised: map[string]int{}, NotExercisedOps: map[string]string{}, Unbound: map[string]int{}, Crashes: []Crash{}, Violations: []Finding{}}
	for _, u := range aten.Unbound {
		rep.Unbound[u.Reason]++
	}
	done := 0
	for r := range results {
		done++
		if done%250 == 0 {
			fmt.Fprintf(os.Stderr, "sweep: %d/%d ops, %.0fs\n", done, len(names), time.Since(t0).Seconds())
		}
		rep.Calls += r.calls
		rep.Slowest = append(rep.Slowest, OpTime{r.name, r.seconds})
		sort.Slice(rep.Slowest, func(i, j int) bool { return rep.Slowest[i].Seconds > rep.Slowest[j].Seconds })
		rep.Slowest = rep.Slowest[:min(len(rep.Slowest), 10)]
		rep.Checks += r.checks
		for k, n := range r.checksRun {
			rep.ChecksRun[k] += n
		}
		for k, n := range r.skipped {
			rep.Skipped[k] += n
		}
		rep.Crashes = append(rep.Crashes, r.crashes...)
		if r.exercised {
			rep.OpsExercised++
		} else {
			rep.NotExercised[r.errClass]++
			rep.NotExercisedOps[r.name] = r.errClass + ": " + r.errMsg
		}
		for _, f := range r.findings {
			judge(&f, verdicts)
			if f.Verdict == "" {
				rep.Unjudged++
			}
			rep.Violations = append(rep.Violations, f)
		}
	}
	sort.Slice(rep.Crashes, func(i, j int) bool { return rep.Crashes[i].Op < rep.Crashes[j].Op })
	sort.SliceStable(rep.Violations, func(i, j int) bool { return rep.Violations[i].Op < rep.Violations[j].Op })
	rep.Seconds = time.Since(t0).Seconds()
	if reportPath != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(reportPath, append(b, '\n'), 0o644); err != nil {
			return nil, err
		}
	}
	summary(out, &rep, len(names))
	if rep.Unjudged > 0 {
		return &rep, fmt.Errorf("%d violations have no verdict (see %s)", rep.Unjudged, verdictsPath)
	}
	return &rep, nil
}

// checkVerdicts rejects a verdict that is neither "kernel" nor
// "allowlisted", or that lacks its reason or repro (for "allowlisted", the
// allowlist entry).
func checkVerdicts(vs []Verdict) error {
	for i, v := range vs {
		switch {
		case v.Op == "" || v.Check == "":
			return fmt.Errorf("verdict %d: op and check are required", i)
		case v.Verdict != "kernel" && v.Verdict != "allowlisted":
			return fmt.Errorf("verdict %d (%s, %s): verdict %q, want kernel or allowlisted (a false positive is a bug to fix, not a verdict)", i, v.Op, v.Check, v.Verdict)
		case v.Reason == "" || v.Repro == "":
			return fmt.Errorf("verdict %d (%s, %s): a %s verdict needs a reason and a repro (the allowlist entry for allowlisted)", i, v.Op, v.Check, v.Verdict)
		}
	}
	return nil
}

func judge(f *Finding, vs []Verdict) {
	for _, v := range vs {
		if v.Op == f.Op && v.Check == f.Check && (v.Arg == "" || v.Arg == f.Arg) {
			f.Verdict, f.Reason, f.Repro = v.Verdict, v.Reason, v.Repro
			return
		}
	}
}

func summary(w io.Writer, r *Report, selected int) {
	fmt.Fprintf(w, "libtorch %s sweep: %d ops in the schema, %d bound, %d selected, %d exercised (%d samples each at most); content check %s\n",
		r.Libtorch, r.OpsTotal, r.OpsBound, selected, r.OpsExercised, r.Samples, map[bool]string{true: "on", false: "off"}[r.ContentCheck])
	verdicts := map[string]int{}
	for _, v := range r.Violations {
		verdicts[v.Verdict]++
	}
	fmt.Fprintf(w, "%d checked calls, %d checks, %d violations (%d kernel, %d allowlisted, %d without a verdict), %d crashes, %.0f s\n",
		r.Calls, r.Checks, len(r.Violations), verdicts["kernel"], verdicts["allowlisted"], r.Unjudged, len(r.Crashes), r.Seconds)
	fmt.Fprint(w, "slowest ops:")
	for _, o := range r.Slowest[:min(len(r.Slowest), 5)] {
		fmt.Fprintf(w, " %s %.1fs", o.Op, o.Seconds)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "checks run, by check:")
	for _, k := range sortedKeys(r.ChecksRun) {
		fmt.Fprintf(w, "  %-22s %d\n", k, r.ChecksRun[k])
	}
	fmt.Fprintln(w, "checks skipped, by reason:")
	for _, k := range sortedKeys(r.Skipped) {
		fmt.Fprintf(w, "  %-22s %d\n", k, r.Skipped[k])
	}
	fmt.Fprintln(w, "not exercised, by error class:")
	for _, k := range sortedKeys(r.NotExercised) {
		fmt.Fprintf(w, "  %-22s %d\n", k, r.NotExercised[k])
	}
	fmt.Fprintln(w, "not bound:")
	for _, k := range sortedKeys(r.Unbound) {
		fmt.Fprintf(w, "  %-50s %d\n", k, r.Unbound[k])
	}
	if len(r.Crashes) > 0 {
		fmt.Fprintln(w, "crashes (op, profile, sample, signal):")
		for _, c := range r.Crashes {
			fmt.Fprintf(w, "  %-40s %-8s %-3s %s\n", c.Op, c.Profile, c.Sample, c.Signal)
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

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

type workerProc struct {
	exe    string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte
	stderr *tailBuf
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
	if contentCheck {
		content = "1"
	}
	w.cmd.Env = append(os.Environ(), workerEnv+"=1", contentEnv+"="+content)
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

var profiles = []string{"strict", "pytorch"}

// runOp runs samples [0, n) of op under each profile, restarting the worker
// after a crash. The op is exercised if a sample runs under the strict
// profile (both profiles call the same kernel on the same inputs).
func (w *workerProc) runOp(name string, n int, timeout time.Duration) opResult {
	t0 := time.Now()
	r := opResult{name: name, checksRun: map[string]uint64{}, skipped: map[string]uint64{}}
	deadline := time.After(timeout)
	for _, profile := range profiles {
		if !w.runProfile(&r, name, profile, n, deadline) {
			break
		}
	}
	r.seconds = time.Since(t0).Seconds()
	return r
}

// runProfile reports false after a timeout.
func (w *workerProc) runProfile(r *opResult, name, profile string, n int, deadline <-chan time.Time) bool {
	for k := 0; k < n; {
		if w.cmd == nil {
			if err := w.start(); err != nil {
				r.crashes = append(r.crashes, Crash{name, profile, fmt.Sprint(k), "worker start: " + err.Error()})
				return false
			}
		}
		fmt.Fprintf(w.stdin, "%s %d %d %s\n", name, k, n, profile)
		cur := k
		finished := false
		for !finished {
			select {
			case line, ok := <-w.lines:
				if !ok {
					w.cmd.Wait()
					sig := "exit"
					if m := sigRE.FindStringSubmatch(w.stderr.String()); m != nil {
						sig = m[1]
					}
					r.crashes = append(r.crashes, Crash{name, profile, fmt.Sprint(cur), sig})
					if r.errClass == "" {
						r.errClass = "crash (" + sig + ")"
					}
					w.cmd = nil
					k = cur + 1
					finished = true
					continue
				}
				var s sampleResult
				if err := json.Unmarshal(line, &s); err != nil {
					continue
				}
				switch s.T {
				case "start":
					cur = s.K
				case "res":
					r.calls += s.Calls
					r.checks += s.Checks
					for k, n := range s.ChecksRun {
						r.checksRun[k] += n
					}
					for k, n := range s.Skipped {
						r.skipped[k] += n
					}
					if s.ErrClass == "" {
						r.exercised = r.exercised || profile == "strict"
					} else if r.errClass == "" {
						r.errClass, r.errMsg = s.ErrClass, s.ErrMsg
					}
					for i := range s.Violations {
						v := &s.Violations[i]
						f := Finding{Op: name, Profile: v.Profile.String(), Check: v.Check.String(), Message: v.Error(),
							Sample: fmt.Sprintf("%d: %s", s.K, variants[s.K])}
						if v.Ret >= 0 {
							ret := v.Ret
							f.Ret = &ret
						} else {
							f.Arg = v.Arg
						}
						r.findings = append(r.findings, f)
					}
				case "done":
					k = n
					finished = true
				}
			case <-deadline:
				w.stop()
				r.crashes = append(r.crashes, Crash{name, profile, fmt.Sprint(cur), "timeout"})
				if r.errClass == "" {
					r.errClass = "timeout"
				}
				return false
			}
		}
	}
	return true
}
