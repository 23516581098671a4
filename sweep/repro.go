package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/assertgen/assertgen/asserts"
)

// A Repro is the reproducer of one finding or crash ([Options].Repro): a
// Go test of the library alone in a directory of its own.
type Repro struct {
	// Key is the finding's or crash's key (Finding.Key, Crash.Key); Also
	// the keys of the findings of the same cause it stands for too (the
	// same op and sample, the same returned tensor).
	Key  string
	Also []string
	// Title is the sentence the test fails with, a bug's title.
	Title string
	// Package is the package the bug is in: its cause's ([Cause].Package:
	// the package of a crash's innermost frame at fault, the function a
	// finding's wrapper calls), else the crashing function's, or the
	// called function's.
	Package string
	// Dir is the test's directory, Command the command that runs it (from
	// the sweep's working directory).
	Dir, Command string
	// Sample is the sample the test makes (minimized), From the one the
	// sweep found the bug on; Tries the samples minimizing called.
	Sample, From string
	Tries        int
	// Verified: the test, built and run once in a fresh process, failed
	// as the finding did. Note says why not (or why no test was written,
	// Dir then "").
	Verified bool
	Note     string
	want     string // what its run must print: its title, or a dying process's text
	// exits: the process exits in the call (a crash of kind exit), with
	// status: its test must die so, printing want (the message the
	// worker printed last, if any)
	exits  bool
	status int
}

// String is the reproducer's line of the report's list: its title, its
// directory and its command, or why it is not shown as a bug.
func (r *Repro) String() string {
	switch {
	case r.Dir == "":
		return fmt.Sprintf("%s: no reproducer: %s", r.Key, r.Note)
	case !r.Verified:
		return fmt.Sprintf("%s: not verified (%s): %s", r.Key, r.Note, r.Command)
	}
	return fmt.Sprintf("%s\t%s\t%s", r.Title, r.Dir, r.Command)
}

// reproEnv names the directory of the reproducers of every sweep of the
// process whose Options name none.
const reproEnv = "ASSERTGEN_SWEEP_REPRO"

// reproDir is the directory the sweep writes its reproducers in ("":
// none): Options.Repro, else ASSERTGEN_SWEEP_REPRO.
func (o *Options) reproDir() string {
	if o.Repro != "" {
		return o.Repro
	}
	return os.Getenv(reproEnv)
}

// calledAgain ends the name of a sample whose finding its second call
// showed (Report.Again); shows calls such a sample twice.
const calledAgain = ", called again"

// defaultReproBudget bounds minimizing one finding's sample.
const (
	defaultReproBudget = 30 * time.Second
	maxReproTries      = 200
)

// writeRepros writes a reproducer for each finding and crash of rep into
// o.Repro, each minimized, deduplicated and verified, and adds them to
// rep.Repros. It runs in the sweep's process (its calls are in-process:
// a crash that kills the process is written from its unrepaired sample,
// not called).
func writeRepros(es []entry, rt Runtime, rep *Report, o Options) {
	byName := map[string]*entry{}
	for i := range es {
		byName[es[i].Name] = &es[i]
	}
	rr, ok := rt.(ReproRuntime)
	if !ok {
		for _, k := range allKeys(rep) {
			note := "the runtime has no ReproSource and ReproTensor methods"
			if e := byName[strings.SplitN(k, " ", 2)[0]]; e != nil && methodWrapper(reflect.ValueOf(e.Fn)) != "" {
				note = methodWrapper(reflect.ValueOf(e.Fn))
			}
			rep.Repros = append(rep.Repros, &Repro{Key: k, Note: note})
		}
		return
	}
	budget := o.ReproBudget
	if budget <= 0 {
		budget = defaultReproBudget
	}
	used := map[string]bool{}
	for _, c := range rep.Crashes {
		ce := &crashError{Kind: c.Kind, Text: c.Text, At: c.At, Output: c.Output, Frames: c.Frames}
		rc := &reproCase{Op: c.Op, Crash: ce, Limit: o.CallLimit, tried: rep.Tried[c.Op]}
		rep.Repros = append(rep.Repros, reproOne(byName[c.Op], rr, rc, c.Key(), c.Variants, budget, o.Repro, used))
	}
	seen := map[string]*Repro{}
	fs := slices.Clone(rep.Findings)
	// a finding of a sample's own call before one of its calls again: the
	// first is the cause (a kernel that returns its input hands it out
	// twice, too)
	// A finding the report puts under its cause (Finding.Cause: the same
	// returned handle trips both) comes after it, and is one of its
	// reproducer's Also.
	slices.SortStableFunc(fs, func(a, b *Finding) int {
		if d := boolInt(a.Cause != "") - boolInt(b.Cause != ""); d != 0 {
			return d
		}
		return boolInt(strings.HasSuffix(a.Variants[0], calledAgain)) - boolInt(strings.HasSuffix(b.Variants[0], calledAgain))
	})
	byKey := map[string]*Repro{}
	for _, f := range fs {
		if r := byKey[f.Cause]; f.Cause != "" && r != nil && r.Dir != "" {
			r.Also = append(r.Also, f.Key())
			continue
		}
		key := f.Op + "\x00" + f.Where + "\x00" + strings.TrimSuffix(f.Variants[0], calledAgain)
		if r := seen[key]; r != nil && r.Dir != "" { // one returned handle, two checks
			r.Also = append(r.Also, f.Key())
			byKey[f.Key()] = r
			continue
		}
		rc := &reproCase{Op: f.Op, Check: f.Check.String(), Where: f.Where, tried: rep.Tried[f.Op]}
		r := reproOne(byName[f.Op], rr, rc, f.Key(), f.Variants, budget, o.Repro, used)
		seen[key] = r
		byKey[f.Key()] = r
		rep.Repros = append(rep.Repros, r)
	}
	for _, r := range rep.Repros {
		if r.Dir != "" && len(r.Also) > 0 {
			addAlso(r)
		}
	}
	verifyRepros(o.Repro, rep.Repros)
	for _, c := range rep.Causes { // the package at fault is the cause's: a binding's bug the binding's
		for _, m := range c.Members {
			for _, r := range rep.Repros {
				if r.Key == m.Key && c.Package != "" {
					r.Package = c.Package
				}
			}
		}
	}
}

// allKeys are the keys of rep's crashes and findings.
func allKeys(rep *Report) []string {
	var ks []string
	for _, c := range rep.Crashes {
		ks = append(ks, c.Key())
	}
	for _, f := range rep.Findings {
		ks = append(ks, f.Key())
	}
	return ks
}

// reproOne recreates the first sample of a finding (names: the samples it
// showed in), minimizes it, writes the reproducer under root and runs it.
func reproOne(e *entry, rt ReproRuntime, c *reproCase, key string, names []string, budget time.Duration, root string, used map[string]bool) *Repro {
	r := &Repro{Key: key}
	if e == nil || len(names) == 0 {
		r.Note = "no sample to start from"
		return r
	}
	fn := reflect.ValueOf(e.Fn)
	if why := methodWrapper(fn); why != "" { // before minimizing: it would be for nothing
		r.Note = why
		return r
	}
	s, got, err := recreate(e, rt, names[0], c)
	if err != nil {
		r.Note = err.Error()
		return r
	}
	r.From = names[0] + ": " + reproDescribe(s)
	c.From, c.Other = r.From, got.v.Other
	if c.Crash == nil || c.Crash.Kind == crashPanic || c.Crash.Kind == crashRelease {
		var small shown
		if s, r.Tries, small = minimize(e, rt, s, c, budget); small.crash != nil {
			got = small
		}
	}
	if got.crash != nil {
		// the crash as the sample written shows it: minimized, an index
		// past the end names the smaller length, which the test prints
		c.Crash = &crashError{Kind: c.Crash.Kind, Text: got.crash.Text, At: got.crash.At, Output: c.Crash.Output, Frames: got.crash.Frames}
	}
	c.Sample, r.Sample = s, reproDescribe(s)
	b, err := boundCallOf(fn)
	if err != nil {
		r.Note = err.Error()
		return r
	}
	r.Package = b.pkg
	// a crash is in the crashing function's package; one releasing the
	// results, in the called function's (its kernel left them so), not
	// where the runtime's Release tripped (reproPackage)
	r.Package = reproPackage(c, b)
	src, title, err := writeRepro(rt, fn, b, c)
	if err != nil {
		r.Note = err.Error()
		return r
	}
	r.Title = title
	slug := reproSlug(key, used)
	r.Dir = filepath.Join(root, slug)
	if err := os.MkdirAll(r.Dir, 0o777); err != nil {
		r.Note, r.Dir = err.Error(), ""
		return r
	}
	r.Command = reproCommand(r.Dir)
	if err := os.WriteFile(filepath.Join(r.Dir, "repro_test.go"), src, 0o666); err != nil {
		r.Note, r.Dir = err.Error(), ""
		return r
	}
	r.want = title
	if c.Crash != nil && c.Crash.Kind != crashPanic && c.Crash.Kind != crashHang && c.Crash.Kind != crashRelease {
		r.want = firstLine(c.Crash.Text) // the process dies: its panic's text
	}
	if st, msg, ok := exitOf(c.Crash); ok { // the process exits: with its status, printing its message
		r.exits, r.status, r.want = true, st, msg
	}
	return r
}

// reproSlug is the directory name of a finding's reproducer, from its key,
// one not used before.
func reproSlug(key string, used map[string]bool) string {
	var b strings.Builder
	for _, r := range strings.ReplaceAll(key, " crash: ", " ") {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	base := strings.Trim(b.String(), "_")
	s := base
	for i := 2; used[s]; i++ {
		s = fmt.Sprintf("%s_%d", base, i)
	}
	used[s] = true
	return s
}

// recreate makes again, in this process, the sample named (a variant's
// name, or "value: NAME": the probe NAME of the op's base sample) as it
// ran, and returns it with what of c it shows. A crash that kills the
// process is not called: its variant's sample as the schema gives it, or
// the probe's of the base sample (which ran), is returned.
func recreate(e *entry, rt Runtime, name string, c *reproCase) (*Sample, shown, error) {
	fn := reflect.ValueOf(e.Fn)
	c.again = strings.HasSuffix(name, calledAgain)
	name = strings.TrimSuffix(name, calledAgain)
	pname, isProbe := strings.CutPrefix(name, "value: ")
	safe := c.Crash == nil || c.Crash.Kind == crashPanic || c.Crash.Kind == crashRelease // recovered: called again
	var s, given *Sample
	if isProbe {
		p := slices.IndexFunc(Probes, func(p probe) bool { return p.Name == pname })
		if p < 0 {
			return nil, shown{}, fmt.Errorf("no probe %q", pname)
		}
		base, err := baseSample(e, rt, c.tried, pname)
		if err != nil {
			return nil, shown{}, err
		}
		var st byte
		if s, st = base.ApplyProbe(p); st != probeChanged {
			return nil, shown{}, fmt.Errorf("the probe %s changes nothing of the op's base sample here", pname)
		}
		given = probeGiven(givenBase(e.Func, base.Variant, base), p, s) // the probe as the schema gives the base
	} else {
		v := slices.IndexFunc(Variants, func(x variant) bool { return x.Name == name })
		if v < 0 {
			return nil, shown{}, fmt.Errorf("no variant %q", name)
		}
		s = For(e.Func, v)
		if safe {
			s.Run(func(s *Sample) error { return quietCall(rt, fn, s, nil) }) // its repairs
		}
	}
	if !safe {
		return s, shown{}, nil
	}
	if got, ok := shows(rt, fn, s, c); ok {
		return s, got, nil
	}
	if given != nil {
		given.Run(func(s *Sample) error { return quietCall(rt, fn, s, nil) }) // repaired if refused, as it ran
		if got, ok := shows(rt, fn, given, c); ok {
			return given, got, nil
		}
	}
	return nil, shown{}, fmt.Errorf("sample %q does not show the finding again in this process", name)
}

// baseSample makes again, in this process, the sample the op's probes
// ran on (runOp), as it ran: the first variant that ran, the aliasing one
// only when no other did; for a probe of a degenerate shape or of an
// argument, when none ran, the first the kernel refused, as repaired.
// Which one is read off the op's Tried (tried), so that no variant that
// crashed, and may kill the process, is called.
func baseSample(e *entry, rt Runtime, tried, probe string) (*Sample, error) {
	fn := reflect.ValueOf(e.Fn)
	codes := tried[:min(len(tried), len(Variants))]
	ran := func(v int) bool { return codes[v] == '.' || codes[v] == 'V' }
	degenerate := slices.Contains(shapeProbes, probe) || slices.Contains(argProbes, probe)
	base, refused := -1, false
	for _, pick := range []func(v int) bool{
		func(v int) bool { return ran(v) && !Variants[v].Alias },
		func(v int) bool { return ran(v) && Variants[v].Alias },
		func(v int) bool { return degenerate && codes[v] == 'E' && !Variants[v].Alias },
	} {
		for v := range codes {
			if base < 0 && pick(v) {
				base, refused = v, codes[v] == 'E'
			}
		}
	}
	if base < 0 {
		return nil, fmt.Errorf("no base sample for the probe %s: none of the op's variants ran (tried %q)", probe, tried)
	}
	s := For(e.Func, base)
	if err := s.Run(func(s *Sample) error { return quietCall(rt, fn, s, nil) }); (err != nil) != refused {
		return nil, fmt.Errorf("the op's base sample, %s, does not run here as it did in the sweep", Variants[base].Name)
	}
	return s, nil
}

// quietCall calls s, its violations collected into vs (when not nil).
func quietCall(rt Runtime, fn reflect.Value, s *Sample, vs *[]asserts.Violation) error {
	var err error
	got := asserts.Collect(func() { err = Call(rt, fn, s) })
	if vs != nil {
		*vs = got
	}
	return err
}

// A shown is what a sample showed of a reproducer's case: the violation
// of its finding, or its crash (its text and place on that sample).
type shown struct {
	v     asserts.Violation
	crash *crashError
}

// shows calls s and reports whether it shows c: the same kind of crash at
// the same function, or a violation of the same check at the same place
// (on a second call, the first held, for fresh_not_held), which it
// returns.
func shows(rt Runtime, fn reflect.Value, s *Sample, c *reproCase) (shown, bool) {
	var vs []asserts.Violation
	var err error
	if c.Check == "fresh_not_held" || c.again {
		vs, err = callTwice(rt, fn, s.clone())
	} else {
		err = quietCall(rt, fn, s.clone(), &vs)
	}
	if c.Crash != nil {
		var ce *crashError
		if !errors.As(err, &ce) || ce.Kind != c.Crash.Kind {
			return shown{}, false
		}
		fa, _, _ := strings.Cut(ce.At, " (")
		fb, _, _ := strings.Cut(c.Crash.At, " (")
		return shown{crash: ce}, fa == fb
	}
	for _, v := range vs {
		if v.Check.String() == c.Check && v.Where() == c.Where {
			return shown{v: v}, true
		}
	}
	return shown{}, false
}

// verifyRepros runs the reproducers written under root, each once in a
// process of its own (one go test of them all; where root's import path
// is not one the go command takes, a go test of each one's file), and
// records whether each failed as its finding did: with its title (a
// process that dies: with the crash's text; one that exits: verifyExit).
// One that passes, or fails otherwise, is not verified, and its note says
// why.
func verifyRepros(root string, rs []*Repro) {
	byFile := !importable(root)
	var batch []*Repro
	for _, r := range rs {
		switch {
		case r.Dir == "":
		case r.exits:
			r.Verified, r.Note = verifyExit(root, r, byFile)
		case byFile:
			result, text, loose := goTestJSON(root, []string{reproTarget(r.Dir, true)})
			got := text[fileArgs]
			if got == "" {
				got = loose
			}
			r.Verified, r.Note = judgeRun(result[fileArgs], got, r.want)
		default:
			batch = append(batch, r)
		}
	}
	if len(batch) == 0 {
		return
	}
	var targets []string
	for _, r := range batch {
		targets = append(targets, reproTarget(r.Dir, false))
	}
	result, text, loose := goTestJSON(root, targets)
	for _, r := range batch {
		slug := filepath.Base(r.Dir)
		got, ok := text[slug]
		if !ok {
			got = loose
		}
		r.Verified, r.Note = judgeRun(result[slug], got, r.want)
	}
}

// fileArgs is the package the go command makes of files given by name.
const fileArgs = "command-line-arguments"

// goTestJSON runs go test -count=1 -json of targets in dir and returns,
// by the last element of each package's import path, its result ("fail"
// or "pass") and its output, and what no package claims (the go command's
// own errors).
func goTestJSON(dir string, targets []string) (result, text map[string]string, loose string) {
	cmd := exec.Command("go", append([]string{"test", "-count=1", "-json"}, targets...)...)
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput()
	result, text = map[string]string{}, map[string]string{}
	var rest strings.Builder
	for _, l := range strings.Split(string(out), "\n") {
		var ev struct{ Action, Package, ImportPath, Test, Output string }
		if json.Unmarshal([]byte(l), &ev) != nil {
			rest.WriteString(l + "\n")
			continue
		}
		// "example.com/x [setup failed]", "example.com/x [example.com/x.test]"
		pkg, _, _ := strings.Cut(ev.Package+ev.ImportPath, " [")
		slug := pkg[strings.LastIndex(pkg, "/")+1:]
		text[slug] += ev.Output
		switch {
		case ev.Action == "build-fail":
			result[slug] = "fail"
		case ev.Test == "" && (ev.Action == "fail" || ev.Action == "pass"):
			result[slug] = ev.Action
		}
	}
	return result, text, rest.String()
}

// reproTarget is what go test is given, from the reproducers' directory,
// to run the reproducer in dir: its package ("./slug"), or its file
// ("./slug/repro_test.go", byFile), which runs where the directory's
// import path is not one the go command takes.
func reproTarget(dir string, byFile bool) string {
	if byFile {
		return "./" + filepath.Base(dir) + "/repro_test.go"
	}
	return "./" + filepath.Base(dir)
}

// reproCommand is the command that runs the reproducer in dir from the
// sweep's working directory, shell-quoted: go test of its package, or of
// its file where the directory's import path is not one the go command
// takes (a space in a directory's name).
func reproCommand(dir string) string {
	p := filepath.ToSlash(dir)
	if !filepath.IsAbs(dir) {
		p = "./" + p
	}
	if !importable(dir) {
		p += "/repro_test.go"
	}
	return "go test " + shellQuote(p)
}

// importable reports whether the go command takes dir's import path: the
// path of dir below its module's root (the nearest directory above it
// with a go.mod) is made of ASCII letters, digits and "-._~+" (a space,
// an "@" or a letter outside ASCII it refuses: "malformed import path").
func importable(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	rel := ""
	for d := abs; rel == ""; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			rel, _ = filepath.Rel(d, abs)
		} else if filepath.Dir(d) == d {
			return false // in no module
		}
	}
	if rel == "." {
		return true
	}
	for _, el := range strings.Split(filepath.ToSlash(rel), "/") {
		if el == "" || strings.IndexFunc(el, func(r rune) bool { return !pathRune(r) }) >= 0 {
			return false
		}
	}
	return true
}

// pathRune reports whether r may be in an import path's element.
func pathRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-._~+", r)
}

// shellQuote quotes s for a POSIX shell where it needs it: in single
// quotes, each single quote of s ended, escaped and begun again.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool { return !pathRune(r) && !strings.ContainsRune("/=:@%,", r) }) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// verifyExit runs the reproducer of a crash that exits the process (a
// kernel's os.Exit, log.Fatalf) as a test binary of its own, built with
// go test -c (the go command does not say a test's exit status), and
// says whether it died as the worker did: it exited with the worker's
// status in its test, which did not end, printing the worker's last
// message.
func verifyExit(root string, r *Repro, byFile bool) (bool, string) {
	tmp, err := os.MkdirTemp("", "assertgen-repro-")
	if err != nil {
		return false, "the test did not run: " + err.Error()
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "repro.test")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := exec.Command("go", "test", "-c", "-o", bin, reproTarget(r.Dir, byFile))
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return judgeRun("fail", string(out), "\x00") // its build's errors
	}
	run := exec.Command(bin, "-test.run=^TestRepro$", "-test.v", "-test.count=1", "-test.timeout=10m") // go test's flags
	run.Dir = r.Dir
	out, _ := run.CombinedOutput()
	return judgeExit(run.ProcessState.ExitCode(), string(out), r.status, r.want)
}

// judgeExit says whether a reproducer's test binary, which exited with
// status printing out, died as a worker that exited with want printing
// msg (last; "": nothing) did: in its test (testing printed no end of
// it), with that status and message; and why not.
func judgeExit(status int, out string, want int, msg string) (bool, string) {
	ended := strings.Contains(out, "--- PASS: TestRepro") || strings.Contains(out, "--- FAIL: TestRepro")
	said := msg == "" || strings.Contains(normalizeTrace(out), normalizeTrace(msg))
	switch {
	case status == want && !ended && said:
		return true, ""
	case status == 0 && strings.Contains(out, "--- PASS: TestRepro"):
		return false, "the test passes: the bug does not show without the checks"
	case ended:
		return judgeRun("fail", out, "\x00")
	case status != want:
		return false, fmt.Sprintf("the test fails otherwise: it exits with status %d, not %d", status, want)
	}
	return false, fmt.Sprintf("the test fails otherwise: it exits with status %d without printing %q", status, msg)
}

// exitOf returns, for a crash of kind exit, the status the worker exited
// with and the last line it printed in the step (a log.Fatalf's message,
// without the date and time log puts before it; "" when it printed
// none).
func exitOf(ce *crashError) (int, string, bool) {
	if ce == nil || ce.Kind != crashExit {
		return 0, "", false
	}
	m := exitStatusRE.FindStringSubmatch(ce.Text)
	if m == nil {
		return 0, "", false
	}
	st, _ := strconv.Atoi(m[1])
	msg := ""
	for _, l := range strings.Split(ce.Output, "\n") {
		if l = strings.TrimSpace(logStamp.ReplaceAllString(l, "")); l != "" {
			msg = l
		}
	}
	return st, msg, true
}

var (
	// exitStatusRE finds the status in a crash of kind exit's text.
	exitStatusRE = regexp.MustCompile(`exited with status (\d+)`)
	// logStamp is the date and time package log puts before a message.
	logStamp = regexp.MustCompile(`^(\d{4}/\d{2}/\d{2} )?(\d{2}:\d{2}:\d{2}(\.\d+)? )?`)
)

// judgeRun says whether a reproducer's run (its result, "fail" or
// "pass", and its output) failed with want, and why not.
func judgeRun(result, out, want string) (bool, string) {
	switch {
	case result == "pass":
		return false, "the test passes: the bug does not show without the checks"
	case result == "fail" && strings.Contains(out, want):
		return true, ""
	}
	why := ""
	for _, l := range strings.Split(out, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "--- ") && !strings.HasPrefix(l, "FAIL") && !strings.HasPrefix(l, "=== ") {
			why = l
			break
		}
	}
	if why == "" {
		why = "go test said nothing of it"
	}
	if result != "fail" {
		return false, "the test did not run: " + why
	}
	return false, "the test fails otherwise: " + why
}

// addAlso adds the keys a reproducer stands for too to its file's
// comment.
func addAlso(r *Repro) {
	p := filepath.Join(r.Dir, "repro_test.go")
	b, err := os.ReadFile(p)
	if err != nil {
		return
	}
	var also strings.Builder
	for _, a := range r.Also {
		why := "the same call's result"
		if strings.Contains(a, " argument ") {
			why = "the same tensor, passed as another argument"
		}
		also.WriteString("// Also: " + a + " (" + why + ").\n")
	}
	s := strings.Replace(string(b), "func TestRepro(", also.String()+"func TestRepro(", 1)
	_ = os.WriteFile(p, []byte(s), 0o666)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reproPackage is the package a reproducer's bug is in: a crash's
// crashing function's (its import path, where the reproducer imports
// it or copies it: b.pkg), else (a finding, a crash releasing the call's results: the
// runtime's Release is where it trips, the kernel what left them so) the
// called function's (b.pkg).
func reproPackage(c *reproCase, b *boundSource) string {
	if c.Crash != nil && c.Crash.At != "" && c.Crash.Kind != crashRelease {
		pkg, _, _ := strings.Cut(c.Crash.At, ".")
		for _, p := range slices.Sorted(maps.Keys(b.Imports)) {
			if b.Imports[p] == pkg || defaultName(p) == pkg {
				return p
			}
		}
		if b.pkg[strings.LastIndex(b.pkg, "/")+1:] == pkg { // the package the reproducer copies
			return b.pkg
		}
		return pkg
	}
	return b.pkg
}
