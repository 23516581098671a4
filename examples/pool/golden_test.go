//go:build debugasserts

package pool_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the calls forced onto the rows (engine.SetRowsOnly)")

// scenarioText is what a golden file holds of a scenario: a line per op
// of ops whose statistics are not zero (its calls, then check=ran/failed
// by check, skip:reason=n by reason), then a line per violation.
func scenarioText(ops []string, stats []asserts.Stats, violations []string) string {
	var b strings.Builder
	for i, st := range stats {
		if st == (asserts.Stats{}) {
			continue
		}
		fmt.Fprintf(&b, "%s calls=%d", ops[i], st.Calls)
		for k := range checks.Check(checks.NumChecks) {
			if st.Ran[k]|st.Violations[k] != 0 {
				fmt.Fprintf(&b, " %v=%d/%d", k, st.Ran[k], st.Violations[k])
			}
		}
		for r := range checks.Reason(checks.NumReasons) {
			if st.Skipped[r] != 0 {
				fmt.Fprintf(&b, " skip:%v=%d", r, st.Skipped[r])
			}
		}
		b.WriteString("\n")
	}
	for _, v := range violations {
		fmt.Fprintf(&b, "violation %s\n", strings.TrimRight(v, " "))
	}
	return b.String()
}

// A golden is a golden file of scenarios, each a line "== NAME" followed
// by its text (scenarioText).
type golden struct {
	path  string
	want  map[string]string
	got   []string // with -update, the file's text, scenario by scenario
	names map[string]bool
}

// readGolden reads the golden file at path (none with -update).
func readGolden(t *testing.T, path string) *golden {
	g := &golden{path: path, want: map[string]string{}, names: map[string]bool{}}
	if *update {
		return g
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := ""
	for _, line := range strings.SplitAfter(string(src), "\n") {
		if n, ok := strings.CutPrefix(line, "== "); ok {
			name = strings.TrimSuffix(n, "\n")
			g.want[name] = ""
		} else {
			g.want[name] += line
		}
	}
	return g
}

// check holds the texts of scenario name run on the fast plan (fast) and
// forced onto the rows (rows) to the golden file's; with -update it
// records rows and requires fast to equal it.
func (g *golden) check(t *testing.T, name, fast, rows string) {
	t.Helper()
	if g.names[name] {
		t.Fatalf("scenario %q twice", name)
	}
	g.names[name] = true
	want, ok := g.want[name]
	if *update {
		g.got = append(g.got, "== "+name+"\n"+rows)
		want, ok = rows, true
	}
	if !ok {
		t.Fatalf("%s has no scenario %q: run the test with -update", g.path, name)
	}
	if fast != want {
		t.Errorf("on the fast plan:\n%s\nwant (%s):\n%s", fast, g.path, want)
	}
	if rows != want {
		t.Errorf("forced onto the rows:\n%s\nwant (%s):\n%s", rows, g.path, want)
	}
}

// write writes the golden file with -update (of the scenarios run: run
// the whole test).
func (g *golden) write(t *testing.T) {
	if !*update {
		return
	}
	if err := os.MkdirAll(filepath.Dir(g.path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(g.path, []byte(strings.Join(g.got, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}
