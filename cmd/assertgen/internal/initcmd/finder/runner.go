package finder

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A runner runs the value check's program, built once, in programs of
// their own. Each is a process group, killed whole when it ends or at
// runBound. Its lines go to a file, not to its standard output, which the
// library's code may print on.
type runner struct {
	dir  string // the user's package, where the program runs
	tmp  string // the program, its overlay and its runs' files
	spec string // -type's value, for messages
	bin  string
}

// build builds the program src in the user's module, as a package of dir
// given to the go command as an overlay. Nothing is written in the module.
func (r *runner) build(ctx context.Context, src []byte) error {
	sub := "assertgen_valuecheck"
	for n := 2; exists(filepath.Join(r.dir, sub)); n++ {
		sub = fmt.Sprintf("assertgen_valuecheck%d", n)
	}
	main := filepath.Join(r.tmp, "main.go")
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(r.dir, sub, "main.go"): main}})
	if err := os.WriteFile(main, src, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(r.tmp, "overlay.json"), overlay, 0o644); err != nil {
		return err
	}
	// The build has no time limit of its own: the compiler ends. A
	// library's check can take 6 to 9 minutes to build on a loaded 2-core
	// machine (gorgonia's Dense: 1.2 GB of compiler memory), so a 5-minute
	// bound would fail init. The caller's context (an interrupt) still
	// stops it.
	r.bin = filepath.Join(r.tmp, "valuecheck")
	if runtime.GOOS == "windows" {
		r.bin += ".exe"
	}
	args := append([]string{"build", modFlag(r.dir)}, noDebugInfo(os.Getenv("GOFLAGS"))...)
	cmd := exec.CommandContext(ctx, "go", append(args, "-o", r.bin, "-overlay", filepath.Join(r.tmp, "overlay.json"), "./"+sub)...)
	cmd.Dir = r.dir
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil && ctx.Err() != nil:
		return fmt.Errorf("the build of the check of %s's values was stopped: %v", r.spec, ctx.Err())
	case err != nil:
		return &buildError{msg: fmt.Sprintf("the check of %s's values (a program built in this module) failed: %v\n%s", r.spec, err, strings.TrimSpace(string(out))), out: string(out)}
	}
	return nil
}

// noDebugInfo is the go command's flags that leave out the DWARF debug
// information of the program and its link. Nothing reads it: a panic's
// trace is read from the symbol tables a build keeps. It saves a tenth of
// a library's check's build. A GOFLAGS (goflags) of the user's with
// -gcflags or -ldflags is left to say them alone.
func noDebugInfo(goflags string) []string {
	if strings.Contains(goflags, "-gcflags") || strings.Contains(goflags, "-ldflags") {
		return nil
	}
	return []string{"-gcflags=-dwarf=false", "-ldflags=-w"}
}

// modFlag is the go command's -mod flag of the value check and of the
// library's loading. It is -mod=readonly, whatever GOFLAGS says, so that
// nothing is written in the module, go.mod and go.sum included. In a
// vendored module, it is -mod=vendor.
func modFlag(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if _, modDir, err := moduleOf(dir); err == nil && exists(filepath.Join(modDir, "vendor", "modules.txt")) {
		return "-mod=vendor"
	}
	return "-mod=readonly"
}

// A ran is what one run of the program wrote and how it ended.
type ran struct {
	lines []string    // its "P", "A", "R" and "E" lines
	runs  map[int]int // the "R" and "E" lines of each candidate
	last  int         // the last candidate it started ("S"), -1 for none
	done  bool        // it ran all it was given ("D")
	hung  bool        // it ended itself after last did not return ("H")
	// killed is set when it was killed at runBound.
	killed bool
	why    string // how it ended, when not done
}

// all runs the program in mode on each group of candidates, a few groups
// at a time. It returns the lines of each group, in order.
func (r *runner) all(ctx context.Context, mode string, groups [][]int, cands []*Candidate) ([][]string, error) {
	out := make([][]string, len(groups))
	errs := make([]error, len(groups))
	var wg sync.WaitGroup
	sem := make(chan struct{}, min(runtime.NumCPU(), 4))
	ran := counter(ctx, "the value check: callables run", len(groups))
	for g, idx := range groups {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done(); ran() }()
			out[g], errs[g] = r.group(ctx, mode, idx, cands)
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// group runs the program in mode on the candidates idx, those of one
// callable, until each has run. A candidate that ends its program gets a
// line that says how, as the result of the case it was on. The candidates
// after it run in a new program. One that does not return costs that long:
// the program ends itself after callTimeout, or is killed at runBound. The
// callable's candidates after it are not run. Each gets a line that says
// so, "R c -1 WHY", of no case.
func (r *runner) group(ctx context.Context, mode string, idx []int, cands []*Candidate) ([]string, error) {
	var out []string
	for len(idx) > 0 {
		res, err := r.exec(ctx, mode, idx)
		if err != nil {
			return nil, err
		}
		out = append(out, res.lines...)
		if res.done {
			break
		}
		c := res.last
		if c < 0 {
			return nil, fmt.Errorf("-type %s: the value check's program ended before it ran a candidate: %s", r.spec, res.why)
		}
		k := res.runs[c]
		if k >= len(cands[c].Op.Ref.Cases) {
			k = 0 // it ended its program after its last case: that case's result
		}
		switch {
		case res.hung || res.killed:
			if res.killed && mode == "run" {
				out = append(out, fmt.Sprintf("R %d %d %s", c, k, res.why))
			}
			limit := fmt.Sprintf("within %v", callTimeout)
			if res.killed {
				limit = fmt.Sprintf("within %v on %s's inputs (its program was killed)", runBound, cands[c].Op.Name)
			} else {
				limit += fmt.Sprintf(" on %s's inputs", cands[c].Op.Name)
			}
			for _, o := range idx[slices.Index(idx, c)+1:] {
				if mode == "run" {
					out = append(out, fmt.Sprintf("R %d -1 not run: %s did not return %s", o, cands[c].Callable.Name, limit))
				}
			}
			return out, nil
		case mode == "empty":
			out = append(out, fmt.Sprintf("E %d crash %s", c, res.why))
		default:
			out = append(out, fmt.Sprintf("R %d %d %s", c, k, res.why))
		}
		idx = idx[slices.Index(idx, c)+1:]
	}
	return out, nil
}

// exec runs the program once, in mode, on the candidates idx. It runs in a
// process group of its own, killed whole when it ends or at runBound.
func (r *runner) exec(ctx context.Context, mode string, idx []int) (ran, error) {
	res := ran{runs: map[int]int{}, last: -1}
	report, err := os.CreateTemp(r.tmp, "report")
	if err != nil {
		return res, err
	}
	defer os.Remove(report.Name())
	defer report.Close()
	stderr, err := os.CreateTemp(r.tmp, "stderr")
	if err != nil {
		return res, err
	}
	defer os.Remove(stderr.Name())
	defer stderr.Close()
	stdout, err := os.Open(os.DevNull)
	if err != nil {
		return res, err
	}
	defer stdout.Close()
	args := []string{report.Name(), mode}
	for _, c := range idx {
		args = append(args, strconv.Itoa(c))
	}
	run, cancel := context.WithTimeout(ctx, runBound)
	defer cancel()
	cmd := exec.CommandContext(run, r.bin, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = r.dir, stdout, stderr
	cmd.Env = append(os.Environ(), "GOTRACEBACK=single") // a panic's line near the end
	ownGroup(cmd)
	err = cmd.Run()
	killGroup(cmd) // what the program started and left running
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	if err := res.read(report); err != nil {
		return res, err
	}
	switch {
	case res.done:
	case run.Err() != nil:
		res.killed = true
		res.why = fmt.Sprintf("it did not return within %v: its program was killed", runBound)
	default:
		res.why = exitWhy(err, stderr)
	}
	return res, nil
}

// read reads the lines of a run's report.
func (res *ran) read(f *os.File) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		kind, rest, _ := strings.Cut(line, " ")
		n, _, _ := strings.Cut(rest, " ")
		c, _ := strconv.Atoi(n)
		switch kind {
		case "D":
			res.done = true
		case "S":
			res.last = c
		case "H":
			res.hung = true
		case "R", "E":
			res.runs[c]++
			fallthrough
		default:
			res.lines = append(res.lines, line)
		}
	}
	return sc.Err()
}

// logTime matches the time the log package writes before a message.
var logTime = regexp.MustCompile(`^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(\.\d+)? `)

// exitWhy says how the program ended before it was done: its exit status,
// and the last line of its standard error that says why. That is a
// panic's line, or the last one, without the log package's time.
func exitWhy(err error, stderr *os.File) string {
	status := "exit status 0"
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		status = ee.ProcessState.String()
	} else if err != nil {
		status = err.Error()
	}
	why := "it ended the value check's program (" + status + ")"
	// The end of its standard error. A panic's first line is there, and
	// the goroutines' traces after it (of one goroutine,
	// GOTRACEBACK=single).
	const tail = 1 << 20
	if fi, err := stderr.Stat(); err == nil && fi.Size() > tail {
		stderr.Seek(fi.Size()-tail, io.SeekStart)
	} else {
		stderr.Seek(0, io.SeekStart)
	}
	sc := bufio.NewScanner(stderr)
	sc.Buffer(make([]byte, 1<<16), tail)
	last, panicked := "", ""
	for sc.Scan() {
		line := strings.Join(strings.Fields(sc.Text()), " ")
		switch {
		case strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: "):
			panicked = line
		case line != "":
			last = line
		}
	}
	if panicked != "" && strings.HasSuffix(status, "exit status 2") {
		return why + ": " + panicked
	}
	if last = logTime.ReplaceAllString(last, ""); last != "" {
		return why + ": " + last
	}
	return why
}
