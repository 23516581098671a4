package generate

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// bindings checks the config's bind: against the plan and the kernels
// package, and sets gen's Bound and BoundImports. It type-checks the bound
// code as gen prints it, each error at its place in the config. A bound op
// must be a selected op of the schema, without a function in the kernels
// package.
func (j *Job) bindings(c *config.Config, s *schema.Schema) error {
	if len(c.Bind) == 0 {
		return nil
	}
	var errs schema.ErrorList
	selected := map[string]*plan.Op{}
	for _, op := range j.Plan.Ops {
		selected[op.Name] = op
	}
	known := make(map[string]bool, len(s.Ops))
	for _, o := range s.Ops {
		known[o.Name] = true
	}
	bound := map[string]gen.Binding{}
	var list *schema.OpList // made at the first name that is no op
	for _, name := range slices.Sorted(maps.Keys(c.Bind)) {
		op := selected[name]
		switch {
		case !known[name]:
			if list == nil {
				list = s.OpList()
			}
			msg, _ := list.SelectsNone(name, true)
			if msg == "" {
				msg = fmt.Sprintf("%q is not an op's name (bind: takes one op, such as add.out)", name)
			}
			errs = append(errs, c.Errorf("bind."+name, "%s", msg))
			continue
		case op == nil:
			errs = append(errs, c.Errorf("bind."+name, "%s is not selected: add it to ops:", name))
			continue
		case j.Options.Kernels != nil && j.Options.Kernels.Funcs[op.GoName] != nil:
			k := j.Options.Kernels.Funcs[op.GoName]
			errs = append(errs, c.Errorf("bind."+name, "%s has a kernel, %s (%s), and a binding: remove one", name, k.Name, k.Pos))
			continue
		}
		at := c.BindAt[name]
		bound[name] = gen.Binding{Code: c.Bind[name], Pos: at.At, Col: at.Exact, Places: at.Places, Site: bindingSite(at.At)}
	}
	if len(errs) > 0 {
		return errs.Err()
	}
	imports, err := j.boundImports(c)
	if err != nil {
		return err
	}
	j.Options.Bound, j.Options.BoundImports = bound, imports
	if j.Options.Kernels == nil {
		j.Options.Kernels = &kernels.Set{Funcs: map[string]*kernels.Kernel{}}
	}
	return j.checkBound(c, imports)
}

// boundImports returns the packages bound code may refer to, with the
// names they declare: the type map's and bind_imports'.
func (j *Job) boundImports(c *config.Config) ([]gen.Import, error) {
	var paths []string
	for _, t := range j.Options.Types {
		paths = typePaths(t, paths)
	}
	for _, p := range c.BindImports {
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	names, problems, err := discover.PackageNames(c.Dir, paths)
	if err != nil {
		return nil, err
	}
	var errs schema.ErrorList
	for i, p := range c.BindImports {
		if msg := problems[p]; msg != "" {
			errs = append(errs, c.Errorf(fmt.Sprintf("bind_imports.%d", i), "%s", msg))
		}
	}
	errs = append(errs, sameNames(c, paths, names)...)
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	var out []gen.Import
	for _, p := range paths {
		if n := names[p]; n != "" {
			out = append(out, gen.Import{Path: p, Name: n})
		}
	}
	return out, nil
}

// typePaths appends to paths the packages t is spelled with: its own and
// its type arguments'. *lib.Dense[elem.Half] names lib and elem.
func typePaths(t kernels.GoType, paths []string) []string {
	if t.Path != "" && !slices.Contains(paths, t.Path) {
		paths = append(paths, t.Path)
	}
	for _, a := range t.Args {
		paths = typePaths(a, paths)
	}
	return paths
}

// sameNames reports each package of bind_imports whose name is that of
// another package bound code refers to: the type map's, or one before it
// in bind_imports. names maps paths to their names. Bound code names a
// package by its name, so two of one name cannot both be there. The error
// is at the package's place in bind_imports.
func sameNames(c *config.Config, paths []string, names map[string]string) schema.ErrorList {
	byName := map[string]string{}
	for _, p := range paths {
		if n := names[p]; n != "" && !slices.Contains(c.BindImports, p) && byName[n] == "" {
			byName[n] = p
		}
	}
	var errs schema.ErrorList
	for i, p := range c.BindImports {
		n := names[p]
		switch other := byName[n]; {
		case n == "":
		case other == "":
			byName[n] = p
		case other != p:
			errs = append(errs, c.Errorf(fmt.Sprintf("bind_imports.%d", i), "%s is package %s, and so is %s, which bound code refers to already: bound code names a package by its name, so keep one of them", p, n, other))
		}
	}
	return errs
}

// checkBound type-checks the bound kernels' file and reports each error
// at the config's place of the code it is in.
func (j *Job) checkBound(c *config.Config, imports []gen.Import) error {
	src, lines, err := gen.BoundSource(j.Plan, j.Options)
	if err != nil || src == nil {
		return err
	}
	var paths []string
	for _, im := range imports {
		paths = append(paths, im.Path)
	}
	found, returning, err := discover.CheckBound(c.Dir, src, paths)
	if err != nil {
		return err
	}
	// A call whose result the op can return is returned (gen.Binding).
	for _, op := range j.Plan.Ops {
		if b, ok := j.Options.Bound[op.Name]; ok && returning[gen.BoundName(op.GoName)] {
			b.ReturnsCall = true
			j.Options.Bound[op.Name] = b
		}
	}
	var errs schema.ErrorList
	for _, e := range found {
		bl, ok := lines[e.Line]
		if !ok {
			// An error outside the code (a signature, a return the code
			// leaves out) is at the binding of the function it is in.
			bl = enclosing(lines, e.Line)
		}
		b := j.Options.Bound[bl.Op]
		at := b.Pos
		if ok {
			at = b.At(codeOffset(b.Code, bl.Line, e.Col-1-bl.Indent))
		}
		errs = append(errs, &schema.Error{Pos: at, Msg: fmt.Sprintf("bind: %s: %s%s", bl.Op, e.Msg, renamedNote(bl.Renamed, e.Msg))})
	}
	return errs.Err()
}

// enclosing returns the bound line nearest line: the binding of the
// function line is in.
func enclosing(lines map[int]gen.BoundLine, line int) gen.BoundLine {
	var best gen.BoundLine
	dist := -1
	for _, l := range slices.Sorted(maps.Keys(lines)) {
		if d := max(l-line, line-l); dist < 0 || d < dist {
			best, dist = lines[l], d
		}
	}
	return best
}

// codeOffset returns the offset in code, a binding's as written, of the
// byte col bytes into line line of the code gen prints. gen prints the
// code trimmed of space (see gen.BoundLine). The offset is kept within
// that line.
func codeOffset(code string, line, col int) int {
	trimmed := strings.TrimSpace(code)
	off := strings.Index(code, trimmed)
	lines := strings.Split(trimmed, "\n")
	for i := 0; i < line && i < len(lines); i++ {
		off += len(lines[i]) + 1
	}
	if line < len(lines) {
		off += max(0, min(col, len(lines[line])))
	}
	return off
}

// renamedNote is what an error of bound code about a name adds when the
// name is an argument of the op's schema whose Go parameter has another
// name. clamp's min is min_, and code that names min names Go's built-in.
func renamedNote(renamed map[string]string, msg string) string {
	for _, name := range slices.Sorted(maps.Keys(renamed)) {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(msg) {
			return fmt.Sprintf(" (the schema's argument %s is the Go parameter %s in bound code)", name, renamed[name])
		}
	}
	return ""
}

// bindingSite is a binding's place as violations name it (gen.Binding's
// Site): the config's path relative to the root of its module, and the
// line and column of the binding's code. That path is the same on every
// machine. A config in no module is named by its base name.
func bindingSite(at schema.Position) string {
	if at.Filename == "" || at.Line == 0 {
		return ""
	}
	file := filepath.Base(at.Filename)
	if abs, err := filepath.Abs(at.Filename); err == nil {
		if _, dir, err := base.FindModule(filepath.Dir(abs)); err == nil {
			if rel, err := filepath.Rel(dir, abs); err == nil {
				file = filepath.ToSlash(rel)
			}
		}
	}
	return fmt.Sprintf("%s:%d:%d", file, at.Line, at.Column)
}
