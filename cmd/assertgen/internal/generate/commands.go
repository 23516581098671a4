package generate

import (
	"fmt"
	"io"
	"strings"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
)

// The commands of this package: each parses its flags, then runs.
var (
	CmdGen     = &base.Command{Name: "gen", Short: "generate the checked wrappers (-check: fail if they are stale)", Run: cmdGen}
	CmdVet     = &base.Command{Name: "vet", Short: "check kernel signatures against the schema, list missing kernels, lint allowlists", Run: cmdVet}
	CmdPlan    = &base.Command{Name: "plan", Short: "print the check plan of every op (-json)", Run: cmdPlan}
	CmdExplain = &base.Command{Name: "explain", Short: "explain the checks of one op in plain words", Run: cmdExplain}
)

func cmdGen(args []string, stdout, stderr io.Writer) error {
	g := base.Catch(stderr)
	defer g.Stop()
	fs := base.NewFlagSet("gen", stderr)
	cf := base.RegisterConfig(fs, "gen", true, stderr)
	check := fs.Bool("check", false, "write nothing; exit 1 and name the files that are stale")
	stubs := fs.String("stubs", "", "write a stub of every selected op's missing kernel to the new `file` (the kernels package's)")
	if err := base.ParseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	return runGen(cf, g, *check, *stubs, stdout)
}

func cmdVet(args []string, stdout, stderr io.Writer) error {
	g := base.Catch(stderr)
	defer g.Stop()
	fs := base.NewFlagSet("vet", stderr)
	cf := base.RegisterConfig(fs, "vet", true, stderr)
	verbose := fs.Bool("v", false, "list every op without a kernel")
	stubs := fs.String("stubs", "", "write a stub of every selected op's missing kernel to the new `file` (the kernels package's)")
	if err := base.ParseFlagsNoArgs(fs, args); err != nil {
		return err
	}
	return runVet(cf, g, *verbose, *stubs, stdout)
}

func cmdPlan(args []string, stdout, stderr io.Writer) error {
	fs := base.NewFlagSet("plan", stderr)
	cf := base.RegisterConfig(fs, "plan", false, stderr)
	asJSON := fs.Bool("json", false, "print the plan as JSON")
	out := fs.String("o", "", "write to `file` (atomically) instead of standard output")
	names, err := base.ParseFlagsWithNames(fs, args)
	if err != nil {
		return err
	}
	return runPlan(cf, names, *asJSON, *out, stdout)
}

// cmdExplain runs `assertgen explain OP [flags]`.
func cmdExplain(args []string, stdout, stderr io.Writer) error {
	fs := base.NewFlagSet("explain", stderr)
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
	cf := base.RegisterConfig(fs, "explain", false, stderr)
	// OP may come before or after the flags.
	var op string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		op, args = args[0], args[1:]
	}
	if err := base.ParseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if op == "" && len(rest) > 0 {
		op, rest = rest[0], rest[1:]
	}
	if op == "" {
		fmt.Fprintln(stderr, "assertgen explain: missing OP")
		fs.Usage()
		return base.ErrUsage
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "assertgen explain: unexpected argument %q\n", rest[0])
		return base.ErrUsage
	}
	return runExplain(cf, op, stdout)
}
