// Package clitest is the harness of assertgen's command tests: it builds
// the command once per test binary and runs it, runs tables of command
// lines, and writes the modules they run in. Only tests import it.
package clitest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"
)

// Root returns the repository's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(file)))))
}

// Main runs m's tests and exits with their code; each command test
// package's TestMain calls it. The tests run in the release build only:
// they build the programs they check with the tags they need, so a debug
// build's test binary would repeat them. ASSERTGEN_CMD_TESTS_IN_DEBUG=1
// runs them there too. Main removes the commands built for the tests.
func Main(m *testing.M) {
	if debugBuild && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		fmt.Printf("%s: its tests run without -tags debugasserts (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)\n", packageDir())
		os.Exit(0)
	}
	code := m.Run()
	mu.Lock()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	mu.Unlock()
	os.Exit(code)
}

// packageDir is the test's package directory, relative to the root: go
// test runs a test binary in its package's directory.
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "?"
	}
	rel, err := filepath.Rel(Root(), wd)
	if err != nil {
		return wd
	}
	return filepath.ToSlash(rel)
}

// A build is the command built once with some build tags.
type build struct {
	once sync.Once
	exe  string
	err  error
}

var (
	mu     sync.Mutex
	binDir string // the built commands' directory, removed by Main
	plain  build
	paced  build
)

// Command returns the assertgen command, built with the test binary's
// build tags the first time it is asked for.
func Command(t testing.TB) string {
	t.Helper()
	return plain.get(t, "assertgen")
}

// Paced returns the command built with the tag assertgen_writepace too:
// each step of its writes waits ASSERTGEN_TEST_WRITE_DELAY (output's
// pause_writepace.go), so that a test can send a signal in the middle.
func Paced(t testing.TB) string {
	t.Helper()
	return paced.get(t, "assertgen-paced", "assertgen_writepace")
}

func (b *build) get(t testing.TB, name string, tags ...string) string {
	t.Helper()
	b.once.Do(func() { b.exe, b.err = goBuild(name, tags) })
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.exe
}

// goBuild builds cmd/assertgen as name in binDir, with the test binary's
// build tags and tags.
func goBuild(name string, tags []string) (string, error) {
	mu.Lock()
	if binDir == "" {
		dir, err := os.MkdirTemp("", "assertgen-clitest")
		if err != nil {
			mu.Unlock()
			return "", err
		}
		binDir = dir
	}
	exe := filepath.Join(binDir, name)
	mu.Unlock()
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "-tags" && s.Value != "" {
				tags = append(strings.Split(s.Value, ","), tags...)
			}
		}
	}
	cmd := exec.Command("go", "build", "-tags", strings.Join(tags, ","), "-o", exe, "github.com/assertgen/assertgen/cmd/assertgen")
	cmd.Dir = Root()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build -tags %q cmd/assertgen: %v\n%s", strings.Join(tags, ","), err, out)
	}
	return exe, nil
}

// Run runs assertgen with args in dir and returns its output and exit
// code.
func Run(t testing.TB, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return run(t, context.Background(), dir, args)
}

// RunWithin is Run that kills assertgen after d and fails the test: for
// inputs that once made it hang.
func RunWithin(t testing.TB, d time.Duration, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	stdout, stderr, code = run(t, ctx, dir, args)
	if ctx.Err() != nil {
		t.Fatalf("assertgen %s: still running after %v", strings.Join(args, " "), d)
	}
	return stdout, stderr, code
}

func run(t testing.TB, ctx context.Context, dir string, args []string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.CommandContext(ctx, Command(t), args...)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), 0
}
