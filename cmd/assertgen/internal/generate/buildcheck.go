package generate

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// checkImports runs the go command's load of the files gen is to write
// (res, in j.Dir) as if they were written. It loads the release and the
// checked build, before anything is written. Two problems are refused at
// the config's line that brought the import in:
//   - an import cycle, through kernels:, memory:, bind_imports: or the
//     type map's packages;
//   - an internal package the output may not import.
//
// What a command fixes once the files are written (a vendor tree to
// update, a module to add) comes back as notes, one line each, to print
// after writing. Outside any module nothing is checked; ModuleNote says
// so.
func (j *Job) checkImports(c *config.Config, res *gen.Result) ([]string, error) {
	if !InModule(j.Dir) {
		return nil, nil
	}
	files := map[string][]byte{}
	for _, f := range res.Files {
		if strings.HasSuffix(f.Name, ".go") {
			abs, err := filepath.Abs(filepath.Join(j.Dir, f.Name))
			if err != nil {
				return nil, err
			}
			files[abs] = f.Data
		}
	}
	tag := j.Options.BuildTag
	if tag == "" {
		tag = gen.DefaultBuildTag
	}
	var errs schema.ErrorList
	var notes []string
	keys := j.importKeys(c)
	for _, p := range discover.CheckImports(files, tag) {
		switch p.Kind {
		case "cycle":
			errs = append(errs, j.cycleError(c, keys, p))
		case "internal":
			key := keys[p.Path]
			if key == "" {
				key = "output"
			}
			errs = append(errs, c.Errorf(key, "%s is an internal package, which Go lets only the packages under %s import, and the package gen writes in %s is not one of them: write the output under %s (output:)%s", p.Path, internalRoot(p.Path), j.Dir, internalRoot(p.Path), discover.WithTags(p.Tag)))
		default:
			notes = append(notes, noteOf(p))
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	slices.Sort(notes)
	return slices.Compact(notes), nil
}

// importKeys maps the packages the config brings into the generated files'
// imports to the config's keys that name them. The first key wins, in the
// order kernels:, memory:, bind_imports:, types: (sorted).
func (j *Job) importKeys(c *config.Config) map[string]string {
	keys := map[string]string{}
	add := func(path, key string) {
		if path != "" && keys[path] == "" {
			keys[path] = key
		}
	}
	if j.Options.Kernels != nil && c.Kernels != "" {
		add(j.Options.Kernels.Path, "kernels")
	}
	if j.Options.Memory != nil {
		add(j.Options.Memory.Path, "memory")
	}
	for i, p := range c.BindImports {
		add(p, fmt.Sprintf("bind_imports.%d", i))
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range c.Types {
			if !yield(k) {
				return
			}
		}
	}) {
		if t, ok := j.Options.Types[name]; ok {
			for _, p := range typePaths(t, nil) {
				add(p, "types."+name+"=")
			}
		}
	}
	return keys
}

// cycleError is the refusal of an import cycle, at the config's key of the
// first package that leads back to the output.
func (j *Job) cycleError(c *config.Config, keys map[string]string, p discover.ImportProblem) *schema.Error {
	for _, back := range p.Back {
		if key := keys[back]; key != "" {
			return c.Errorf(key, "%s imports the package gen writes in %s, directly or not, and that package imports it: an import cycle, which Go refuses; write the output where %s does not import it (output:)%s", back, j.Dir, back, discover.WithTags(p.Tag))
		}
	}
	return c.Errorf("output", "the package gen writes in %s would be in an import cycle, which Go refuses: %s%s", j.Dir, p.Msg, discover.WithTags(p.Tag))
}

// noteOf is the one line that says what to run once the files are
// written. The notes are deduplicated: one line for all of assertgen's
// packages a module lacks.
func noteOf(p discover.ImportProblem) string {
	if strings.Contains(p.Msg, "vendor") {
		return "the module vendors its dependencies, and the generated package imports packages its vendor tree lacks: run go mod vendor"
	}
	if m := noModule.FindStringSubmatch(p.Msg); m != nil {
		if root := strings.TrimSuffix(kernels.AssertsPath, "/asserts"); m[1] == root || strings.HasPrefix(m[1], root+"/") {
			return "the module does not require " + root + ", whose packages the generated package imports: run go get " + root
		}
		return "the module provides no package " + m[1] + ", which the generated package imports: run go get " + m[1]
	}
	return "the go command does not build the generated package yet: " + p.Msg
}

var noModule = regexp.MustCompile(`no required module provides package ([^\s;]+)`)

// internalRoot is the directory whose packages may import the internal
// package path: the path up to its last internal element's parent.
func internalRoot(path string) string {
	parts := strings.Split(path, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i] == "internal" {
			return strings.Join(parts[:i], "/")
		}
	}
	return path
}
