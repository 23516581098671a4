package generate

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/output"
)

// checkSiblingSets refuses a set that would declare a name another set in
// its package already declares: another prefix in the same output
// directory. The package would not build. The error is at the config's key
// that asks for the name:
//   - the sweep table, SweepOps (sweep: true; PREFIX_sweep.go, both
//     builds);
//   - the adapter over a library's type (memory:): type ForeignT and
//     ForeignTList in the shape helpers (the debug build), which two sets
//     over one type would both declare.
//
// Sets of other prefixes are found by their files, as gen wrote them.
func (j *Job) checkSiblingSets(c *config.Config) error {
	prefix := j.Options.Prefix
	if prefix == "" {
		prefix = gen.DefaultPrefix
	}
	if c.Sweep {
		if fs := otherSets(j.Dir, prefix, "sweep"); len(fs) > 0 {
			f := fs[0]
			return c.Errorf("sweep", "%s holds the set %s, whose sweep table (%s) is SweepOps too: a second set with sweep: true in one package would declare SweepOps twice, and the package would not build; give one of them its own output:, or sweep: true to one only (if %s is a set no longer generated, remove its files)",
				j.Dir, f.prefix, f.name, f.prefix)
		}
	}
	if m := j.Options.Memory; m != nil {
		t := j.Options.Types["Tensor"]
		decl := []byte("\ntype Foreign" + t.Name + " ")
		for _, f := range otherSets(j.Dir, prefix, "shapes") {
			if data, err := os.ReadFile(f.path); err == nil && bytes.Contains(data, decl) {
				return c.Errorf("memory", "%s holds the set %s, whose shape helpers (%s) declare the adapter over %s, type Foreign%s, which this set's would declare again: the package would not build with -tags %s; map Tensor to %s in one set only (one config for both: ops: lists them all), or give this one its own output: (if %s is a set no longer generated, remove its files)",
					j.Dir, f.prefix, f.name, t, t.Name, j.tag(), t, f.prefix)
			}
		}
	}
	return nil
}

// tag is the build tag of the checked files.
func (j *Job) tag() string {
	if j.Options.BuildTag != "" {
		return j.Options.BuildTag
	}
	return gen.DefaultBuildTag
}

// A setFile is a file of kind KIND that assertgen wrote for a set of
// another prefix.
type setFile struct{ prefix, name, path string }

// otherSets returns the files PREFIX_KIND.go of the sets in dir whose
// prefix is not prefix, in the order of their paths. The shape helpers
// count in either place: the output's package, or its helpers' package
// under gen.ShapesDir. A file that does not start with assertgen's header
// is none of them.
func otherSets(dir, prefix, kind string) []setFile {
	globs := []string{filepath.Join(dir, "*_"+kind+".go")}
	if kind == "shapes" {
		globs = append(globs, filepath.Join(dir, filepath.FromSlash(gen.ShapesDir), "*_"+kind+".go"))
	}
	var out []setFile
	for _, g := range globs {
		paths, _ := filepath.Glob(g)
		slices.Sort(paths)
		for _, p := range paths {
			base := filepath.Base(p)
			other := strings.TrimSuffix(base, "_"+kind+".go")
			if other == prefix || !output.ValidPrefix(other) || !generatedFile(p) {
				continue
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				rel = base
			}
			out = append(out, setFile{prefix: other, name: filepath.Join(dir, rel), path: p})
		}
	}
	return out
}

// generatedFile reports whether the file at path starts with assertgen's
// header line.
func generatedFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 128)
	n, _ := f.Read(buf)
	return bytes.HasPrefix(buf[:n], []byte("// "+output.Header))
}
