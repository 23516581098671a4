package docs

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeMainCommand runs the README's main command and the build line
// after it, as written, at the root of this module (issue 19 item 13: the
// package it wrote once landed outside any module and did not build). The
// output directory is renamed to a temporary one inside the module, which
// the go command's ./... patterns skip (its name starts with _).
func TestReadmeMainCommand(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	if testing.Short() {
		t.Skip("generates and builds every op's wrapper (-short skips it)")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The first shell block's lines that generate or build ./_pytorch.
	var lines []string
	sc := bufio.NewScanner(f)
	for inBlock := false; sc.Scan(); {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			if inBlock {
				break
			}
			inBlock = line == "```sh"
			continue
		}
		if cmd, _, _ := strings.Cut(line, "#"); inBlock && strings.Contains(cmd, "./_pytorch") {
			lines = append(lines, strings.TrimSpace(cmd))
		}
	}
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "go run ./cmd/assertgen gen ") ||
		!strings.Contains(strings.Join(lines, "\n"), "go build ./_pytorch") {
		t.Fatalf("README.md's first sh block: want the gen command and the build of ./_pytorch, have %q", lines)
	}
	out, err := os.MkdirTemp(repo, "_readme")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(out) })
	for _, line := range lines {
		script := strings.ReplaceAll(line, "./_pytorch", "./"+filepath.Base(out))
		cmd := exec.Command("sh", "-e", "-c", script)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, b)
		} else if strings.Contains(string(b), "note: ") {
			t.Errorf("%s: %s", line, b)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "assertgen_kernels.go")); err != nil {
		t.Error(err)
	}
}
