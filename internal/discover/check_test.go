package discover

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestCheckAdded: a file that would not build with the package (a name
// declared twice, in one build or both), or that the go command leaves
// out of it, is refused, by the go command's load (CheckAdded) and by the
// check of the loaded package (CheckLoaded) alike; a good file passes
// both, and declares the functions it adds. The kernels package's own
// check (*Package).CheckAdded, which checks in this process where it can,
// agrees.
func TestCheckAdded(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":   "module example.com/p\n\ngo 1.22\n",
		"p.go":     "package p\n\nvar Abs = 1\n",
		"debug.go": "//go:build debugasserts\n\npackage p\n\nfunc Neg() {}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var builds []*packages.Package
	tags := []string{"", "debugasserts"}
	for _, tag := range tags {
		cfg := &packages.Config{Mode: LoadMode, Dir: dir}
		if tag != "" {
			cfg.BuildFlags = []string{"-tags=" + tag}
		}
		pkgs, err := packages.Load(cfg, ".")
		if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
			t.Fatalf("load: %v %v", err, pkgs)
		}
		builds = append(builds, pkgs[0])
	}
	k, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, file, src string
		funcs           []string
		err             string // "" for none
	}{
		{"good", "x.go", "package p\n\nfunc Sin() {}\n", []string{"Sin"}, ""},
		{"good, one build", "x.go", "//go:build !debugasserts\n\npackage p\n\nfunc Neg() {}\n", nil, ""},
		{"a variable's name", "x.go", "package p\n\nfunc Abs() {}\n", []string{"Abs"}, "Abs redeclared in this block"},
		{"a name of the debug build", "x.go", "package p\n\nfunc Neg() {}\n", []string{"Neg"}, "(with -tags debugasserts):"},
		{"left out", "_x.go", "package p\n\nfunc Sin() {}\n", []string{"Sin"}, "_x.go: the go command would leave it out of the package"},
		{"left out, by its name's system", "x_windows.go", "package p\n\nfunc Sin() {}\n", nil, "x_windows.go: the go command would leave it out of the package"},
		{"function not declared", "x.go", "package p\n\nvar Sin = 1\n", []string{"Sin"}, "does not declare function Sin"},
	} {
		files := map[string][]byte{filepath.Join(dir, tc.file): []byte(tc.src)}
		for name, err := range map[string]error{
			"CheckAdded":            CheckAdded(dir, files, tc.funcs, "debugasserts"),
			"CheckLoaded":           CheckLoaded(builds, [][]*packages.Package{nil, nil}, tags, files, tc.funcs),
			"(*Package).CheckAdded": k.CheckAdded(files, tc.funcs, "debugasserts"),
		} {
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("%s: %s: %v", tc.name, name, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("%s: %s: %v, want an error with %q", tc.name, name, err, tc.err)
			}
		}
	}
	// A package the file imports that was not loaded: CheckLoaded cannot
	// tell; CheckAdded can.
	files := map[string][]byte{filepath.Join(dir, "x.go"): []byte("package p\n\nimport \"strings\"\n\nvar _ = strings.ToUpper\n")}
	if err := CheckLoaded(builds, [][]*packages.Package{nil, nil}, tags, files, nil); err != ErrNotLoaded {
		t.Errorf("CheckLoaded with an import not loaded: %v, want ErrNotLoaded", err)
	}
	if err := CheckAdded(dir, files, nil, "debugasserts"); err != nil {
		t.Errorf("CheckAdded with a new import: %v", err)
	}
}
