package sweep

import (
	"fmt"
	"slices"
	"strings"
)

// writeRepros ends the report with its reproducers, one line each: the
// verified ones (title, directory, command), then those not verified or
// not written, with why.
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
	fmt.Fprintf(b, "reproducers (%d verified, %d not; title, directory, command):\n", len(ok), len(not))
	for _, x := range ok {
		fmt.Fprintf(b, "\t%s\n", x)
		for _, a := range x.Also {
			fmt.Fprintf(b, "\t\talso: %s\n", a)
		}
	}
	for _, x := range not {
		fmt.Fprintf(b, "\t%s\n", x)
	}
}

// BugList prints the verified reproducers as a list of bugs to send
// upstream, by the package they are in (a crash's function's, else the
// called function's): per package a heading, then per bug its title and
// the command that shows it. Reproducers not verified are not bugs, and
// are left out.
func (r *Report) BugList() string {
	byPkg := map[string][]*Repro{}
	for _, x := range r.Repros {
		if x.Verified {
			byPkg[x.Package] = append(byPkg[x.Package], x)
		}
	}
	var b strings.Builder
	for _, p := range sortedKeys(byPkg) {
		fmt.Fprintf(&b, "%s:\n", p)
		xs := byPkg[p]
		slices.SortFunc(xs, func(a, b *Repro) int { return strings.Compare(a.Title, b.Title) })
		for _, x := range xs {
			fmt.Fprintf(&b, "- %s (%s)\n", x.Title, x.Command)
		}
	}
	return b.String()
}
