package generate

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// A Job is what gen and vet work on: the plan of the selected ops and
// gen's options. It also holds where each selected op is named (its entry
// in ops: or in the backend file, for messages), the output directory and
// the kernels package as loaded.
type Job struct {
	Plan    *plan.Plan
	Options gen.Options
	Where   map[string]schema.Position
	Dir     string
	Loaded  *discover.Package // the kernels package as loaded (nil without one)
}

// New reads what c names and returns the job of generating its set. That
// is the schema and the plan of the selected ops (see Input and Ops), and
// gen's options. It loads the kernels package, and checks the type map
// against the Go packages it names.
func New(c *config.Config) (*Job, error) { return NewWith(c, nil) }

// NewWith is New with the kernels package of c loaded already, as
// assertgen init has it. When k is nil, New loads it.
func NewWith(c *config.Config, k *discover.Package) (*Job, error) {
	s, opts, err := Input(c)
	if err != nil {
		return nil, err
	}
	ops, where, err := Ops(c, s)
	if err != nil {
		return nil, err
	}
	p, err := plan.BuildWith(s, opts)
	if err != nil {
		return nil, err
	}
	if err := p.Select(ops, where); err != nil {
		return nil, err
	}
	types, err := c.TypeMap()
	if err != nil {
		return nil, err
	}
	j := &Job{Plan: p, Where: where, Dir: outputDir(c)}
	o := gen.Options{Mode: output.Mode(c.Mode), Package: c.Package, Prefix: c.Prefix, BuildTag: c.BuildTag, Types: types, Sweep: c.Sweep}
	if o.Mode == "" {
		o.Mode = output.FunctionMode
	}
	if o.Package == "" {
		abs, err := filepath.Abs(j.Dir)
		if err != nil {
			return nil, err
		}
		o.Package = packageNameFor(filepath.Base(abs))
	}
	loaded := k
	if c.Kernels != "" {
		// Function mode wraps the kernels; interface mode writes an
		// adapter (Functions) that implements Kernels with them.
		if loaded == nil {
			if loaded, err = discover.Load(c.Dir, c.Kernels); err != nil {
				return nil, c.Errorf("kernels", "%v", err)
			}
		}
		if loaded.Set.Name == "main" {
			return nil, c.Errorf("kernels", "%s is a program (package main), which the generated package cannot import: move the kernels and the tensor type into a package of their own", loaded.Set.Path)
		}
		o.Kernels = loaded.Set
	}
	rep, err := checkTypeMap(c, loaded)
	if err != nil {
		return nil, err
	}
	if c.Memory != "" {
		m, _ := kernels.ParseFuncRef(c.Memory) // Validate checked it
		o.Memory = &m
	} else if err := anchorInTests(c, loaded); err != nil {
		return nil, err
	}
	for k, t := range o.Types {
		if rep.Interfaces[t.String()] {
			t.Interface = true
			o.Types[k] = t
		}
	}
	o.TypeParams = rep.TypeParams
	if o.Kernels != nil {
		if err := checkTensorType(c, p, loaded); err != nil {
			return nil, err
		}
		if err := platformKernels(p, loaded); err != nil {
			return nil, err
		}
	}
	j.Options, j.Loaded = o, loaded
	if err := j.bindings(c, s); err != nil {
		return nil, err
	}
	return j, nil
}

// anchorInTests refuses a Tensor type whose StorageAnchor a test file of
// its package declares, at the method. gen reads the package without its
// test files, so the wrappers are generated without the anchor. In the
// package's tests, the type has it. There the first checked call of an op
// that compares memory panics, saying to run go generate, which changes
// nothing. A type of the memory kind reads its anchor from the memory
// function, and has nothing to refuse.
func anchorInTests(c *config.Config, k *discover.Package) error {
	tensor, err := kernels.ParseGoTypeIn(c.Types["Tensor"], slices.Sorted(maps.Keys(c.TypeParams)))
	if err != nil || c.Types["Tensor"] == "" {
		return nil
	}
	at, ok := discover.TestMethod(c.Dir, tensor, "StorageAnchor", k)
	if !ok {
		return nil
	}
	return &schema.Error{Pos: at, Msg: fmt.Sprintf("StorageAnchor of %s is declared in a test file, which gen does not read: the wrappers are generated without it, and in the package's tests, where %s has it (asserts.Anchored), their first checked call of an op that compares memory panics, saying to run go generate, which changes nothing; declare StorageAnchor in a file of the package that is not a test (go test builds those too), or leave it out", tensor, tensor)}
}

// platformKernels refuses a selected op whose kernel the package declares
// on some platforms only (GOOS/GOARCH: a file k_linux.go, a //go:build
// line). The error is at the kernel's declaration. gen would bind the op
// on those platforms and not on the others. So its files, and gen -check,
// would differ between them.
func platformKernels(p *plan.Plan, k *discover.Package) error {
	only := k.PlatformOnly()
	if len(only) == 0 {
		return nil
	}
	var errs schema.ErrorList
	for _, op := range p.Ops {
		if x, ok := only[op.GoName]; ok {
			errs = append(errs, &schema.Error{Pos: x.Pos, Msg: fmt.Sprintf("%s, the kernel of %s, is declared on some platforms only (%s): gen would bind %s on those and not on the others, and write other files there, so that gen -check would disagree between them; declare it on every platform (in a file without a constraint, or in one for each: a stub that panics will do)", op.GoName, op.Name, x.Describe(), op.Name)})
		}
	}
	return errs.Err()
}

// Input reads what the plan of c is built from. First the schema, the
// release's embedded one by default, with the release's rules. Then the
// plan options: the allowlists merged over the built-in ones and linted
// against the schema, the derivatives, the profile, and what the tensor
// type keeps.
func Input(c *config.Config) (*schema.Schema, plan.Options, error) {
	var s *schema.Schema
	var err error
	path := c.Resolve(c.Schema)
	if path == "" {
		s, err = schema.Embedded(c.PyTorchVersion)
	} else {
		s, err = schema.Load(path, c.Resolve(c.Tags), schema.Options{Version: c.PyTorchVersion})
	}
	if err != nil {
		return nil, plan.Options{}, err
	}
	if len(s.Ops) == 0 {
		var errs schema.ErrorList
		errs.Add(schema.Position{Filename: path, Line: 1, Column: 1}, "the schema has no ops")
		return nil, plan.Options{}, errs
	}
	opts, err := options(c, s)
	return s, opts, err
}

// options reads the allowlist files, merges them over the built-in list,
// and lints them against s (errors at file:line:col). It reads the
// derivatives.yaml file if one is given, and returns the plan options.
func options(c *config.Config, s *schema.Schema) (plan.Options, error) {
	// The plan applies the lists of the release s was loaded with.
	opts := plan.Options{Profile: plan.Strict, Identity: c.Identity(),
		NoMetadata: c.Metadata != nil && !*c.Metadata}
	if c.Profile != "" {
		opts.Profile = plan.Profile(c.Profile) // Validate checked it
	}
	defaults, err := allowlist.Defaults()
	if err != nil {
		return opts, err
	}
	var errs schema.ErrorList
	var files []*allowlist.List
	for _, a := range c.Allowlists {
		l, err := allowlist.ParseFile(c.Resolve(a))
		var el schema.ErrorList
		switch {
		case errors.As(err, &el):
			errs = append(errs, el...)
			continue
		case err != nil:
			return opts, err
		}
		files = append(files, l)
	}
	if len(errs) > 0 {
		return opts, errs.Err()
	}
	merged := allowlist.Merge(defaults, files...)
	if err := merged.Lint(s); err != nil {
		return opts, err
	}
	opts.Allowlist = merged
	if d := c.Resolve(c.Derivatives); d != "" {
		if opts.Derivatives, err = schema.LoadDerivatives(d); err != nil {
			return opts, err
		}
	}
	// After the derivatives: the pytorch profile's rows need them.
	if err := plan.LintSkips(s, opts); err != nil {
		return opts, err
	}
	return opts, nil
}

// Ops checks the ops list against s, and returns the op selectors for the
// plan and where the ops named exactly are named. The selectors are the
// list itself; with a backend file, the backend's ops that the list
// selects, or all of them without a list.
func Ops(c *config.Config, s *schema.Schema) ([]string, map[string]schema.Position, error) {
	if err := c.CheckOps(s); err != nil {
		return nil, nil, err
	}
	where := map[string]schema.Position{}
	for i, op := range c.Ops {
		where[op] = c.At(fmt.Sprintf("ops.%d", i))
	}
	if c.Backend == "" {
		return c.Ops, where, nil
	}
	b, err := schema.LoadBackend(c.Resolve(c.Backend))
	if err != nil {
		return nil, nil, err
	}
	ops, err := c.BackendOps(b, s)
	if err != nil {
		return nil, nil, err
	}
	for _, op := range b.Ops() {
		where[op.Name] = op.Pos
	}
	return ops, where, nil
}

// CheckKernelsGiven refuses function mode without a kernels package,
// before any work. The error is at the config's mode: or its first line.
// When no config says anything, it is a *UsageError, as when vet runs
// where there is no assertgen.yaml.
func CheckKernelsGiven(c *config.Config) error {
	if c.Kernels != "" || c.Mode == string(output.InterfaceMode) || len(c.Bind) > 0 {
		return nil
	}
	const fix = "kernels: ./dir (or an import path: the package of the functions to wrap), or mode: interface"
	at, fromFile := c.Pos["mode"], c.Path != ""
	switch {
	case at.IsValid():
		return c.Errorf("mode", "function mode needs the kernels package: add %s", fix)
	case fromFile && !strings.HasPrefix(at.Filename, "-"):
		return &schema.Error{Pos: schema.Position{Filename: c.Path, Line: 1, Column: 1},
			Msg: "function mode (the default) needs the kernels package: add " + fix}
	}
	where := "no assertgen.yaml in the working directory, and no -config"
	if fromFile {
		where = c.Path + " names no kernels package"
	}
	return &base.UsageError{Msg: where + ": function mode (the default) needs the kernels package: pass -kernels ./dir (or an import path) or -mode interface, or write an assertgen.yaml (go doc github.com/assertgen/assertgen/cmd/assertgen shows one)"}
}

// packageNameFor makes a package name of a directory name.
func packageNameFor(dir string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(dir) {
		if r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "checked"
	}
	return b.String()
}

// outputDir is the directory the set of c goes into: output:, or the
// config's directory.
func outputDir(c *config.Config) string {
	if out := c.Resolve(c.Output); out != "" {
		return out
	}
	return c.Dir
}

// Names returns the op selectors that names given on the command line
// stand for, as plan takes them. A name is a selector (schema.Selector),
// or a name that only has overloads, which stands for all of them (name.*,
// as explain takes it). A name that selects no op is an error with the
// closest names of s.
func Names(s *schema.Schema, names []string) ([]string, error) {
	known := make(map[string]bool, len(s.Ops))
	bases := map[string]bool{}
	for _, o := range s.Ops {
		known[o.Name] = true
		bases[o.Func.Name.Name.String()] = true
	}
	var out []string
	var errs []string
	var list *schema.OpList // made at the first name that is no op
	for _, n := range names {
		switch {
		case known[n]:
			out = append(out, n)
		case bases[n]:
			out = append(out, n+".*")
		default:
			if list == nil {
				list = s.OpList()
			}
			if msg, _ := list.SelectsNone(n, true); msg != "" {
				errs = append(errs, msg)
				continue
			}
			out = append(out, n)
		}
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}
	return out, nil
}
