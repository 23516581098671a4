package assertgen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPublicAPIHolds builds testdata/compat, a frozen snapshot of the API
// of the packages users call (asserts, asserts/checks,
// asserts/assertstest, sweep: every exported name used with its type,
// written by scripts/apisnapshot.go), against this tree, in the release
// and the debug build. A change that removes a name, or changes its kind
// or signature, breaks users' code: it fails here, and CHANGELOG.md's
// policy says what to do instead (deprecate; remove once a recorded
// version makes it due, writing the snapshot again then).
func TestPublicAPIHolds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module (-short skips it)")
	}
	dir, err := filepath.Abs("testdata/compat")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "api.go"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "\nvar _ "); n < 400 {
		t.Fatalf("testdata/compat/api.go uses %d names; the snapshot of 2026-11-26 used 441", n)
	}
	for _, args := range [][]string{
		{"vet", "./..."},
		{"vet", "-tags", "debugasserts", "./..."},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s in testdata/compat: %v\n%s\nA name users call changed or went: keep it (deprecated) instead; see CHANGELOG.md", strings.Join(args, " "), err, out)
		}
	}
}
