package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/assertgen/assertgen/internal/setup"
)

// cmdExplain runs `assertgen explain OP [flags]`.
func cmdExplain(args []string, stdout, stderr io.Writer) error {
	fs := setup.NewFlagSet("explain", stderr)
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
	cf := setup.RegisterConfig(fs, "explain", false, stderr)
	// OP may come before or after the flags.
	var op string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		op, args = args[0], args[1:]
	}
	if err := setup.ParseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if op == "" && len(rest) > 0 {
		op, rest = rest[0], rest[1:]
	}
	if op == "" {
		fmt.Fprintln(stderr, "assertgen explain: missing OP")
		fs.Usage()
		return setup.ErrUsage
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "assertgen explain: unexpected argument %q\n", rest[0])
		return setup.ErrUsage
	}
	return cf.Explain(op, stdout)
}
