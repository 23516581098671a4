// Package docs holds the tests of the docs: the end-to-end tests of
// guide.md's walk-throughs, the first section ("Start in your own
// module"), the garbage-collected runtime's ("A garbage-collected runtime:
// no use counts") and the generic runtime's ("A generic runtime:
// Tensor[T]", the pooling runtime of examples/pool from init to its
// generated tests). Each follows its section as written, in a new module
// outside the repository, from `go mod init` to the checked tests, and
// then shows that a broken kernel fails them. It also runs README.md's
// main command, and checks that every command of the docs is run by CI or
// a test or is exempt with a reason (TestDocCommands). The package has no
// code: its directory is the docs'.
package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A step of the quick start: a file to write or a shell block to run.
type step struct {
	line int    // of the marker in guide.md
	file string // path to write, relative to the module; "" for a run step
	body string
}

// steps returns the steps of one walk-through of the guide: each
// "<!-- MARKER: file PATH -->" or "<!-- MARKER: run -->" marker and the
// fenced block after it (MARKER is quickstart, or gcstart for the
// garbage-collected runtime's section).
func steps(t *testing.T, guide, marker string) []step {
	t.Helper()
	f, err := os.Open(guide)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		out     []step
		cur     *step
		inBlock bool
		body    strings.Builder
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case inBlock && strings.HasPrefix(line, "```"):
			cur.body, inBlock = body.String(), false
			out = append(out, *cur)
			cur = nil
		case inBlock:
			body.WriteString(line + "\n")
		case cur != nil && strings.HasPrefix(line, "```"):
			inBlock = true
			body.Reset()
		case cur != nil && strings.TrimSpace(line) != "":
			t.Fatalf("%s:%d: %s marker of line %d is not followed by a code block", guide, n, marker, cur.line)
		case strings.HasPrefix(line, "<!-- "+marker+":"):
			arg := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, "<!-- "+marker+":"), "-->"))
			cur = &step{line: n}
			if name, ok := strings.CutPrefix(arg, "file "); ok {
				cur.file = name
			} else if arg != "run" {
				t.Fatalf("%s:%d: unknown %s marker %q", guide, n, marker, arg)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Fatalf("%s:%d: unterminated %s step", guide, cur.line, marker)
	}
	return out
}

// TestGuideQuickStart follows docs/guide.md's "Start in your own module" in
// a module next to a link to this repository (the guide's ../assertgen),
// then breaks a kernel and expects the checked tests to fail with the
// check that catches it, and the conformance test (whose View is that
// kernel) to fail, while the release build of the kernels' test passes.
func TestGuideQuickStart(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	if testing.Short() {
		t.Skip("builds the tool in a new module (-short skips it)")
	}
	mod, run := followGuide(t, "quickstart", "mytensor")

	// The generated wrappers are fresh.
	if out, err := run("go tool assertgen gen -check -config tensor/assertgen.yaml"); err != nil {
		t.Fatalf("gen -check after go generate: %v\n%s", err, out)
	}

	// Break Alias as the guide says: the checked tests fail with
	// shares_storage, the release build does not check.
	src := filepath.Join(mod, "tensor", "tensor.go")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	const view = "return newImpl(self.i.st, self.i.off, self.i.n) }"
	if !bytes.Contains(b, []byte(view)) {
		t.Fatalf("the guide's Alias kernel changed; update this test (want %q)", view)
	}
	b = bytes.Replace(b, []byte(view), []byte("return FromSlice(self.Values()...) }"), 1)
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run("go test -count=1 -tags debugasserts ./...")
	if err == nil || !strings.Contains(out, "alias: shares_storage: return 0: does not share the StorageImpl of argument self") {
		t.Errorf("a copying Alias under -tags debugasserts: err %v, want a shares_storage failure:\n%s", err, out)
	}
	// The violation starts with the kernel's position, as the guide shows.
	aliasAt := fmt.Sprintf("tensor/tensor.go:%d:6: alias: shares_storage: ", bytes.Count(b[:bytes.Index(b, []byte("func Alias("))], []byte("\n"))+1)
	g, _ := os.ReadFile("guide.md")
	if !strings.Contains(out, aliasAt) || !bytes.Contains(g, []byte("\n"+aliasAt)) {
		t.Errorf("the violation of a copying Alias, and the guide, must start with %q:\n%s", aliasAt, out)
	}
	if !strings.Contains(out, "TestAssertsContract/view") {
		t.Errorf("a copying Alias, the conformance test's View: want its view case to fail:\n%s", out)
	}
	if out, err := run("go test -count=1 -run TestKernels ./..."); err != nil {
		t.Errorf("a copying Alias in a release build must pass TestKernels (no checks): %v\n%s", err, out)
	}
}

// guides is the directory the walk-throughs' modules are made in, next to
// one link to this repository (the guide's ../assertgen), made on first
// use and removed by TestMain. The go command keys the packages it builds
// by their directory: with one link for all, the tool's packages, reached
// through it, are built once for every walk-through, not once each.
var guides struct {
	once     sync.Once
	dir, err string
}

func TestMain(m *testing.M) {
	if debugBuild && os.Getenv("ASSERTGEN_CMD_TESTS_IN_DEBUG") == "" {
		// The walk-throughs run the tool and the go command in modules of
		// their own, in both builds; what they do does not depend on this
		// binary's build tag: run them once, in the release build.
		fmt.Println("docs: its tests run without -tags debugasserts (ASSERTGEN_CMD_TESTS_IN_DEBUG=1 runs them here too)")
		os.Exit(0)
	}
	code := m.Run()
	if guides.dir != "" {
		os.RemoveAll(guides.dir)
	}
	os.Exit(code)
}

// followGuide writes and runs the steps of one walk-through of
// docs/guide.md (those under marker) in a new module named modName, next to
// a link to this repository (the guide's ../assertgen). It returns the
// module's directory and a function that runs a shell script there.
func followGuide(t *testing.T, marker, modName string) (string, func(script string) (string, error)) {
	t.Helper()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	guide := filepath.Join(repo, "docs", "guide.md")
	ss := steps(t, guide, marker)
	if len(ss) < 4 {
		t.Fatalf("%s: %d %s steps, want the whole section", guide, len(ss), marker)
	}
	guides.once.Do(func() {
		dir, err := os.MkdirTemp("", "quickstart")
		if err == nil {
			guides.dir, err = dir, os.Symlink(repo, filepath.Join(dir, "assertgen"))
		}
		if err != nil {
			guides.err = err.Error()
		}
	})
	if guides.err != "" {
		t.Fatal(guides.err)
	}
	mod := filepath.Join(guides.dir, modName)
	if err := os.Mkdir(mod, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(mod) })
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	shell := func(dir, script string) (string, error) {
		cmd := exec.Command("sh", "-e", "-x", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}
	run := func(script string) (string, error) { return shell(mod, script) }
	// The steps run as a reader runs them, in one shell: a cd stays, so
	// a step after `cd tensor && go tool assertgen init` runs in tensor.
	// Files are written where the guide names them, from the module's
	// root.
	cwdFile, dir := filepath.Join(t.TempDir(), "cwd"), mod
	for _, s := range ss {
		if s.file != "" {
			p := filepath.Join(mod, filepath.FromSlash(s.file))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(s.body), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if out, err := shell(dir, s.body+"\npwd >"+cwdFile); err != nil {
			t.Fatalf("%s:%d: %v (in %s)\n%s", guide, s.line, err, dir, out)
		}
		pwd, err := os.ReadFile(cwdFile)
		if err != nil {
			t.Fatal(err)
		}
		dir = strings.TrimSpace(string(pwd))
	}
	return mod, run
}
