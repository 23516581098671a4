package engine

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
)

type envFunc func() asserts.EnvState

func (f envFunc) State() asserts.EnvState { return f() }

// A call reads the registered Env when it begins.
func TestEnv(t *testing.T) {
	prev := asserts.SetEnv(nil)
	defer asserts.SetEnv(prev)
	if asserts.SetEnv(nil) != nil {
		t.Error("an Env after SetEnv(nil)")
	}
	op := &Op{Name: "add", Overload: "Tensor"}
	var c Call
	c.Begin(op)
	if c.Env() != (asserts.EnvState{}) || c.Op() != op {
		t.Errorf("without an Env: %+v", c.Env())
	}
	st := asserts.EnvState{ModeActive: true, Context: 4, Hermetic: true}
	asserts.SetEnv(envFunc(func() asserts.EnvState { return st }))
	c.Begin(op)
	if c.Env() != st {
		t.Errorf("Env() = %+v", c.Env())
	}
}

type stubTensor struct{ id asserts.Ident }

func (s *stubTensor) Ident() asserts.Ident           { return s.id }
func (s *stubTensor) UseCounts() (impl, storage int) { return 1, 1 }

// The run-time skip decision of a snapshot is available for debugging.
func TestSkips(t *testing.T) {
	var c Call
	c.beginWith(&Op{Name: "x"}, asserts.EnvState{})
	var s Slot
	w := &stubTensor{asserts.Ident{Impl: 1, Storage: 2, Traits: asserts.WrapperSubclass | asserts.Versioned}}
	c.Save(&s, w)
	if got := c.Skips(&s); got.String() != "same_storage,impl_use_count_le_1,storage_use_count_eq_1,shares_storage,distinct_outputs,binding_context,fresh_no_alias,same_content,impl_use_count_eq_fresh,fresh_not_held,view_holds_storage" {
		t.Errorf("Skips() = %v", got)
	}
	if !s.Ident().Defined() || s.Ident().Impl != w.id.Impl {
		t.Error("Slot accessors")
	}
}
