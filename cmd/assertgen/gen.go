package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/internal/missing"
	"github.com/assertgen/assertgen/internal/progress"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// errFindings reports that a command found problems it has already printed.
var errFindings = errors.New("findings")

// loadInput reads what the plan of c is built from: the schema and the
// plan options (see planInput.load).
func loadInput(c *config.Config) (*schema.Schema, plan.Options, error) {
	in := planInput{schema: c.Resolve(c.Schema), tags: c.Resolve(c.Tags), derivatives: c.Resolve(c.Derivatives),
		version: c.PyTorchVersion, profile: plan.Strict, noUseCounts: c.UseCounts != nil && !*c.UseCounts,
		noMetadata: c.Metadata != nil && !*c.Metadata}
	if c.Profile != "" {
		in.profile = plan.Profile(c.Profile) // Validate checked it
	}
	for _, a := range c.Allowlists {
		in.allowlists = append(in.allowlists, c.Resolve(a))
	}
	return in.load()
}

// setupWhere turns a config into the schema, the plan of the selected
// ops and the generator options, and returns where each selected op is
// named (its entry in ops: or in the backend file), for vet's messages.
func setupWhere(c *config.Config) (*schema.Schema, *plan.Plan, gen.Options, map[string]schema.Position, error) {
	var o gen.Options
	s, opts, err := loadInput(c)
	if err != nil {
		return nil, nil, o, nil, err
	}
	ops, where, err := selectOps(c, s)
	if err != nil {
		return nil, nil, o, nil, err
	}
	p, err := plan.BuildWith(s, opts)
	if err != nil {
		return nil, nil, o, nil, err
	}
	if err := p.Select(ops, where); err != nil {
		return nil, nil, o, nil, err
	}
	types, err := c.TypeMap()
	if err != nil {
		return nil, nil, o, nil, err
	}
	o = gen.Options{Mode: output.Mode(c.Mode), Package: c.Package, Prefix: c.Prefix, BuildTag: c.BuildTag, Types: types, Sweep: c.Sweep}
	if o.Mode == "" {
		o.Mode = output.FunctionMode
	}
	if o.Package == "" {
		abs, err := filepath.Abs(outputDir(c))
		if err != nil {
			return nil, nil, o, nil, err
		}
		o.Package = packageNameFor(filepath.Base(abs))
	}
	var loaded *discover.Package
	if c.Kernels != "" {
		// Function mode wraps the kernels; interface mode writes an
		// adapter (Functions) that implements Kernels with them.
		if loaded, err = discover.Load(c.Dir, c.Kernels); err != nil {
			return nil, nil, o, nil, c.Errorf("kernels", "%v", err)
		}
		o.Kernels = loaded.Set
	}
	if err := checkTypeMap(c, loaded); err != nil {
		return nil, nil, o, nil, err
	}
	if o.Kernels != nil {
		if err := checkTensorType(c, p, o.Kernels); err != nil {
			return nil, nil, o, nil, err
		}
	}
	return s, p, o, where, nil
}

// checkKernelsGiven refuses function mode without a kernels package,
// before any work: at the config's mode: (or its first line), or as a
// usage error when no config says anything (as when vet runs where there
// is no assertgen.yaml).
func checkKernelsGiven(c *config.Config, f *cliFlags) error {
	if c.Kernels != "" || c.Mode == string(output.InterfaceMode) {
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
	fmt.Fprintf(f.stderr, "assertgen %s: %s: function mode (the default) needs the kernels package: pass -kernels ./dir (or an import path) or -mode interface, or write an assertgen.yaml (go doc github.com/assertgen/assertgen/cmd/assertgen shows one)\n", f.cmd, where)
	return errUsage
}

// checkTypeMap checks the config's type map against the Go packages it
// names, before any code is generated: each Go type must exist where the
// generated package is built (the config's directory; the packages the
// kernels package k imports are known already), and Tensor's must be able
// to hold nil. Each problem is an error at the value's position.
func checkTypeMap(c *config.Config, k *discover.Package) error {
	var errs schema.ErrorList
	keys := slices.Sorted(maps.Keys(c.Types))
	var ts []kernels.GoType
	for _, k := range keys {
		t, err := kernels.ParseGoType(c.Types[k])
		if err != nil {
			continue // Validate reported it
		}
		ts = append(ts, t)
		if k == "Tensor" && !t.Nillable() {
			ptr := t
			ptr.Prefix = "*" + ptr.Prefix
			errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s cannot be nil, which stands for an absent Tensor?%s", t, schema.Suggest(strconv.Quote(ptr.String()))))
		}
	}
	tensor, _ := kernels.ParseGoType(c.Types["Tensor"])
	problems, lacks, err := discover.CheckTypesCounted(c.Dir, ts, tensor, k)
	if err != nil {
		return err
	}
	if _, ok := c.Types["Tensor"]; ok && lacks && (c.UseCounts == nil || *c.UseCounts) {
		errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s has no method UseCounts() (int, int), so the wrappers could not read use counts (use_counts is on by default); add use_counts: false to the config for a runtime without use counts (a garbage-collected one: fresh_not_held then checks freshness), or implement asserts.Tensor", tensor))
	}
	for _, k := range keys {
		t, err := kernels.ParseGoType(c.Types[k])
		if msg := problems[t]; err == nil && msg != "" {
			errs = append(errs, c.Errorf("types."+k+"=", "%s: %s", k, msg))
		}
	}
	return errs.Err()
}

// checkTensorType reports a type map that leaves Tensor out, so that it is
// asserts.Tensor, while the kernels take a tensor type of their own: every
// kernel would otherwise have "the wrong signature", with no word of the
// config. The kernel of the first op whose first argument is a Tensor
// tells the type.
func checkTensorType(c *config.Config, p *plan.Plan, k *kernels.Set) error {
	if _, ok := c.Types["Tensor"]; ok {
		return nil
	}
	def := gen.AssertsPath + ".Tensor"
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
		if len(params) == 0 || params[0].Type == def {
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

// selectOps checks the ops list against s and returns the op patterns for
// gen: the list itself, or with a backend file the backend's ops that the
// list selects (all of them without a list); and where the ops named
// exactly are named.
func selectOps(c *config.Config, s *schema.Schema) ([]string, map[string]schema.Position, error) {
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

// shapesPackage returns the import path the shape helpers get in their
// own package under dir (gen.ShapesDir; see gen.Options.ShapesPackage),
// or "" to keep them in the wrappers' package: when dir is in no Go module,
// or the kernels or a tensor type are declared in the output package
// itself (the helpers' package could not import it back).
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

func outputDir(c *config.Config) string {
	if out := c.Resolve(c.Output); out != "" {
		return out
	}
	return c.Dir
}

func cmdGen(args []string, stdout, stderr io.Writer) error {
	g := catchSignals(stderr)
	defer g.stop()
	fs := newFlags("gen", stderr)
	var gf cliFlags
	gf.register(fs, "gen", true, stderr)
	check := fs.Bool("check", false, "write nothing; exit 1 and name the files that are stale")
	stubs := fs.String("stubs", "", "write a stub of every selected op's missing kernel to the new `file` (function mode)")
	if err := parseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	c, err := gf.load(fs)
	if err != nil {
		return err
	}
	if err := checkKernelsGiven(c, &gf); err != nil {
		return err
	}
	_, p, o, where, err := setupWhere(c)
	if err != nil {
		return gf.route(err)
	}
	dir := outputDir(c)
	if err := checkOutputDir(dir, o.Package); err != nil {
		return err
	}
	if o.Mode == output.InterfaceMode {
		prefix := o.Prefix
		if prefix == "" {
			prefix = gen.DefaultPrefix
		}
		if err := checkInterfaceSets(dir, prefix); err != nil {
			return err
		}
	}
	if o.ShapesPackage, err = shapesPackage(dir, o); err != nil {
		return err
	}
	o.Progress = progress.For(stderr, time.Now())
	res, err := gen.Generate(p, o)
	if err != nil {
		return err
	}
	if *check {
		stale, err := output.Stale(dir, res.Files)
		if err != nil {
			return err
		}
		obsolete, err := output.Obsolete(dir, res.Prefix, res.Files)
		if err != nil {
			return err
		}
		interrupted, err := output.Interrupted(dir)
		if err != nil {
			return err
		}
		for _, s := range stale {
			fmt.Fprintf(stdout, "%s: stale; run assertgen gen\n", s)
		}
		for _, s := range obsolete {
			fmt.Fprintf(stdout, "%s: obsolete; run assertgen gen\n", s)
		}
		for _, s := range interrupted {
			fmt.Fprintf(stdout, "%s: left by an interrupted run; run assertgen gen\n", s)
		}
		if len(stale)+len(obsolete)+len(interrupted) > 0 {
			return errFindings
		}
		return nil
	}
	err = g.write(dir, func(ctx context.Context) error {
		return writeWaiting(ctx, stderr, dir, res.Prefix, res.Files)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "assertgen: %d ops wrapped in %s", len(res.Wrapped), dir)
	required := missing.Required(c)
	if len(res.Missing) > 0 && !required {
		fmt.Fprintf(stderr, "; %d selected ops have no kernel (assertgen vet -v lists them)", len(res.Missing))
	}
	fmt.Fprintln(stderr)
	if !inModule(dir) {
		fmt.Fprintf(stderr, "assertgen: note: %s is in no Go module (no go.mod there or above): the package builds only inside a module that requires %s; choose an -output in yours\n", dir, gen.AssertsPath[:strings.LastIndexByte(gen.AssertsPath, '/')])
	}
	absent := missing.Ops(p, res.Missing)
	if err := missing.WriteStubs(stderr, *stubs, o, absent); err != nil {
		return err
	}
	if !required || len(absent) == 0 {
		return nil
	}
	if err := missing.Print(stderr, c, p, o, where, absent, ""); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "assertgen: %d selected ops have no kernel: write them (gen -stubs FILE writes stubs), select fewer ops, or say allow_missing_kernels: true in the config\n", len(absent))
	return errFindings
}

// inModule reports whether dir is inside a Go module: a go.mod in it or
// in a directory above.
func inModule(dir string) bool {
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

// writeWaiting is output.Write that, while another assertgen writes into
// dir, says so once and waits for it (until ctx is done): two gens into
// one directory take their turns, and the directory holds the complete
// set of the one that wrote last.
func writeWaiting(ctx context.Context, stderr io.Writer, dir, prefix string, files []gen.File) error {
	told := false
	for {
		err := output.Write(ctx, dir, prefix, files)
		if !errors.Is(err, output.ErrLocked) {
			return err
		}
		if !told {
			fmt.Fprintf(stderr, "assertgen: %s: another assertgen is writing into it; waiting for it to finish\n", dir)
			told = true
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// checkOutputDir refuses an output directory that holds Go files assertgen
// did not write (see output.Foreign): the generated files make a package of
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

// checkInterfaceSets refuses a second interface-mode set in one package:
// each declares the package's Kernels interface and Checked, so the
// package would not build. dir holds only assertgen's files (see
// checkOutputDir); an interface-mode set of prefix P is P_kernels.go.
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

func cmdVet(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("vet", stderr)
	var g cliFlags
	g.register(fs, "vet", true, stderr)
	verbose := fs.Bool("v", false, "list every op without a kernel")
	stubs := fs.String("stubs", "", "write a stub of every selected op's missing kernel to the new `file` (function mode)")
	if err := parseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	c, err := g.load(fs)
	if err != nil {
		return err
	}
	if err := checkKernelsGiven(c, &g); err != nil {
		return err
	}
	_, p, o, where, err := setupWhere(c)
	if err != nil {
		return g.route(err)
	}
	n := 0
	if o.Mode == output.FunctionMode {
		findings, absent, err := gen.Vet(p, o)
		if err != nil {
			return err
		}
		for _, f := range findings {
			fmt.Fprintln(stdout, f)
			n++
		}
		// Missing kernels are findings when the config names the ops it
		// wants; with every op selected, or allow_missing_kernels, they are
		// information.
		required := missing.Required(c)
		switch {
		case required:
			err = missing.Print(stdout, c, p, o, where, absent, "")
			n += len(absent)
		case *verbose:
			err = missing.Print(stdout, c, p, o, where, absent, "info: ")
		case len(absent) > 0:
			fmt.Fprintf(stdout, "info: %d of %d selected ops have no kernel in %s (-v lists them)\n", len(absent), len(p.Ops), o.Kernels.Path)
		}
		if err == nil {
			err = missing.WriteStubs(stderr, *stubs, o, absent)
		}
		if err != nil {
			return err
		}
	}
	// Built-in allowlist entries that select no op of the schema are not
	// reported: PyTorch's lists name ops of several releases, in a file the
	// user never wrote nor edits. Problems in the user's allowlists already
	// failed the plan.
	if n > 0 {
		return errFindings
	}
	return nil
}
