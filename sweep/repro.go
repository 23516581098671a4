package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
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
	"sync"
	"time"
	"unicode"

	"github.com/assertgen/assertgen/asserts"
)

// A Repro is the reproducer of one finding or crash ([Options].Repro): a
// Go test of the library alone in a directory of its own.
type Repro struct {
	// Cause is the key of the cause it reproduces ([Cause].Key); Key the
	// key of the member it was written from (Finding.Key, Crash.Key: the
	// cause's first that could be), Also the keys of its other members.
	Cause string
	Key   string
	Also  []string
	// Name is the test's name ("TestInnerPanicsOnEmptyTensor"); Title the
	// sentence it fails with, a bug's title.
	Name, Title string
	// Package is the package the bug is in: its cause's ([Cause].Package:
	// the package of a crash's innermost frame at fault, the function a
	// finding's wrapper calls), else the crashing function's, or the
	// called function's.
	Package string
	// Dir is the test's directory, a module of its own; Command the
	// command that runs it, from any directory ("cd DIR && go test
	// ./...", DIR as the sweep was given it: relative to the sweep's
	// working directory, or absolute).
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

// inShard is o for the sweep of shard sh: with more than one shard, its
// reproducers go into a directory of the shard's own under o's
// (REPRO/shard-INDEX-of-TOTAL), so that shards on one machine, or
// machines whose directories are gathered into one, never write two
// causes' reproducers into one directory of the same name.
func (o Options) inShard(sh Shard) Options {
	if d := o.reproDir(); d != "" && sh.Total > 1 {
		o.Repro = filepath.Join(d, fmt.Sprintf("shard-%d-of-%d", sh.Index, sh.Total))
	}
	return o
}

// calledAgain ends the name of a sample whose finding its second call
// showed (Report.Again); shows calls such a sample twice.
const calledAgain = ", called again"

// defaultReproBudget bounds minimizing one finding's sample.
const (
	defaultReproBudget = 30 * time.Second
	maxReproTries      = 200
)

// writeRepros writes a reproducer for each cause of rep into o.Repro
// (docs/sweep.md, "Reproducers"): from its first member that gives one,
// minimized, in a module of its own, and verified; and adds them to
// rep.Repros. It runs in the sweep's process (its calls are in-process:
// a crash that kills the process is written from its sample as the
// sweep ran it, not called). With o.Test set, a reproducer that could
// not be built or run fails the test.
func writeRepros(es []entry, rt Runtime, rep *Report, o Options) {
	byName := map[string]*entry{}
	for i := range es {
		byName[es[i].Name] = &es[i]
	}
	causes := rep.causeList()
	rr, ok := rt.(ReproRuntime)
	if !ok {
		for _, c := range causes {
			note := "the runtime has no ReproSource and ReproTensor methods"
			if e := byName[c.Members[0].Op]; e != nil && methodWrapper(reflect.ValueOf(e.Fn)) != "" {
				note = methodWrapper(reflect.ValueOf(e.Fn))
			}
			rep.Repros = append(rep.Repros, &Repro{Cause: c.Key, Key: c.Members[0].Key, Also: otherKeys(c, c.Members[0].Key), Note: note})
		}
		return
	}
	w := &reproWriter{rt: rr, rep: rep, o: o, byName: byName, used: map[string]bool{}, pl: newPlaces(), mod: newReproModule(), pkgs: map[string]*inlinePkg{}}
	if w.budget = o.ReproBudget; w.budget <= 0 {
		w.budget = defaultReproBudget
	}
	for _, c := range causes {
		rep.Repros = append(rep.Repros, w.cause(c))
	}
	verifyRepros(rep.Repros)
	if o.Test != nil {
		o.Test.Helper()
		for _, r := range rep.Repros {
			if r.Dir != "" && !r.Verified && strings.HasPrefix(r.Note, notRun) {
				o.Test.Errorf("sweep: the reproducer of %q could not be built or run: %s", r.Cause, r)
			}
		}
	}
}

// notRun begins the note of a reproducer go test could not build or
// run.
const notRun = "the test did not run: "

// maxCauseTries bounds how many members of a cause writeRepros tries
// when its first gives no reproducer.
const maxCauseTries = 3

// A reproWriter writes the reproducers of one sweep's causes.
type reproWriter struct {
	rt     ReproRuntime
	rep    *Report
	o      Options
	byName map[string]*entry
	used   map[string]bool
	pl     *places
	mod    *reproModule
	budget time.Duration
	pkgs   map[string]*inlinePkg // the binding's packages inlineCall parsed
}

// cause writes c's reproducer, from its first member that gives one
// (a finding another member is the consequence of is not tried); of a
// crash in the library's code, its first member whose call of the
// library can be written without the binding's code first.
func (w *reproWriter) cause(c *Cause) *Repro {
	var first *Repro
	tries := 0
	for _, m := range w.ranked(c) {
		if m.consequence || tries >= maxCauseTries {
			continue
		}
		rc := w.caseOf(m, c)
		if rc == nil {
			continue
		}
		tries++
		r := w.one(w.byName[m.Op], rc, m)
		if first == nil || first.Dir == "" && r.Dir != "" {
			first = r
		}
		if r.Dir != "" {
			break
		}
	}
	if first == nil {
		first = &Repro{Key: c.Members[0].Key, Note: "no sample to start from"}
	}
	first.Cause, first.Also = c.Key, otherKeys(c, first.Key)
	if c.Package != "" {
		first.Package = c.Package // the package at fault is the cause's: a binding's bug the binding's
	}
	return first
}

// maxInlineProbes bounds how many members of a cause ranked looks at.
const maxInlineProbes = 12

// ranked are c's members in the order cause tries them: for a crash in
// the library's code, those whose call of the library inlineCall writes
// first (of the first maxInlineProbes), each group in c's order.
func (w *reproWriter) ranked(c *Cause) []Member {
	if c.Crash == "" || c.Binding || c.Crash == crashRelease {
		return c.Members
	}
	var direct, other []Member
	for i, m := range c.Members {
		e := w.byName[m.Op]
		if i < maxInlineProbes && e != nil && inlineCall(reflect.ValueOf(e.Fn), libraryEntry(m.Frames), w.pl.modules, w.pkgs) != nil {
			direct = append(direct, m)
		} else {
			other = append(other, m)
		}
	}
	return append(direct, other...)
}

// otherKeys are the keys of c's members but key.
func otherKeys(c *Cause, key string) []string {
	var ks []string
	for _, m := range c.Members {
		if m.Key != key {
			ks = append(ks, m.Key)
		}
	}
	return ks
}

// caseOf is what the reproducer of c's member m is written from; nil
// for a member the report does not hold.
func (w *reproWriter) caseOf(m Member, c *Cause) *reproCase {
	p := w.pl.of(w.byName[m.Op])
	for _, cr := range w.rep.Crashes {
		if cr.Key() == m.Key {
			ce := &crashError{Kind: cr.Kind, Text: cr.Text, At: cr.At, Output: cr.Output, Frames: cr.Frames}
			return &reproCase{Op: cr.Op, Crash: ce, Limit: w.o.CallLimit, tried: w.rep.Tried[cr.Op], cause: c, places: p, frames: m.Frames, key: m.Key}
		}
	}
	for _, f := range w.rep.Findings {
		if f.Key() == m.Key {
			return &reproCase{Op: f.Op, Check: f.Check.String(), Where: f.Where, tried: w.rep.Tried[f.Op], cause: c, places: p, key: m.Key}
		}
	}
	return nil
}

// one recreates the first sample of member m, minimizes it, writes the
// reproducer under the sweep's directory of reproducers and its module.
func (w *reproWriter) one(e *entry, c *reproCase, m Member) *Repro {
	r := &Repro{Key: m.Key}
	if e == nil || len(m.Samples) == 0 {
		r.Note = "no sample to start from"
		return r
	}
	fn := reflect.ValueOf(e.Fn)
	if why := methodWrapper(fn); why != "" { // before minimizing: it would be for nothing
		r.Note = why
		return r
	}
	s, got, err := recreate(e, w.rt, m.Samples[0], c)
	if err != nil {
		r.Note = err.Error()
		return r
	}
	r.From = m.Samples[0] + ": " + reproDescribe(s)
	c.From, c.Other = r.From, got.v.Other
	if c.Crash == nil || c.Crash.Kind == crashPanic || c.Crash.Kind == crashRelease {
		var small shown
		if s, r.Tries, small = minimize(e, w.rt, s, c, w.budget); small.crash != nil {
			got = small
		}
	}
	if got.crash != nil {
		// the crash as the sample written shows it: minimized, an index
		// past the end names the smaller length, which the test prints
		c.Crash = &crashError{Kind: c.Crash.Kind, Text: got.crash.Text, At: got.crash.At, Output: c.Crash.Output, Frames: got.crash.Frames}
	}
	c.Sample, r.Sample = s, reproDescribe(s)
	b, err := w.source(fn, c)
	if err != nil {
		r.Note = err.Error()
		return r
	}
	// a crash is in the crashing function's package; one releasing the
	// results, in the called function's (its kernel left them so), not
	// where the runtime's Release tripped (reproPackage)
	r.Package = reproPackage(c, b)
	src, title, name, err := writeRepro(w.rt, fn, b, c)
	if err != nil {
		r.Note = err.Error()
		return r
	}
	r.Title, r.Name = title, name
	slug := reproSlug(name, w.used)
	r.Dir = filepath.Join(w.o.Repro, slug)
	if err := os.MkdirAll(r.Dir, 0o777); err != nil {
		r.Note, r.Dir = err.Error(), ""
		return r
	}
	lib, err := w.mod.write(r.Dir, slug, importsOf(src), b.pkg)
	if err == nil {
		src, err = format.Source(bytes.Replace(src, []byte(libraryMark), []byte(lib), 1))
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(r.Dir, "repro_test.go"), src, 0o666)
	}
	if err != nil {
		r.Note, r.Dir = err.Error(), ""
		return r
	}
	r.Command = reproCommand(r.Dir, w.mod.work)
	r.want = title
	if c.Crash != nil && c.Crash.Kind != crashPanic && c.Crash.Kind != crashHang && c.Crash.Kind != crashRelease {
		r.want = firstLine(c.Crash.Text) // the process dies: its panic's text
	}
	if st, msg, ok := exitOf(c.Crash); ok { // the process exits: with its status, printing its message
		r.exits, r.status, r.want = true, st, msg
	}
	return r
}

// source is the call c's reproducer makes: for a crash in the library's
// code, the library's function the binding called, inlined; else the
// wrapper's bound call, with the binding's code it needs copied.
func (w *reproWriter) source(fn reflect.Value, c *reproCase) (*boundSource, error) {
	if c.Crash != nil && c.cause != nil && !c.cause.Binding && c.Crash.Kind != crashRelease {
		if in := inlineCall(fn, libraryEntry(c.places.faultFrames(c.Crash.Frames)), w.pl.modules, w.pkgs); in != nil {
			return boundOfInlined(fn, in)
		}
	}
	return boundCallOf(fn)
}

// reproSlug is the directory name of a reproducer, from its test's name
// ("TestInnerPanicsOnEmptyTensor": "inner_panics_on_empty_tensor"), one
// not used before.
func reproSlug(name string, used map[string]bool) string {
	var b strings.Builder
	for i, r := range strings.TrimPrefix(name, "Test") {
		switch {
		case unicode.IsUpper(r):
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	base := strings.Trim(b.String(), "_")
	if base == "" {
		base = "repro"
	}
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

// shows calls s and reports whether it shows c: the same crash
// (sameCrash), or a violation of the same check at the same place
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
		return shown{crash: ce}, sameCrash(ce, c)
	}
	for _, v := range vs {
		if v.Check.String() == c.Check && v.Where() == c.Where {
			return shown{v: v}, true
		}
	}
	return shown{}, false
}

// sameCrash reports whether ce is c's crash: of the same kind, with a
// panic of the same kind (panicKind), through the same frames at fault
// (all of them, a run of one function's recursion as one) where c
// knows them, else at the same function.
func sameCrash(ce *crashError, c *reproCase) bool {
	if ce.Kind != c.Crash.Kind || ce.Kind == crashPanic && panicKind(ce.Text) != panicKind(c.Crash.Text) {
		return false
	}
	if c.frames != nil {
		return slices.Equal(compactFrames(c.places.faultFrames(ce.Frames)), compactFrames(c.frames))
	}
	fa, _, _ := strings.Cut(ce.At, " (")
	fb, _, _ := strings.Cut(c.Crash.At, " (")
	return fa == fb
}

// compactFrames is fs with each run of one function as one.
func compactFrames(fs []string) []string {
	return slices.Compact(slices.Clone(fs))
}

// verifyRepros runs each reproducer written, once, in a process of its
// own (go test in its module), and records whether it failed as its
// finding did: with its title (a process that dies: with the crash's
// text; one that exits: verifyExit). One that passes, or fails
// otherwise, is not verified, and its note says why. The go commands
// run GOMAXPROCS at a time: each is one reproducer's build and run, and
// a sweep of many causes waits for them all.
func verifyRepros(rs []*Repro) {
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	var wg sync.WaitGroup
	for _, r := range rs {
		if r.Dir == "" {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			r.Verified, r.Note = verifyRepro(r)
		}()
	}
	wg.Wait()
}

// verifyRepro runs the reproducer r and says whether it failed as its
// finding did, and why not.
func verifyRepro(r *Repro) (bool, string) {
	if r.exits {
		return verifyExit(r)
	}
	result, text, loose := goTestJSON(r.Dir, []string{"."})
	got := strings.Join(slices.Collect(maps.Values(text)), "")
	if got == "" {
		got = loose
	}
	res := ""
	for _, v := range result {
		res = v
	}
	return judgeRun(res, got+loose, r.want)
}

// goTestJSON runs go test -count=1 -json of targets in dir and returns,
// by the last element of each package's import path, its result ("fail",
// "pass", or "build-fail": it did not build) and its output, and what no package claims (the go command's
// own errors).
func goTestJSON(dir string, targets []string) (result, text map[string]string, loose string) {
	cmd := exec.Command("go", append([]string{"test", "-count=1", "-json"}, targets...)...)
	cmd.Dir = dir
	cmd.Env = goTestEnv()
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
			result[slug] = "build-fail"
		case ev.Test == "" && (ev.Action == "fail" || ev.Action == "pass") && result[slug] != "build-fail":
			result[slug] = ev.Action
		}
	}
	return result, text, rest.String()
}

// reproCommand is the command that runs the reproducer in dir from any
// directory, shell-quoted: "cd DIR && go test ./...", DIR absolute or
// made to read as relative ("./repro/x"); with GOWORK=off when the sweep
// ran in a workspace (work), which the reproducer's module is not part
// of.
func reproCommand(dir string, work bool) string {
	p := filepath.ToSlash(dir)
	if !filepath.IsAbs(dir) && !strings.HasPrefix(p, "../") && !strings.HasPrefix(p, "./") {
		p = "./" + p
	}
	env := ""
	if work {
		env = "GOWORK=off "
	}
	return "cd " + shellQuote(p) + " && " + env + "go test ./..."
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
func verifyExit(r *Repro) (bool, string) {
	tmp, err := os.MkdirTemp("", "assertgen-repro-")
	if err != nil {
		return false, notRun + err.Error()
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "repro.test")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Dir, build.Env = r.Dir, goTestEnv()
	if out, err := build.CombinedOutput(); err != nil {
		return judgeRun("build-fail", string(out), "\x00") // its build's errors
	}
	run := exec.Command(bin, "-test.run=^"+r.Name+"$", "-test.v", "-test.count=1", "-test.timeout=10m") // go test's flags
	run.Dir = r.Dir
	out, _ := run.CombinedOutput()
	return judgeExit(run.ProcessState.ExitCode(), string(out), r.status, r.want, r.Name)
}

// judgeExit says whether a reproducer's test binary, which exited with
// status printing out, died as a worker that exited with want printing
// msg (last; "": nothing) did: in its test, named name (testing printed
// no end of it), with that status and message; and why not.
func judgeExit(status int, out string, want int, msg, name string) (bool, string) {
	ended := strings.Contains(out, "--- PASS: "+name) || strings.Contains(out, "--- FAIL: "+name)
	said := msg == "" || strings.Contains(normalizeTrace(out), normalizeTrace(msg))
	switch {
	case status == want && !ended && said:
		return true, ""
	case status == 0 && strings.Contains(out, "--- PASS: "+name):
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

// judgeRun says whether a reproducer's run (its result, "fail", "pass"
// or "build-fail", and its output) failed with want, and why not: a test
// that did not build did not run.
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
		return false, notRun + why
	}
	return false, "the test fails otherwise: " + why
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
