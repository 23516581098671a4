package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

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
	// assertgen is a short-lived process that allocates much and keeps
	// little (each part of the output is rendered and dropped): collecting
	// rarely (GOGC=400) costs no time on the 2,952 ops of PyTorch against
	// not collecting at all, and less than half the memory (120 MB instead
	// of 280 MB). The memory limit makes it collect more often rather than
	// grow past 1 GiB on very large inputs (the live heap is about 650 MB
	// at 120k ops). The collector used to be off until the limit, which
	// made large inputs superlinear: once the live heap neared the limit,
	// it ran without pause (see BenchmarkGenerateScaling and docs/gen.md).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	debug.SetMemoryLimit(1 << 30)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
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
	case "version":
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
	case err == nil:
		return exitOK
	case errors.Is(err, errUsage):
		return exitUsage
	case errors.Is(err, errFindings):
		return exitFail
	default:
		fmt.Fprintln(stderr, "assertgen:", err)
		var el schema.ErrorList
		if errors.As(err, &el) && len(el) > 1 {
			fmt.Fprintf(stderr, "assertgen: %d errors\n", len(el))
		}
		return exitFail
	}
}

const version = "v0.1.0-dev"

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: assertgen <command> [flags]

commands:
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

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errUsage
		}
		return errUsage
	}
	return nil
}

// schemaFlags are the flags that choose the input schema.
type schemaFlags struct {
	path    string
	tags    string
	profile string
}

func (s *schemaFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.path, "schema", "", "schema `file`: native_functions.yaml (.yaml/.yml) or a schema list (.txt); default: the embedded PyTorch 1.13.1 yaml")
	fs.StringVar(&s.tags, "tags", "", "tags.yaml `file` (default: tags.yaml next to the schema, if any)")
	fs.StringVar(&s.profile, "profile", string(plan.Strict), "check `profile`: strict or pytorch")
}

func (s *schemaFlags) load() (*schema.Schema, error) {
	if s.path == "" {
		return schema.Default()
	}
	return schema.Load(s.path, s.tags, schema.Options{})
}

func cmdPlan(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("plan", stderr)
	var sf schemaFlags
	sf.register(fs)
	var pf planFlags
	pf.register(fs)
	asJSON := fs.Bool("json", false, "print the plan as JSON")
	out := fs.String("o", "", "write to `file` (atomically) instead of standard output")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "assertgen plan: unexpected argument %q\n", fs.Arg(0))
		return errUsage
	}
	s, opts, err := loadForPlan("plan", &sf, &pf, stderr)
	if err != nil {
		return err
	}
	p, err := plan.BuildWith(s, opts)
	if err != nil {
		return err
	}
	write := func(w io.Writer) error {
		if *asJSON {
			return p.WriteJSON(w)
		}
		return writePlanText(w, p)
	}
	if *out != "" {
		return writeFileAtomic(*out, write)
	}
	bw := bufio.NewWriterSize(stdout, 1<<16)
	if err := write(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// loadForPlan validates the profile and plan flags of command name, then
// loads the schema and the plan options (reading the allowlists and
// derivatives while the schema loads).
func loadForPlan(name string, sf *schemaFlags, pf *planFlags, stderr io.Writer) (*schema.Schema, plan.Options, error) {
	profile, err := plan.ParseProfile(sf.profile)
	if err != nil {
		fmt.Fprintf(stderr, "assertgen %s: %v\n", name, err)
		return nil, plan.Options{}, errUsage
	}
	if err := pf.validate(name, stderr); err != nil {
		return nil, plan.Options{}, err
	}
	pf.prefetch(sf)
	s, err := sf.load()
	if err != nil {
		return nil, plan.Options{}, err
	}
	opts, err := pf.options(s, profile)
	return s, opts, err
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

// writeFileAtomic writes a file through a temporary file in the same
// directory and a rename, so that a failed run leaves the old file intact.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
