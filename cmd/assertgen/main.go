package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
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

// errUsage marks an error that is the user's invocation, not the input.
var errUsage = errors.New("usage")

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
	case errors.Is(err, errUsage):
		return exitUsage
	case errors.Is(err, errFindings):
		return exitFail
	}
	fmt.Fprintln(stderr, "assertgen:", err)
	var se *signalError
	if errors.As(err, &se) {
		return signalCode(se.sig)
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

// newFlags makes a flag set that reports usage errors as errUsage.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("assertgen "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses a command's flags: -h prints its flags and is no
// error (exit 0, as help), any other problem is a usage error, told in one
// line with the closest flag name for a misspelt one (not the whole
// usage, which -h prints).
func parseFlags(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		if usage != nil {
			usage()
		} else {
			fmt.Fprintf(out, "Usage of %s:\n", fs.Name())
			fs.PrintDefaults()
		}
		return flag.ErrHelp
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		name = strings.TrimPrefix(name, "-")
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		msg = "unknown flag -" + name
		if near := schema.Near(name, names); len(near) > 0 {
			msg += schema.Suggest("-" + near[0])
		}
	}
	fmt.Fprintf(out, "%s: %s (%s -h lists the flags)\n", fs.Name(), msg, fs.Name())
	return errUsage
}

// parseFlagsNoArgs is parseFlags for a command that takes no arguments.
func parseFlagsNoArgs(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return errUsage
	}
	return nil
}

// parseFlagsAndNames parses flags and the names between and after them,
// in any order (plan add.Tensor -json, plan -json add.Tensor).
func parseFlagsAndNames(fs *flag.FlagSet, args []string) ([]string, error) {
	var names []string
	for {
		for len(args) > 0 && (args[0] == "-" || !strings.HasPrefix(args[0], "-")) {
			names, args = append(names, args[0]), args[1:]
		}
		if len(args) == 0 {
			return names, nil
		}
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		if args = fs.Args(); len(args) == 0 {
			return names, nil
		}
	}
}

// namePatterns returns the op patterns that the names given to plan
// stand for: an op, a pattern, or a name with overloads for all of them
// (as explain takes it). A name that selects no op is an error with the
// closest names of s.
func namePatterns(s *schema.Schema, names []string) ([]string, error) {
	known := make(map[string]bool, len(s.Ops))
	bases := map[string]bool{}
	for _, o := range s.Ops {
		known[o.Name] = true
		bases[o.Func.Name.Name.String()] = true
	}
	var out []string
	var errs []string
	for _, n := range names {
		switch {
		case known[n]:
			out = append(out, n)
		case bases[n] && !strings.ContainsAny(n, `*?[\`):
			out = append(out, n+".*")
		default:
			if msg := config.UnknownOp(s, known, n); msg != "" {
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

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

func cmdPlan(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("plan", stderr)
	var pf cliFlags
	pf.register(fs, "plan", false, stderr)
	asJSON := fs.Bool("json", false, "print the plan as JSON")
	out := fs.String("o", "", "write to `file` (atomically) instead of standard output")
	names, err := parseFlagsAndNames(fs, args)
	if err != nil {
		return err
	}
	c, err := pf.load(fs)
	if err != nil {
		return err
	}
	s, opts, err := loadInput(c)
	if err != nil {
		return err
	}
	// The ops of the plan: those the names select, else those the config's
	// ops: and backend: (or -ops) select, else all.
	patterns, where, err := selectOps(c, s)
	if err != nil {
		return pf.route(err)
	}
	if len(names) > 0 {
		if patterns, err = namePatterns(s, names); err != nil {
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
	write := func(w io.Writer) error {
		if *asJSON {
			return p.WriteJSON(w)
		}
		return writePlanText(w, p)
	}
	if *out == "" {
		bw := bufio.NewWriterSize(stdout, 1<<16)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	if fi, err := os.Lstat(*out); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			fmt.Fprintf(stderr, "assertgen plan: -o %s: a directory; name a file\n", *out)
			return errUsage
		}
		// A device, a FIFO or a symbolic link (/dev/stdout is one): write
		// through it, as a shell's > does; there is no file to replace.
		return writeThrough(*out, write)
	}
	g := catchSignals(stderr)
	defer g.stop()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	dir := filepath.Dir(*out)
	return g.write(dir, func(ctx context.Context) error {
		return writeWaiting(ctx, stderr, dir, "", []gen.File{{Name: filepath.Base(*out), Data: buf.Bytes()}})
	})
}

// writeThrough opens path, which is not a regular file, and writes to it.
func writeThrough(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func writePlanText(w io.Writer, p *plan.Plan) error {
	for _, op := range p.Ops {
		gen := ""
		if op.Generated {
			gen = " generated"
		}
		view := ""
		if op.IsViewOp {
			view = " view"
		}
		fmt.Fprintf(w, "%s\t%s%s%s\t%d checks, %d skipped\n", op.Name, op.Kind, view, gen, len(op.Checks), len(op.Skipped))
	}
	return nil
}
