package sweep

import (
	"bytes"
	"fmt"
	"go/format"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A reproCase is what a reproducer is written from: one finding (a check
// broken at a place) or one crash of an op, on one sample.
type reproCase struct {
	Op string
	// Check is the broken check's name ("" for a crash); Where its place
	// ("argument self", "return 0") and Other the tensor it was compared
	// with (the violation's Other).
	Check, Where, Other string
	Crash               *crashError
	Sample              *Sample
	// From is the sample the finding was found on, before minimizing;
	// Also the keys of the findings it stands for too.
	From string
	Also []string
	// Limit is a hang's deadline in the reproducer.
	Limit time.Duration
	// again: the finding showed on a second call, the first's results
	// held (Report.Again).
	again bool
	// tried is the op's Report.Tried: which variant the op's probes ran
	// on (recreate).
	tried string
	// cause is the cause it reproduces, places where its op's code is,
	// frames a crash's frames at fault as the sweep found them
	// (innermost first): minimizing keeps them (shows).
	cause  *Cause
	places opPlaces
	frames []string
	key    string // the member's key
}

// templateChecks are the checks a reproducer can show in plain Go, each
// with its template (reproFile.check): identity by pointer, shared memory
// by a write through one tensor read through the other, values and sizes
// copied before the call, the library's own version counter, and
// releases a caller makes (the use-count checks that a second release
// shows). binding_context (noTemplate) has none.
var templateChecks = []string{"returns_arg", "same_content", "same_metadata", "shares_storage",
	"fresh_no_alias", "impl_use_count_eq_fresh", "impl_use_count_le_1", "storage_use_count_eq_1",
	"fresh_not_held", "distinct_outputs", "same_storage", "same_impl", "no_mutation",
	"fresh_or_alias", "view_holds_storage"}

// noTemplate says why a check has no reproducer.
var noTemplate = map[string]string{
	"binding_context": "it compares a storage's binding with the hermetic context the call ran in, " +
		"a state the runtime's adapter reports to assertgen's checks (asserts.Env): the library alone has no such context to compare with",
}

// needsDecl are the functions of a runtime's ReproSource a template
// calls beyond tensorValues, tensorSizes and tensorFill: a runtime that
// declares none gets no reproducer of the check, and a line saying so.
var needsDecl = map[string]string{
	"same_storage": "tensorAddr", "same_impl": "tensorImpl", "no_mutation": "tensorVersion",
	"fresh_or_alias": "tensorRelease", "view_holds_storage": "tensorRelease", crashRelease: "tensorRelease",
}

// templateCrashes are the kinds of crash a reproducer shows: the call
// itself (a recovered panic, fails with its text; a process that dies
// fails the test), the call under a deadline (a hang), the call and the
// release of its results (a panic releasing them).
var templateCrashes = []string{crashPanic, crashGoroutine, crashFatal, crashSignal, crashExit, crashHang, crashRelease}

// A reproFile is a reproducer's source being written.
type reproFile struct {
	c       *reproCase
	b       *boundSource
	src     Source
	imports map[string]string
	// twice are the packages the call names otherwise than the runtime's
	// declarations do (kernels for examples/pool): path to the call's
	// name, imported under both
	twice map[string]string
	vars  map[string]string // the call's parameter names as the test's variables
	made  []string          // the sample's tensors' variables
	body  bytes.Buffer
	title string
	// name is the test's name; who the call as the test writes it
	// ("tensor.Inner(a, b)"), on what its arguments are; expect what
	// should have happened instead
	name, who, on, expect string
	// byPointer: same_impl's place is an element of a list of pointers,
	// compared as a pointer (elementPointer)
	byPointer bool
}

// elementPointer reports whether the reproducer compares same_impl's
// place as a pointer: an element of a list of pointers (a kernel that
// puts another tensor in its input list), where the runtime declares no
// tensorImpl.
func (f *reproFile) elementPointer(ft reflect.Type) bool {
	a, ok := strings.CutPrefix(f.c.Where, "argument ")
	name, _, elem := strings.Cut(a, "[")
	if f.c.Check != "same_impl" || !ok || !elem || strings.Contains(f.src.Decls, "func tensorImpl(") {
		return false
	}
	i := slices.Index(f.b.Params, name)
	if i < 0 || i >= ft.NumIn() {
		return false
	}
	t := ft.In(i)
	return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Pointer
}

// writeRepro returns the source of the reproducer of c (a test file of
// package repro), its title (the sentence the test fails with) and its
// test's name. The header's library is libraryMark, for the module's
// writer to say.
func writeRepro(rt ReproRuntime, fn reflect.Value, b *boundSource, c *reproCase) (src []byte, title, name string, err error) {
	if c.Crash == nil && !slices.Contains(templateChecks, c.Check) {
		why := noTemplate[c.Check]
		if why == "" {
			why = "assertgen has no template for it"
		}
		return nil, "", "", fmt.Errorf("no reproducer for %s: %s", c.Check, why)
	}
	if c.Crash != nil && !slices.Contains(templateCrashes, c.Crash.Kind) {
		return nil, "", "", fmt.Errorf("no reproducer template for a crash of kind %s", c.Crash.Kind)
	}
	f := &reproFile{c: c, b: b, src: rt.ReproSource(), imports: map[string]string{"testing": "testing"}, twice: map[string]string{}, vars: map[string]string{}}
	for p, n := range b.Imports {
		f.imports[p] = n
	}
	for _, p := range f.src.Imports {
		if n, ok := f.imports[p]; ok && n != defaultName(p) {
			f.twice[p] = n // the call's name for it, beside the declarations'
		}
		f.imports[p] = defaultName(p)
	}
	kind := c.Check
	if c.Crash != nil {
		kind = c.Crash.Kind
	}
	f.byPointer = f.elementPointer(fn.Type())
	if d := needsDecl[kind]; d != "" && !strings.Contains(f.src.Decls, "func "+d+"(") && !f.byPointer {
		return nil, "", "", fmt.Errorf("no reproducer for %s: the runtime's ReproSource declares no %s", kind, d)
	}
	if err := f.args(rt, fn.Type()); err != nil {
		return nil, "", "", err
	}
	nout := fn.Type().NumOut()
	if b.nout >= 0 && b.inlined {
		nout = b.nout
	}
	f.who, f.on = b.call(f.vars), " on "+f.describe()
	if err := f.check(nout); err != nil {
		return nil, "", "", err
	}
	f.name = reproTestName(b, c)
	out, err := f.file()
	return out, f.title, f.name, err
}

// args writes the sample's tensors and the call's arguments: a
// variable per parameter the call uses, named as the library names its
// parameter where the call passes it as it is, a tensor that parameter
// alone takes made in its variable; the other tensors x0, x1, ...
func (f *reproFile) args(rt ReproRuntime, ft reflect.Type) error {
	s := f.c.Sample
	if ft.NumIn() != len(s.Args) || len(f.b.Params) != len(s.Args) {
		return fmt.Errorf("the wrapper has %d parameters, the sample %d arguments", ft.NumIn(), len(s.Args))
	}
	used := f.b.usedParams()
	taken := map[string]bool{}
	for _, p := range f.b.Params {
		v := p
		if n := f.b.names[p]; n != "" && !f.reserved(n) {
			v = n
		}
		for f.reserved(v) || taken[v] {
			v += "_"
		}
		f.vars[p], taken[v] = v, true
	}
	users := map[int]int{}
	for i, p := range f.b.Params {
		for _, k := range s.Args[i].Tensors {
			if used[p] {
				users[k]++
			}
		}
	}
	owner, needed := map[int]string{}, map[int]bool{}
	for i, p := range f.b.Params {
		ar := &s.Args[i]
		if !used[p] {
			continue
		}
		for _, k := range ar.Tensors {
			needed[k] = true
		}
		if !ar.List && len(ar.Tensors) == 1 && users[ar.Tensors[0]] == 1 {
			owner[ar.Tensors[0]] = f.vars[p]
		}
	}
	for k := len(s.Specs) - 1; k >= 0; k-- { // a view's base, a repeated tensor's first
		if sp := s.Specs[k]; needed[k] && sp.ViewOf >= 0 {
			needed[sp.ViewOf] = true
		} else if needed[k] && sp.Same >= 0 {
			needed[sp.Same] = true
		}
	}
	made := make([]string, len(s.Specs))
	f.made = made
	for k, sp := range s.Specs {
		if made[k] = owner[k]; made[k] == "" {
			made[k] = "x" + strconv.Itoa(k)
		}
		if !needed[k] {
			continue
		}
		e, err := rt.ReproTensor(sp, made[:k])
		if err != nil {
			return fmt.Errorf("the runtime cannot write %s: %v", sp, err)
		}
		fmt.Fprintf(&f.body, "\t%s := %s\n", made[k], e)
	}
	for i, p := range f.b.Params {
		ar := &s.Args[i]
		v, t := f.vars[p], ft.In(i)
		if !used[p] || !ar.List && len(ar.Tensors) == 1 && owner[ar.Tensors[0]] == v {
			continue
		}
		var e string
		switch {
		case ar.List:
			var xs []string
			for _, k := range ar.Tensors {
				xs = append(xs, made[k])
			}
			e = goType(t, f.imports) + "{" + strings.Join(xs, ", ") + "}"
		case ar.Tensors != nil:
			e = made[ar.Tensors[0]]
		default:
			rv, ok, err := rt.Value(ar, t)
			if err == nil && !ok {
				rv, err = ar.convert(t)
			}
			if err != nil {
				return fmt.Errorf("argument %s: %v", p, err)
			}
			if e, err = goValue(rv, f.imports); err != nil {
				return fmt.Errorf("argument %s: %v", p, err)
			}
		}
		if e == "nil" { // None: a nil of the parameter's type
			fmt.Fprintf(&f.body, "\tvar %s %s\n", v, goType(t, f.imports))
			continue
		}
		fmt.Fprintf(&f.body, "\t%s := %s\n", v, e)
	}
	return nil
}

// describe says what the call's tensor arguments are: "a float32 [0]
// tensor a and a float32 [0] tensor b", "a float64 [2 3] tensor self
// selected from x0 at 1", "other, the same tensor as self".
func (f *reproFile) describe() string {
	s, used := f.c.Sample, f.b.usedParams()
	var ds []string
	first := map[int]string{} // a tensor's first variable
	for i, p := range f.b.Params {
		ar, v := &s.Args[i], f.vars[p]
		if !used[p] || ar.Tensors == nil {
			continue
		}
		var ts []string
		for _, k := range ar.Tensors {
			for s.Specs[k].Same >= 0 {
				k = s.Specs[k].Same
			}
			sp := s.Specs[k]
			d := reproDtype(sp) + " " + fmt.Sprint(sp.Shape) + " tensor"
			if len(sp.Shape) == 0 {
				d = "0-dim " + reproDtype(sp) + " tensor"
			}
			if sp.Transposed {
				d = "transposed " + d
			}
			if w, ok := first[k]; ok {
				d = "the same tensor as " + w
			} else {
				first[k] = v
			}
			if sp.ViewOf >= 0 {
				d += fmt.Sprintf(" selected from %s at %d", f.made[sp.ViewOf], sp.Index)
			}
			ts = append(ts, d)
		}
		switch {
		case ar.List:
			ds = append(ds, "a list "+v+" of "+joinAnd(ts))
		case strings.HasPrefix(ts[0], "the same tensor as"):
			ds = append(ds, v+", "+ts[0])
		case strings.Contains(ts[0], " selected from "):
			d, from, _ := strings.Cut(ts[0], " selected from ")
			ds = append(ds, "a "+d+" "+v+" selected from "+from)
		default:
			ds = append(ds, "a "+ts[0]+" "+v)
		}
	}
	if len(ds) == 0 {
		return "no tensor"
	}
	return joinAnd(ds)
}

// reserved reports whether a parameter's name is one the test's own
// code uses (a variable, a package, the called function).
func (f *reproFile) reserved(p string) bool {
	if p == "t" || p == "v" || p == "p" || p == "before" || p == "after" || p == "done" || p == "zeros" || p == "ones" || strings.HasPrefix(p, "again") || strings.HasPrefix(p, "first") {
		return true
	}
	if len(p) > 1 && (p[0] == 'x' || p[0] == 'r') && strings.Trim(p[1:], "0123456789") == "" {
		return true
	}
	for _, n := range f.imports {
		if n == p {
			return true
		}
	}
	for _, n := range f.twice {
		if n == p {
			return true
		}
	}
	name, _, _ := strings.Cut(f.b.Fun, "[")
	return name == p || strings.HasPrefix(name, p+".")
}

// place is the Go expression of a violation's place: an argument's
// variable (an element of a list), or a result ("return 1": r1).
func (f *reproFile) place(w string) (string, error) {
	if r, ok := strings.CutPrefix(w, "return "); ok {
		if _, err := strconv.Atoi(r); err != nil {
			return "", fmt.Errorf("no result %q", w)
		}
		return "r" + r, nil
	}
	a, ok := strings.CutPrefix(w, "argument ")
	if !ok || a == "" {
		return "", fmt.Errorf("no place %q", w)
	}
	name, idx, _ := strings.Cut(a, "[")
	v, ok := f.vars[name]
	if !ok {
		return "", fmt.Errorf("no parameter %s", name)
	}
	if idx != "" {
		return v + "[" + idx, nil
	}
	return v, nil
}

// results returns the call as a statement binding its n results to
// r0...: "r0, r1 := CALL"; with prefix "_", dropping them: "_, _ =
// CALL".
func (f *reproFile) results(prefix string, n int) string {
	call := f.b.call(f.vars)
	if n == 0 {
		return call
	}
	if prefix == "_" {
		return strings.Repeat("_, ", n-1) + "_ = " + call
	}
	var rs []string
	for i := range n {
		rs = append(rs, prefix+strconv.Itoa(i))
	}
	return strings.Join(rs, ", ") + " := " + call + "\n\t_ = " + strings.Join(rs, "\n\t_ = ")
}

// libraryMark stands in a reproducer's header for its library's module
// and version, which its module's writer (reproModule.write) knows.
const libraryMark = "LIBRARY_AND_VERSION"

// file assembles the test file: its header (what happens, what was
// expected, the library's version and Go's, where the sweep found it,
// the cause's other members), the test, and the declarations it uses.
func (f *reproFile) file() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s: %s.\n", f.name, f.title)
	if f.expect != "" {
		fmt.Fprintf(&b, "// Expected: %s.\n", f.expect)
	}
	fmt.Fprintf(&b, "//\n// Library: %s; %s %s/%s.\n", libraryMark, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(&b, "// Written by assertgen's sweep from op %s, sample %s", f.c.Op, reproDescribe(f.c.Sample))
	if f.c.From != "" && !strings.HasSuffix(f.c.From, ": "+reproDescribe(f.c.Sample)) {
		fmt.Fprintf(&b, " (minimized from %s)", f.c.From)
	}
	b.WriteString(". It imports nothing of assertgen and fails until the bug is fixed: go test ./...\n")
	if c := f.c.cause; c != nil && len(c.Members) > 1 {
		b.WriteString("//\n// The same bug shows through other calls the sweep made (the op it called them for):\n")
		for _, l := range alsoLines(c, f.c.key) {
			fmt.Fprintf(&b, "//   - %s\n", l)
		}
	}
	b.WriteString("package repro\n\nimport (\n")
	var paths []string
	for p := range f.imports {
		paths = append(paths, p)
	}
	std := func(p string) bool { return !strings.Contains(strings.SplitN(p, "/", 2)[0], ".") }
	slices.SortFunc(paths, func(a, b string) int { // the standard library's first, then the others
		if std(a) != std(b) {
			return boolInt(!std(a)) - boolInt(!std(b))
		}
		return strings.Compare(a, b)
	})
	for i, p := range paths {
		if i > 0 && std(paths[i-1]) && !std(p) {
			b.WriteString("\n")
		}
		if n := f.twice[p]; n != "" {
			fmt.Fprintf(&b, "\t%s %q\n", n, p)
		}
		if n := f.imports[p]; n != defaultName(p) {
			fmt.Fprintf(&b, "\t%s %q\n", n, p)
		} else {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(&b, "func %s(t *testing.T) {\n%s}\n\n", f.name, f.body.String())
	for _, d := range f.b.Decls {
		b.WriteString(d)
		b.WriteString("\n\n")
	}
	b.WriteString(f.src.Decls)
	b.WriteString("\n")
	out, err := format.Source([]byte(b.String()))
	if err != nil {
		return []byte(b.String()), fmt.Errorf("the reproducer does not parse: %v", err)
	}
	return pruneFile(out)
}

// alsoLines lists the members of c other than the one of key, in the
// library's words: a crash by its path through the library's functions,
// outermost first, the ops that took that path after it; a member with no
// frames (a finding) by its key. Members on one path are one line.
func alsoLines(c *Cause, key string) []string {
	var lines []string
	ops := map[string][]string{}
	for _, m := range c.Members {
		if m.Key == key {
			continue
		}
		if len(m.Frames) == 0 {
			lines = append(lines, m.Key)
			continue
		}
		var fs []string
		for _, fr := range slices.Backward(m.Frames) {
			fs = append(fs, shortFunc(fr))
		}
		path := strings.Join(fs, " > ")
		if _, ok := ops[path]; !ok {
			lines = append(lines, path)
		}
		if !slices.Contains(ops[path], m.Op) {
			ops[path] = append(ops[path], m.Op)
		}
	}
	for i, l := range lines {
		if o, ok := ops[l]; ok {
			lines[i] = l + " (" + strings.Join(o, ", ") + ")"
		}
	}
	return lines
}
