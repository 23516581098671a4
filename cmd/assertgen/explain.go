package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// versionUsage documents -pytorch-version.
var versionUsage = func() string {
	var vs []string
	for _, r := range pytorch.Releases {
		vs = append(vs, r.Series)
	}
	return "PyTorch `release` whose torchgen rules, embedded files and lists apply: " + strings.Join(vs, " or ") +
		" (default: " + pytorch.Newest().Series + ")"
}()

// planInput is what a plan is built from, as the flags of plan and explain
// or the config of gen and vet give it. Empty paths mean the default; the
// version selects the release (see pytorch.Lookup), the newest when
// empty.
type planInput struct {
	schema, tags, derivatives, version string
	profile                            plan.Profile
	allowlists                         []string
	noUseCounts                        bool // config use_counts: false
	noMetadata                         bool // config metadata: false
}

// load reads the schema (the release's embedded one by default) with the
// release's rules, then the plan options for it.
func (in *planInput) load() (*schema.Schema, plan.Options, error) {
	var s *schema.Schema
	var err error
	if in.schema == "" {
		s, err = schema.Embedded(in.version)
	} else {
		s, err = schema.Load(in.schema, in.tags, schema.Options{Version: in.version})
	}
	if err != nil {
		return nil, plan.Options{}, err
	}
	if len(s.Ops) == 0 {
		var errs schema.ErrorList
		errs.Add(schema.Position{Filename: in.schema, Line: 1, Column: 1}, "the schema has no ops")
		return nil, plan.Options{}, errs
	}
	opts, err := in.options(s)
	return s, opts, err
}

// options reads the allowlist files, merges them over the built-in list
// and lints them against s (errors at file:line:col), reads the
// derivatives.yaml file if one is given, and returns the plan options.
func (in *planInput) options(s *schema.Schema) (plan.Options, error) {
	// The plan applies the lists of the release s was loaded with.
	opts := plan.Options{Profile: in.profile, NoUseCounts: in.noUseCounts, NoMetadata: in.noMetadata}
	defaults, err := allowlist.Defaults()
	if err != nil {
		return opts, err
	}
	var errs schema.ErrorList
	var files []*allowlist.List
	for _, path := range in.allowlists {
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
	if in.derivatives != "" {
		d, err := schema.LoadDerivatives(in.derivatives)
		if err != nil {
			return opts, err
		}
		opts.Derivatives = d
	}
	// After the derivatives: the pytorch profile's rows need them.
	if err := plan.LintSkips(s, opts); err != nil {
		return opts, err
	}
	return opts, nil
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
	var pf cliFlags
	pf.register(fs, "explain", false, stderr)
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
	c, err := pf.load(fs)
	if err != nil {
		return err
	}
	s, opts, err := loadInput(c)
	if err != nil {
		return err
	}
	return plan.Explain(stdout, s, op, opts)
}
