package assertgen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The halves of the repository's packages, as docs/DESIGN.md's list of
// packages names them, and the halves each may import.
const (
	halfShared    = "shared leaf"
	halfRunTime   = "run time"
	halfGenerator = "generator"
	halfCommands  = "commands"
)

var halfImports = map[string][]string{
	halfShared:    {halfShared},
	halfRunTime:   {halfRunTime, halfShared},
	halfGenerator: {halfGenerator, halfShared},
	halfCommands:  {halfCommands, halfGenerator, halfShared},
}

// notImports are imports forbidden within a half: init's finder runs
// candidate bindings, it prints no wrapper.
var notImports = map[string][]string{
	"cmd/assertgen/internal/initcmd/finder": {"gen", "gen/steps"},
}

// TestHalves checks that every package of the root module (examples/ and
// the packages of test files only apart) is in one half in DESIGN.md's
// list, and that no import, in any build the CI runs (release, debug),
// goes across halves the wrong way: the run time never imports the
// generator or a command, the generator never imports the run time or a
// command, the shared leaf imports neither half; and no non-test file
// imports a package of test helpers (testHelpers).
func TestHalves(t *testing.T) {
	halves := designHalves(t, "docs/DESIGN.md")
	imports := map[string]map[string]bool{}
	for _, tags := range []string{"", "debugasserts", "assertgen_writepace"} {
		listImports(t, tags, imports)
	}
	for _, p := range halfProblems(halves, imports) {
		t.Error(p)
	}
}

// TestHalvesFailsWrongWay plants wrong-way imports in a copy of the
// repository's graph: each is reported.
func TestHalvesFailsWrongWay(t *testing.T) {
	halves := designHalves(t, "docs/DESIGN.md")
	imports := map[string]map[string]bool{}
	listImports(t, "", imports)
	for _, tc := range []struct{ from, to, want string }{
		{"internal/engine", "gen", "internal/engine (run time) imports gen (generator)"},
		{"sweep", "cmd/assertgen/internal/base", "sweep (run time) imports cmd/assertgen/internal/base (commands)"},
		{"plan", "asserts", "plan (generator) imports asserts (run time)"},
		{"asserts/checks", "schema", "asserts/checks (shared leaf) imports schema (generator)"},
		{"cmd/assertgen/internal/generate", "internal/engine", "cmd/assertgen/internal/generate (commands) imports internal/engine (run time)"},
		{"cmd/assertgen/internal/initcmd/finder", "gen", "cmd/assertgen/internal/initcmd/finder imports gen"},
		{"cmd/assertgen/internal/generate", "cmd/assertgen/internal/clitest", "cmd/assertgen/internal/generate imports cmd/assertgen/internal/clitest, a test harness"},
		{"internal/newpkg", "schema", "internal/newpkg is in no half"},
	} {
		planted := maps.Clone(imports)
		planted[tc.from] = maps.Clone(planted[tc.from])
		if planted[tc.from] == nil {
			planted[tc.from] = map[string]bool{}
		}
		planted[tc.from][tc.to] = true
		got := halfProblems(halves, planted)
		if !slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, tc.want) }) {
			t.Errorf("planted %s -> %s: problems %q, want one saying %q", tc.from, tc.to, got, tc.want)
		}
	}
}

// halfProblems lists each package in no half, each import across halves
// the wrong way and each import of a test harness.
func halfProblems(halves map[string]string, imports map[string]map[string]bool) []string {
	var out []string
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		h, ok := halves[pkg]
		if !ok {
			out = append(out, fmt.Sprintf("%s is in no half: add it to docs/DESIGN.md's list of packages with its half (%s, %s, %s or %s)", pkg, halfShared, halfRunTime, halfGenerator, halfCommands))
			continue
		}
		for _, imp := range slices.Sorted(maps.Keys(imports[pkg])) {
			if slices.Contains(testHelpers, imp) {
				out = append(out, fmt.Sprintf("%s imports %s, a test harness: only tests import it", pkg, imp))
			}
			ih, ok := halves[imp]
			if !ok {
				continue // reported as a package of its own when it is the module's
			}
			if !slices.Contains(halfImports[h], ih) {
				out = append(out, fmt.Sprintf("%s (%s) imports %s (%s): the %s imports only %s", pkg, h, imp, ih, h, strings.Join(halfImports[h], " and ")))
			}
			if slices.Contains(notImports[pkg], imp) {
				out = append(out, fmt.Sprintf("%s imports %s, which DESIGN.md says it does not", pkg, imp))
			}
		}
	}
	return out
}

// listImports adds to imports the module's packages with non-test Go
// files, as go list sees them with the build tags tags, each with its
// imports of the module (paths relative to the module).
func listImports(t *testing.T, tags string, imports map[string]map[string]bool) {
	t.Helper()
	const mod = "github.com/assertgen/assertgen"
	out, err := exec.Command("go", "list", "-e", "-tags", tags, "-json=ImportPath,GoFiles,CgoFiles,Imports,Error", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath        string
			GoFiles, CgoFiles []string
			Imports           []string
			Error             *struct{ Err string }
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Error != nil {
			t.Fatalf("go list %s: %s", p.ImportPath, p.Error.Err)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, mod), "/")
		if rel == "" || strings.HasPrefix(rel, "examples/") || len(p.GoFiles)+len(p.CgoFiles) == 0 {
			continue
		}
		if imports[rel] == nil {
			imports[rel] = map[string]bool{}
		}
		for _, imp := range p.Imports {
			if r, ok := strings.CutPrefix(imp, mod+"/"); ok {
				imports[rel][r] = true
			}
		}
	}
}

// halfRE matches the first line of an entry of DESIGN.md's list of
// packages that names its half: the names, then the half and a colon.
var halfRE = regexp.MustCompile(`^    (\S+(?:\s\S+)*?)\s{2,}(shared leaf|run time|generator|commands):`)

// designHalves reads the half of each package of DESIGN.md's list of
// packages (an entry's names may go on over lines that end in a comma).
func designHalves(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	halves := map[string]string{}
	in, half := false, ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			in = strings.Contains(line, "Packages, as they are")
			continue
		}
		if !in || !strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "     ") {
			continue
		}
		names, _, _ := strings.Cut(strings.TrimSpace(line), "  ")
		if m := halfRE.FindStringSubmatch(line); m != nil {
			half = m[2]
		} else if half == "" {
			continue
		}
		for _, n := range strings.Split(names, ",") {
			if n = strings.TrimSpace(n); n != "" {
				halves[n] = half
			}
		}
		if !strings.HasSuffix(names, ",") {
			half = ""
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(halves) < 20 {
		t.Fatalf("%s: %d packages with a half; did the list move?", path, len(halves))
	}
	return halves
}
