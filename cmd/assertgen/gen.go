package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// errFindings reports that a command found problems it has already printed.
var errFindings = errors.New("findings")

// planInputOf returns what the plan of c is built from.
func planInputOf(c *gen.Config) planInput {
	in := planInput{schema: c.Resolve(c.Schema), tags: c.Resolve(c.Tags), derivatives: c.Resolve(c.Derivatives),
		version: c.PyTorchVersion, profile: plan.Strict, noUseCounts: c.UseCounts != nil && !*c.UseCounts}
	if c.Profile != "" {
		in.profile = plan.Profile(c.Profile) // Validate checked it
	}
	for _, a := range c.Allowlists {
		in.allowlists = append(in.allowlists, c.Resolve(a))
	}
	return in
}

// setup turns a config into the schema, the plan and the generator
// options.
func setup(c *gen.Config) (*schema.Schema, *plan.Plan, gen.Options, error) {
	s, p, o, _, err := setupWhere(c)
	return s, p, o, err
}

// setupWhere is setup that also returns where each selected op is named
// (its entry in ops: or in the backend file), for vet's messages.
func setupWhere(c *gen.Config) (*schema.Schema, *plan.Plan, gen.Options, map[string]schema.Position, error) {
	var o gen.Options
	in := planInput(planInputOf(c))
	s, opts, err := in.load()
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
	types, err := c.TypeMap()
	if err != nil {
		return nil, nil, o, nil, err
	}
	o = gen.Options{Mode: gen.Mode(c.Mode), Package: c.Package, Prefix: c.Prefix, BuildTag: c.BuildTag, Types: types, Ops: ops}
	if o.Mode == "" {
		o.Mode = gen.FunctionMode
	}
	if o.Package == "" {
		abs, err := filepath.Abs(outputDir(c))
		if err != nil {
			return nil, nil, o, nil, err
		}
		o.Package = packageNameFor(filepath.Base(abs))
	}
	if o.Mode == gen.FunctionMode && c.Kernels == "" {
		return nil, nil, o, nil, fmt.Errorf("function mode needs the kernels package (kernels: in the config, or -kernels)")
	}
	if c.Kernels != "" {
		// Function mode wraps the kernels; interface mode writes an
		// adapter (Functions) that implements Kernels with them.
		if o.Kernels, err = gen.LoadKernels(c.Dir, c.Kernels); err != nil {
			return nil, nil, o, nil, c.Errorf("kernels", "%v", err)
		}
	}
	return s, p, o, where, nil
}

// selectOps checks the ops list against s and returns the op patterns for
// gen: the list itself, or with a backend file the backend's ops that the
// list selects (all of them without a list); and where the ops named
// exactly are named.
func selectOps(c *gen.Config, s *schema.Schema) ([]string, map[string]schema.Position, error) {
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
	b, err := gen.LoadBackend(c.Resolve(c.Backend))
	if err != nil {
		return nil, nil, err
	}
	ops, err := b.Select(s, c)
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

func outputDir(c *gen.Config) string {
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
	if err := parseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	c, err := gf.load(fs)
	if err != nil {
		return err
	}
	_, p, o, err := setup(c)
	if err != nil {
		return err
	}
	dir := outputDir(c)
	if err := checkOutputDir(dir, o.Package); err != nil {
		return err
	}
	o.Progress = progress(stderr, time.Now())
	res, err := gen.Generate(p, o)
	if err != nil {
		return err
	}
	if *check {
		stale, err := gen.Stale(dir, res.Files)
		if err != nil {
			return err
		}
		obsolete, err := gen.Obsolete(dir, res.Prefix, res.Files)
		if err != nil {
			return err
		}
		interrupted, err := gen.Interrupted(dir)
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
		return gen.Write(ctx, dir, res.Prefix, res.Files)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "assertgen: %d ops wrapped in %s", len(res.Wrapped), dir)
	if len(res.Missing) > 0 {
		fmt.Fprintf(stderr, "; %d selected ops have no kernel (assertgen vet lists them)", len(res.Missing))
	}
	fmt.Fprintln(stderr)
	return nil
}

// checkOutputDir refuses an output directory that holds Go files assertgen
// did not write (see gen.Foreign): the generated files make a package of
// their own, and writing them into another package breaks it.
func checkOutputDir(dir, pkg string) error {
	foreign, err := gen.Foreign(dir, pkg)
	if err != nil || len(foreign) == 0 {
		return err
	}
	more := ""
	if len(foreign) > 1 {
		more = fmt.Sprintf(" (and %d more)", len(foreign)-1)
	}
	return fmt.Errorf("%s%s: not generated by assertgen; the output directory must hold only assertgen's files, tests and a package doc file: choose another -out (or output: in assertgen.yaml)", foreign[0], more)
}

func cmdVet(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("vet", stderr)
	var g cliFlags
	g.register(fs, "vet", true, stderr)
	verbose := fs.Bool("v", false, "list every op without a kernel, and the built-in allowlist entries that select no op")
	if err := parseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	c, err := g.load(fs)
	if err != nil {
		return err
	}
	s, p, o, where, err := setupWhere(c)
	if err != nil {
		return err
	}
	n := 0
	if o.Mode == gen.FunctionMode {
		findings, missing, err := gen.Vet(p, o)
		if err != nil {
			return err
		}
		for _, f := range findings {
			fmt.Fprintln(stdout, f)
			n++
		}
		// Missing kernels are findings when the config names the ops it
		// wants; with every op selected they are information.
		explicit := len(c.Ops) > 0 || c.Backend != ""
		for _, m := range missing {
			switch {
			case explicit:
				at, ok := where[m]
				if !ok {
					at = c.At("ops")
				}
				fmt.Fprintf(stdout, "%s: %s: no kernel %s in %s\n", at, m, goNameOf(m), o.Kernels.Path)
				n++
			case *verbose:
				fmt.Fprintf(stdout, "info: %s: no kernel %s\n", m, goNameOf(m))
			}
		}
		if !explicit && len(missing) > 0 {
			fmt.Fprintf(stdout, "info: %d of %d ops have no kernel in %s (-v lists them; select ops with ops: to require them)\n",
				len(missing), len(p.Ops), o.Kernels.Path)
		}
	}
	// Built-in allowlist entries that select no op are information about
	// a file the user does not edit (PyTorch's lists name ops of several
	// releases): shown with -v only. Problems in the user's allowlists
	// already failed the plan.
	if *verbose {
		for _, line := range unmatchedDefaults(s) {
			fmt.Fprintln(stdout, "info:", line)
		}
	}
	if n > 0 {
		return errFindings
	}
	return nil
}

// goNameOf returns the Go name of an op name ("add.Tensor" -> AddTensor).
func goNameOf(op string) string {
	n, err := schema.ParseOperatorName(op)
	if err != nil {
		return op
	}
	return gen.GoName(n)
}
