// Package assertgen, at the repository's root, holds tests of the
// repository as a whole and no code: TestDesignLayers checks
// docs/DESIGN.md's list of packages and their layers against the imports
// of every package, TestHalves that no import crosses from one half of
// the project to another the wrong way, and TestExportedNamesHaveCallers
// that no exported name lacks a caller. The tests of the docs' walk-throughs and commands
// are the docs directory's.
package assertgen

import (
	"bufio"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestDesignLayers checks docs/DESIGN.md's "Packages, as they are": every
// package of the repository (examples/ and scripts/ apart) is on its list,
// and imports only packages on lines above its own, or of its own X/...
// line. Imports are read from every non-test Go file, whatever its build
// tags (go:build ignore files apart), so that a file of the debug build
// counts too.
func TestDesignLayers(t *testing.T) {
	layerOf := designLayers(t, "docs/DESIGN.md")
	find := func(pkg string) (string, int, bool) {
		pkg = releaseRE.ReplaceAllString(pkg, "runtimes/libtorch/")
		if l, ok := layerOf[pkg]; ok {
			return pkg, l, true
		}
		for name, l := range layerOf {
			if tree, ok := strings.CutSuffix(name, "/..."); ok && (pkg == tree || strings.HasPrefix(pkg, tree+"/")) {
				return name, l, true
			}
		}
		return "", 0, false
	}
	// The generator reads the table of checks, never the run-time engine
	// (issue 56): plan and gen/steps stay above internal/engine and asserts/wrap.
	for _, gen := range []string{"plan", "gen/steps"} {
		if layerOf[gen] >= layerOf["internal/engine"] {
			t.Errorf("DESIGN.md lists %s below internal/engine: the generator must not import the engine", gen)
		}
	}
	imports := packageImports(t, ".")
	if len(imports) < 30 {
		t.Fatalf("found %d packages; is the repository root the working directory?", len(imports))
	}
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		imps := imports[pkg]
		name, layer, ok := find(pkg)
		if !ok {
			t.Errorf("package %s is not in DESIGN.md's list of packages", pkg)
			continue
		}
		for _, imp := range slices.Sorted(maps.Keys(imps)) {
			at := imps[imp]
			iname, ilayer, ok := find(imp)
			switch {
			case !ok:
				t.Errorf("%s: imports %s, which is not in DESIGN.md's list of packages", at, imp)
			case slices.Contains(testHelpers, iname):
				t.Errorf("%s: %s imports %s, whose helpers only tests may import", at, pkg, imp)
			case iname == name && strings.HasSuffix(name, "/..."):
			case ilayer >= layer:
				t.Errorf("%s: %s imports %s, which is not above it in DESIGN.md's list", at, pkg, imp)
			}
		}
	}
}

// releaseRE matches the prefix of a libtorch release module's package,
// which has the layers of the module root's package of the same name.
var releaseRE = regexp.MustCompile(`^runtimes/libtorch/releases/[^/]+/`)

// designLayers reads the indented lists of the section "Packages, as they
// are": each line that starts with names (comma-separated, up to two
// spaces) is one layer, the next one when the names end in a comma.
func designLayers(t *testing.T, path string) map[string]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	layers := map[string]int{}
	layer, in, cont := 0, false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
			in = strings.Contains(line, "Packages, as they are")
			continue
		case !in || !strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "     "):
			continue
		}
		names, _, _ := strings.Cut(strings.TrimSpace(line), "  ")
		if !cont {
			layer++
		}
		cont = strings.HasSuffix(names, ",")
		for _, n := range strings.Split(names, ",") {
			if n = strings.TrimSpace(n); n != "" {
				layers[n] = layer
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(layers) < 20 {
		t.Fatalf("%s: %d packages in its lists; did the section move?", path, len(layers))
	}
	return layers
}

// packageImports returns, for every package under root (by its directory
// relative to root), the packages of the repository it imports, each with
// the place of one import.
func packageImports(t *testing.T, root string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			// As the go command's ./... does: no testdata, nothing starting
			// with . or _ (scripts/bench_debug_build.sh generates into _bench).
			case rel == "examples", rel == "scripts", d.Name() == "testdata", strings.HasPrefix(d.Name(), "."), strings.HasPrefix(d.Name(), "_"):
				if rel != "." {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				// A file no build takes (go:build ignore): false with every
				// other tag set and with none.
				x, err := constraint.Parse(c.Text)
				if err == nil && !x.Eval(func(tag string) bool { return tag != "ignore" }) && !x.Eval(func(string) bool { return false }) {
					return nil
				}
			}
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		if out[pkg] == nil {
			out[pkg] = map[string]string{}
		}
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if imp, ok := strings.CutPrefix(p, modulePath); ok {
				out[pkg][imp] = fset.Position(is.Pos()).String()
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
