package generate

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// checkTypeMap checks the config's type map against the Go packages it
// names, before any code is generated. Each problem is an error at the
// value's position. The rules:
//   - each Go type must exist where the generated package is built: the
//     config's directory. The packages the kernels package k imports are
//     known already.
//   - a generic type must have type arguments that fit it;
//   - Tensor's type must be able to hold nil.
//
// It returns what the command found: the interface types and the type
// parameters' constraints.
func checkTypeMap(c *config.Config, k *discover.Package) (*discover.TypeReport, error) {
	var errs schema.ErrorList
	keys := slices.Sorted(maps.Keys(c.Types))
	params, err := c.TypeParamList()
	if err != nil {
		return nil, err
	}
	names := slices.Sorted(maps.Keys(c.TypeParams))
	var ts []kernels.GoType
	for _, k := range keys {
		t, err := kernels.ParseGoTypeIn(c.Types[k], names)
		if err != nil {
			continue // Validate reported it
		}
		ts = append(ts, t)
	}
	tensor, _ := kernels.ParseGoTypeIn(c.Types["Tensor"], names)
	// UseCounts and Ident matter in the build of the checked wrappers.
	tag := c.BuildTag
	if tag == "" {
		tag = gen.DefaultBuildTag
	}
	rep, err := discover.CheckTypes(c.Dir, ts, tensor, params, k, tag)
	if err != nil {
		return nil, err
	}
	_, hasTensor := c.Types["Tensor"]
	if hasTensor && rep.Problems[tensor.String()] == "" {
		tensor.Interface = rep.Interfaces[tensor.String()]
		probs, err := tensorProblems(c, tensor, rep, k)
		if err != nil {
			return nil, err
		}
		errs = append(errs, probs...)
	}
	for _, k := range keys {
		t, err := kernels.ParseGoTypeIn(c.Types[k], names)
		if msg := rep.Problems[t.String()]; err == nil && msg != "" {
			errs = append(errs, c.Errorf("types."+k+"=", "%s: %s", k, msg))
		}
	}
	for _, pp := range rep.ParamProblems {
		key := "type_params." + pp.Param
		if pp.Instance >= 0 {
			key = fmt.Sprintf("%s.%d", key, pp.Instance)
		}
		errs = append(errs, c.Errorf(key, "%s: %s", pp.Param, pp.Msg))
	}
	return rep, errs.Err()
}

// tensorProblems returns what is wrong with the Tensor type, as found:
//   - a type that cannot be nil. A pointer to it can, unless it is an
//     interface: nil is then its undefined tensor, and nothing is added.
//   - a pointer to an interface, or a generic interface. No wrapper holds
//     either, and gen would refuse every op. config.Config.Validate checks
//     the rest of the type map's tensor entries.
//   - an interface without the contract's methods;
//   - a type without Ident and no memory: function to give it identities,
//     or a memory function that does not fit it;
//   - a type without UseCounts while use_counts is on.
func tensorProblems(c *config.Config, tensor kernels.GoType, rep *discover.TypeReport, k *discover.Package) ([]*schema.Error, error) {
	var errs []*schema.Error
	counted := c.Identity().UseCounts()
	lacksUseCounts := rep.LacksUseCounts
	switch {
	case !tensor.Nillable():
		ptr := tensor
		ptr.Prefix = "*" + ptr.Prefix
		errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s cannot be nil, which stands for an absent Tensor?%s", tensor, schema.Suggest(strconv.Quote(ptr.String()))))
	case tensor.Interface && tensor.Prefix != "":
		iface := tensor
		iface.Prefix = ""
		errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s is a pointer to an interface, and a wrapper holds a tensor as a pointer to a named type or as an interface%s", tensor, schema.Suggest(strconv.Quote(iface.String()))))
		return errs, nil
	case tensor.Interface && len(tensor.Params()) > 0:
		errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s is a generic interface, and a wrapper holds a generic tensor type as a pointer: map Tensor to the pointer type its values have, such as \"*%s.Impl[%s]\"", tensor, tensor.Path, strings.Join(tensor.Params(), ", ")))
		return errs, nil
	case tensor.Interface && rep.LacksIdent:
		missing := "Ident() asserts.Ident (asserts.Identity)"
		if counted && rep.LacksUseCounts {
			missing += " and UseCounts() (int, int) (asserts.Tensor; or use_counts: false for a runtime without use counts)"
		}
		errs = append(errs, c.Errorf("types.Tensor=", "Tensor: the interface %s has no method %s, which the wrappers call on every tensor: add it to the interface (a library's interface you cannot change: map Tensor to the pointer type its values have, with memory:)", tensor, missing))
		return errs, nil
	}
	if tensor.Path != "" {
		var mem kernels.FuncRef
		if c.Memory != "" {
			mem, _ = kernels.ParseFuncRef(c.Memory) // Validate checked it
		}
		tag := c.BuildTag
		if tag == "" {
			tag = gen.DefaultBuildTag
		}
		problem, err := discover.CheckForeign(c.Dir, tensor, mem, k, rep.LacksIdent, tag)
		if err != nil {
			return nil, err
		}
		if problem != "" && !(c.ContractPending && rep.LacksIdent && c.Memory == "") {
			key := "types.Tensor="
			if c.Memory != "" && !strings.HasPrefix(problem, "Tensor: ") {
				key = "memory"
			}
			errs = append(errs, c.Errorf(key, "%s", problem))
		}
		if rep.LacksIdent {
			lacksUseCounts = false // UseCounts is not asked of it: memory: implies use_counts: false
		}
	}
	if lacksUseCounts && counted {
		fix := "or implement asserts.Tensor"
		if tensor.Interface {
			fix = "or add UseCounts() (int, int) to the interface (asserts.Tensor)"
		}
		errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s has no method UseCounts() (int, int), so the wrappers could not read use counts (use_counts is on by default); add use_counts: false to the config for a runtime without use counts (a garbage-collected one: fresh_not_held then checks freshness), %s", tensor, fix))
	}
	return errs, nil
}

// checkTensorType reports a type map that leaves Tensor out, so that it is
// asserts.Tensor, while the kernels take a tensor type of their own.
// Otherwise every kernel would have "the wrong signature", with no word of
// the config. The kernel of the first op whose first argument is a Tensor
// tells the type. It is compared as a Go type: an alias of asserts.Tensor
// is asserts.Tensor.
func checkTensorType(c *config.Config, p *plan.Plan, loaded *discover.Package) error {
	if _, ok := c.Types["Tensor"]; ok {
		return nil
	}
	k := loaded.Set
	def := kernels.GoType{Path: kernels.AssertsPath, Name: "Tensor"}
	for _, op := range p.Ops {
		args := op.Src.Func.Args()
		if len(args) == 0 || !args[0].Type.Is(schema.Tensor) {
			continue
		}
		kernel := k.Funcs[op.GoName]
		if kernel == nil {
			continue
		}
		params := kernel.Signature.Params
		if len(params) == 0 || loaded.ParamIs(kernel.Name, 0, def) {
			return nil
		}
		first := params[0].Type
		at := c.At("types")
		if !at.IsValid() && c.Path != "" && !strings.HasPrefix(at.Filename, "-") {
			at = schema.Position{Filename: c.Path, Line: 1, Column: 1}
		}
		return &schema.Error{Pos: at, Msg: fmt.Sprintf("the type map has no Tensor, so Tensor is asserts.Tensor, but kernel %s (%s) takes %s: add types: {Tensor: %q}",
			kernel.Name, kernel.Pos, first, first)}
	}
	return nil
}

// PrepareOutput checks the output directory before gen runs, and sets
// where the shape helpers go. The directory must hold no Go file assertgen
// did not write. For an interface-mode set, it must hold no other
// interface-mode set. The helpers get a package of their own when the
// directory is in a Go module (see shapesPackage).
func (j *Job) PrepareOutput() error {
	if err := checkOutputDir(j.Dir, j.Options.Package); err != nil {
		return err
	}
	if j.Options.Mode == output.InterfaceMode {
		prefix := j.Options.Prefix
		if prefix == "" {
			prefix = gen.DefaultPrefix
		}
		if err := checkInterfaceSets(j.Dir, prefix); err != nil {
			return err
		}
	}
	var err error
	j.Options.ShapesPackage, err = shapesPackage(j.Dir, j.Options)
	return err
}

// shapesPackage returns the import path of the shape helpers' own package
// under dir (gen.ShapesDir; see gen.Options.ShapesPackage). It returns ""
// to keep them in the wrappers' package in two cases: dir is in no Go
// module, or the kernels or a tensor type are declared in the output
// package itself. The helpers' package could not import it back.
func shapesPackage(dir string, o gen.Options) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	root := abs
	var data []byte
	for {
		data, err = os.ReadFile(filepath.Join(root, "go.mod"))
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		up := filepath.Dir(root)
		if up == root {
			return "", nil
		}
		root = up
	}
	mod := modfile.ModulePath(data)
	if mod == "" {
		return "", nil
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", err
	}
	out := mod
	if rel != "." {
		out = mod + "/" + filepath.ToSlash(rel)
	}
	if o.Kernels != nil && o.Kernels.Path == out {
		return "", nil
	}
	for _, t := range o.Types {
		if t.Path == out {
			return "", nil
		}
	}
	return out + "/" + gen.ShapesDir, nil
}

// ModuleNote returns, when the output directory is in no Go module, a note
// that says the package it gets builds only in one. Otherwise it returns
// "".
func (j *Job) ModuleNote() string {
	if InModule(j.Dir) {
		return ""
	}
	return fmt.Sprintf("%s is in no Go module (no go.mod there or above): the package builds only inside a module that requires %s; choose an -output in yours",
		j.Dir, kernels.AssertsPath[:strings.LastIndexByte(kernels.AssertsPath, '/')])
}

// InModule reports whether dir is inside a Go module: a go.mod in it or
// in a directory above.
func InModule(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return true // say nothing
	}
	for {
		if _, err := os.Stat(filepath.Join(abs, "go.mod")); err == nil {
			return true
		}
		up := filepath.Dir(abs)
		if up == abs {
			return false
		}
		abs = up
	}
}

// checkOutputDir refuses an output directory that holds Go files assertgen
// did not write (see output.Foreign). The generated files make a package of
// their own, and writing them into another package breaks it.
func checkOutputDir(dir, pkg string) error {
	foreign, err := output.Foreign(dir, pkg)
	if err != nil || len(foreign) == 0 {
		return err
	}
	more := ""
	if len(foreign) > 1 {
		more = fmt.Sprintf(" (and %d more)", len(foreign)-1)
	}
	return fmt.Errorf("%s%s: not generated by assertgen; the output directory must hold only assertgen's files, tests and a package doc file: choose another -output (or output: in assertgen.yaml)", foreign[0], more)
}

// checkInterfaceSets refuses a second interface-mode set in one package.
// Each declares the package's Kernels interface and Checked, so the
// package would not build. dir holds only assertgen's files (see
// checkOutputDir). An interface-mode set of prefix P is P_kernels.go.
func checkInterfaceSets(dir, prefix string) error {
	names, err := filepath.Glob(filepath.Join(dir, "*_kernels.go"))
	if err != nil {
		return err
	}
	slices.Sort(names)
	for _, n := range names {
		other := strings.TrimSuffix(filepath.Base(n), "_kernels.go")
		if other != prefix && output.ValidPrefix(other) {
			return fmt.Errorf("%s holds the interface-mode set %s (%s): a second interface-mode set in one package would declare Kernels and Checked twice; give -prefix %s its own -output",
				dir, other, filepath.Base(n), prefix)
		}
	}
	return nil
}
