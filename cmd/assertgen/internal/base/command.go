package base

import (
	"io"
	"strings"
)

// A Command is one of assertgen's commands: a line of cmd/assertgen's
// table. Adding a command is a package that declares one and its line in
// the table.
type Command struct {
	// Name is the command's name on the command line ("gen").
	Name string
	// Short says what the command does, for the usage text. A line break
	// continues it on the next line.
	Short string
	// Run runs the command on the arguments after its name. ErrUsage,
	// ErrFindings and flag.ErrHelp say the command has printed its
	// message. Any other error is for the caller to print.
	Run func(args []string, stdout, stderr io.Writer) error
}

// ShortLines is c's Short as the usage text lists it: the name in a column
// of width, and each further line of Short indented to the column after
// it.
func (c *Command) ShortLines(width int) string {
	pad := strings.Repeat(" ", width+2)
	lines := strings.Split(c.Short, "\n")
	return "  " + c.Name + strings.Repeat(" ", width-len(c.Name)) + strings.Join(lines, "\n"+pad) + "\n"
}
