package finder

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/internal/refvalues"
	"github.com/assertgen/assertgen/schema"
)

// program returns the source of the program the value check runs. Its
// command line says what it does (programMain):
//   - run candidates on their op's cases, and write a line for each: what
//     it returned (its dtype, sizes and values), or that it panicked,
//     returned nil or did not return in time;
//   - probe the constructor and the element access;
//   - run each candidate on empty inputs (empty).
//
// It writes its lines to a file of its own, not to its standard output,
// which the library's code may print on. A call that does not return
// within callTimeout ends the program. The caller then runs the
// candidates after it in a new one (runner).
func program(l *Lib, cands []*Candidate) ([]byte, error) {
	pkg := l.Pkg.Name()
	var b bytes.Buffer
	// The kernel packages a candidate calls, and those alone: otherwise a
	// package of generic functions has no name the program could use.
	var kern strings.Builder
	for _, k := range l.Kernels {
		if slices.ContainsFunc(cands, func(c *Candidate) bool { return c.Callable.Pkg == k }) {
			fmt.Fprintf(&kern, "\t%s %q\n", k.Name(), k.Path())
		}
	}
	fmt.Fprintf(&b, "package main\n\nimport (\n\t\"fmt\"\n\t\"math\"\n\t\"os\"\n\t\"reflect\"\n\t\"runtime\"\n\t\"strconv\"\n\t\"strings\"\n\t\"time\"\n\n\t%s %q\n%s)\n\n", pkg, l.Pkg.Path(), kern.String())
	// The tensor type is tensorT: gorgonia's package is named tensor.
	fmt.Fprintf(&b, "var _ = math.Pi\n\nvar _ reflect.Kind\n\ntype tensorT = %s\n\ntype elem = %s\n\n", l.Qual(), l.Elem)
	fmt.Fprintf(&b, "func mk(shape []int, vals []float64) tensorT {\n\tdata := make([]%s, len(vals))\n\tfor i, v := range vals {\n\t\tdata[i] = %s(v)\n\t}\n\treturn %s\n}\n\n", l.Elem, l.Elem, l.Ctor.Call(pkg, "shape", "data"))
	fmt.Fprintf(&b, "func read(x tensorT) (shape []int, vals []float64) {\n%s\nreturn shape, vals\n}\n\n", l.Raw.Read())
	fmt.Fprintf(&b, "func write(x tensorT) {\n%s\n}\n\n", l.Raw.Write())
	fmt.Fprintf(&b, "func anchor(x tensorT) *%s {\nd := %s\nif len(d) == 0 {\nreturn nil\n}\nreturn &d[:cap(d)][cap(d)-1]\n}\n\n", l.Elem, l.Raw.Slice("x"))
	b.WriteString(l.typedHelpers(pkg))
	// dtypeCode is PyTorch's ScalarType number of a case's dtype, as a
	// kernel's dtype parameter takes it.
	fmt.Fprintf(&b, "func dtypeCode(v float64) int { return [...]int{%d, %d, %d}[int(v)] }\n\n", refvalues.Float64.ScalarType(), refvalues.Bool.ScalarType(), refvalues.Int64.ScalarType())
	fmt.Fprintf(&b, "const callTimeout = time.Duration(%d)\n\n", int64(callTimeout))
	b.WriteString(programMain)
	seen := map[*ViewForm]bool{}
	for _, c := range cands {
		if f := c.Form; f != nil && !seen[f] {
			seen[f] = true
			b.WriteString(f.Source("tensorT", l.Elem, f.suffix, l.Raw.Dims(), l.Ctor.Call(pkg, "shape", "data")) + "\n")
		}
	}
	refs := map[string]bool{}
	b.WriteString("var cases = map[string][]kase{\n")
	for _, c := range cands {
		if refs[c.Op.Ref.Name] {
			continue
		}
		refs[c.Op.Ref.Name] = true
		fmt.Fprintf(&b, "%q: {\n", c.Op.Ref.Name)
		for _, k := range c.Op.Ref.Cases {
			want, err := c.Op.Ref.Want(k)
			if err != nil {
				return nil, fmt.Errorf("reference of %s: %v", c.Op.Ref.Name, err)
			}
			fmt.Fprintf(&b, "{in: []m{%s}, s: %s, l: %s, out: m%s},\n", matrices(k.In), floats(k.Scalars), intLists(k.Lists), matrices([]refvalues.Matrix{{Sizes: want.Shape(), DType: want.DType}}))
		}
		b.WriteString("},\n")
	}
	// Each candidate runs one function of the run's arguments, which
	// declares the kernel's parameters from them, with no closure around
	// it. Candidates whose functions are the same share one (sharedFuncs).
	b.WriteString("}\n\nvar runs = []run{\n")
	src, of := sharedFuncs(l, cands)
	for i, c := range cands {
		fmt.Fprintf(&b, "{%q, %d, %d, %t, %t, %s, c%d},\n", c.Op.Ref.Name, c.writes(), c.memory(), c.Value && c.Named, c.namedKernel(), c.caseList(), of[i])
	}
	b.WriteString("}\n\n")
	for i := range cands {
		if of[i] == i {
			fmt.Fprintf(&b, "func c%d(%s []tensorT, %s []float64, %s [][]int, %s tensorT) tensorT {\n%s\n}\n\n", i, runIn, runS, runL, runOut, src[i])
		}
	}
	return format.Source(b.Bytes())
}

// sharedFuncs returns the source of each candidate's function in the
// program, and of each the index of the first candidate whose source is
// the same: the program has that one's function alone (c<index>), which
// each of them runs. A library's check has thousands of candidates
// (gorgonia's 14,505) and a fifth as many functions, since a callable is
// tried for many ops whose parameters it takes alike; the compiler's time
// is the functions'.
func sharedFuncs(l *Lib, cands []*Candidate) (src []string, of []int) {
	src, of = make([]string, len(cands)), make([]int, len(cands))
	first := map[string]int{}
	for i, c := range cands {
		body := c.body(l)
		if c.Unbuilt != "" {
			// Its code did not compile: not run.
			body = ""
			for _, p := range c.Op.Params {
				body += "_ = " + p.Name + "\n"
			}
			body += "panic(\"not built\")"
		}
		src[i] = c.params() + body
		if f, ok := first[src[i]]; ok {
			of[i] = f
			continue
		}
		first[src[i]], of[i] = i, i
	}
	return src, of
}

// programMain is the program's driver: the probe, then each run on each
// case of its op, each in a goroutine of its own, with a deadline.
const programMain = `var sink *elem

// m is a tensor of a case: its sizes, its values and its dtype (0
// float64, 1 bool, 2 int64, as mkAs takes it).
type m struct {
	shape []int
	data  []float64
	dt    int
}

// A kase is a case of an op: its tensors, scalars and int lists, and
// the sizes and dtype of its result (out's).
type kase struct {
	in  []m
	s   []float64
	l   [][]int
	out m
}

type run struct {
	op string
	w  int // the argument it writes: 0 self, 1 out, -1 none
	v  int // its result: 1 a view of in[0], 2 a tensor of its own, 0 either
	// k is set for a kernel named as writing (kernelWrites): its values
	// are those of the argument it writes, and a new buffer or another
	// tensor returned is a bug of the kernel, which the checks report
	// (same_storage, returns_arg), not another op.
	k bool
	// n is set for a kernel of the user's named for its op: an input it
	// writes is its bug, for the checks to report (same_content), not
	// another op: its line says so ("W WHY | ") before its values.
	n bool
	// ks are the cases it runs on, where not all: those that hold the
	// scalars its callable has no parameter for at their defaults
	// (Candidate.Held).
	ks []int
	f  func(in []tensorT, s []float64, l [][]int, out tensorT) tensorT
}

// runs reports whether r runs on case k.
func (r run) runs(k int) bool {
	if r.ks == nil {
		return true
	}
	for _, x := range r.ks {
		if x == k {
			return true
		}
	}
	return false
}

// opt is an optional int scalar of a case: NaN is unset.
func opt(v float64) *int64 {
	if v != v {
		return nil
	}
	i := int64(v)
	return &i
}

// int64s is an int list of a case as a kernel takes it: nil for None.
func int64s(l []int) []int64 {
	if l == nil {
		return nil
	}
	out := make([]int64, len(l))
	for i, v := range l {
		out[i] = int64(v)
	}
	return out
}

// optDtype is an optional dtype of a case: NaN is unset.
func optDtype(v float64) *int {
	if v != v {
		return nil
	}
	c := dtypeCode(v)
	return &c
}

// report is the file the program writes its lines to (os.Args[1]).
var report *os.File

// say writes one line of the program's report, at once: a line written
// before the program ends is read.
func say(format string, args ...any) {
	report.WriteString(fmt.Sprintf(format, args...) + "\n")
}

// main runs what its command line says, FILE MODE [CANDIDATE...]: the
// probe ("probe"), the candidates on their op's cases ("run") or on
// empty inputs ("empty"), writing "S c" before candidate c and "H c"
// before it ends the program after c did not return, and "D" when done.
func main() {
	f, err := os.OpenFile(os.Args[1], os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	report = f
	var idx []int
	for _, a := range os.Args[3:] {
		c, _ := strconv.Atoi(a)
		idx = append(idx, c)
	}
	switch os.Args[2] {
	case "probe":
		probeMain()
	case "empty":
		emptyMain(idx)
	default:
		runMain(idx)
	}
	say("D")
}

// probeMain checks that the constructor's tensors read back as made
// ("P") and counts the allocations of a read of the elements ("A").
func probeMain() {
	say("P %s", try(func() string {
		x := mk([]int{2, 3}, []float64{1, 2, 3, 4, 5, 6})
		if anchor(x) == nil || anchor(x) != anchor(x) {
			return "copy: each read of the elements is a new slice"
		}
		write(x)
		if _, vals := read(x); vals[0] != 2 {
			return "copy: a write through the elements does not reach the tensor"
		}
		write(x)
		return show(mk([]int{2, 3}, []float64{1, 2, 3, 4, 5, 6}))
	}))
	say("A %s", try(func() string {
		x := mk([]int{2, 3}, []float64{1, 2, 3, 4, 5, 6})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range 100 {
			sink = anchor(x)
		}
		runtime.ReadMemStats(&after)
		return strconv.FormatUint((after.Mallocs-before.Mallocs)/100, 10)
	}))
}

// runMain runs the runs idx on each case of their op ("R c k RESULT").
func runMain(idx []int) {
	for _, c := range idx {
		r := runs[c]
		say("S %d", c)
		for k, cs := range cases[r.op] {
			if !r.runs(k) {
				continue
			}
			line := try(func() string { return runCase(r, cs) })
			say("R %d %d %s", c, k, line)
			if strings.HasPrefix(line, hung) {
				say("H %d", c)
				os.Exit(0) // the call goes on: end it with its program
			}
		}
	}
}

// runCase runs r on case cs and says what it returned, or how it
// failed.
func runCase(r run, cs kase) string {
	var in []tensorT
	for _, x := range cs.in {
		in = append(in, mkAs(x.dt, append([]int(nil), x.shape...), append([]float64(nil), x.data...)))
	}
	// out holds values of its own (not zeros), so that a
	// kernel that adds to it is no copy.
	n := 1
	for _, s := range cs.out.shape {
		n *= s
	}
	stale := make([]float64, n)
	for i := range stale {
		stale[i] = 1000 + float64(i)
	}
	out := mkAs(cs.out.dt, append([]int(nil), cs.out.shape...), stale)
	w := map[int]tensorT{0: in[0], 1: out}[r.w]
	var before any
	if w != nil {
		before = anchorAny(w)
	}
	res := r.f(in, cs.s, cs.l, out)
	if w != nil && r.k {
		res = w // the kernel's bug, if any, is the checks' to report
	}
	if w != nil && anchorAny(w) != before && !r.k {
		return "storage replaced: it gives the tensor it writes a new buffer, where the schema writes into the one it has"
	}
	if w != nil && res != w {
		return "another tensor returned: it returns a tensor other than the one it writes, which the schema returns"
	}
	wrote := ""
	for i, x := range in {
		if i == 0 && r.w == 0 {
			continue // self, written in place
		}
		if _, _, vals := readAs(x); !same(vals, cs.in[i].data) {
			why := fmt.Sprintf("it changes its input %d, which the schema only reads", i)
			if !r.n {
				return "input written: " + why
			}
			if wrote == "" {
				wrote = "W " + why + " | "
			}
		}
	}
	line := show(res)
	if res != nil && r.v != 0 {
		line = shares(line, res, in, r.v == 1)
	}
	return wrote + line
}

// emptyMain runs the runs idx on empty inputs (empty) and says what
// each did ("E c WHAT").
func emptyMain(idx []int) {
	for _, c := range idx {
		r := runs[c]
		if cs := cases[r.op]; len(cs) > 0 {
			first := 0
			if r.ks != nil {
				first = r.ks[0]
			}
			say("S %d", c)
			e := empty(r, cs[first])
			say("E %d %s", c, e)
			if e == "hang" {
				say("H %d", c)
				os.Exit(0)
			}
		}
	}
}

// empty runs r on inputs of its case's columns and no rows, and says
// whether it crashed (a Go runtime error: the library's, not a refusal),
// "ok" otherwise, "unmade" when the constructor refuses them, "hang"
// when it did not return in time (no crash).
func empty(r run, cs kase) string {
	var in []tensorT
	var out tensorT
	if try(func() string {
		for _, x := range cs.in {
			in = append(in, mkAs(x.dt, emptied(x.shape), nil))
		}
		out = mkAs(cs.out.dt, emptied(cs.out.shape), nil)
		return ""
	}) != "" {
		return "unmade"
	}
	done := make(chan string, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				if e, ok := p.(runtime.Error); ok {
					done <- "crash " + strings.Join(strings.Fields(e.Error()), " ")
					return
				}
			}
			done <- "ok"
		}()
		r.f(in, cs.s, cs.l, out)
	}()
	select {
	case s := <-done:
		return s
	case <-time.After(callTimeout):
		return "hang"
	}
}

// emptied is shape with no rows: its first size 0. A 0-D tensor's has
// none, so the constructor refuses it ("unmade").
func emptied(shape []int) []int {
	if len(shape) == 0 {
		panic("a 0-D tensor has no rows")
	}
	return append([]int{0}, shape[1:]...)
}

// shares returns line if res is a view of in[0] (view) or shares no
// input's memory (!view), else why not: a view's memory is self's, and
// a write through it shows in self.
func shares(line string, res tensorT, in []tensorT, view bool) string {
	a := anchorAny(res)
	if !view {
		for _, x := range in {
			if a != nil && a == anchorAny(x) {
				return "not a new tensor: its result is on an input's memory, where the schema returns a tensor of its own"
			}
		}
		return line
	}
	if res == in[0] {
		return "self itself, not a view of it: a view is a new tensor on self's memory"
	}
	if a == nil || a != anchorAny(in[0]) {
		return "a copy, not a view: its result is not on self's memory"
	}
	_, before := read(in[0])
	write(res)
	if _, after := read(in[0]); same(before, after) {
		return "a copy, not a view: a write through its result does not show in self"
	}
	return line
}

func same(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && (a[i] == a[i] || b[i] == b[i]) {
			return false
		}
	}
	return true
}

func show(x tensorT) string {
	if x == nil {
		return "nil"
	}
	dt, shape, vals := readAs(x)
	var b strings.Builder
	b.WriteString("ok")
	if dt != 0 {
		b.WriteString([...]string{"", " bool", " int64"}[dt])
	}
	for _, n := range shape {
		b.WriteString(" " + strconv.Itoa(n))
	}
	b.WriteString(" :")
	for _, v := range vals {
		b.WriteString(" " + strconv.FormatFloat(v, 'g', -1, 64))
	}
	return b.String()
}

// hung starts what try says of a call that did not return in time.
const hung = "it did not return within "

// try runs f on a goroutine of its own and returns its result, or that
// it panicked, ended its goroutine (runtime.Goexit) or did not return
// within callTimeout.
func try(f func() string) string {
	done := make(chan string, 1)
	go func() {
		returned := false
		defer func() {
			if p := recover(); p != nil {
				done <- "panic " + strings.Join(strings.Fields(fmt.Sprint(p)), " ")
			} else if !returned {
				done <- "it ended its goroutine (runtime.Goexit) without returning"
			}
		}()
		s := f()
		returned = true
		done <- s
	}()
	select {
	case s := <-done:
		return s
	case <-time.After(callTimeout):
		return hung + callTimeout.String()
	}
}

`

// caseList is the Go literal of the cases the candidate runs on (run.ks):
// nil for all.
func (c *Candidate) caseList() string {
	if len(c.Held) == 0 {
		return "nil"
	}
	var ks []string
	for k, kc := range c.Op.Ref.Cases {
		if c.holds(kc.Scalars) {
			ks = append(ks, strconv.Itoa(k))
		}
	}
	return "[]int{" + strings.Join(ks, ", ") + "}"
}

// matrices is the Go literal of ms as the program's []m.
func matrices(ms []refvalues.Matrix) string {
	var parts []string
	for _, x := range ms {
		parts = append(parts, fmt.Sprintf("{%s, %s, %d}", ints(x.Shape()), floats(x.Data), x.DType))
	}
	return strings.Join(parts, ", ")
}

// ints is the Go literal of an []int.
func ints(is []int) string {
	var parts []string
	for _, i := range is {
		parts = append(parts, strconv.Itoa(i))
	}
	return "[]int{" + strings.Join(parts, ", ") + "}"
}

// intLists is the Go literal of a case's int lists, nil for None.
func intLists(ls [][]int) string {
	var parts []string
	for _, l := range ls {
		if l == nil {
			parts = append(parts, "nil")
			continue
		}
		parts = append(parts, ints(l))
	}
	return "[][]int{" + strings.Join(parts, ", ") + "}"
}

func floats(fs []float64) string {
	var parts []string
	for _, f := range fs {
		switch {
		case math.IsNaN(f):
			parts = append(parts, "math.NaN()")
		case math.IsInf(f, 0):
			parts = append(parts, fmt.Sprintf("math.Inf(%d)", int(math.Copysign(1, f))))
		default:
			parts = append(parts, strconv.FormatFloat(f, 'g', -1, 64))
		}
	}
	return "[]float64{" + strings.Join(parts, ", ") + "}"
}

// The names of a candidate's function's parameters in the program: the
// run's inputs, scalars and out. It declares the kernel's parameters from
// them. No schema name starts with assertgen.
const (
	runIn  = "assertgenIn"
	runS   = "assertgenS"
	runL   = "assertgenL"
	runOut = "assertgenOut"
)

// args is the candidate's kernel's arguments, in the op's order of its
// parameters. They come from the run's inputs (runIn), scalars (runS),
// int lists (runL) and out (runOut). A bool scalar is one not zero, a
// dtype PyTorch's ScalarType number of the reference's (dtypeCode).
func (c *Candidate) args() []string {
	var out []string
	for _, p := range c.Op.Params {
		switch p.Role {
		case Input:
			if c.Op.List {
				out = append(out, runIn)
				continue
			}
			out = append(out, fmt.Sprintf("%s[%d]", runIn, p.Index))
		case Scalar:
			switch p.Type {
			case "*int64":
				out = append(out, fmt.Sprintf("opt(%s[%d])", runS, p.Index))
				continue
			case "bool":
				out = append(out, fmt.Sprintf("%s[%d] != 0", runS, p.Index))
				continue
			case "int":
				out = append(out, fmt.Sprintf("dtypeCode(%s[%d])", runS, p.Index))
				continue
			case "*int":
				out = append(out, fmt.Sprintf("optDtype(%s[%d])", runS, p.Index))
				continue
			}
			out = append(out, fmt.Sprintf("%s(%s[%d])", p.Type, runS, p.Index))
		case Dims:
			out = append(out, fmt.Sprintf("int64s(%s[%d])", runL, p.Index))
		case OutArg:
			out = append(out, runOut)
		case Ignore:
			out = append(out, map[bool]string{true: "false", false: "nil"}[p.Type == "bool"])
		}
	}
	return out
}

// writes is the argument the candidate writes, as the program's run names
// it: 0 for self (in place), 1 for out, -1 for none.
func (c *Candidate) writes() int {
	switch c.Returns {
	case "", "ret":
		return -1
	case c.Op.outName():
		return 1
	}
	return 0
}

// namedKernel reports whether the candidate calls a kernel of the user's
// (a kernel package's callable) named for its op. An input it writes is
// then noted (Candidate.WritesInput), for the checks to report. It is not
// a reason to bind the type's own method instead.
func (c *Candidate) namedKernel() bool {
	return c.Callable.Pkg != nil && c.Named && !(c.Op.Kind == schema.Functional && c.Callable.namedWrites())
}

// namedWrites reports whether the callable's name says it writes its
// first tensor (Neg_, NegInPlace): such a kernel is named for the
// in-place op (neg_), not for the functional one (neg), where its write
// of the input is a reason to leave it unbound, not a bug to report.
func (c *Callable) namedWrites() bool {
	lower := strings.ToLower(c.GoName)
	return strings.HasSuffix(lower, "_") || strings.HasSuffix(lower, "inplace")
}

// memory is what the candidate's result must be, as the program's run
// names it:
//   - 1: a view of self;
//   - 2: a tensor of its own. That is for cat, and for a functional op's
//     callable bound by its values alone. A method whose result is on its
//     input's memory, such as a ShallowClone, computes clone's values,
//     but it is a view, not the op.
//   - 0: either. Where the name is the op's, a result on an input's
//     memory is the library's bug, for the checks to report.
func (c *Candidate) memory() int {
	switch {
	case c.Op.Ref.View:
		return 1
	case c.Op.Ref.List, c.Op.Kind == schema.Functional && !c.Named:
		return 2
	}
	return 0
}

// params declares the kernel's parameters, a variable each, from the run's
// arguments (args). Each is assigned what a call with them as its
// arguments would assign it.
func (c *Candidate) params() string {
	var b strings.Builder
	args := c.args()
	for i, p := range c.Op.Params {
		t := p.Type
		if p.Role == Input || p.Role == OutArg {
			t = strings.Repeat("[]", strings.Count(p.Type, "[]")) + "tensorT"
		}
		fmt.Fprintf(&b, "var %s %s = %s\n", p.Name, t, args[i])
	}
	return b.String()
}

// body is the kernel's body as gen writes a bound kernel's. It returns:
//   - ret, made new, for code that uses it;
//   - the call's result, where the op's return holds it: an option's
//     candidate's, as statements that return it or as an expression;
//   - the argument it writes, after the code;
//   - or the code's value.
func (c *Candidate) body(l *Lib) string {
	var b strings.Builder
	for _, p := range c.Op.Params {
		b.WriteString("_ = " + p.Name + "\n")
	}
	r := c.Callable.Result
	switch {
	case (c.Returns == "" || c.Option != nil || c.Value) && c.Stmts():
		return b.String() + c.Code
	case c.Returns == "" || c.Option != nil || c.Value:
		return b.String() + "return " + c.programCode()
	case c.Returns == "ret":
		return b.String() + "ret := new(" + l.Base() + ")\n" + c.Code + "\nreturn ret"
	case r.Tensor && r.Assert == "" && !r.Err && !r.Other && len(c.Held) == 0:
		// A call whose one result the op's return holds: gen returns it,
		// and returns_arg then checks it is the argument written.
		return b.String() + "return " + c.Code
	}
	return b.String() + c.Code + "\nreturn " + c.Returns
}

// typedHelpers is the source of the program's functions of tensors of
// any of the reference's dtypes (m.dt: 0 float64, 1 bool, 2 int64):
//   - mkAs makes one; float64 is the library's element type (mk);
//   - readAs reads one's dtype, sizes and values;
//   - anchorAny is anchor of one: a pointer to its buffer's last element,
//     nil for none.
//
// A dtype the library does not make (Lib.ValueForms) has no case in them:
// no op whose cases need it is checked (OpsOf).
func (l *Lib) typedHelpers(pkg string) string {
	var mk, rd, an strings.Builder
	mk.WriteString("func mkAs(dt int, shape []int, vals []float64) tensorT {\nswitch dt {\ncase 0:\nreturn mk(shape, vals)\n")
	rd.WriteString("func readAs(x tensorT) (dt int, shape []int, vals []float64) {\n")
	an.WriteString("func anchorAny(x tensorT) any {\n")
	var typed []string
	for _, d := range valueDtypes {
		if l.valueDtype(d) {
			typed = append(typed, d)
		}
	}
	if len(typed) > 0 {
		fmt.Fprintf(&rd, "switch x.%s().Kind() {\n", l.Memory.Kind)
		fmt.Fprintf(&an, "switch x.%s().Kind() {\n", l.Memory.Kind)
	}
	for _, d := range typed {
		code := slices.Index(valueDtypes, d) + 1
		to, from := "int64(v)", "float64(v)"
		if d == "bool" {
			to, from = "v != 0", "map[bool]float64{true: 1}[v]"
		}
		fmt.Fprintf(&mk, "case %d:\ndata := make([]%s, len(vals))\nfor i, v := range vals {\ndata[i] = %s\n}\nreturn %s\n", code, d, to, l.Ctor.Call(pkg, "shape", "data"))
		fmt.Fprintf(&rd, "case reflect.%s:\nd := x.%s()\nvals = make([]float64, len(d))\nfor i, v := range d {\nvals[i] = %s\n}\nreturn %d, %s, vals\n", upperFirst(d), l.Memory.Access[d], from, code, l.Sizes("x"))
		fmt.Fprintf(&an, "case reflect.%s:\nd := x.%s()\nif len(d) == 0 {\nreturn nil\n}\nreturn &d[:cap(d)][cap(d)-1]\n", upperFirst(d), l.Memory.Access[d])
	}
	if len(typed) > 0 {
		rd.WriteString("}\n")
		an.WriteString("}\n")
	}
	mk.WriteString("}\npanic(\"init makes no tensor of this dtype of the library's type\")\n}\n\n")
	rd.WriteString("shape, vals = read(x)\nreturn 0, shape, vals\n}\n\n")
	an.WriteString("if p := anchor(x); p != nil {\nreturn p\n}\nreturn nil\n}\n\n")
	return mk.String() + rd.String() + an.String()
}
