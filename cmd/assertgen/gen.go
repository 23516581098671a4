package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/setup"
	"github.com/assertgen/assertgen/output"
)

// errFindings reports that a command found problems it has already printed.
var errFindings = errors.New("findings")

func cmdGen(args []string, stdout, stderr io.Writer) error {
	g := setup.Catch(stderr)
	defer g.Stop()
	fs := setup.NewFlagSet("gen", stderr)
	cf := setup.RegisterConfig(fs, "gen", true, stderr)
	check := fs.Bool("check", false, "write nothing; exit 1 and name the files that are stale")
	stubs := fs.String("stubs", "", "write a stub of every selected op's missing kernel to the new `file` (the kernels package's)")
	if err := setup.ParseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	c, err := cf.Load()
	if err != nil {
		return err
	}
	if err := setup.CheckKernelsGiven(c); err != nil {
		return cf.Route(err)
	}
	j, err := setup.New(c)
	if err != nil {
		return cf.Route(err)
	}
	if *check && *stubs != "" {
		fmt.Fprintf(stderr, "assertgen gen: -stubs with -check: -check writes nothing\n")
		return setup.ErrUsage
	}
	if err := setup.CheckStubsFile(*stubs, j.Options.Kernels); err != nil {
		return cf.Route(err)
	}
	if err := j.PrepareOutput(); err != nil {
		return err
	}
	j.Options.Progress = setup.Progress(stderr, time.Now())
	res, err := gen.Generate(j.Plan, j.Options)
	if err != nil {
		return err
	}
	if *check {
		problems, err := output.Check(j.Dir, res.Prefix, res.Files)
		for _, p := range problems {
			fmt.Fprintln(stdout, p)
		}
		if err == nil && len(problems) > 0 {
			err = errFindings
		}
		return err
	}
	absent := setup.MissingOps(j.Plan, res.Missing)
	st, err := setup.PrepareStubs(*stubs, j.Options, j.Loaded, absent)
	if err != nil {
		return err
	}
	if err := g.WriteSet(j.Dir, res.Prefix, res.Files); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "assertgen: %d ops wrapped in %s", len(res.Wrapped), j.Dir)
	required := setup.KernelsRequired(c)
	if len(res.Missing) > 0 && !required {
		fmt.Fprintf(stderr, "; %d selected ops have no kernel (assertgen vet -v lists them)", len(res.Missing))
	}
	fmt.Fprintln(stderr)
	if note := j.ModuleNote(); note != "" {
		fmt.Fprintf(stderr, "assertgen: note: %s\n", note)
	}
	if err := st.Write(stderr, g.WriteNew); err != nil {
		return err
	}
	if !required || len(absent) == 0 {
		return nil
	}
	if err := setup.PrintMissing(stderr, c, j.Plan, j.Options, j.Where, absent, ""); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "assertgen: %d selected ops have no kernel: write them (gen -stubs FILE writes stubs), select fewer ops, or say allow_missing_kernels: true in the config\n", len(absent))
	return errFindings
}

func cmdVet(args []string, stdout, stderr io.Writer) error {
	g := setup.Catch(stderr)
	defer g.Stop()
	fs := setup.NewFlagSet("vet", stderr)
	cf := setup.RegisterConfig(fs, "vet", true, stderr)
	verbose := fs.Bool("v", false, "list every op without a kernel")
	stubs := fs.String("stubs", "", "write a stub of every selected op's missing kernel to the new `file` (the kernels package's)")
	if err := setup.ParseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	c, err := cf.Load()
	if err != nil {
		return err
	}
	if err := setup.CheckKernelsGiven(c); err != nil {
		return cf.Route(err)
	}
	j, err := setup.New(c)
	if err != nil {
		return cf.Route(err)
	}
	if err := setup.CheckStubsFile(*stubs, j.Options.Kernels); err != nil {
		return cf.Route(err)
	}
	// Built-in allowlist entries that select no op of the schema are not
	// reported: PyTorch's lists name ops of several releases, in a file the
	// user never wrote nor edits. Problems in the user's allowlists already
	// failed the plan. Interface mode without a kernels package has no
	// kernels to vet; with one, the adapter Functions calls a kernel of
	// every selected op, so each missing one is a finding, as gen refuses
	// it.
	p, o := j.Plan, j.Options
	if o.Kernels == nil {
		return nil
	}
	findings, absent, err := gen.Vet(p, o)
	if err != nil {
		return err
	}
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
	}
	n := len(findings)
	// Missing kernels are findings when the config names the ops it
	// wants; with every op selected, or allow_missing_kernels, they are
	// information.
	switch {
	case setup.KernelsRequired(c) || o.Mode == output.InterfaceMode:
		err = setup.PrintMissing(stdout, c, p, o, j.Where, absent, "")
		n += len(absent)
	case *verbose:
		err = setup.PrintMissing(stdout, c, p, o, j.Where, absent, "info: ")
	case len(absent) > 0:
		fmt.Fprintf(stdout, "info: %d of %d selected ops have no kernel in %s (-v lists them)\n", len(absent), len(p.Ops), o.Kernels.Path)
	}
	if err == nil {
		var st *setup.Stubs
		if st, err = setup.PrepareStubs(*stubs, o, j.Loaded, absent); err == nil {
			err = st.Write(stderr, g.WriteNew)
		}
	}
	if err == nil && n > 0 {
		err = errFindings
	}
	return err
}
