package golden

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
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

// ScenarioText is what a golden file holds of a scenario: a line per op
// of ops whose statistics are not zero (its calls, then check=ran/failed
// by check, skip:reason=n by reason, each in the order of their names),
// then a line per violation. stats[i] is op i's asserts.Stats, read
// through its JSON form (this package imports none of the module's).
func ScenarioText[S json.Marshaler](ops []string, stats []S, violations []string) string {
	var b strings.Builder
	for i, s := range stats {
		data, err := s.MarshalJSON()
		if err != nil {
			panic(err)
		}
		var st struct {
			Calls      uint64            `json:"calls"`
			Ran        map[string]uint64 `json:"checks_run"`
			Violations map[string]uint64 `json:"violations"`
			Skipped    map[string]uint64 `json:"skipped"`
		}
		if err := json.Unmarshal(data, &st); err != nil {
			panic(err)
		}
		if st.Calls == 0 && len(st.Ran)+len(st.Violations)+len(st.Skipped) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s calls=%d", ops[i], st.Calls)
		checks := slices.Sorted(maps.Keys(st.Ran))
		for k := range st.Violations {
			if _, ok := st.Ran[k]; !ok {
				checks = append(checks, k)
			}
		}
		slices.Sort(checks)
		for _, k := range checks {
			fmt.Fprintf(&b, " %s=%d/%d", k, st.Ran[k], st.Violations[k])
		}
		for _, r := range slices.Sorted(maps.Keys(st.Skipped)) {
			fmt.Fprintf(&b, " skip:%s=%d", r, st.Skipped[r])
		}
		b.WriteString("\n")
	}
	for _, v := range violations {
		fmt.Fprintf(&b, "violation %s\n", strings.TrimRight(v, " "))
	}
	return b.String()
}
