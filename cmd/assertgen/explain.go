package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// planFlags are the flags that shape a plan besides the schema and the
// profile: allowlist files, derivatives.yaml and the PyTorch version.
type planFlags struct {
	allowlists  stringList
	derivatives string
	version     string
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

func (pf *planFlags) register(fs *flag.FlagSet) {
	fs.Var(&pf.allowlists, "allowlist", "allowlist `file`, merged over the built-in defaults (repeatable)")
	fs.StringVar(&pf.derivatives, "derivatives", "", "PyTorch's derivatives.yaml `file`, for the pytorch profile (default: the embedded 1.13.1 file with the embedded schema, none otherwise)")
	fs.StringVar(&pf.version, "pytorch-version", "", "PyTorch `version` whose lists and rules apply, 1.13 or 2.6 (default: the embedded schema's release; for other schemas every release's lists, with the newest rules)")
}

// validate reports a malformed flag value (a usage error).
func (pf *planFlags) validate(cmd string, stderr io.Writer) error {
	if pf.version != "" {
		if err := allowlist.ValidVersion(pf.version); err != nil {
			fmt.Fprintf(stderr, "assertgen %s: -pytorch-version: %v\n", cmd, err)
			return errUsage
		}
	}
	return nil
}

// prefetch starts reading the built-in allowlist, and the embedded
// derivatives.yaml when the pytorch profile will need it, while the schema
// loads: both are read once and shared.
func (pf *planFlags) prefetch(sf *schemaFlags) {
	go allowlist.Defaults()
	if sf.profile == string(plan.PyTorch) && sf.path == "" && pf.derivatives == "" {
		go plan.PyTorchDerivatives()
	}
}

// options loads the allowlists (linting them against s) and the
// derivatives file, and returns the plan options.
func (pf *planFlags) options(s *schema.Schema, profile plan.Profile) (plan.Options, error) {
	return planOptions(s, profile, pf.allowlists, pf.derivatives, pf.version)
}

// planOptions reads the allowlist files, merges them over the built-in
// list and lints them against s (errors at file:line:col), reads the
// derivatives.yaml file if one is given, and returns the plan options.
// gen and vet build their plans with it too.
func planOptions(s *schema.Schema, profile plan.Profile, allowlists []string, derivatives, version string) (plan.Options, error) {
	opts := plan.Options{Profile: profile, PyTorchVersion: version}
	defaults, err := allowlist.Defaults()
	if err != nil {
		return opts, err
	}
	var errs schema.ErrorList
	var files []*allowlist.List
	for _, path := range allowlists {
		l, err := allowlist.ParseFile(path)
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
	if derivatives != "" {
		d, err := plan.LoadDerivatives(derivatives)
		if err != nil {
			return opts, err
		}
		opts.Derivatives = d
	}
	return opts, nil
}

// unmatchedDefaults describes the built-in allowlist entries that select
// no op of s, one line each, for vet to print as information.
func unmatchedDefaults(s *schema.Schema) []string {
	d, err := allowlist.Defaults()
	if err != nil {
		return []string{err.Error()}
	}
	var lines []string
	for _, e := range allowlist.Unmatched(d, s) {
		lines = append(lines, fmt.Sprintf("%s: %s: no op %s %q in %s (PyTorch's list names ops of several releases)", e.Pos, e.Category, e.Match, e.Op, s.Path))
	}
	return lines
}

// cmdExplain runs `assertgen explain OP [flags]`.
func cmdExplain(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("explain", stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `usage: assertgen explain OP [flags]

Explain in plain words the checks of OP: its kind, which return aliases
which argument and why, each check and what it verifies, each skipped check
with its reason and source. OP is an op (add.Tensor, reshape) or a name
with overloads (add, add.*), which explains every overload.

flags:
`)
		fs.PrintDefaults()
	}
	var sf schemaFlags
	sf.register(fs)
	var pf planFlags
	pf.register(fs)
	// OP may come before or after the flags.
	var op string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		op, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if op == "" && len(rest) > 0 {
		op, rest = rest[0], rest[1:]
	}
	if op == "" {
		fmt.Fprintln(stderr, "assertgen explain: missing OP")
		fs.Usage()
		return errUsage
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "assertgen explain: unexpected argument %q\n", rest[0])
		return errUsage
	}
	s, opts, err := loadForPlan("explain", &sf, &pf, stderr)
	if err != nil {
		return err
	}
	return plan.Explain(stdout, s, op, opts)
}
