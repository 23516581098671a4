package asserts_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// brokenCall makes one checked call, through a Frame, of a kernel that
// swaps the TensorImpl of argument name (same_impl fails), with the
// installed mode state.
func brokenCall(name string) {
	op := &engine.Op{Name: "scoped_" + name, Policy: checks.Strict}
	x := &handle{Impl: 0xa0, Storage: 0xa1, Uses: 1}
	checkedCall(op, []engine.Row{row(checks.SameImpl, 0, -1)}, []engine.Loc{engine.Arg(name)}, x, nil,
		func() { x.Impl = 0xa2 }) // the kernel's bug
}

// TestCollectParallel: parallel tests each see exactly their own
// violations, and none reaches the installed handler.
func TestCollectParallel(t *testing.T) {
	var leaked sync.Map
	prev := asserts.SetHandler(asserts.HandlerFunc(func(v *asserts.Violation) { leaked.Store(v.Arg, true) }))
	t.Cleanup(func() { asserts.SetHandler(prev) })
	t.Run("group", func(t *testing.T) {
		for i := range 16 {
			name := fmt.Sprintf("arg%d", i)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				for range 50 {
					vs := asserts.Collect(func() { brokenCall(name) })
					if len(vs) != 1 || vs[0].Check != checks.SameImpl || vs[0].Arg != name {
						t.Fatalf("Collect = %v, want one same_impl on %s", vs, name)
					}
				}
			})
		}
	})
	leaked.Range(func(k, _ any) bool { t.Errorf("violation on %v reached the global handler", k); return true })
}

// TestCollectNested: the innermost scope gets a violation; the outer one
// gets those reported outside the inner scope, in order.
func TestCollectNested(t *testing.T) {
	var inner []asserts.Violation
	outer := asserts.Collect(func() {
		brokenCall("first")
		inner = asserts.Collect(func() { brokenCall("inner") })
		brokenCall("last")
	})
	if len(inner) != 1 || inner[0].Arg != "inner" {
		t.Errorf("inner = %v", inner)
	}
	if len(outer) != 2 || outer[0].Arg != "first" || outer[1].Arg != "last" {
		t.Errorf("outer = %v", outer)
	}
}

// TestCollectGo: goroutines started with asserts.Go report into the scope;
// plain goroutines do not.
func TestCollectGo(t *testing.T) {
	var got []string
	prev := asserts.SetHandler(asserts.HandlerFunc(func(v *asserts.Violation) { got = append(got, v.Arg) }))
	defer asserts.SetHandler(prev)
	vs := asserts.Collect(func() {
		var wg sync.WaitGroup
		wg.Add(2)
		asserts.Go(func() { defer wg.Done(); brokenCall("child") })
		go func() { defer wg.Done(); brokenCall("plain") }()
		wg.Wait()
	})
	if len(vs) != 1 || vs[0].Arg != "child" {
		t.Errorf("scope got %v, want the child's violation only", vs)
	}
	if len(got) != 1 || got[0] != "plain" {
		t.Errorf("handler got %v, want the plain goroutine's violation", got)
	}
	// Outside any scope Go is a go statement.
	done := make(chan struct{})
	asserts.Go(func() { close(done) })
	<-done
}

// TestCollectPanic: a panic in f closes the scope and goes on.
func TestCollectPanic(t *testing.T) {
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want boom", r)
			}
		}()
		asserts.Collect(func() { panic("boom") })
	}()
	var got int
	prev := asserts.SetHandler(asserts.HandlerFunc(func(*asserts.Violation) { got++ }))
	defer asserts.SetHandler(prev)
	brokenCall("after")
	if got != 1 {
		t.Errorf("after a panicking Collect the handler got %d violations, want 1", got)
	}
}

// A test proves that a bug is caught, in parallel with other tests: it
// collects the violations of its own calls only.
func ExampleCollect() {
	vs := asserts.Collect(func() {
		brokenCall("self") // a checked call of a kernel that swaps self's TensorImpl
	})
	for _, v := range vs {
		fmt.Println(v.Check, v.Where())
	}
	// Output:
	// same_impl argument self
}
