package sweep

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// writeRepros ends the report with its reproducers, one line each: the
// verified ones (title, directory, command; then the key of the member
// of its cause it was written from and those of the others), then those
// not verified or not written, with why.
func (r *Report) writeRepros(b *strings.Builder) {
	if len(r.Repros) == 0 {
		return
	}
	var ok, not []*Repro
	for _, x := range r.Repros {
		if x.Verified {
			ok = append(ok, x)
		} else {
			not = append(not, x)
		}
	}
	fmt.Fprintf(b, "reproducers (%d verified, %d not; title, directory, command; the finding or crash it was written from, then its cause's others):\n", len(ok), len(not))
	for _, x := range ok {
		fmt.Fprintf(b, "\t%s\n", x)
		if x.Cause != "" {
			fmt.Fprintf(b, "\t\tfrom: %s\n", x.Key)
		}
		for _, a := range x.Also {
			fmt.Fprintf(b, "\t\talso: %s\n", a)
		}
	}
	for _, x := range not {
		fmt.Fprintf(b, "\t%s\n", x)
	}
}

// reproSummary is what the report's first line says of its
// reproducers: how many, and how many of them are not verified or not
// written ("" when none was asked for).
func (r *Report) reproSummary() string {
	if len(r.Repros) == 0 {
		return ""
	}
	var not, none int
	for _, x := range r.Repros {
		switch {
		case x.Dir == "":
			none++
		case !x.Verified:
			not++
		}
	}
	s := fmt.Sprintf(", %d %s", len(r.Repros), plural(len(r.Repros), "reproducer", "reproducers"))
	switch {
	case not+none == 0:
		return s + " (all verified)"
	case none == 0:
		return s + fmt.Sprintf(" (%d not verified)", not)
	case not == 0:
		return s + fmt.Sprintf(" (%d not written)", none)
	}
	return s + fmt.Sprintf(" (%d not verified, %d not written)", not, none)
}

// BugList prints the report's causes as a list of bugs to send
// upstream or fix, by the package whose code is at fault (a library's,
// or the binding's for a bug in its own code): per package a heading,
// then per cause what happens and on what, the functions at fault and
// the ops it shows in, and the verified reproducer of its first member
// that has one (its title and the command that runs it, the path from
// the root of the module it is in). A reproducer not verified is named
// as such; with none written, the cause is listed alone. "" for a
// report without findings and crashes.
func (r *Report) BugList() string {
	causes := r.causeList()
	byPkg := map[string][]*Cause{}
	var heads []string
	head := func(c *Cause) string {
		switch {
		case c.Package == "":
			return "the code of " + strings.Join(c.Ops(), ", ") + " (not known)"
		case c.Binding:
			return c.Package + " (the binding)"
		}
		return c.Package + " (the library)"
	}
	for _, c := range causes {
		h := head(c)
		if byPkg[h] == nil {
			heads = append(heads, h)
		}
		byPkg[h] = append(byPkg[h], c)
	}
	repros := map[string]*Repro{}
	for _, x := range r.Repros {
		if repros[x.Key] == nil || x.Verified && !repros[x.Key].Verified {
			repros[x.Key] = x
		}
		for _, a := range x.Also {
			if repros[a] == nil && x.Verified {
				repros[a] = x
			}
		}
	}
	var b strings.Builder
	for _, h := range heads {
		fmt.Fprintf(&b, "%s:\n", h)
		for _, c := range byPkg[h] {
			what := c.What
			if c.Call != "" {
				what = c.Call + " breaks " + what
			}
			if c.Crash != "" {
				what = "crash: " + what
			}
			if c.Trigger != "" {
				what += " on " + c.Trigger
			}
			if n := len(c.Functions); n > 0 {
				what += fmt.Sprintf(", in %s", c.Functions[0])
				if n > 1 {
					what += fmt.Sprintf(" and %d more %s", n-1, plural(n-1, "function", "functions"))
				}
			}
			ops := c.Ops()
			fmt.Fprintf(&b, "- %s; %d %s: %s\n", what, len(ops), plural(len(ops), "op", "ops"), strings.Join(ops, ", "))
			var x *Repro
			for _, m := range c.Members {
				if y := repros[m.Key]; y != nil && (x == nil || y.Verified && !x.Verified) {
					x = y
				}
			}
			switch {
			case x == nil:
			case x.Verified:
				fmt.Fprintf(&b, "\t%s (%s)\n", x.Title, bugCommand(x.Dir))
			case x.Dir != "":
				fmt.Fprintf(&b, "\treproducer not verified (%s): %s\n", x.Note, bugCommand(x.Dir))
			default:
				fmt.Fprintf(&b, "\tno reproducer: %s\n", x.Note)
			}
		}
	}
	return b.String()
}

// bugCommand is the command that runs the reproducer in dir: from the
// root of the module it is in, "cd ./PATH && go test ./...", a path
// relative to it; in none, the directory as the sweep was given it.
func bugCommand(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return reproCommand(dir, false)
	}
	rel := ""
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) { // the reproducer's own go.mod left out
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			rel, _ = filepath.Rel(d, abs)
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if rel == "" { // in no module but its own: as the sweep was given it
		return reproCommand(dir, false)
	}
	return reproCommand(rel, false)
}
