package sweep

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// A reproducer is a module of its own (docs/sweep.md, "Sending a
// reproducer upstream"): its go.mod requires the modules its test
// imports at the versions the sweep's own build used (the library at the
// version swept), with the modules they need as indirect requirements,
// and the replacements of the sweep's module for them (its own module,
// by replace, where the test imports one of its packages); its go.sum is
// the sweep's module's. So it builds wherever it is copied to, in a
// module or in none, and go test runs it from its directory.

// A reproModule is what the sweep's module says of the modules
// reproducers require: read once per sweep.
type reproModule struct {
	// main is the sweep's module's path, dir its directory, goVersion
	// its go directive's version; sum its go.sum.
	main, dir, goVersion string
	sum                  []byte
	// work: the sweep runs in a workspace (go.work), which a reproducer
	// is not part of: its command sets GOWORK=off.
	work bool
	err  error
}

// newReproModule reads the sweep's module, as the go command finds it
// from the working directory.
func newReproModule() *reproModule {
	m := &reproModule{}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}}\n{{.Dir}}\n{{.GoVersion}}").Output()
	if err != nil {
		m.err = fmt.Errorf("the module the sweep runs in: go list -m: %v", goErr(err))
		return m
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 2 {
		m.err = errors.New("the sweep runs in no module: go list -m said nothing of it")
		return m
	}
	m.main, m.dir = lines[0], lines[1]
	if len(lines) > 2 {
		m.goVersion = lines[2]
	}
	if m.goVersion == "" {
		m.goVersion = strings.TrimPrefix(runtime.Version(), "go")
	}
	m.sum, _ = os.ReadFile(filepath.Join(m.dir, "go.sum"))
	if w, err := exec.Command("go", "env", "GOWORK").Output(); err == nil && strings.TrimSpace(string(w)) != "" && strings.TrimSpace(string(w)) != "off" {
		m.work = true
	}
	return m
}

// goErr is an error of a go command with what it said.
func goErr(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return errors.New(strings.TrimSpace(string(ee.Stderr)))
	}
	return err
}

// A modVersion is one module a reproducer requires.
type modVersion struct {
	path, version string
	main, direct  bool
	// replace is its replacement: a directory (absolute) or "path
	// version"; "" for none
	replace string
}

// write writes dir's go.mod and go.sum for a test that imports the
// packages imports, and returns the library's module and version as the
// header says them (the module of the package lib).
func (m *reproModule) write(dir, name string, imports []string, lib string) (string, error) {
	if m.err != nil {
		return "", m.err
	}
	var nonStd []string
	for _, p := range imports {
		if strings.Contains(strings.SplitN(p, "/", 2)[0], ".") {
			nonStd = append(nonStd, p)
		}
	}
	var mods []modVersion
	if len(nonStd) > 0 {
		var err error
		if mods, err = m.modules(nonStd); err != nil {
			return "", err
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "module %s\n\ngo %s\n", name, m.goVersion)
	for _, direct := range []bool{true, false} {
		var lines []string
		for _, x := range mods {
			if x.direct == direct {
				l := "\t" + x.path + " " + x.version
				if !direct {
					l += " // indirect"
				}
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			fmt.Fprintf(&b, "\nrequire (\n%s\n)\n", strings.Join(lines, "\n"))
		}
	}
	var reps []string
	for _, x := range mods {
		if x.replace != "" {
			reps = append(reps, "\t"+x.path+" => "+x.replace)
		}
	}
	if len(reps) > 0 {
		fmt.Fprintf(&b, "\nreplace (\n%s\n)\n", strings.Join(reps, "\n"))
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(b.String()), 0o666); err != nil {
		return "", err
	}
	if len(m.sum) > 0 {
		if err := os.WriteFile(filepath.Join(dir, "go.sum"), m.sum, 0o666); err != nil {
			return "", err
		}
	}
	return m.libText(mods, lib), nil
}

// libText names the module of package lib and its version, as mods have
// it.
func (m *reproModule) libText(mods []modVersion, lib string) string {
	best := modVersion{}
	for _, x := range mods {
		if (lib == x.path || strings.HasPrefix(lib, x.path+"/")) && len(x.path) > len(best.path) {
			best = x
		}
	}
	switch {
	case best.path == "":
		return lib
	case best.main:
		return best.path + " (the swept module itself, by replace)"
	case best.replace != "":
		return best.path + " " + best.version + " (replaced by " + best.replace + ")"
	}
	return best.path + " " + best.version
}

// modules lists the modules that provide the packages imports and those
// they import, as the sweep's module builds them.
func (m *reproModule) modules(imports []string) ([]modVersion, error) {
	const f = "{{with .Module}}{{.Path}}\t{{.Version}}\t{{.Main}}\t{{with .Replace}}{{.Path}}\t{{.Version}}{{end}}{{end}}"
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", f}, imports...)...)
	cmd.Dir = m.dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("the modules of %s: go list: %v", strings.Join(imports, ", "), goErr(err))
	}
	direct := map[string]bool{}
	dcmd := exec.Command("go", append([]string{"list", "-f", "{{with .Module}}{{.Path}}{{end}}"}, imports...)...)
	dcmd.Dir = m.dir
	if dout, err := dcmd.Output(); err == nil {
		for _, l := range strings.Fields(string(dout)) {
			direct[l] = true
		}
	}
	seen := map[string]bool{}
	var mods []modVersion
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Split(l, "\t")
		if len(f) < 3 || f[0] == "" || seen[f[0]] {
			continue
		}
		seen[f[0]] = true
		x := modVersion{path: f[0], version: f[1], main: f[2] == "true", direct: direct[f[0]]}
		switch {
		case x.main:
			x.version, x.replace = "v0.0.0-00010101000000-000000000000", m.dir
		case len(f) >= 5 && f[4] != "":
			x.replace = f[3] + " " + f[4]
		case len(f) >= 4 && f[3] != "":
			x.replace = f[3]
			if !filepath.IsAbs(x.replace) {
				x.replace = filepath.Join(m.dir, x.replace)
			}
			if x.version == "" {
				x.version = "v0.0.0-00010101000000-000000000000"
			}
		}
		mods = append(mods, x)
	}
	slices.SortFunc(mods, func(a, b modVersion) int { return strings.Compare(a.path, b.path) })
	return mods, nil
}

// goTestEnv is the environment a reproducer's go test runs in: the
// sweep's, outside any workspace.
func goTestEnv() []string {
	return append(os.Environ(), "GOWORK=off")
}
