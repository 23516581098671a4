package finder

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/assertgen/assertgen/internal/refvalues"
)

// A Verdict is what the check found of one candidate: "" when its values
// are its op's on every case, else why not.
type Verdict string

// checkTimeout bounds each run of a value check's program (its build has
// no bound of its own).
const checkTimeout = 5 * time.Minute

// callTimeout bounds one call of a candidate in the value check's
// program. Passing it ends the program, and rejects the candidate.
// runBound bounds one run of the program, which is then killed with its
// process group: a candidate that stops its whole program, or hangs it
// otherwise. They are variables so that tests can shorten them.
var (
	callTimeout = 10 * time.Second
	runBound    = 2 * time.Minute
)

// checkKept builds and runs the program that runs each candidate on its
// op's cases, in the user's module: dir is the user's package. It returns
// each candidate's verdict against the reference. The program is given to
// the go command as an overlay, so nothing is written in the module.
//
// A candidate that ends or stops its program is rejected for it: log.Fatal,
// a panic on a goroutine of its own, os.Exit, a call that never returns.
// The others run in a new program (runner). checkKept keeps the program it
// built for checkEmptyKept; cleanup removes it. On an error nothing is
// left.
//
// A candidate whose code does not compile costs that candidate alone;
// such is a callable whose signature init reads wrong. Where every error
// of the build is in candidates' functions, those are left out of the
// program (Candidate.Unbuilt), which is built again, a few times at most.
func checkKept(ctx context.Context, dir string, l *Lib, cands []*Candidate) ([]Verdict, *runner, func(), error) {
	var r *runner
	var cleanup func()
	for builds := 1; ; builds++ {
		src, err := program(l, cands)
		if err != nil {
			return nil, nil, nil, err
		}
		say(ctx, "the value check: building its program (%d candidates, %d KB of Go)", len(cands), len(src)>>10)
		r, cleanup, err = builtRunner(ctx, dir, l, src)
		if err == nil {
			break
		}
		var be *buildError
		if !errors.As(err, &be) || builds == maxBuilds {
			return nil, nil, nil, err
		}
		bad := unbuiltCandidates(src, be.out)
		if len(bad) == 0 {
			return nil, nil, nil, err
		}
		if !markUnbuilt(l, cands, bad) {
			return nil, nil, nil, err // left out already: the errors are not its own
		}
	}
	out, err := runBuilt(ctx, r, l, cands, false)
	if err == nil {
		var verdicts []Verdict
		if verdicts, err = judge(out, l, cands); err == nil {
			for i, c := range cands {
				if c.Unbuilt != "" {
					verdicts[i] = Verdict(unbuiltWhy + c.Unbuilt)
				}
			}
			return verdicts, r, cleanup, nil
		}
	}
	cleanup()
	return nil, nil, nil, err
}

// markUnbuilt leaves out of the program each candidate whose function
// holds errors of its build: bad, as unbuiltCandidates reads them. A
// function's errors are those of each candidate that shares it
// (sharedFuncs). It reports false, and marks none, where one was left
// out already: the errors are then not its own.
func markUnbuilt(l *Lib, cands []*Candidate, bad map[int]string) bool {
	_, of := sharedFuncs(l, cands)
	var marked []int
	for i, c := range cands {
		if _, ok := bad[of[i]]; !ok {
			continue
		}
		if c.Unbuilt != "" {
			return false
		}
		marked = append(marked, i)
	}
	for _, i := range marked {
		cands[i].Unbuilt = bad[of[i]]
	}
	return true
}

// maxBuilds bounds the builds of the value check's program: the first, and
// those without the candidates the one before failed on. The compiler
// says 10 errors at most.
const maxBuilds = 4

// unbuiltWhy starts the verdict of a candidate whose code did not
// compile.
const unbuiltWhy = "init could not compile a call of it: "

// A buildError is a build of the value check's program that failed:
// out is the go command's output.
type buildError struct {
	msg, out string
}

func (e *buildError) Error() string { return e.msg }

// compileError matches an error of the compiler on the program's source:
// its line and message.
var compileError = regexp.MustCompile(`(?m)^\S*main\.go:(\d+):\d+: (.*)$`)

// unbuiltCandidates returns the functions in src, the program, that hold
// the errors of out, a build's output, each by the index of the candidate
// it is named for (c<index>, sharedFuncs). Each comes with its first
// error's message. It returns nil where an error is
// elsewhere (the program's own code, an import), or none is read.
func unbuiltCandidates(src []byte, out string) map[int]string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	type span struct{ cand, from, to int }
	var spans []span
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "c") {
			continue
		}
		if i, err := strconv.Atoi(fd.Name.Name[1:]); err == nil {
			spans = append(spans, span{i, fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line})
		}
	}
	bad := map[int]string{}
	for _, m := range compileError.FindAllStringSubmatch(out, -1) {
		line, _ := strconv.Atoi(m[1])
		at := slices.IndexFunc(spans, func(s span) bool { return s.from <= line && line <= s.to })
		if at < 0 {
			return nil
		}
		if _, ok := bad[spans[at].cand]; !ok {
			bad[spans[at].cand] = strings.TrimSpace(m[2])
		}
	}
	return bad
}

// checkEmptyKept runs the candidates of cands chosen on empty inputs (no
// rows). It sets each one's EmptyCrash to the Go runtime error it panicked
// with, if it did, or to how it ended its program. Bind runs it on the
// candidates it binds only: on empty inputs, a library's method that
// computes no op may do anything. The program checkKept built of all cands
// holds them, so no program is built for them. They run in chosen's order,
// grouped by callable.
func checkEmptyKept(ctx context.Context, r *runner, cands, chosen []*Candidate) error {
	at := make(map[*Candidate]int, len(cands))
	for i, c := range cands {
		at[c] = i
	}
	var idx [][]int
	for _, g := range groups(chosen) {
		var all []int
		for _, c := range g {
			all = append(all, at[chosen[c]])
		}
		idx = append(idx, all)
	}
	say(ctx, "the value check: running the %d bound candidates on empty inputs", len(chosen))
	lines, err := r.all(ctx, "empty", idx, cands)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	for _, ls := range lines {
		for _, line := range ls {
			out.WriteString(line + "\n")
		}
	}
	return readEmpty(&out, cands)
}

// readEmpty reads the lines of the program's runs on empty inputs into
// the candidates' EmptyCrash.
func readEmpty(out *bytes.Buffer, cands []*Candidate) error {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, "E ")
		n, what, _ := strings.Cut(rest, " ")
		c, err := strconv.Atoi(n)
		if !ok || err != nil || c < 0 || c >= len(cands) {
			return fmt.Errorf("the value check wrote %q", line)
		}
		if why, ok := strings.CutPrefix(what, "crash "); ok {
			cands[c].EmptyCrash = why
		}
	}
	return sc.Err()
}

// runBuilt runs the program of the candidates built (r): the probe, then
// the candidates, on empty inputs with emptyOnly. Those of one callable
// run in a program of their own. It returns the lines of the runs in the
// candidates' order.
func runBuilt(ctx context.Context, r *runner, l *Lib, cands []*Candidate, emptyOnly bool) (*bytes.Buffer, error) {
	var out bytes.Buffer
	mode := "run"
	if emptyOnly {
		mode = "empty"
	} else {
		res, err := r.exec(ctx, "probe", nil)
		if err != nil {
			return nil, err
		}
		if !res.done {
			return nil, fmt.Errorf("-type %s: the probe of its constructor and its elements ended the value check's program: %s", l.Spec, res.why)
		}
		out.WriteString(strings.Join(res.lines, "\n") + "\n")
	}
	var built [][]int // the groups, without the candidates left out (Unbuilt)
	for _, g := range groups(cands) {
		if g = slices.DeleteFunc(g, func(i int) bool { return cands[i].Unbuilt != "" }); len(g) > 0 {
			built = append(built, g)
		}
	}
	say(ctx, "the value check: running %d callables' candidates", len(built))
	lines, err := r.all(ctx, mode, built, cands)
	if err != nil {
		return nil, err
	}
	for _, ls := range lines {
		for _, line := range ls {
			out.WriteString(line + "\n")
		}
	}
	return &out, nil
}

// builtRunner builds the program src in the user's package dir
// (runner.build), from a temporary directory of its own that cleanup
// removes. On an error nothing is left.
func builtRunner(ctx context.Context, dir string, l *Lib, src []byte) (r *runner, cleanup func(), err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp("", "assertgen-valuecheck")
	if err != nil {
		return nil, nil, err
	}
	cleanup = func() { os.RemoveAll(tmp) }
	r = &runner{dir: abs, tmp: tmp, spec: l.Spec.String()}
	if err := r.build(ctx, src); err != nil {
		cleanup()
		return nil, nil, err
	}
	return r, cleanup, nil
}

// runSource builds the program src as a package of the user's module
// (runner.build); dir is the user's package. It runs it once, in a process
// group of its own, killed whole when it ends or at checkTimeout. It
// returns the lines the program wrote to its report (say, sayText): a file
// its first argument names. Its standard output is not read, since the
// library's code may print there (a constructor's note). what names the
// program in errors: the memory function's check.
func runSource(ctx context.Context, dir string, l *Lib, src []byte, what string) (*bytes.Buffer, error) {
	say(ctx, "%s: building and running it", what)
	r, cleanup, err := builtRunner(ctx, dir, l, src)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	report := filepath.Join(r.tmp, "report")
	if err := os.WriteFile(report, nil, 0o644); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.bin, report)
	cmd.Dir = r.dir
	ownGroup(cmd)
	stdout, err := os.Open(os.DevNull)
	if err != nil {
		return nil, err
	}
	defer stdout.Close()
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	err = cmd.Run()
	killGroup(cmd)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s did not end within %v", what, checkTimeout)
		}
		return nil, fmt.Errorf("%s (a program run in this module) failed: %v\n%s", what, err, strings.TrimSpace(stderr.String()))
	}
	data, err := os.ReadFile(report)
	if err != nil {
		return nil, err
	}
	return bytes.NewBuffer(data), nil
}

// groups are the indexes of the candidates of each callable, in the
// order of their first candidate.
func groups(cands []*Candidate) [][]int {
	var out [][]int
	at := map[*Callable]int{}
	for i, c := range cands {
		g, ok := at[c.Callable]
		if !ok {
			g = len(out)
			at[c.Callable] = g
			out = append(out, nil)
		}
		out[g] = append(out[g], i)
	}
	return out
}

func exists(p string) bool { _, err := os.Lstat(p); return err == nil }

// moduleOf returns the path and directory of the module of dir (the
// go.mod above it).
func moduleOf(dir string) (string, string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			return modfile.ModulePath(data), d, nil
		}
		if filepath.Dir(d) == d {
			return "", "", fmt.Errorf("%s is in no module (no go.mod above it)", dir)
		}
	}
}

// judge reads the program's output and compares each run with the
// reference.
func judge(out *bytes.Buffer, l *Lib, cands []*Candidate) ([]Verdict, error) {
	verdicts := make([]Verdict, len(cands))
	runs := make([]int, len(cands))
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	probed := false
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "A "); ok {
			l.ReadAllocs, _ = strconv.Atoi(rest)
			continue
		}
		if rest, ok := strings.CutPrefix(line, "P "); ok {
			if err := probe(l, rest); err != nil {
				return nil, err
			}
			probed = true
			continue
		}
		f := strings.SplitN(line, " ", 4)
		if len(f) != 4 || f[0] != "R" {
			return nil, fmt.Errorf("the value check wrote %q", line)
		}
		c, err1 := strconv.Atoi(f[1])
		k, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || c < 0 || c >= len(cands) || k < -1 || k >= len(cands[c].Op.Ref.Cases) {
			return nil, fmt.Errorf("the value check wrote %q", line)
		}
		if k == -1 { // of no case: it was not run (runner.group)
			verdicts[c], runs[c] = Verdict(f[3]), len(cands[c].Op.Ref.Cases)
			continue
		}
		if rest, ok := strings.CutPrefix(f[3], "W "); ok {
			// A kernel of the user's that wrote an input (run.n): noted,
			// and judged by its values.
			why, res, _ := strings.Cut(rest, " | ")
			if cands[c].WritesInput == "" {
				cands[c].WritesInput = fmt.Sprintf("on%s: %s", caseInputs(cands[c].Op.Ref, k), why)
			}
			f[3] = res
		}
		// The first case whose values differ tells most; else the first
		// that failed.
		if v := verdict(cands[c].Op.Ref, k, f[3]); runs[c] == 0 || verdicts[c] == "" || v != "" && strings.Contains(string(v), ": got ") && !strings.Contains(string(verdicts[c]), ": got ") {
			verdicts[c] = v
		}
		runs[c]++
	}
	if !probed {
		return nil, fmt.Errorf("the value check wrote no probe")
	}
	for c, n := range runs {
		if want := cands[c].heldCases(); n != want && verdicts[c] == "" && cands[c].Unbuilt == "" {
			verdicts[c] = Verdict(fmt.Sprintf("ran %d of its %d cases", n, want))
		}
	}
	return verdicts, sc.Err()
}

// probe checks that a tensor made by the constructor reads back as made.
func probe(l *Lib, res string) error {
	got, err := parseResult(res)
	want := refvalues.Matrix{Rows: 2, Cols: 3, Data: []float64{1, 2, 3, 4, 5, 6}}
	if strings.HasPrefix(res, "copy: ") {
		return fmt.Errorf("-type %s: %s reaches a copy of the elements (%s): the memory function needs the tensor's own buffer; configure the type by hand", l.Spec, l.Raw.Method, strings.TrimPrefix(res, "copy: "))
	}
	if err != nil || !refvalues.Equal(got, want) {
		return fmt.Errorf("-type %s: a tensor made with %s.%s(2, 3, [1 2 3 4 5 6]) reads back through %s as %s, not as made: init cannot check the library's values; configure the type by hand", l.Spec, l.Pkg.Name(), l.Ctor.Name, l.Raw.Method, res)
	}
	return nil
}

// verdict compares the result res of case k with the reference.
func verdict(ref *refvalues.Op, k int, res string) Verdict {
	want, _ := ref.Want(ref.Cases[k])
	on := caseInputs(ref, k)
	got, err := parseResult(res)
	switch {
	case err != nil:
		return Verdict(fmt.Sprintf("on%s: %s", on, res))
	case !refvalues.Equal(got, want):
		return Verdict(fmt.Sprintf("on%s: got %s, want %s", on, got, want))
	}
	return ""
}

// caseInputs are the inputs of case k of ref, as a verdict names them:
// " [[1 2] [3 4]] with [2]".
func caseInputs(ref *refvalues.Op, k int) string {
	c := ref.Cases[k]
	on := ""
	for _, in := range c.In {
		on += " " + in.String()
	}
	if len(c.Scalars) > 0 {
		on += fmt.Sprintf(" with %v", c.Scalars)
	}
	for _, l := range c.Lists {
		on += fmt.Sprintf(" with %v", l)
	}
	return on
}

// parseResult reads "ok [DTYPE] SIZES... : VALUES": a float64 tensor
// without DTYPE, else "bool" or "int64" (program's show). Anything else
// (a panic, nil, a timeout) is an error.
func parseResult(res string) (refvalues.Matrix, error) {
	head, vals, ok := strings.Cut(res, ":")
	f := strings.Fields(head)
	if !ok || len(f) == 0 || f[0] != "ok" {
		return refvalues.Matrix{}, fmt.Errorf("%s", res)
	}
	f = f[1:]
	dt := refvalues.Float64
	if len(f) > 0 {
		switch f[0] {
		case "bool":
			dt, f = refvalues.Bool, f[1:]
		case "int64":
			dt, f = refvalues.Int64, f[1:]
		}
	}
	sizes := []int{}
	n := 1
	for _, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			return refvalues.Matrix{}, fmt.Errorf("%s", res)
		}
		sizes, n = append(sizes, v), n*v
	}
	var data []float64
	for _, v := range strings.Fields(vals) {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return refvalues.Matrix{}, err
		}
		data = append(data, x)
	}
	if len(data) != n {
		return refvalues.Matrix{}, fmt.Errorf("%d values of a result of sizes %v", len(data), sizes)
	}
	return refvalues.Make(dt, sizes, data), nil
}
