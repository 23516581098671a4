package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/generate"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd"
	"github.com/assertgen/assertgen/schema"
)

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // findings or errors
	exitUsage = 2
)

// commands is assertgen's commands, in the order the usage text lists
// them.
var commands = []*base.Command{
	initcmd.Cmd,
	generate.CmdGen,
	generate.CmdVet,
	generate.CmdPlan,
	generate.CmdExplain,
	cmdVersion,
}

const version = "v0.1.0-dev"

var cmdVersion = &base.Command{Name: "version", Short: "print the version", Run: func(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "assertgen version: unexpected argument %q\n", args[0])
		return base.ErrUsage
	}
	fmt.Fprintln(stdout, "assertgen", version)
	return nil
}}

func main() {
	base.SetGC(os.Args[1:])
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	var cmd *base.Command
	for _, c := range commands {
		if c.Name == args[0] {
			cmd = c
		}
	}
	switch {
	case cmd != nil:
	case args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help":
		usage(stdout)
		return exitOK
	default:
		fmt.Fprintf(stderr, "assertgen: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	err := cmd.Run(args[1:], stdout, stderr)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, base.ErrUsage):
		return exitUsage
	case errors.Is(err, base.ErrFindings):
		return exitFail
	}
	fmt.Fprintln(stderr, "assertgen:", err)
	var ie *base.StopError
	if errors.As(err, &ie) {
		return ie.Code()
	}
	var el schema.ErrorList
	if errors.As(err, &el) && len(el) > 1 {
		fmt.Fprintf(stderr, "assertgen: %d errors\n", len(el))
	}
	return exitFail
}

// usage prints the usage text: the commands of the table.
func usage(w io.Writer) {
	fmt.Fprint(w, "usage: assertgen <command> [flags]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprint(w, c.ShortLines(10))
	}
	fmt.Fprint(w, "\nRun 'assertgen <command> -h' for a command's flags.\n")
}
