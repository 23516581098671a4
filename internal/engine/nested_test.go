package engine_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// Nested checked calls on one goroutine: a composite
// kernel calls other checked ops. A write declared by an enclosing call
// on the same goroutine neither excuses nor blurs the inner call's rows,
// and the outer call's rows judge what its own kernel did, writes its
// nested calls made on its behalf included.

// add's kernel writes its read-only self through a nested checked
// add_(self, self): the write is add's kernel's (add does not mark self
// mutable), so add's no_mutation on self reports it, instead of counting
// the row inconclusive under concurrent_write. The nested add_ itself is
// legal: nothing is reported on it.
func TestNestedInPlaceWriteOfReadOnlyInput(t *testing.T) {
	col := collect(t)
	ks := correct
	ks.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
		AddInPlace(self, self, 1)
		return rt.Add(self, other, alpha)
	}
	useKernels(t, ks)
	x, y := rt.Ones(2), rt.Ones(2)
	defer x.Release()
	defer y.Release()
	addSt, addInPlSt := opAddF.Stats(), opAddInPlaceF.Stats()
	Add(x, y, 1).Release()
	vs := col.Violations()
	if len(vs) != 1 || vs[0].Op != "add" || vs[0].Check != checks.NoMutation || vs[0].Arg != "self" {
		t.Errorf("violations %v; want add's no_mutation on self", vs)
	}
	if d := opAddF.Stats().Skipped[checks.ReasonConcurrentWrite] - addSt.Skipped[checks.ReasonConcurrentWrite]; d != 0 {
		t.Errorf("add: %d rows counted under concurrent_write; want 0", d)
	}
	if d := opAddInPlaceF.Stats().Skipped[checks.ReasonConcurrentWrite] - addInPlSt.Skipped[checks.ReasonConcurrentWrite]; d != 0 {
		t.Errorf("add_: %d rows counted under concurrent_write; want 0", d)
	}
}

// Inside add_(x, y), whose own declared write is x, the kernel calls a
// checked add(x, y) whose kernel writes x: add's no_mutation on self
// reports it. The outer call's declaration does not hide the inner
// call's bug; the outer's rows stay silent (x is its self!, y untouched).
func TestNestedCallInsideDeclaredWrite(t *testing.T) {
	col := collect(t)
	ks := correct
	ks.add = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
		self.AddInPlace(other, alpha) // the bug: add writes self
		return rt.Add(self, other, alpha)
	}
	ks.addInPl = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
		Add(self, other, alpha).Release()
		return self.AddInPlace(other, alpha)
	}
	useKernels(t, ks)
	x, y := rt.Ones(2), rt.Ones(2)
	defer x.Release()
	defer y.Release()
	before := opAddF.Stats()
	AddInPlace(x, y, 1)
	vs := col.Violations()
	if len(vs) != 1 || vs[0].Op != "add" || vs[0].Check != checks.NoMutation || vs[0].Arg != "self" {
		t.Errorf("violations %v; want the nested add's no_mutation on self", vs)
	}
	if d := opAddF.Stats().Skipped[checks.ReasonConcurrentWrite] - before.Skipped[checks.ReasonConcurrentWrite]; d != 0 {
		t.Errorf("add: %d rows counted under concurrent_write; want 0", d)
	}
}

// The outer call's declared write on its own self! covers what its
// nested calls write there: add_(x, y) whose kernel runs a nested
// add_(x, y) and returns x is legal, and nothing is counted
// inconclusive.
func TestNestedWriteOfDeclaredSelf(t *testing.T) {
	col := collect(t)
	ks := correct
	ks.addInPl = func(self, other *rt.Tensor, alpha float64) *rt.Tensor {
		k.addInPl = correct.addInPl // the nested call runs the plain kernel
		defer func() { k.addInPl = ks.addInPl }()
		return AddInPlace(self, other, alpha)
	}
	useKernels(t, ks)
	x, y := rt.Ones(2), rt.Ones(2)
	defer x.Release()
	defer y.Release()
	before := opAddInPlaceF.Stats()
	AddInPlace(x, y, 1)
	if vs := col.Violations(); len(vs) != 0 {
		t.Errorf("violations %v; want none", vs)
	}
	if d := opAddInPlaceF.Stats().Skipped[checks.ReasonConcurrentWrite] - before.Skipped[checks.ReasonConcurrentWrite]; d != 0 {
		t.Errorf("add_: %d rows counted under concurrent_write; want 0", d)
	}
}
