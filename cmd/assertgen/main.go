package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/assertgen/assertgen/internal/setup"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // findings or errors
	exitUsage = 2
)

func main() {
	setGC(os.Args[1:])
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// setGC sets the garbage collector for the command, unless GOGC is set.
// assertgen is a short-lived process that allocates much and keeps
// little. plan, explain and vet keep the schema and the plan and write
// little more: without collection `plan -json` takes about a tenth less
// CPU than with GOGC=400 and a third less than with GOGC=100
// (scripts/bench_vs_torchgen.sh times GOGC=100 beside it); a 1 GiB limit
// makes them collect rather than grow past it. gen keeps the schema, the
// plan and its rendered output, all in proportion to the number of ops,
// and collects with GOGC=400 and no memory limit: a fixed limit makes the
// collector's cost grow with the square of the ops once the live heap
// nears it (at 124k ops the heap lived at 870 MB of a 1 GiB limit and the
// collector ran back to back; docs/gen.md, "Linear in the number of ops").
func setGC(args []string) {
	gen := len(args) > 0 && args[0] == "gen"
	if !gen {
		debug.SetMemoryLimit(1 << 30)
	}
	if os.Getenv("GOGC") != "" {
		return
	}
	if gen {
		debug.SetGCPercent(400)
		return
	}
	debug.SetGCPercent(-1)
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
	case errors.Is(err, errFindings):
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
	c, err := cf.Load()
	if err != nil {
		return err
	}
	s, opts, err := setup.Input(c)
	if err != nil {
		return err
	}
	// The ops of the plan: those the names select, else those the config's
	// ops: and backend: (or -ops) select, else all.
	patterns, where, err := setup.Ops(c, s)
	if err != nil {
		return cf.Route(err)
	}
	if len(names) > 0 {
		if patterns, err = setup.Names(s, names); err != nil {
			return err
		}
	}
	p, err := plan.BuildWith(s, opts)
	if err != nil {
		return err
	}
	if err = p.Select(patterns, where); err != nil {
		return err
	}
	if err = p.Validate(); err != nil {
		return err
	}
	write := p.WriteText
	if *asJSON {
		write = p.WriteJSON
	}
	if *out == "" {
		bw := bufio.NewWriterSize(stdout, 1<<16)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	if fi, err := os.Lstat(*out); err == nil && fi.IsDir() {
		fmt.Fprintf(stderr, "assertgen plan: -o %s: a directory; name a file\n", *out)
		return setup.ErrUsage
	}
	return setup.WriteFile(stderr, *out, write)
}
