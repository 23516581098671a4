package sweep

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"

	"github.com/assertgen/assertgen/internal/gosrc"
)

// Inlining a crash's bound call. A crash in the library is the library's
// bug: its reproducer calls the function of the library the binding
// called (the outermost of the crash's frames in the library's code),
// with the arguments the binding gave it, written in the wrapper's
// parameters. inlineCall follows the call the wrapper makes with its
// checks off into the binding's functions (gen's bound code, a kernel
// package of the user's), each parameter bound to what its caller
// passed, until it finds a call of that function whose arguments are
// made of the wrapper's parameters, the library's names and constants
// alone; anything else (a value the binding computed) and the
// reproducer calls the binding's function instead.

// maxInlineDepth bounds how many of the binding's functions inlineCall
// goes through.
const maxInlineDepth = 6

// An inlined is the library call a crash's reproducer makes.
type inlined struct {
	// fun is the function called ("tensor.Inner"), recv a method's
	// receiver (in the wrapper's parameters), args its arguments.
	fun, recv string
	args      []string
	// nout is how many results the call has (as the binding's code uses
	// them).
	nout int
	// names are the library's names of the parameters args are passed
	// as, "" where not known.
	names   []string
	imports map[string]string
	pkg     string // the library function's package
	// entry is the library function's full name, params the wrapper's
	// parameter names
	entry  string
	params []string
}

// A bound is what a parameter of a function inlineCall goes through is
// bound to: Go source in the wrapper's parameters, the arguments of a
// variadic parameter (list), or nothing it can write (unknown).
type bound struct {
	src     string
	list    []string
	listed  bool
	unknown bool
}

// An inliner follows one wrapper's call.
type inliner struct {
	target, targetPkg, targetName, targetRecv string
	imports                                   map[string]string
	pkgs                                      map[string]*inlinePkg
	modules                                   []string
	wrapperModule                             string
}

// An inlinePkg is the source of one package of the binding.
type inlinePkg struct {
	fset  *token.FileSet
	funcs map[string]*ast.FuncDecl
	files map[*ast.FuncDecl]*ast.File
	dir   string
}

// splitFunc splits a function's full name ("gorgonia.org/tensor.Inner",
// "gorgonia.org/tensor.(*Dense).Inner") into its package, its receiver
// type's name ("Dense", "" for a function) and its name.
func splitFunc(full string) (pkg, recv, name string) {
	slash := strings.LastIndex(full, "/")
	dot := strings.Index(full[slash+1:], ".")
	if dot < 0 {
		return "", "", full
	}
	pkg, rest := full[:slash+1+dot], full[slash+1+dot+1:]
	if i := strings.LastIndex(rest, "."); i >= 0 {
		recv = strings.Trim(rest[:i], "()*")
		rest = rest[i+1:]
	}
	rest, _, _ = strings.Cut(rest, "[")
	return pkg, recv, rest
}

// libraryEntry is the outermost frame of a crash's frames at fault (fs,
// innermost first) when they are the library's: the library function
// the binding called. "" when fs are the binding's own, or a closure's.
func libraryEntry(fs []string) string {
	if len(fs) == 0 {
		return ""
	}
	e := fs[len(fs)-1]
	if _, _, name := splitFunc(e); name == "" || strings.HasPrefix(name, "func") && strings.Trim(name[4:], "0123456789.") == "" {
		return ""
	}
	return e
}

// inlineCall returns the library call the wrapper fn makes, through the
// binding's functions, of the library function entry (a full name); nil
// when there is none it can write.
// Parsed packages are kept in pkgs, for the next call.
func inlineCall(fn reflect.Value, entry string, modules []string, pkgs map[string]*inlinePkg) *inlined {
	f := runtime.FuncForPC(fn.Pointer())
	if f == nil || entry == "" || methodWrapper(fn) != "" {
		return nil
	}
	file, _ := f.FileLine(f.Entry())
	pkg, recv, name := splitFunc(entry)
	in := &inliner{target: entry, targetPkg: pkg, targetName: name, targetRecv: recv, imports: map[string]string{},
		pkgs: pkgs, modules: modules}
	in.wrapperModule = moduleOf(modules, funcPackage(f.Name()))
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	wname, _, _ := strings.Cut(f.Name()[strings.LastIndex(f.Name(), "/")+1:], "[")
	_, wname, _ = strings.Cut(wname, ".")
	decl := findFunc(af, wname)
	if decl == nil || decl.Type.TypeParams != nil {
		return nil
	}
	call, err := uncheckedOrDirect(decl)
	if err != nil {
		return nil
	}
	env := map[string]bound{}
	for _, fl := range decl.Type.Params.List {
		for _, n := range fl.Names {
			env[n.Name] = bound{src: n.Name}
		}
	}
	src := &inlinePkg{fset: fset, dir: filepath.Dir(file)}
	got := in.call(call, af, src, env, 1, 0)
	if got == nil {
		return nil
	}
	got.imports, got.pkg, got.entry = in.imports, pkg, entry
	for _, fl := range decl.Type.Params.List {
		for _, n := range fl.Names {
			got.params = append(got.params, n.Name)
		}
	}
	got.names = in.paramNames(filepath.Dir(file), len(got.args))
	return got
}

// uncheckedOrDirect is the call a wrapper makes with its checks off, or a
// release build's wrapper's one call.
func uncheckedOrDirect(decl *ast.FuncDecl) (*ast.CallExpr, error) {
	call, err := gosrc.UncheckedCall(decl)
	if err != nil {
		if c := directCall(decl); c != nil {
			return c, nil
		}
	}
	return call, err
}

// search looks for the target's call in body (of file, in package p),
// each parameter as env binds it; results are the enclosing function's
// result count.
func (in *inliner) search(body *ast.BlockStmt, file *ast.File, p *inlinePkg, env map[string]bound, results, depth int) *inlined {
	nout := map[*ast.CallExpr]int{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if c, ok := x.Rhs[0].(*ast.CallExpr); ok && len(x.Rhs) == 1 {
				nout[c] = len(x.Lhs)
			}
		case *ast.ExprStmt:
			if c, ok := x.X.(*ast.CallExpr); ok {
				nout[c] = 0
			}
		case *ast.ReturnStmt:
			if len(x.Results) == 1 {
				if c, ok := x.Results[0].(*ast.CallExpr); ok {
					nout[c] = results
				}
			}
		case *ast.FuncLit:
			return false // a closure's calls are not the function's
		}
		return true
	})
	var found *inlined
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		k, ok := nout[c]
		if !ok {
			k = 1
		}
		found = in.call(c, file, p, env, k, depth)
		return found == nil
	})
	return found
}

// call returns the target's call if c is one, or is a call of the
// binding's function that makes one; nil otherwise.
func (in *inliner) call(c *ast.CallExpr, file *ast.File, p *inlinePkg, env map[string]bound, nout, depth int) *inlined {
	if depth > maxInlineDepth {
		return nil
	}
	fun := c.Fun
	switch x := fun.(type) {
	case *ast.Ident:
		if b, ok := env[x.Name]; ok { // a function value the binding was given
			if b.unknown || b.src != in.importName()+"."+in.targetName || in.targetRecv != "" {
				return nil
			}
			return in.match(b.src, "", c, file, p, env, nout)
		}
		q := p
		if q.funcs == nil { // the wrapper's own package: gen's bound code
			q = in.load(".", p.dir)
		}
		if q != nil && q.funcs[x.Name] != nil {
			fd := q.funcs[x.Name]
			return in.into(fd, q.files[fd], q, c, file, p, env, depth)
		}
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && env[id.Name].src == "" && !env[id.Name].unknown && importOf(file, id.Name) != "" {
			path := importOf(file, id.Name)
			if path == in.targetPkg && in.targetRecv == "" && x.Sel.Name == in.targetName {
				in.imports[path] = id.Name
				return in.match(id.Name+"."+x.Sel.Name, "", c, file, p, env, nout)
			}
			if !in.binding(path) {
				return nil
			}
			if q := in.load(path, p.dir); q != nil && q.funcs[x.Sel.Name] != nil {
				fd := q.funcs[x.Sel.Name]
				return in.into(fd, q.files[fd], q, c, file, p, env, depth)
			}
			return nil
		}
		if in.targetRecv != "" && x.Sel.Name == in.targetName {
			recv, ok := in.subst(x.X, file, p.fset, env)
			if !ok {
				return nil
			}
			return in.match("", recv, c, file, p, env, nout)
		}
	}
	return nil
}

// match is the target's call c, its function fun or its receiver recv,
// when each argument can be written in the wrapper's parameters.
func (in *inliner) match(fun, recv string, c *ast.CallExpr, file *ast.File, p *inlinePkg, env map[string]bound, nout int) *inlined {
	got := &inlined{fun: fun, recv: recv, nout: nout}
	if recv != "" {
		got.fun = recv + "." + in.targetName
	}
	for i, a := range c.Args {
		if id, ok := a.(*ast.Ident); ok && c.Ellipsis.IsValid() && i == len(c.Args)-1 && env[id.Name].listed {
			got.args = append(got.args, env[id.Name].list...)
			continue
		}
		s, ok := in.subst(a, file, p.fset, env)
		if !ok {
			return nil
		}
		if c.Ellipsis.IsValid() && i == len(c.Args)-1 {
			s += "..."
		}
		got.args = append(got.args, s)
	}
	return got
}

// into follows c, a call of fd (of file, in package q), from file in
// package p: fd's parameters bound to c's arguments.
func (in *inliner) into(fd *ast.FuncDecl, fdFile *ast.File, q *inlinePkg, c *ast.CallExpr, file *ast.File, p *inlinePkg, env map[string]bound, depth int) *inlined {
	if fd.Body == nil || fd.Type.TypeParams != nil || c.Ellipsis.IsValid() {
		return nil
	}
	inner := map[string]bound{}
	i := 0
	for _, fl := range fd.Type.Params.List {
		_, variadic := fl.Type.(*ast.Ellipsis)
		for _, n := range fl.Names {
			if variadic {
				b := bound{listed: true}
				for _, a := range c.Args[min(i, len(c.Args)):] {
					s, ok := in.subst(a, file, p.fset, env)
					if !ok {
						b = bound{unknown: true}
						break
					}
					b.list = append(b.list, s)
				}
				inner[n.Name] = b
				i = len(c.Args)
				continue
			}
			if i >= len(c.Args) {
				return nil
			}
			if s, ok := in.subst(c.Args[i], file, p.fset, env); ok {
				inner[n.Name] = bound{src: s}
			} else {
				inner[n.Name] = bound{unknown: true}
			}
			i++
		}
	}
	results := 0
	if fd.Type.Results != nil {
		for _, fl := range fd.Type.Results.List {
			results += max(len(fl.Names), 1)
		}
	}
	return in.search(fd.Body, fdFile, q, inner, results, depth+1)
}

// subst writes e (of file) in the wrapper's parameters: each parameter
// replaced by what env binds it to, a package's name recorded as an
// import. It reports false when e names anything else (a local
// variable, a declaration of the binding, a parameter bound to nothing
// it can write).
func (in *inliner) subst(e ast.Expr, file *ast.File, fset *token.FileSet, env map[string]bound) (string, bool) {
	var buf bytes.Buffer
	if format.Node(&buf, fset, e) != nil {
		return "", false
	}
	x, err := parser.ParseExpr(buf.String())
	if err != nil {
		return "", false
	}
	ok := true
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch y := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.SelectorExpr:
			if id, isID := y.X.(*ast.Ident); isID {
				if _, bound := env[id.Name]; !bound {
					path := importOf(file, id.Name)
					if path == "" || in.binding(path) {
						ok = false
					} else {
						in.imports[path] = id.Name
					}
					return false
				}
			}
			ast.Inspect(y.X, walk)
			return false
		case *ast.KeyValueExpr:
			ast.Inspect(y.Value, walk)
			return false
		case *ast.Ident:
			if b, bound := env[y.Name]; bound {
				if b.unknown || b.listed {
					ok = false
				}
			} else if !predeclaredName(y.Name) {
				ok = false
			}
		}
		return ok
	}
	ast.Inspect(x, walk)
	if !ok {
		return "", false
	}
	rename := map[string]string{}
	for k, b := range env {
		if b.src != "" && b.src != k {
			rename[k] = "(" + b.src + ")"
		}
	}
	return simplifyParens(renamed(token.NewFileSet(), x, rename)), true
}

// simplifyParens drops the parentheses subst put around a replaced
// parameter where the expression is an operand as it is (a name, a call,
// a selector, a literal).
func simplifyParens(s string) string {
	x, err := parser.ParseExpr(s)
	if err != nil {
		return s
	}
	ast.Inspect(x, func(n ast.Node) bool {
		switch y := n.(type) {
		case *ast.CallExpr:
			y.Fun = unparen(y.Fun)
			for i := range y.Args {
				y.Args[i] = unparen(y.Args[i])
			}
		case *ast.SelectorExpr:
			y.X = unparen(y.X)
		}
		return true
	})
	var buf bytes.Buffer
	_ = format.Node(&buf, token.NewFileSet(), unparen(x))
	return buf.String()
}

// unparen drops parentheses around an operand.
func unparen(e ast.Expr) ast.Expr {
	p, ok := e.(*ast.ParenExpr)
	if !ok {
		return e
	}
	switch p.X.(type) {
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr, *ast.BasicLit, *ast.IndexExpr, *ast.CompositeLit, *ast.ParenExpr:
		return unparen(p.X)
	}
	return e
}

// predeclaredName reports whether name is one of Go's predeclared
// constants, types or functions a call's argument may use.
func predeclaredName(name string) bool {
	switch name {
	case "nil", "true", "false", "len", "cap", "make", "new", "append", "min", "max", "any":
		return true
	}
	return predeclared[name]
}

// binding reports whether a package of import path path is the
// binding's (of the wrapper's module, and not the target's): its code is
// followed, not called.
func (in *inliner) binding(path string) bool {
	if path == in.targetPkg || !strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		return false
	}
	m := moduleOf(in.modules, path)
	return m != "" && m == in.wrapperModule
}

// importName is the name the target's package is imported by in the
// code followed so far (its default name when not yet).
func (in *inliner) importName() string {
	if n := in.imports[in.targetPkg]; n != "" {
		return n
	}
	return defaultName(in.targetPkg)
}

// load parses the package of import path path, as the go command finds
// it from dir ("." for dir's own); nil when it cannot.
func (in *inliner) load(path, dir string) *inlinePkg {
	key := path
	if path == "." {
		key = "dir:" + dir
	}
	if q, ok := in.pkgs[key]; ok {
		return q
	}
	in.pkgs[key] = nil
	pdir, files, err := listPackage(path, dir)
	if err != nil {
		return nil
	}
	q := &inlinePkg{fset: token.NewFileSet(), funcs: map[string]*ast.FuncDecl{}, files: map[*ast.FuncDecl]*ast.File{}, dir: pdir}
	for _, name := range files {
		af, err := parser.ParseFile(q.fset, filepath.Join(pdir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				q.funcs[fd.Name.Name], q.files[fd] = fd, af
			}
		}
	}
	in.pkgs[key] = q
	return q
}

// paramNames are the library function's parameter names, for n
// arguments (a variadic parameter's name for each of its arguments);
// nil when its source is not found.
func (in *inliner) paramNames(dir string, n int) []string {
	pdir, files, err := listPackage(in.targetPkg, dir)
	if err != nil {
		return nil
	}
	fset := token.NewFileSet()
	for _, name := range files {
		af, err := parser.ParseFile(fset, filepath.Join(pdir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != in.targetName || (fd.Recv != nil) != (in.targetRecv != "") {
				continue
			}
			if fd.Recv != nil && (len(fd.Recv.List) != 1 || recvTypeName(fd.Recv.List[0].Type) != in.targetRecv) {
				continue
			}
			var names []string
			for _, fl := range fd.Type.Params.List {
				_, variadic := fl.Type.(*ast.Ellipsis)
				for _, id := range fl.Names {
					names = append(names, id.Name)
					for variadic && len(names) < n {
						names = append(names, id.Name)
					}
				}
				if len(fl.Names) == 0 {
					names = append(names, "")
				}
			}
			return names
		}
	}
	return nil
}

// recvTypeName is a receiver type's name ("*Dense[T]": "Dense").
func recvTypeName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
