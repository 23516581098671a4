package discover

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// An ImportProblem is what the go command would refuse in the imports of
// a package with files added (see CheckImports).
type ImportProblem struct {
	// Kind is one of:
	//   - "cycle": an import cycle;
	//   - "internal": an internal package the importer may not import;
	//   - "other": whatever else the go command says of the imports, such
	//     as a module to add or a vendor tree to update.
	Kind string
	// Path is the package the problem is about: the internal package. For
	// a cycle, Back holds each package the added files import whose imports
	// lead back to them.
	Path string
	Back []string
	Msg  string // the go command's words
	Tag  string // the build tag of the build that has it ("": release)
}

// CheckImports runs the go command's load of the packages of files as if
// they were written, without type-checking them: go list, with an overlay.
// files maps an absolute path to its content: Go files, in directories
// that may not exist yet. It loads the release build and the build of each
// tag at once. It returns what the go command would refuse in their
// imports, or in those of the packages they import, directly or not. That
// is what go/types alone does not see: import cycles, internal packages,
// modules and vendoring. It returns nothing when the files are in no
// module or the go command cannot run: the build is not checked then.
func CheckImports(files map[string][]byte, tags ...string) []ImportProblem {
	var dirs []string
	for path := range files {
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") && !slices.Contains(dirs, filepath.Dir(path)) {
			dirs = append(dirs, filepath.Dir(path))
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	slices.Sort(dirs)
	base := dirs[0] // the nearest directory that exists: the go command runs there
	for {
		if fi, err := os.Stat(base); err == nil && fi.IsDir() {
			break
		}
		up := filepath.Dir(base)
		if up == base {
			return nil
		}
		base = up
	}
	var patterns []string
	for _, d := range dirs {
		rel, err := filepath.Rel(base, d)
		if err != nil {
			return nil
		}
		patterns = append(patterns, "./"+filepath.ToSlash(rel))
	}
	builds := append([]string{""}, tags...)
	found := make([][]ImportProblem, len(builds))
	var wg sync.WaitGroup
	for i, tag := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[i] = importProblems(base, patterns, files, tag)
		}()
	}
	wg.Wait()
	var out []ImportProblem
	for _, ps := range found {
		for _, p := range ps {
			if !slices.ContainsFunc(out, func(q ImportProblem) bool { return q.Kind == p.Kind && q.Path == p.Path && q.Msg == p.Msg }) {
				out = append(out, p)
			}
		}
	}
	return out
}

var (
	internalUse = regexp.MustCompile(`use of internal package (\S+) not allowed`)
	importStack = regexp.MustCompile(`import stack: \[([^\]]*)\]`)
)

// importProblems loads patterns from dir with the overlay files and the
// build tag tag, and returns the problems of the load.
func importProblems(dir string, patterns []string, files map[string][]byte, tag string) []ImportProblem {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedModule, Dir: dir, Overlay: files}
	if tag != "" {
		cfg.BuildFlags = []string{"-tags=" + tag}
	}
	roots, err := packages.Load(cfg, patterns...)
	if err != nil || len(roots) == 0 || roots[0].Module == nil && strings.Contains(errorsOf(roots), "go.mod file not found") {
		return nil // the go command cannot tell: in no module (the command says so), or not run
	}
	added := map[string]bool{}
	for _, r := range roots {
		added[r.PkgPath] = true
	}
	var out []ImportProblem
	seen := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, e := range p.Errors {
			// A package of the files that this build holds none of is not
			// imported there: the shape helpers' in the release build.
			if added[p.PkgPath] && strings.Contains(e.Msg, "build constraints exclude all Go files") {
				continue
			}
			out = append(out, classify(e.Msg, tag))
		}
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			visit(p.Imports[path])
		}
	}
	for _, r := range roots {
		visit(r)
	}
	for i, p := range out {
		if p.Kind != "cycle" {
			continue
		}
		// The packages the added files import that lead back to them:
		// those of the go command's import stack, then any the graph shows.
		if m := importStack.FindStringSubmatch(p.Msg); m != nil {
			for _, path := range strings.Fields(m[1]) {
				if !added[path] && !slices.Contains(out[i].Back, path) {
					out[i].Back = append(out[i].Back, path)
				}
			}
		}
		for _, r := range roots {
			for path, imp := range r.Imports {
				if !added[path] && reaches(imp, added, map[*packages.Package]bool{}) && !slices.Contains(out[i].Back, path) {
					out[i].Back = append(out[i].Back, path)
				}
			}
		}
	}
	return out
}

// classify makes a problem of an error the go command reported.
func classify(msg, tag string) ImportProblem {
	first, _, _ := strings.Cut(msg, "\n")
	switch {
	case strings.Contains(msg, "import cycle not allowed"):
		return ImportProblem{Kind: "cycle", Msg: first, Tag: tag}
	case internalUse.MatchString(msg):
		return ImportProblem{Kind: "internal", Path: internalUse.FindStringSubmatch(msg)[1], Msg: first, Tag: tag}
	}
	return ImportProblem{Kind: "other", Msg: first, Tag: tag}
}

// reaches reports whether p imports, directly or not, a package of
// targets (by path).
func reaches(p *packages.Package, targets map[string]bool, seen map[*packages.Package]bool) bool {
	if p == nil || seen[p] {
		return false
	}
	seen[p] = true
	for path, imp := range p.Imports {
		if targets[path] || reaches(imp, targets, seen) {
			return true
		}
	}
	return false
}

func errorsOf(ps []*packages.Package) string {
	var b strings.Builder
	for _, p := range ps {
		for _, e := range p.Errors {
			b.WriteString(e.Msg + "\n")
		}
	}
	return b.String()
}
