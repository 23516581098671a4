// This file parses the command lines: flag sets whose errors are one line
// with the closest flag name, and flags mixed with names.

package base

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// NewFlagSet makes the flag set of the command name ("assertgen name"), which
// writes to stderr.
func NewFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("assertgen "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// ParseFlags parses a command's flags. -h prints its flags and is no error
// (flag.ErrHelp: exit 0, as help). Any other problem is ErrUsage. It is
// told in one line, with the closest flag name for a misspelt one; -h
// prints the whole usage.
func ParseFlags(fs *flag.FlagSet, args []string) error {
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
	return ErrUsage
}

// ParseFlagsNoArgs is ParseFlags for a command that takes no arguments.
func ParseFlagsNoArgs(fs *flag.FlagSet, args []string) error {
	if err := ParseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return ErrUsage
	}
	return nil
}

// ParseFlagsWithNames parses flags and the names between and after them,
// in any order (plan add.Tensor -json, plan -json add.Tensor). It returns
// the names.
func ParseFlagsWithNames(fs *flag.FlagSet, args []string) ([]string, error) {
	var names []string
	for {
		for len(args) > 0 && (args[0] == "-" || !strings.HasPrefix(args[0], "-")) {
			names, args = append(names, args[0]), args[1:]
		}
		if len(args) == 0 {
			return names, nil
		}
		if err := ParseFlags(fs, args); err != nil {
			return nil, err
		}
		if args = fs.Args(); len(args) == 0 {
			return names, nil
		}
	}
}

// StringList is a repeatable string flag.
type StringList []string

func (l *StringList) String() string     { return strings.Join(*l, ",") }
func (l *StringList) Set(s string) error { *l = append(*l, s); return nil }
