package sweep

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/internal/gosrc"
)

// A boundSource is the Go source of the call a checked wrapper makes when
// its checks are off (gosrc.UncheckedCall): the call a reproducer
// makes, without assertgen.
type boundSource struct {
	// Params are the wrapper's parameter names, in order: the call's
	// arguments are written in their terms.
	Params []string
	// Fun is the function called ("Abs", a declaration of Decls; or
	// "ops.Abs", of an imported package) with its type arguments; Args
	// the call's arguments as written.
	Fun  string
	Args []ast.Expr
	// Decls are the declarations the call needs, copied from the package
	// that declares the called function (gen's bound code, a kernels
	// package) with those they use in turn, so that the reproducer
	// imports neither that package nor assertgen.
	Decls []string
	// Imports are the packages Fun and Decls use: import path to the name
	// they use it by.
	Imports map[string]string
	// typeArgs are a generic wrapper's type parameters, each as the Go
	// source of the type the wrapper was instantiated with ("T":
	// "float32"), written for them in the call.
	typeArgs map[string]string
	// pkg is the import path of the called function's package.
	pkg  string
	fset *token.FileSet
	// inlined: the call is the library's own (inlineCall), the binding's
	// code it went through left out; nout its results, recv a method's
	// receiver, ellipsis its last argument passed with "...", names the
	// library's names of the wrapper's parameters it passes as they are,
	// display the library function's name for the test's ("Inner",
	// "DenseInner" for a method of Dense).
	inlined  bool
	nout     int
	recv     ast.Expr
	ellipsis bool
	names    map[string]string
	display  string
}

// call returns the call as Go source, each parameter renamed by rename.
func (b *boundSource) call(rename map[string]string) string {
	all := maps.Clone(b.typeArgs)
	if all == nil {
		all = map[string]string{}
	}
	maps.Copy(all, rename)
	var args []string
	for _, a := range b.Args {
		args = append(args, renamed(b.fset, a, all))
	}
	if b.ellipsis && len(args) > 0 {
		args[len(args)-1] += "..."
	}
	fun := b.Fun
	if b.recv != nil {
		fun = renamed(b.fset, b.recv, all) + "." + fun
	}
	return fun + "(" + strings.Join(args, ", ") + ")"
}

// usedParams are the wrapper's parameters the call passes (all of them
// unless it is inlined).
func (b *boundSource) usedParams() map[string]bool {
	used := map[string]bool{}
	if !b.inlined {
		for _, p := range b.Params {
			used[p] = true
		}
		return used
	}
	for _, e := range append(slices.Clone(b.Args), b.recv) {
		if e == nil {
			continue
		}
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && slices.Contains(b.Params, id.Name) {
				used[id.Name] = true
			}
			return true
		})
	}
	return used
}

// boundOfInlined is the call of in, the library's own that wrapper fn's
// binding makes, as a boundSource.
func boundOfInlined(fn reflect.Value, in *inlined) (*boundSource, error) {
	b := &boundSource{Params: in.params, Imports: in.imports, pkg: in.pkg, fset: token.NewFileSet(), inlined: true, nout: in.nout, names: map[string]string{}}
	_, recvType, name := splitFunc(in.entry)
	b.Fun, b.display = in.fun, exported(recvType)+exported(name)
	if in.recv != "" {
		e, err := parser.ParseExprFrom(b.fset, "", in.recv, 0)
		if err != nil {
			return nil, err
		}
		b.recv, b.Fun = e, name
	}
	for i, a := range in.args {
		if i == len(in.args)-1 && strings.HasSuffix(a, "...") {
			a, b.ellipsis = strings.TrimSuffix(a, "..."), true
		}
		e, err := parser.ParseExprFrom(b.fset, "", a, 0)
		if err != nil {
			return nil, err
		}
		b.Args = append(b.Args, e)
		if id, ok := e.(*ast.Ident); ok && slices.Contains(b.Params, id.Name) && i < len(in.names) {
			if n := in.names[i]; n != "" && n != "_" && b.names[id.Name] == "" && !slices.Contains(slices.Collect(maps.Values(b.names)), n) {
				b.names[id.Name] = n
			}
		}
	}
	_ = fn
	return b, nil
}

// exported is s with its first letter upper case.
func exported(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// renamed prints e with each identifier of rename replaced (a copy).
func renamed(fset *token.FileSet, e ast.Expr, rename map[string]string) string {
	var buf bytes.Buffer
	_ = format.Node(&buf, fset, e)
	src := buf.String()
	c, err := parser.ParseExpr(src)
	if err != nil {
		return src
	}
	ast.Inspect(c, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(x.X, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && rename[id.Name] != "" {
					id.Name = rename[id.Name]
				}
				return true
			})
			return false
		case *ast.Ident:
			if rename[x.Name] != "" {
				x.Name = rename[x.Name]
			}
		}
		return true
	})
	buf.Reset()
	_ = format.Node(&buf, token.NewFileSet(), c)
	return buf.String()
}

// boundCallOf finds the source of the call wrapper fn makes (its file, by
// the function's position in the binary) and the declarations it needs.
// The called function is copied with what it uses from its package,
// unless that package declares a type of fn's parameters (the library's
// own: the reproducer imports it).
func boundCallOf(fn reflect.Value) (*boundSource, error) {
	f := runtime.FuncForPC(fn.Pointer())
	if f == nil {
		return nil, fmt.Errorf("no function for the wrapper")
	}
	file, _ := f.FileLine(f.Entry())
	name := f.Name()
	wrapperPkg := name[:strings.LastIndex(name, "/")+1] + strings.SplitN(name[strings.LastIndex(name, "/")+1:], ".", 2)[0]
	if why := methodWrapper(fn); why != "" {
		return nil, errors.New(why)
	}
	name, _, _ = strings.Cut(name[strings.LastIndex(name, "/")+1:], "[")
	_, name, _ = strings.Cut(name, ".")
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, fmt.Errorf("the wrapper's source: %v", err)
	}
	decl := findFunc(af, name)
	if decl == nil {
		return nil, fmt.Errorf("%s: no function %s", file, name)
	}
	call, err := gosrc.UncheckedCall(decl)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %v", file, name, err)
	}
	b := &boundSource{Args: call.Args, Imports: map[string]string{}, fset: fset, nout: -1}
	for _, fl := range decl.Type.Params.List {
		for _, n := range fl.Names {
			b.Params = append(b.Params, n.Name)
		}
	}
	if b.typeArgs, err = instantiate(decl, fn.Type(), b.Imports); err != nil {
		return nil, fmt.Errorf("%s: %s: %v", file, name, err)
	}
	fun, targs := call.Fun, ""
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun, targs = x.X, "["+renamed(fset, x.Index, b.typeArgs)+"]"
	case *ast.IndexListExpr:
		var ts []string
		for _, e := range x.Indices {
			ts = append(ts, renamed(fset, e, b.typeArgs))
		}
		fun, targs = x.X, "["+strings.Join(ts, ", ")+"]"
	}
	pkgPath, callee := "", ""
	switch x := fun.(type) {
	case *ast.Ident:
		callee = x.Name
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		if !ok {
			return nil, fmt.Errorf("%s: %s calls %s, not a function", file, name, renamed(fset, fun, nil))
		}
		callee = x.Sel.Name
		if pkgPath = importOf(af, id.Name); pkgPath == "" {
			return nil, fmt.Errorf("%s: %s calls a method (%s), not a function", file, name, renamed(fset, fun, nil))
		}
	default:
		return nil, fmt.Errorf("%s: %s calls %s, not a function", file, name, renamed(fset, fun, nil))
	}
	b.pkg = pkgPath
	if pkgPath == "" {
		b.pkg = wrapperPkg
	}
	if pkgPath != "" && declaresParam(fn.Type(), pkgPath) {
		pkgName := packageName(af, pkgPath)
		b.Imports[pkgPath] = pkgName
		b.Fun = pkgName + "." + callee + targs
		return b, nil
	}
	b.Fun = callee + targs
	if pkgPath == "" {
		pkgPath = "."
	}
	if err := b.inline(pkgPath, filepath.Dir(file), callee); err != nil {
		return b, err
	}
	if pkgPath == "." { // gen's bound code: the bug is in what it calls
		b.pkg = calledPackage(b.Imports, fn.Type(), wrapperPkg)
	}
	return b, nil
}

// calledPackage is the package the bug of a reproducer whose call is
// gen's bound code (copied from the wrapper's package, def) is in: the
// first, by path, of the packages the code imports that is not the
// standard library's nor the library's (a kernel library, the user's
// helpers), else the library's.
func calledPackage(imports map[string]string, fn reflect.Type, def string) string {
	lib := ""
	for _, p := range slices.Sorted(maps.Keys(imports)) {
		switch {
		case !strings.Contains(strings.SplitN(p, "/", 2)[0], "."):
		case declaresParam(fn, p):
			if lib == "" {
				lib = p
			}
		default:
			return p
		}
	}
	if lib != "" {
		return lib
	}
	return def
}

// methodWrapper says why a wrapper that is not a function of a package
// (a method value: interface mode's Checked decorator) has no
// reproducer; "" for a function.
func methodWrapper(fn reflect.Value) string {
	f := runtime.FuncForPC(fn.Pointer())
	if f == nil {
		return "no function for the wrapper"
	}
	name := f.Name()
	name, _, _ = strings.Cut(name[strings.LastIndex(name, "/")+1:], "[")
	if _, name, _ = strings.Cut(name, "."); name != "" && !strings.Contains(name, ".") {
		return ""
	}
	return fmt.Sprintf("interface mode: the wrapper %s is a method of the Checked decorator, which calls the kernel a test plugged in behind the Kernels interface at run time, a value assertgen cannot write as Go; a config of mode: function over the same kernels gets reproducers", strings.TrimSuffix(f.Name(), "-fm"))
}

// findFunc returns the function (not method) of af named name.
func findFunc(af *ast.File, name string) *ast.FuncDecl {
	for _, d := range af.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name {
			return fd
		}
	}
	return nil
}

// importOf returns the import path af imports under name, "" for none.
func importOf(af *ast.File, name string) string {
	for _, im := range af.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if im.Name != nil && im.Name.Name == name || im.Name == nil && defaultName(p) == name {
			return p
		}
	}
	return ""
}

// packageName returns the name af imports path by.
func packageName(af *ast.File, path string) string {
	for _, im := range af.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == path && im.Name != nil {
			return im.Name.Name
		}
	}
	return defaultName(path)
}

// defaultName is the name a package is imported by without a name: its
// path's last element, without a major version suffix or a "go-" prefix.
func defaultName(path string) string {
	base := path[strings.LastIndex(path, "/")+1:]
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		rest := strings.TrimSuffix(path, "/"+base)
		base = rest[strings.LastIndex(rest, "/")+1:]
	}
	base = strings.TrimPrefix(base, "go-")
	base, _, _ = strings.Cut(base, ".")
	return strings.ReplaceAll(base, "-", "_")
}

// listPackage returns the directory and the Go files (those a build
// without tags compiles, tests left out) of the package of import path
// path ("." for dir's own), as the go command finds it from dir.
func listPackage(path, dir string) (string, []string, error) {
	cmd := exec.Command("go", "list", "-f", "{{.Dir}}\n{{range .GoFiles}}{{.}}\n{{end}}", path)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", nil, fmt.Errorf("go list %s: %v", path, err)
	}
	lines := strings.Fields(string(out))
	if len(lines) == 0 {
		return "", nil, fmt.Errorf("go list %s: no package", path)
	}
	return lines[0], lines[1:], nil
}

// declaresParam reports whether a parameter type of fn (under pointers,
// slices and maps) is declared in the package of import path path.
func declaresParam(fn reflect.Type, path string) bool {
	for i := range fn.NumIn() {
		t := fn.In(i)
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.PkgPath() == path {
			return true
		}
	}
	return false
}

// A topDecl is one declaration of a package's files: a function, a
// method, or one spec of a type, var or const declaration.
type topDecl struct {
	node ast.Node // *ast.FuncDecl or the *ast.GenDecl holding spec
	spec ast.Spec
	file *ast.File
	recv string // a method's receiver type name
}

// inline copies callee's declaration from the package of import path
// path (as the go command finds it from directory from), with the
// package's declarations it uses (and the methods of the types among
// them), into b.Decls, and records the imports they use.
func (b *boundSource) inline(path, from, callee string) error {
	dir, files, err := listPackage(path, from)
	if err != nil {
		return fmt.Errorf("the package of %s: %v", callee, err)
	}
	fset := token.NewFileSet()
	byName := map[string][]*topDecl{}
	for _, name := range files {
		af, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, d := range af.Decls {
			addTop(d, af, byName)
		}
	}
	if len(byName[callee]) == 0 {
		return fmt.Errorf("%s: no declaration of %s", dir, callee)
	}
	seen := map[*topDecl]bool{}
	var order []*topDecl
	var visit func(name string)
	visit = func(name string) {
		for _, d := range byName[name] {
			if seen[d] {
				continue
			}
			seen[d] = true
			order = append(order, d)
			b.uses(d, byName, visit)
			if _, ok := d.spec.(*ast.TypeSpec); ok {
				visit("method " + name)
			}
		}
	}
	visit(callee)
	slices.SortStableFunc(order, func(x, y *topDecl) int { return int(x.node.Pos() - y.node.Pos()) })
	printed := map[ast.Node]bool{}
	for _, d := range order {
		var buf bytes.Buffer
		switch n := d.node.(type) {
		case *ast.FuncDecl:
			_ = format.Node(&buf, fset, n)
		case *ast.GenDecl:
			if printed[n] {
				continue
			}
			g := *n
			g.Specs = nil
			for _, s := range n.Specs {
				for _, o := range order {
					if o.spec == s {
						g.Specs = append(g.Specs, s)
						break
					}
				}
			}
			printed[n] = true
			if len(g.Specs) > 1 && g.Lparen == token.NoPos {
				g.Lparen, g.Rparen = n.Pos(), n.End()
			}
			_ = format.Node(&buf, fset, &g)
		}
		b.Decls = append(b.Decls, buf.String())
	}
	return nil
}

// addTop records the top-level declarations of d, a declaration of af.
func addTop(d ast.Decl, af *ast.File, byName map[string][]*topDecl) {
	switch x := d.(type) {
	case *ast.FuncDecl:
		t := &topDecl{node: x, file: af}
		key := x.Name.Name
		if x.Recv != nil && len(x.Recv.List) == 1 {
			t.recv = gosrc.RecvName(x.Recv.List[0].Type)
			key = "method " + t.recv
		}
		if key != "init" && key != "_" {
			byName[key] = append(byName[key], t)
		}
	case *ast.GenDecl:
		for _, s := range x.Specs {
			t := &topDecl{node: x, spec: s, file: af}
			switch sp := s.(type) {
			case *ast.TypeSpec:
				byName[sp.Name.Name] = append(byName[sp.Name.Name], t)
			case *ast.ValueSpec:
				for _, n := range sp.Names {
					byName[n.Name] = append(byName[n.Name], t)
				}
			}
		}
	}
}

// uses visits the package-level names d uses and records its imports:
// an identifier that names a declaration of the package, or a selector's
// operand that names an import of d's file, unless d declares that name
// itself (a parameter, a variable, a type parameter: the name is then
// taken as the local one throughout d).
func (b *boundSource) uses(d *topDecl, byName map[string][]*topDecl, visit func(string)) {
	var root ast.Node = d.node
	if d.spec != nil {
		root = d.spec
	}
	local, decl := localNames(root)
	self := calleeOf(d)
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && !local[id.Name] && len(byName[id.Name]) == 0 {
				if p := importOf(d.file, id.Name); p != "" {
					b.Imports[p] = id.Name
					return false
				}
			}
			ast.Inspect(x.X, walk) // not x.Sel: a field or a method
			return false
		case *ast.BranchStmt, *ast.LabeledStmt:
			if l, ok := x.(*ast.LabeledStmt); ok {
				ast.Inspect(l.Stmt, walk)
			}
			return false
		case *ast.Ident:
			if !decl[x] && !local[x.Name] && len(byName[x.Name]) > 0 && x.Name != self {
				visit(x.Name)
			}
		}
		return true
	}
	ast.Inspect(root, walk)
}

// localNames returns the names declared inside root (parameters,
// results, receivers, type parameters, variables, constants and types of
// function bodies, range and type-switch variables), and the identifiers
// that declare them or name a struct's fields.
func localNames(root ast.Node) (map[string]bool, map[*ast.Ident]bool) {
	names, decl := map[string]bool{}, map[*ast.Ident]bool{}
	add := func(ids ...*ast.Ident) {
		for _, id := range ids {
			if id != nil && id.Name != "_" {
				names[id.Name], decl[id] = true, true
			}
		}
	}
	fields := func(fl *ast.FieldList) {
		if fl != nil {
			for _, f := range fl.List {
				add(f.Names...)
			}
		}
	}
	inBody := false
	ast.Inspect(root, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl:
			decl[x.Name] = true
			fields(x.Recv)
		case *ast.FuncType:
			fields(x.TypeParams)
			fields(x.Params)
			fields(x.Results)
		case *ast.TypeSpec:
			fields(x.TypeParams)
			if inBody {
				add(x.Name)
			}
		case *ast.StructType:
			for _, f := range x.Fields.List {
				for _, id := range f.Names {
					decl[id] = true // a field's name, not a reference
				}
			}
		case *ast.BlockStmt:
			inBody = true
		case *ast.ValueSpec:
			if inBody {
				add(x.Names...)
			}
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				for _, e := range x.Lhs {
					id, _ := e.(*ast.Ident)
					add(id)
				}
			}
		case *ast.RangeStmt:
			if x.Tok == token.DEFINE {
				k, _ := x.Key.(*ast.Ident)
				v, _ := x.Value.(*ast.Ident)
				add(k, v)
			}
		}
		return true
	})
	return names, decl
}

// calleeOf is the name d declares itself by (so that a recursive
// function does not count as using itself twice).
func calleeOf(d *topDecl) string {
	if fd, ok := d.node.(*ast.FuncDecl); ok && fd.Recv == nil {
		return fd.Name.Name
	}
	return ""
}
