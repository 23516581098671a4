package clitest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A ModuleRunner runs a command in a directory of a module libraryModule
// made, in its environment, and returns its combined output.
type ModuleRunner func(dir string, args ...string) (string, error)

// Must runs the command and fails the test if it fails.
func (run ModuleRunner) Must(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := run(dir, args...)
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// Init makes the package directory name in the module at mod and runs
// `go tool assertgen init -type typ` there, as a user sets a package up;
// it returns the package's directory and init's report.
func (run ModuleRunner) Init(t *testing.T, mod, name, typ string) (pkg, report string) {
	t.Helper()
	pkg = filepath.Join(mod, name)
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	return pkg, run.Must(t, pkg, "go", "tool", "assertgen", "init", "-type", typ)
}

// GenerateAndTest runs go generate in the package init wrote at pkg,
// which must wrap at least atLeast ops, then go vet, and go test in both
// builds: the debug build's sweep, bound values and conformance suite
// pass, the sweep with no finding or crash (or the summary " 0 findings,
// ..." one of more gives), and its output holds each of more.
func (run ModuleRunner) GenerateAndTest(t *testing.T, pkg string, atLeast int, more ...string) {
	t.Helper()
	gen := run.Must(t, pkg, "go", "generate", "./...")
	m := regexp.MustCompile(`assertgen: (\d+) ops wrapped in checked`).FindStringSubmatch(gen)
	if m == nil {
		t.Fatalf("go generate: %s", gen)
	}
	if n, _ := strconv.Atoi(m[1]); n < atLeast {
		t.Errorf("go generate: %s, want at least %d ops wrapped", gen, atLeast)
	}
	run.Must(t, pkg, "go", "vet", "./...")
	run.Must(t, pkg, "go", "test", "./...")
	out := run.Must(t, pkg, "go", "test", "-count=1", "-v", "-tags", "debugasserts", "./...")
	summary := " 0 findings, 0 crashes" // or the one more gives
	for _, m := range more {
		if strings.HasPrefix(m, " 0 findings, ") {
			summary = m
		}
	}
	for _, want := range append([]string{"--- PASS: TestSweep (", "--- PASS: TestBoundValues (", "--- PASS: TestMemory (", summary}, more...) {
		if !strings.Contains(out, want) {
			t.Errorf("go test -tags debugasserts lacks %q:\n%s", want, out)
		}
	}
}

// LibraryModule makes a fresh module modPath, on Go 1.25.14, with the
// assertgen tool of this checkout and the library lib (PATH@VERSION, from
// the module proxy), as a user starts one, with the environment's
// variables extraEnv besides; it returns the module's directory and a
// runner of commands there.
func LibraryModule(t *testing.T, modPath, lib string, extraEnv ...string) (string, ModuleRunner) {
	t.Helper()
	root := Root()
	mod := t.TempDir()
	env := append(append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false", "GOTOOLCHAIN=go1.25.14"), extraEnv...)
	run := ModuleRunner(func(dir string, args ...string) (string, error) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	})
	run.Must(t, mod, "go", "mod", "init", modPath)
	run.Must(t, mod, "go", "mod", "edit", "-replace", "github.com/assertgen/assertgen="+root, "-require", "github.com/assertgen/assertgen@v0.0.0")
	// As docs/guide.md does: the module path is not on the proxy, and the
	// replace answers for it.
	run.Must(t, mod, "env", "GOPROXY=https://proxy.golang.org|off", "go", "get", "-tool", "github.com/assertgen/assertgen/cmd/assertgen")
	run.Must(t, mod, "go", "get", lib)
	return mod, run
}
