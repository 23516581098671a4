package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/assertgen/assertgen/internal/setup"
	"github.com/assertgen/assertgen/schema"
)

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // findings or errors
	exitUsage = 2
)

func main() {
	setup.SetGC(os.Args[1:])
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	var err error
	switch args[0] {
	case "plan":
		err = cmdPlan(args[1:], stdout, stderr)
	case "explain":
		err = cmdExplain(args[1:], stdout, stderr)
	case "gen":
		err = cmdGen(args[1:], stdout, stderr)
	case "vet":
		err = cmdVet(args[1:], stdout, stderr)
	case "init":
		err = cmdInit(args[1:], stdout, stderr)
	case "version":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "assertgen version: unexpected argument %q\n", args[1])
			return exitUsage
		}
		fmt.Fprintln(stdout, "assertgen", version)
		return exitOK
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	default:
		fmt.Fprintf(stderr, "assertgen: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, setup.ErrUsage):
		return exitUsage
	case errors.Is(err, setup.ErrFindings):
		return exitFail
	}
	fmt.Fprintln(stderr, "assertgen:", err)
	var ie *setup.StopError
	if errors.As(err, &ie) {
		return ie.Code()
	}
	var el schema.ErrorList
	if errors.As(err, &el) && len(el) > 1 {
		fmt.Fprintf(stderr, "assertgen: %d errors\n", len(el))
	}
	return exitFail
}

const version = "v0.1.0-dev"

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: assertgen <command> [flags]

commands:
  init      start a runtime's package on assertgen: config, go:generate line, contract
            adapter skeleton, conformance test, kernel stubs
  gen       generate the checked wrappers (-check: fail if they are stale)
  vet       check kernel signatures against the schema, list missing kernels, lint allowlists
  plan      print the check plan of every op (-json)
  explain   explain the checks of one op in plain words
  version   print the version

Run 'assertgen <command> -h' for a command's flags.
`)
}

func cmdPlan(args []string, stdout, stderr io.Writer) error {
	fs := setup.NewFlagSet("plan", stderr)
	cf := setup.RegisterConfig(fs, "plan", false, stderr)
	asJSON := fs.Bool("json", false, "print the plan as JSON")
	out := fs.String("o", "", "write to `file` (atomically) instead of standard output")
	names, err := setup.ParseFlagsWithNames(fs, args)
	if err != nil {
		return err
	}
	return cf.Plan(names, *asJSON, *out, stdout)
}
