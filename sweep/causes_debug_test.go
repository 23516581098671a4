//go:build debugasserts

package sweep

import (
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
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

// A held output comes out of every "called again" of a sample, however
// often the collector runs: the two calls of callTwice are judged in one
// collection cycle (holdGC), for a runtime whose storage IDs are
// addresses (causes' lib.T, through asserts.SliceMemory) as for one with
// IDs of its own. Here a goroutine makes garbage through the sweep, the
// collector set to run at every few kilobytes: before holdGC, some
// "called again" of clone missed fresh_not_held (the report of one run
// differed from the next's; TestMergedShardsKeepReproducers failed so).
func TestCalledAgainHeldUnderGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(1))
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var keep [][]byte
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			keep = append(keep, make([]byte, 4096))
			if len(keep) == 64 {
				keep = keep[:0]
			}
		}
	}()
	rep, err := Sweep(causesOps("clone"), causesRuntime{}, Options{InProcess: true, NoValues: true})
	close(stop)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	var returned, held []string
	for _, f := range rep.Findings {
		switch f.Check {
		case checks.ImplUseCountEqFresh:
			returned = f.Variants
		case checks.FreshNotHeld:
			held = f.Variants
		}
	}
	missed := 0
	for _, v := range returned {
		if !strings.Contains(v, "empty") && !slices.Contains(held, v+calledAgain) { // an empty tensor has no storage
			missed++
			t.Errorf("%s: the sample returns its input, called again, and fresh_not_held missed it", v)
		}
	}
	if len(returned) == 0 || missed > 0 {
		t.Logf("the report:\n%s", rep)
	}
}
