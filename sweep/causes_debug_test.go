//go:build debugasserts

package sweep

import (
	"strings"
	"testing"
)

// A finding of gen's bound code (clone bound in the config to its
// argument, where the schema promises a fresh tensor) is the binding's
// bug: the bug list files it under the wrapper's package, which holds
// that code, not under the library it calls nothing of; one entry for
// the checks the returned argument trips together.
func TestBoundCodeFindingUnderBinding(t *testing.T) {
	rep, err := Sweep(causesOps("clone"), causesRuntime{}, Options{Content: true, InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	bugs := rep.BugList()
	if !strings.HasPrefix(bugs, causesPath+"/checked (the binding):\n- checked.boundClone breaks ") || strings.Count(bugs, "\n- ") != 1 ||
		strings.Contains(bugs, "/lib") || len(rep.Findings) == 0 {
		t.Errorf("the bug list:\n%s\nthe report:\n%s", bugs, rep)
	}
}

// With reproducers on, the same: the verified reproducer of clone's
// finding, named for the bound code's function it calls (not the op), is
// listed under the wrapper's package, the binding's, not the library's
// that its bound code calls nothing of (runtimes/gonum's catalog was
// listed under gonum.org/v1/gonum/mat so).
func TestBoundCodeReproUnderBinding(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducer")
	}
	rep, err := Sweep(causesOps("clone"), causesRuntime{}, Options{Content: true, InProcess: true, Repro: trustReproDir(t, "repro-causes-"), Test: t})
	if err != nil {
		t.Fatal(err)
	}
	bugs := rep.BugList()
	if !strings.HasPrefix(bugs, causesPath+"/checked (the binding):\n") || !strings.Contains(bugs, "\tboundClone(self, memory_format) returns its input self as its result") ||
		len(rep.Repros) != 1 || rep.Repros[0].Name != "TestBoundCloneReturnsItsInput" ||
		strings.Contains(bugs, "/lib") || strings.Contains(bugs, "go test /") {
		t.Errorf("the bug list:\n%s\nthe report:\n%s", bugs, rep)
	}
}
