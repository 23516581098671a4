package main

import (
	"io"

	"github.com/assertgen/assertgen/internal/setup"
)

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
	return cf.Gen(g, *check, *stubs, stdout)
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
	return cf.Vet(g, *verbose, *stubs, stdout)
}
