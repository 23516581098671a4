package gen

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// tempModule makes a module in a temporary directory that requires this
// one (replaced by the checkout), so generated packages can be built there.
func tempModule(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(file))
	dir := t.TempDir()
	mod := "module example.com/generated\n\ngo 1.26\n\nrequire github.com/assertgen/assertgen v0.0.0\n\nreplace github.com/assertgen/assertgen => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestBuildInterfaceGoldens builds the interface-mode golden files, both
// profiles' packages in one module and one go command per build.
func TestBuildInterfaceGoldens(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
	if testing.Short() {
		t.Skip("builds Go code")
	}
	dir := tempModule(t)
	for _, profile := range []string{"strict", "pytorch"} {
		golden := filepath.Join("testdata/golden", "interface-"+profile)
		files, _ := filepath.Glob(filepath.Join(golden, "*.go.golden"))
		if len(files) == 0 {
			t.Fatalf("no goldens in %s", golden)
		}
		pkg := filepath.Join(dir, profile)
		os.MkdirAll(pkg, 0o755)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(f)
			os.WriteFile(filepath.Join(pkg, name[:len(name)-len(".golden")]), data, 0o644)
		}
	}
	goBuild(t, dir, "./...")
}

// TestBuildAllOps generates interface-mode wrappers for all ops of the
// default release's embedded schema (whichever release is the default:
// the test follows it) under both profiles, in the layout assertgen gen
// writes in a module (the shape helpers in their own package under the
// wrappers'), and builds and vets them with and without the tag: both
// profiles' packages in one module, so that each build is one go command
// that compiles the two at once. Without the tag a package is its Kernels
// interface and Checked, which do not depend on the profile: the test
// checks that the pytorch package's release-build files are the strict
// package's, but for the profile a comment names, and builds only the
// strict package's without the tag.
func TestBuildAllOps(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
	if testing.Short() {
		t.Skip("builds and vets every op's wrapper per profile, with and without the tag (a minute or more on the shared 2-core VM)")
	}
	if asserts.Compiled && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		// The builds run in programs of their own, with and without the
		// tag, whatever this binary's tag: run them once, in the release
		// build, like the command's tests.
		t.Skip("builds both ways in the release build's run (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs it here too)")
	}
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	dir := tempModule(t)
	release := map[plan.Profile]map[string]string{}
	for _, profile := range []plan.Profile{plan.Strict, plan.PyTorch} {
		_, res := generateAll(t, s, profile)
		if len(res.Wrapped) != len(s.Ops) {
			t.Fatalf("%s: %d ops wrapped, want all %d of %s", profile, len(res.Wrapped), len(s.Ops), s.Path)
		}
		release[profile] = map[string]string{}
		for _, f := range res.Files {
			if !bytes.Contains(f.Data, []byte("\n//go:build "+DefaultBuildTag+"\n")) {
				release[profile][f.Name] = strings.Replace(string(f.Data), "(profile "+string(profile)+")", "(profile)", 1)
			}
			path := filepath.Join(dir, string(profile), filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(release[plan.Strict]) == 0 || !maps.Equal(release[plan.Strict], release[plan.PyTorch]) {
		t.Fatalf("the release-build files of the two profiles differ (or there are none): build both without the tag")
	}
	goBuildSplit(t, dir, "./"+string(plan.Strict)+"/...", "./...")
}

// TestDirectWrappersInline checks that without the build tag every
// function-mode wrapper is a call the compiler inlines, so a release build
// pays nothing for it.
func TestDirectWrappersInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go code")
	}
	cmd := exec.Command("go", "build", "-gcflags=-m", "./testdata/small/out")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	res, err := Generate(smallPlan(t, plan.Strict), Options{
		Mode: output.FunctionMode, Package: "checked", Types: smallTypes(t), Kernels: smallKernels(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range res.Wrapped {
		n, _ := schema.ParseOperatorName(op)
		if name := plan.GoName(n); !strings.Contains(string(out), "can inline "+name+"\n") {
			t.Errorf("the release wrapper %s is not inlinable", name)
		}
	}
}
