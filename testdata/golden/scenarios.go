package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The golden files of the examples' one-path tests (examples/gcrt, pool,
// ifacert: testdata/onepath*.golden): each scenario's statistics and
// violations, which a call must give on the fast plan and forced onto the
// rows (engine.SetRowsOnly); -update rewrites them from the rows.

// Scenarios is a golden file of scenarios, each a line "== NAME" followed
// by its text.
type Scenarios struct {
	path  string
	want  map[string]string
	got   []string // with -update, the file's text, scenario by scenario
	names map[string]bool
}

// ReadScenarios reads the golden file at path (none with -update).
func ReadScenarios(t *testing.T, path string) *Scenarios {
	g := &Scenarios{path: path, want: map[string]string{}, names: map[string]bool{}}
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

// Check holds the texts of scenario name run on the fast plan (fast) and
// forced onto the rows (rows) to the golden file's; with -update it
// records rows and requires fast to equal it.
func (g *Scenarios) Check(t *testing.T, name, fast, rows string) {
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

// Write writes the golden file with -update (of the scenarios run: run
// the whole test).
func (g *Scenarios) Write(t *testing.T) {
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
