package gen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"maps"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// A Binding is an op's kernel written in the config (bind:) rather than
// found in the kernels package. It is Go code over the op's parameters,
// for a library whose operations are methods (gonum's dst.Add(a, b)). gen
// prints each as a function of the output package, bound<GoName>. The
// wrappers call it as they call a kernel. What the function returns
// depends on the code:
//
//   - Code that uses the name ret: ret is a new value of the Tensor type's
//     element (ret := new(mat.Dense)), the code runs, and ret is returned.
//     This is for a functional op with one Tensor return:
//     "ret.Add(self, other)".
//   - Other code of an in-place or out= op: see below.
//   - Any other code: an expression is returned ("self.T()"), and
//     statements run as written: they return themselves.
//
// For an in-place or out= op, whose returns are the arguments it writes,
// the code runs and those arguments are returned ("out.Add(self, other)",
// "self.Scale(-1, self)"). returns_arg then cannot fail
// (Result.ReturnsItself). Three kinds of code return a value of their own
// instead:
//
//   - a call whose one result the op's return can hold (ReturnsCall):
//     "return self.Unary_(x)". The checks see that result.
//   - statements whose last is a return. They return what it returns:
//     "res, err := self.Mul(other, tensor.UseUnsafe()); if err != nil {
//     panic(err) }; return res".
//   - an expression that is not a call, and so cannot run as a statement.
//     It is returned as it is. Such is a type assertion of the library's
//     result: "self.AddInPlace(other).(*mat.Dense[float64])". The checks
//     see its value; an in-place op must return self.
type Binding struct {
	Code string
	Pos  schema.Position // the code's first byte in the config
	// Col says whether Pos's column plus an offset in Code is the column
	// of that byte in the config: a one-line plain or quoted value.
	Col bool
	// Places, when known, is the place in the config of each byte of Code
	// and one past its end, for a value of any style: literal, folded,
	// quoted, over several lines. Errors are reported there.
	Places []schema.Position
	// ReturnsCall says that Code is a call whose one result the op's one
	// return can hold, as the type-checked bound file shows
	// (discover.CheckBound). An in-place or out= op then returns it.
	ReturnsCall bool
	// Site is what a violation of the op points at (wrap.Op.Pos): the
	// binding's place in the config, as "PATH:LINE:COL". The path is
	// relative to the root of the config's module, so that it is the same
	// on every machine. It is "" for none.
	Site string
}

// At returns the place in the config of the byte at offset off of Code. It
// is from Places when known. Otherwise it is Pos's line, and its column
// for a one-line value (Col), plus what can be counted.
func (b Binding) At(off int) schema.Position {
	off = max(0, min(off, len(b.Code)))
	if len(b.Places) == len(b.Code)+1 {
		return b.Places[off]
	}
	at := b.Pos
	at.Line += strings.Count(b.Code[:off], "\n")
	if b.Col && !strings.Contains(b.Code[:off], "\n") {
		at.Column += off
	}
	return at
}

// An Import is a package bound code refers to, by the name it is
// imported as.
type Import struct{ Path, Name string }

// BoundName is the function gen prints for the binding of the op whose
// Go name is goName.
func BoundName(goName string) string { return "bound" + goName }

// BoundSource is the source of the bound kernels of the selected ops of p
// that o binds: PREFIX_bound.go, before gofmt. It is nil when o binds no
// op. It also gives, for each of its lines that holds bound code, the op
// whose binding it is. With it comes the offset of the line's first code
// byte in the binding's code (Binding.Code, trimmed: see boundLines). The
// command type-checks the source, and reports an error on such a line at
// that place in the config.
func BoundSource(p *plan.Plan, o Options) ([]byte, map[int]BoundLine, error) {
	ws, _, findings, err := prepare(p, &o)
	if err != nil {
		return nil, nil, err
	}
	if len(findings) > 0 {
		return nil, nil, findings
	}
	return boundSource(ws, o)
}

// A BoundLine is a line of BoundSource that holds bound code.
type BoundLine struct {
	Op     string // the op's name
	Line   int    // the line of the binding's code (0: its first)
	Indent int    // the bytes before the code on the source's line ("\treturn ")
	// Renamed are the op's arguments whose Go parameter has another name,
	// schema name -> Go name: clamp's min is min_, since Go's min is a
	// built-in. The errors of code that uses the schema's name say so.
	Renamed map[string]string
}

func boundSource(ws []*wrapper, o Options) ([]byte, map[int]BoundLine, error) {
	var bound []*wrapper
	for _, w := range ws {
		if _, ok := o.Bound[w.op.Name]; ok {
			bound = append(bound, w)
		}
	}
	if len(bound) == 0 {
		return nil, nil, nil
	}
	names := map[string]string{} // import path -> name
	for _, im := range o.BoundImports {
		names[im.Path] = im.Name
	}
	spell := func(t kernels.GoType) string { return spellBound(names, t) }
	used := map[string]bool{}
	var body strings.Builder
	lines := map[int]BoundLine{}
	line := 1 // of body; the header's lines are added below
	for _, w := range bound {
		b := o.Bound[w.op.Name]
		renamed := renamedParams(w)
		bc, err := boundBody(w, b, o.Types["Tensor"], spell)
		if err != nil {
			return nil, nil, bindingError(w.op.Name, b, err)
		}
		for _, id := range selectorRoots(b.Code) {
			for p, n := range names {
				if n == id {
					used[p] = true
				}
			}
		}
		var ps, rs []string
		for _, p := range w.params {
			ps = append(ps, p.name+" "+spell(p.typ))
			markUsed(used, p.typ)
		}
		for _, r := range w.results {
			rs = append(rs, spell(r))
			markUsed(used, r)
		}
		res := strings.Join(rs, ", ")
		if len(rs) > 1 {
			res = "(" + res + ")"
		}
		if bc.helper != "" {
			body.WriteString(bc.helper)
			line += strings.Count(bc.helper, "\n")
		}
		fmt.Fprintf(&body, "\n// %s is %s, bound in the config.\nfunc %s(%s) %s {\n", BoundName(w.name), w.op.Schema, BoundName(w.name), strings.Join(ps, ", "), res)
		line += 3
		for i, st := range bc.stmts {
			for j, l := range strings.Split(st, "\n") {
				if i == bc.codeAt {
					indent := 1
					if j == 0 {
						indent += bc.prefix
					}
					lines[line] = BoundLine{Op: w.op.Name, Line: j, Indent: indent, Renamed: renamed}
				}
				body.WriteString("\t" + l + "\n")
				line++
			}
		}
		body.WriteString("}\n")
		line++
	}
	var head strings.Builder
	head.WriteString("// " + Header + "\n\npackage " + o.Package + "\n")
	if paths := slices.Sorted(maps.Keys(used)); len(paths) > 0 {
		head.WriteString("\nimport (\n")
		for _, p := range paths {
			n := "" // imported by its last element
			if m, ok := names[p]; ok && m != path.Base(p) {
				n = m + " "
			}
			fmt.Fprintf(&head, "\t%s%q\n", n, p)
		}
		head.WriteString(")\n")
	}
	shift := strings.Count(head.String(), "\n")
	out := make(map[int]BoundLine, len(lines))
	for l, bl := range lines {
		out[l+shift] = bl
	}
	return []byte(head.String() + body.String()), out, nil
}

// ReturnsItself returns the bound in-place and out= ops of p whose bound
// function returns the argument they write, not a value of their code.
// The wrappers' returns_arg check cannot fail there; vet says so.
func ReturnsItself(p *plan.Plan, o Options) ([]string, error) {
	ws, _, _, err := prepare(p, &o)
	if err != nil {
		return nil, err
	}
	return returnsItself(ws, o), nil
}

// returnsItself returns the bound ops of ws whose bound function returns
// the argument it writes rather than a value of the code (see Binding).
// Their wrappers' returns_arg check cannot fail.
func returnsItself(ws []*wrapper, o Options) []string {
	var ops []string
	for _, w := range ws {
		b, ok := o.Bound[w.op.Name]
		if !ok {
			continue
		}
		if bc, err := boundBody(w, b, o.Types["Tensor"], func(kernels.GoType) string { return "" }); err == nil && bc.itself {
			ops = append(ops, w.op.Name)
		}
	}
	return ops
}

// renamedParams returns w's arguments whose Go parameter has another name
// (schema name -> Go name), nil if none.
func renamedParams(w *wrapper) map[string]string {
	var renamed map[string]string
	for _, p := range w.params {
		if p.arg != nil && p.arg.Name != p.name {
			if renamed == nil {
				renamed = map[string]string{}
			}
			renamed[p.arg.Name] = p.name
		}
	}
	return renamed
}

// bindingError is err, of the binding b of op, at its place in the config:
// a syntax error's own place, else the code's start.
func bindingError(op string, b Binding, err error) error {
	at := b.Pos
	if se, ok := err.(*syntaxError); ok {
		// The code was trimmed of space: its offset in b.Code. An error
		// past the code is at its last byte.
		lead := len(b.Code) - len(strings.TrimLeftFunc(b.Code, unicode.IsSpace))
		off := se.off
		if off < 0 {
			off = len(strings.TrimSpace(b.Code)) - 1
		}
		at = b.At(lead + off)
	}
	return &schema.Error{Pos: at, Msg: fmt.Sprintf("bind: %s: %v", op, err)}
}

// spellBound spells t in the bound file. names holds the file's imports,
// import path -> name; a path not there is imported by its last element.
func spellBound(names map[string]string, t kernels.GoType) string {
	s := t.Prefix + t.Name
	if n, ok := names[t.Path]; ok && t.Path != "" {
		s = t.Prefix + n + "." + t.Name
	} else if t.Path != "" {
		s = t.Prefix + path.Base(t.Path) + "." + t.Name
	}
	if len(t.Args) > 0 { // an instance: *mat.Dense[float64]
		args := make([]string, len(t.Args))
		for i, a := range t.Args {
			args[i] = spellBound(names, a)
		}
		s += "[" + strings.Join(args, ", ") + "]"
	}
	return s
}

// markUsed marks the package of t as used by the bound file.
func markUsed(used map[string]bool, t kernels.GoType) {
	if t.Path != "" {
		used[t.Path] = true
	}
	for _, a := range t.Args {
		markUsed(used, a)
	}
}

// A boundCode is the body of a bound function: its statements, one per
// line. It also holds the index of the statement that holds the binding's
// code, the bytes before the code in it ("return "), and a function
// printed before it, if any (see boundBody).
type boundCode struct {
	stmts          []string
	codeAt, prefix int
	helper         string
	// itself: the function returns the argument it writes, not a value
	// the code gives.
	itself bool
}

// boundBody returns the body of the bound function of w from its binding's
// code. The body makes the new ret of a functional op. A parameter may be
// named as a package the Tensor type is spelled with: a parameter mat of
// *mat.Dense. The body could not name the package then, so a function of
// its own makes ret.
func boundBody(w *wrapper, b Binding, tensor kernels.GoType, spell func(kernels.GoType) string) (boundCode, error) {
	code := strings.TrimSpace(b.Code)
	usesRet, isExpr, isValue, returns, err := scanBinding(code)
	if err != nil {
		return boundCode{}, err
	}
	f := w.op.Src.Func
	switch {
	case usesRet:
		if len(f.Returns) != 1 || !f.Returns[0].Type.Is(schema.Tensor) || f.Returns[0].Annotation != nil || tensor.Prefix != "*" {
			return boundCode{}, fmt.Errorf("ret stands for a new %s, the one fresh return of a functional op; %s returns %s", tensor.Display(), w.op.Name, returnsText(f))
		}
		elem := tensor
		elem.Prefix = ""
		made := "new(" + spell(elem) + ")"
		var helper string
		if shadowsPackage(w, spell(elem)) {
			name := "newBound" + w.name
			helper = fmt.Sprintf("\n// %s returns a new %s for %s, whose parameters hide its package.\nfunc %s() %s { return %s }\n", name, spell(tensor), BoundName(w.name), name, spell(tensor), made)
			made = name + "()"
		}
		return boundCode{stmts: []string{"ret := " + made, code, "return ret"}, codeAt: 1, helper: helper}, nil
	case len(f.Returns) == 0:
		return boundCode{stmts: []string{code}}, nil
	}
	if names, ok := writtenReturns(w); ok && !isValue {
		if b.ReturnsCall && len(names) == 1 {
			return boundCode{stmts: []string{"return " + code}, prefix: len("return ")}, nil
		}
		if returns {
			return boundCode{stmts: []string{code}}, nil
		}
		return boundCode{stmts: []string{code, "return " + strings.Join(names, ", ")}, itself: true}, nil
	}
	if isExpr {
		return boundCode{stmts: []string{"return " + code}, prefix: len("return ")}, nil
	}
	return boundCode{stmts: []string{code}}, nil
}

// shadowsPackage reports whether a parameter of w is named as a package
// that the type spelled (mat.Dense[elem.Half]) names.
func shadowsPackage(w *wrapper, spelled string) bool {
	for _, p := range w.params {
		if strings.HasPrefix(spelled, p.name+".") || strings.Contains(spelled, "["+p.name+".") || strings.Contains(spelled, " "+p.name+".") {
			return true
		}
	}
	return false
}

func returnsText(f *schema.Func) string {
	if len(f.Returns) == 0 {
		return "nothing"
	}
	var rs []string
	for _, r := range f.Returns {
		rs = append(rs, r.String())
	}
	return strings.Join(rs, ", ")
}

// writtenReturns returns the Go names of the arguments w's op returns,
// when every return is an argument it writes: the Tensor(a!) returns of
// in-place and out= ops.
func writtenReturns(w *wrapper) ([]string, bool) {
	var names []string
	for _, r := range w.op.Src.Func.Returns {
		if r.Annotation == nil || !r.Annotation.IsWrite {
			return nil, false
		}
		found := ""
		for _, p := range w.params {
			if a := p.arg.Annotation; a != nil && a.IsWrite && a.Equal(r.Annotation) {
				found = p.name
			}
		}
		if found == "" {
			return nil, false
		}
		names = append(names, found)
	}
	return names, true
}

// scanBinding parses bound code: an expression, or statements separated
// by ; or new lines. It reports:
//   - whether the code uses the name ret;
//   - whether it is an expression;
//   - whether it is an expression that is not a call, which Go does not
//     run as a statement;
//   - whether its last statement is a return.
func scanBinding(code string) (usesRet, isExpr, isValue, returns bool, err error) {
	if code == "" {
		return false, false, false, false, fmt.Errorf("empty binding")
	}
	if e, err := parser.ParseExpr(code); err == nil {
		_, call := ast.Unparen(e).(*ast.CallExpr)
		isExpr, isValue = true, !call
	}
	file, err := parseBinding(code)
	if err != nil {
		return false, false, false, false, err
	}
	if body := file.Decls[0].(*ast.FuncDecl).Body.List; len(body) > 0 {
		_, returns = body[len(body)-1].(*ast.ReturnStmt)
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && id.Name == "ret" {
					usesRet = true
				}
				return true
			})
			return false // n.Sel is a field or method name, not ret
		case *ast.Ident:
			if n.Name == "ret" {
				usesRet = true
			}
		}
		return true
	})
	return usesRet, isExpr, isValue, returns, nil
}

// A syntaxError is bound code that does not parse: the message, and the
// offset in the code of the first error. The offset is -1 when the error
// is past the code. A missing closing parenthesis is found at the brace
// gen adds, and is reported at the code's last byte.
type syntaxError struct {
	msg string
	off int
}

func (e *syntaxError) Error() string { return "not Go code: " + e.msg }

// parseBinding parses bound code as the body of a function.
func parseBinding(code string) (*ast.File, error) {
	const head = "package p\nfunc _() {\n"
	src := head + code + "\n}\n"
	file, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		msg := err.Error()
		if _, rest, ok := strings.Cut(msg, ": "); ok {
			msg = rest
		}
		off := -1
		if list, ok := err.(scanner.ErrorList); ok && len(list) > 0 {
			if o := list[0].Pos.Offset - len(head); o >= 0 && o < len(code) {
				off = o
			}
		}
		return nil, &syntaxError{msg: msg, off: off}
	}
	return file, nil
}

// selectorRoots returns the identifiers bound code selects from (x in
// x.Y): the packages it may refer to.
func selectorRoots(code string) []string {
	file, err := parseBinding(code)
	if err != nil {
		return nil
	}
	var ids []string
	ast.Inspect(file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				ids = append(ids, id.Name)
			}
		}
		return true
	})
	return ids
}
