//go:build debugasserts

package planted_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/examples/planted/checked"
	"github.com/assertgen/assertgen/sweep"
)

// One bug, one finding: a plant that returns its input (cat of one
// tensor returns it; clone returns a view of its input) trips a second
// check of the same return when called again (fresh_not_held: its storage
// came out fresh before); the sweep reports the one finding whose words
// say the return is the argument's, with the second under it.
func TestOneBugOneFinding(t *testing.T) {
	for _, p := range plants {
		if p.id != "cat-one" && p.id != "clone-view" {
			continue
		}
		t.Run(p.id, func(t *testing.T) {
			rep, err := sweep.Sweep(checked.SweepOps(p.k), adapter{}, sweep.Options{Content: true, Test: t})
			if err != nil {
				t.Fatal(err)
			}
			var own, folded []string
			for _, f := range rep.Findings {
				if f.Cause == "" {
					own = append(own, f.Key())
				} else if f.Cause == p.find {
					folded = append(folded, f.Key())
				}
			}
			s := rep.String()
			if len(own) != 1 || own[0] != p.find || len(folded) != 1 || !strings.Contains(s, " 1 findings, ") ||
				!strings.Contains(s, "also tripped fresh_not_held return 0") {
				t.Errorf("findings %q, under %s: %q; want %s alone, fresh_not_held under it:\n%s", own, p.find, folded, p.find, s)
			}
		})
	}
}
