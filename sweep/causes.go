package sweep

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/gosrc"
)

// Causes (docs/sweep.md, "Causes"): the findings and crashes of one
// cause are one entry of the report, over the ops and samples they
// showed in, so that a library's one bug reads as one bug however many
// ops reach it.
//
// A crash's cause is where it happens and what triggers it: the package
// of the innermost frame of its stack whose code may be at fault (Go's
// runtime and standard library and assertgen's own packages left out:
// the library's, or the binding's when the panic is in the binding's own
// code), the kind of crash and of panic (its text without its numbers:
// "index out of range"), and its trigger (what all its samples have and
// none of its op's samples that ran has: a zero-size dim, a 0-dim
// tensor, Go int...). A finding's cause is its check and place, the
// function the checked wrapper calls (the binding's: gen's bound code, a
// kernel package's function; or a library's function bound directly),
// whose package is at fault, and its trigger. A finding another finding
// of the same calls is the consequence of (Finding.Cause; an argument's
// identity check that shows only where it is the same tensor as another
// argument with the same finding, sameTensorOf) is in that finding's
// entry.

// A Cause is one entry of a report: the findings and crashes of one
// cause, and where its code is.
type Cause struct {
	// Key names the cause for [Verdicts]: "crash in PACKAGE: WHAT on
	// TRIGGER" or "finding in PACKAGE: FUNCTION breaks CHECK WHERE on
	// TRIGGER" (without " on TRIGGER" when its samples share nothing
	// that the op's other samples lack). It names no op and no sample,
	// nor a file or a line.
	Key string
	// Package is the import path of the package whose code is at fault
	// ("" when none is known: an op's name is in Key instead); Binding
	// reports that it is the binding's (the wrapper's package, gen's
	// bound code, the kernel package the wrapper calls, or another
	// package of the wrapper's module when the library is in another
	// module), not the library's.
	Package string
	Binding bool
	// Crash is a crash's kind ("panic", "goroutine panic", "hang", ...),
	// "" for a finding's cause. What is what happens: a crash's ("index
	// out of range", "goroutine panic: nil map write", "exit status 1"),
	// a finding's check and place ("fresh_no_alias return 0").
	Crash, What string
	// Call is the function a finding's wrapper calls with its checks off
	// ("catalog.boundT", "ops.Abs"), "" for a crash's cause.
	Call string
	// Trigger names what its samples have and its ops' other samples
	// that ran lack ("a zero-size dim"; "" for nothing).
	Trigger string
	// Functions are the innermost functions at fault of its crashes
	// ("execution.AbsIterF32"), each once, in the order of Members.
	Functions []string
	// Members are its findings and crashes, in the table's order of
	// their ops (a crash before a finding of one op, then by key): the
	// first is its representative, the one a reproducer of the cause
	// starts from.
	Members []Member
}

// A Member is one finding or crash of a [Cause]: its key ([Finding.Key],
// [Crash.Key]), its op, the samples it showed in and its count.
type Member struct {
	Key, Op string
	Samples []string
	Count   int
	// Frames are a crash's frames in the code at fault, innermost first:
	// the library's own (the binding's, the wrapper's and assertgen's
	// left out), or the binding's for a crash in the binding's code
	// (the wrapper itself left out).
	Frames []string
	// consequence: a finding of the same calls as another member, which
	// says what it is the consequence of (Finding.Cause)
	consequence bool
}

// Ops are the cause's ops, each once, in the order of its members.
func (c *Cause) Ops() []string {
	var ops []string
	for _, m := range c.Members {
		if !slices.Contains(ops, m.Op) {
			ops = append(ops, m.Op)
		}
	}
	return ops
}

// String is the cause's headline: its key, with how many findings or
// crashes of how many ops it stands for.
func (c *Cause) String() string {
	what := "finding"
	if c.Crash != "" {
		what = "crash"
	}
	n := len(c.Members)
	if n != 1 {
		what += "es"
		if c.Crash == "" {
			what = "findings"
		}
	}
	ops := len(c.Ops())
	s := "op"
	if ops != 1 {
		s = "ops"
	}
	return fmt.Sprintf("%s (%d %s of %d %s)", c.Key, n, what, ops, s)
}

// write prints the cause: its headline, whose code it is, then a line
// per member: its op, its samples, and a crash's frames at fault from
// the outermost.
func (c *Cause) write(b *strings.Builder) {
	whose := "the library's code"
	if c.Binding {
		whose = "the binding's code"
	}
	if c.Package == "" {
		whose = "code not known"
	}
	fmt.Fprintf(b, "\t%s\n\t\t%s", c, whose)
	if c.Call != "" {
		fmt.Fprintf(b, ", %s", c.Call)
	}
	b.WriteString("\n")
	for _, m := range c.Members {
		fmt.Fprintf(b, "\t\t%s (%d): %s", m.Key, m.Count, strings.Join(m.Samples, "; "))
		if len(m.Frames) > 0 {
			var fs []string
			for _, f := range slices.Backward(m.Frames) {
				fs = append(fs, shortFunc(f))
			}
			fmt.Fprintf(b, "\n\t\t\t%s", strings.Join(fs, " > "))
		}
		b.WriteString("\n")
	}
}

// causes groups the report's findings and crashes by cause, es (the
// table's entries, nil when not known) saying where each op's code is;
// in the order of their keys' packages (the library's before the
// binding's), then keys.
func (r *Report) causesOf(es []entry) []*Cause {
	if len(r.Findings)+len(r.Crashes) == 0 {
		return nil
	}
	order := map[string]int{}
	byOp := map[string]*entry{}
	for i := range es {
		order[es[i].Name] = i
		byOp[es[i].Name] = &es[i]
	}
	pl := newPlaces()
	byKey := map[string]*Cause{}
	var out []*Cause
	add := func(c *Cause, m Member) {
		x := byKey[c.Key]
		if x == nil {
			x = c
			byKey[c.Key] = x
			out = append(out, x)
		}
		x.Members = append(x.Members, m)
	}
	for _, cr := range r.Crashes {
		p := pl.of(byOp[cr.Op])
		c := r.crashCause(cr, p)
		add(c, Member{Key: cr.Key(), Op: cr.Op, Samples: cr.Variants, Count: cr.Count, Frames: p.faultFrames(cr.Frames)})
	}
	findingCause := map[string]string{} // a finding's key: its cause's
	keys := map[string]bool{}
	for _, f := range r.Findings {
		keys[f.Key()] = true
	}
	linked := map[*Finding]string{} // a finding of another's cause: that one's key
	for _, f := range r.Findings {
		switch {
		case f.Cause != "" && keys[f.Cause]:
			linked[f] = f.Cause
		case r.sameTensorOf(f) != nil:
			linked[f] = r.sameTensorOf(f).Key()
		default:
			c := r.findingCause(f, pl.of(byOp[f.Op]))
			findingCause[f.Key()] = c.Key
			add(c, Member{Key: f.Key(), Op: f.Op, Samples: f.Variants, Count: f.Count})
		}
	}
	byFinding := map[string]*Finding{}
	for _, f := range r.Findings {
		byFinding[f.Key()] = f
	}
	for _, f := range r.Findings {
		k, ok := linked[f]
		if !ok {
			continue
		}
		for range r.Findings { // what it is the consequence of may be one too: to the first that is none
			g := byFinding[k]
			next, more := linked[g]
			if !more || next == f.Key() {
				break
			}
			k = next
		}
		x := byKey[findingCause[k]]
		if x == nil { // a circle of consequences: an entry of its own
			c := r.findingCause(f, pl.of(byOp[f.Op]))
			findingCause[f.Key()] = c.Key
			add(c, Member{Key: f.Key(), Op: f.Op, Samples: f.Variants, Count: f.Count})
			continue
		}
		x.Members = append(x.Members, Member{Key: f.Key(), Op: f.Op, Samples: f.Variants, Count: f.Count, consequence: true})
	}
	sortCauses(out, order)
	return out
}

// sortCauses puts each cause's members in the table's order (crashes
// first, a consequence after what it is one of), names the functions of
// their frames, and orders the causes: the library's before the
// binding's, then by package and key.
func sortCauses(out []*Cause, order map[string]int) {
	for _, c := range out {
		slices.SortStableFunc(c.Members, func(a, b Member) int {
			if d := cmp.Compare(opOrder(order, a.Op), opOrder(order, b.Op)); d != 0 {
				return d
			}
			if d := boolInt(!strings.Contains(a.Key, " crash: ")) - boolInt(!strings.Contains(b.Key, " crash: ")); d != 0 {
				return d
			}
			if d := boolInt(a.consequence) - boolInt(b.consequence); d != 0 {
				return d // a finding its cause's finding stands for after it
			}
			return strings.Compare(a.Key, b.Key)
		})
		for _, m := range c.Members {
			if len(m.Frames) > 0 && !slices.Contains(c.Functions, shortFunc(m.Frames[0])) {
				c.Functions = append(c.Functions, shortFunc(m.Frames[0]))
			}
		}
	}
	slices.SortFunc(out, func(a, b *Cause) int {
		if d := boolInt(a.Binding) - boolInt(b.Binding); d != 0 {
			return d
		}
		if d := strings.Compare(a.Package, b.Package); d != 0 {
			return d
		}
		return strings.Compare(a.Key, b.Key)
	})
}

// sameTensorOf is the finding f is the consequence of when f is an
// identity check's (same_storage, same_impl) on an argument that shows
// only where one tensor is passed as two arguments (its trigger), on
// samples all of which another argument's finding of the check, of its
// own cause, shows on too, and more: one tensor's change seen through
// both arguments (clone.out(self, out=self) of a kernel that gives out
// new memory). nil for none.
func (r *Report) sameTensorOf(f *Finding) *Finding {
	if !strings.HasPrefix(f.Where, "argument ") || !checktable.ArgumentIdentity(f.Check) || r.trigger(f.Op, f.Variants)&(1<<featSame) == 0 {
		return nil
	}
	for _, g := range r.Findings {
		if g != f && g.Op == f.Op && g.Check == f.Check && strings.HasPrefix(g.Where, "argument ") && g.Cause == "" &&
			len(g.Variants) > len(f.Variants) && !slices.ContainsFunc(f.Variants, func(v string) bool { return !slices.Contains(g.Variants, v) }) {
			return g
		}
	}
	return nil
}

// opOrder is op's place in the table (order), ops not in it last.
func opOrder(order map[string]int, op string) int {
	if i, ok := order[op]; ok {
		return i
	}
	return len(order)
}

// crashCause is the cause of crash c of an op whose code is where p
// says.
func (r *Report) crashCause(c *Crash, p opPlaces) *Cause {
	x := &Cause{Crash: c.Kind, What: crashWhat(c), Trigger: triggerText(r.trigger(c.Op, c.Variants))}
	switch {
	case len(c.Frames) > 0 && (c.Kind != crashRelease || p.kernel == ""):
		x.Package = funcPackage(c.Frames[0])
	default:
		// a release's: the kernel left its results so, the runtime's
		// Release tripped on them; no frame (an exit, a signal in C):
		// the function called's
		x.Package = p.kernel
	}
	x.Binding = p.binding(x.Package)
	where := x.Package
	if where == "" {
		if pkg, _, ok := strings.Cut(c.At, "."); ok && c.At != "" {
			where = pkg // no frames (a report made by hand): At's package name
		} else {
			where = "op " + c.Op
		}
	}
	x.Key = "crash in " + where + ": " + x.What
	if x.Trigger != "" {
		x.Key += " on " + x.Trigger
	}
	return x
}

// findingCause is the cause of finding f of an op whose code is where p
// says.
func (r *Report) findingCause(f *Finding, p opPlaces) *Cause {
	x := &Cause{What: f.Check.String() + " " + f.Where, Call: p.call, Package: p.kernel, Trigger: triggerText(r.trigger(f.Op, f.Variants))}
	x.Binding = p.binding(x.Package)
	where, call := x.Package, x.Call
	if where == "" {
		where = "op " + f.Op
	}
	if call == "" {
		call = f.Op // interface mode, or no source: the op's own code
	}
	x.Key = "finding in " + where + ": " + call + " breaks " + x.What
	if x.Trigger != "" {
		x.Key += " on " + x.Trigger
	}
	return x
}

// crashWhat is what happened in crash c, without what varies with the
// sample (numbers, addresses): the panic's kind after the crash's.
func crashWhat(c *Crash) string {
	switch c.Kind {
	case crashPanic:
		return panicKind(c.Text)
	case crashRelease:
		return "release: " + panicKind(strings.TrimPrefix(c.Text, "in Release: "))
	case crashSignal:
		if sig := signalRE.FindString(c.Text); sig != "" {
			return "signal " + sig
		}
	case crashExit:
		if m := exitStatusRE.FindStringSubmatch(c.Text); m != nil {
			return "exit status " + m[1]
		}
	case crashGoroutine, crashFatal:
		return c.Kind + ": " + panicKind(c.Text)
	}
	return c.Kind
}

// panicKind is a panic's text as a kind: Go's runtime errors by what
// they are ("index out of range", "nil pointer dereference", "nil map
// write"), another text's first line with its numbers as N.
func panicKind(text string) string {
	t := strings.TrimPrefix(firstLine(text), "runtime error: ")
	for _, k := range []struct{ prefix, kind string }{
		{"index out of range", "index out of range"},
		{"slice bounds out of range", "slice bounds out of range"},
		{"invalid memory address or nil pointer dereference", "nil pointer dereference"},
		{"assignment to entry in nil map", "nil map write"},
		{"integer divide by zero", "integer divide by zero"},
		{"makeslice: len out of range", "makeslice: len out of range"},
		{"makeslice: cap out of range", "makeslice: cap out of range"},
	} {
		if strings.HasPrefix(t, k.prefix) {
			return k.kind
		}
	}
	return numberRE.ReplaceAllString(t, "N")
}

// numberRE finds the numbers of a panic's text: decimal, hexadecimal
// (an address, normalizeTrace's 0x?), a float.
var numberRE = regexp.MustCompile(`0x[0-9a-fA-F?]+|[0-9]+(\.[0-9]+)?`)

// opPlaces are where an op's code is: the wrapper's package, the
// function the wrapper calls with its checks off (call, "ops.Abs") and
// its package (kernel), the package of the wrapper's tensor type, and
// the modules of the program.
type opPlaces struct {
	wrapper, kernel, call, tensor string
	// wrapperFunc is the wrapper's full name
	wrapperFunc string
	modules     []string
}

// binding reports whether package pkg is the binding's: the wrapper's
// (gen's bound code), the kernel package the wrapper calls when it is of
// the wrapper's module and does not declare the tensor type, or another
// package of the wrapper's module when the tensor type is of another
// (a library in a module of its own). The others are the library's: the
// tensor type's package, a package of another module (a kernel library
// of its own, the library's dependencies).
func (p opPlaces) binding(pkg string) bool {
	if pkg == "" || pkg == p.tensor {
		return false
	}
	if pkg == p.wrapper {
		return true
	}
	m, mw := moduleOf(p.modules, pkg), moduleOf(p.modules, p.wrapper)
	if pkg == p.kernel {
		return m == mw
	}
	return m != "" && m == mw && m != moduleOf(p.modules, p.tensor)
}

// faultFrames are the innermost frames of fs on the side of the first:
// the library's own, or the binding's when the first is the binding's.
func (p opPlaces) faultFrames(fs []string) []string {
	for i, f := range fs {
		if f == p.wrapperFunc || p.binding(funcPackage(f)) != p.binding(funcPackage(fs[0])) {
			return fs[:i]
		}
	}
	return fs
}

// moduleOf is the module of ms whose path is pkg's or a prefix of it, the
// longest; "" for none.
func moduleOf(ms []string, pkg string) string {
	best := ""
	for _, m := range ms {
		if (pkg == m || strings.HasPrefix(pkg, m+"/")) && len(m) > len(best) {
			best = m
		}
	}
	return best
}

// places finds where ops' code is, reading each wrapper's file once.
type places struct {
	files   map[string]*ast.File
	modules []string
	byOp    map[*entry]opPlaces
}

func newPlaces() *places {
	return &places{files: map[string]*ast.File{}, byOp: map[*entry]opPlaces{}, modules: programModules()}
}

// programModules are the paths of the program's modules (its own and
// its dependencies).
var programModules = sync.OnceValue(func() []string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	ms := []string{bi.Main.Path}
	for _, d := range bi.Deps {
		ms = append(ms, d.Path)
	}
	return ms
})

// of is where e's code is (nothing known for nil).
func (pl *places) of(e *entry) opPlaces {
	if e == nil {
		return opPlaces{modules: pl.modules}
	}
	if p, ok := pl.byOp[e]; ok {
		return p
	}
	p := opPlaces{modules: pl.modules}
	fn := reflect.ValueOf(e.Fn)
	p.tensor = tensorPackage(fn.Type())
	if f := runtime.FuncForPC(fn.Pointer()); f != nil {
		p.wrapperFunc, p.wrapper = f.Name(), funcPackage(f.Name())
		p.kernel = p.wrapper
		if methodWrapper(fn) == "" {
			file, _ := f.FileLine(f.Entry())
			p.call, p.kernel = pl.kernelOf(file, f.Name(), p.wrapper)
		}
	}
	pl.byOp[e] = p
	return p
}

// kernelOf returns the function the wrapper named fn (its full name), in
// file, calls with its checks off ("ops.Abs"; gen's bound code
// "catalog.boundT") and that function's package; "" and the wrapper's
// package when its source is not there or is no wrapper gen wrote.
func (pl *places) kernelOf(file, fn, wrapper string) (string, string) {
	af, ok := pl.files[file]
	if !ok {
		af, _ = parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		pl.files[file] = af
	}
	name, _, _ := strings.Cut(fn[strings.LastIndex(fn, "/")+1:], "[")
	_, name, _ = strings.Cut(name, ".")
	var decl *ast.FuncDecl
	if af != nil {
		decl = findFunc(af, name)
	}
	if decl == nil {
		return "", wrapper
	}
	call, err := gosrc.UncheckedCall(decl)
	if err != nil {
		if call = directCall(decl); call == nil {
			return "", wrapper
		}
	}
	fun := call.Fun
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun = x.X
	case *ast.IndexListExpr:
		fun = x.X
	}
	switch x := fun.(type) {
	case *ast.Ident:
		return defaultName(wrapper) + "." + x.Name, wrapper
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			if p := importOf(af, id.Name); p != "" {
				return defaultName(p) + "." + x.Sel.Name, p
			}
		}
	}
	return "", wrapper
}

// directCall is the call of a wrapper of the release build (gen's direct
// wrapper: its one statement `return CALL`, or `CALL`), nil for another
// function.
func directCall(fd *ast.FuncDecl) *ast.CallExpr {
	if fd.Body == nil || len(fd.Body.List) == 0 || len(fd.Body.List) > 2 {
		return nil
	}
	var e ast.Expr
	switch st := fd.Body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(st.Results) == 1 && len(fd.Body.List) == 1 {
			e = st.Results[0]
		}
	case *ast.ExprStmt:
		e = st.X
	}
	c, _ := e.(*ast.CallExpr)
	return c
}

// tensorPackage is the package of the first parameter type of a wrapper
// (under pointers, slices and maps) declared in a package: the
// library's tensor type's.
func tensorPackage(fn reflect.Type) string {
	for i := range fn.NumIn() {
		t := fn.In(i)
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.PkgPath() != "" {
			return t.PkgPath()
		}
	}
	return ""
}

// causeList is the report's causes: Causes, or, for a report the sweep
// did not make (nil Causes), the causes of its findings and crashes with
// nothing known of where their ops' code is.
func (r *Report) causeList() []*Cause {
	if r.Causes != nil || len(r.Findings)+len(r.Crashes) == 0 {
		return r.Causes
	}
	return r.causesOf(nil)
}

// causesOfOpText says, for a stale verdict's key k of an op's finding or
// crash ("neg crash: panic at ..."), the causes that op shows now (the
// keys to paste, should the bug have moved); "" for none, or a key of
// no op.
func (r *Report) causesOfOpText(k string) string {
	op, _, _ := strings.Cut(k, " ")
	if strings.HasPrefix(k, "crash in ") || strings.HasPrefix(k, "finding in ") {
		return ""
	}
	var keys []string
	for _, c := range r.causeList() {
		if slices.Contains(c.Ops(), op) {
			keys = append(keys, strconv.Quote(c.Key))
		}
	}
	if len(keys) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s shows now: %s)", op, strings.Join(keys, ", "))
}
