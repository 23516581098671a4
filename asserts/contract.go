package asserts

import (
	"fmt"
	"strings"
	"sync/atomic"
)

// An ID names a TensorImpl or a StorageImpl for as long as the process runs.
// The zero ID names nothing: an undefined tensor has Impl 0, a tensor without
// storage has Storage 0.
//
// Runtimes should hand out IDs from a counter rather than use addresses: an
// address can be reused once its object is freed, and a kernel that frees one
// storage and allocates another at the same address would then look as if it
// had kept the storage.
type ID uint64

// String formats the ID as asserts prints it in messages, e.g. 0x2a.
func (id ID) String() string { return fmt.Sprintf("%#x", uint64(id)) }

// Traits describe what kind of tensor a handle refers to. They decide which
// checks the skip policy turns off (see [checks.Policy]) and are printed in
// violations. The zero value, [Plain], is an ordinary dense tensor whose
// runtime keeps no version counter.
type Traits uint32

const (
	// DirectSubclass: a subclass that keeps the base tensor's TensorImpl and
	// storage (a Python subclass without a wrapper). User code may hold
	// extra references to its outputs.
	DirectSubclass Traits = 1 << iota
	// WrapperSubclass: a tensor that wraps an inner tensor; its own storage
	// is a stub unless it also has PropagatesStorage.
	WrapperSubclass
	// PropagatesStorage: a wrapper subclass whose storage is set to the inner
	// tensor's storage (with set_), so views of it share storage. Only
	// meaningful together with WrapperSubclass.
	PropagatesStorage
	// Meta: a meta-device tensor, whose storage has a size but no data. Views
	// of a meta tensor share its storage like any other view.
	Meta
	// Storageless: a layout without storage (sparse, nested). Such tensors
	// report Storage 0.
	Storageless
	// FunctionalWrapper: a functionalization wrapper. Its views share the
	// wrapper's storage, so every check applies.
	FunctionalWrapper
	// Versioned: the runtime keeps a version counter, bumped by every in-place
	// write and shared by a tensor and its views, and reports it in
	// Ident.Version. Without it no_mutation cannot be checked.
	Versioned
	// HiddenStorageRefs: the tensor's storage use count may include
	// references the runtime itself holds for the tensor, which no user
	// can reach and which the runtime cannot count apart from an owner's
	// (libtorch 2.x: a view of a view keeps the intermediate view captured
	// in a type-erased reverse view function). storage_use_count_eq_1
	// still runs on such a return: a count of 1 passes; above 1 the row
	// is inconclusive, counted under reason hidden_storage_refs, never
	// reported; fresh_or_alias likewise where the storage count would
	// decide. Every other check runs as on any tensor.
	HiddenStorageRefs
	// AddressIdentity: the tensor's Impl and Storage IDs are addresses (of
	// the object the handle points to, and of the storage's anchor), made
	// by [Memory.Ident] for a runtime whose tensors carry no identities of
	// their own. They are exact within a call; across calls an address can
	// name a new object once the old one is collected, so fresh_not_held
	// judges a repeated address only while it certainly names the same
	// storage (internal/engine's memory.go).
	AddressIdentity

	traitsEnd
)

// Plain is an ordinary dense tensor with storage. Runtimes with version
// counters report Plain|Versioned.
const Plain Traits = 0

var traitNames = [...]string{
	"direct_subclass", "wrapper_subclass", "propagates_storage", "meta",
	"storageless", "functional_wrapper", "versioned", "hidden_storage_refs",
	"address_identity",
}

// String lists the set traits separated by "|", e.g.
// "wrapper_subclass|propagates_storage", or "plain" when none is set.
func (t Traits) String() string {
	if t == 0 {
		return "plain"
	}
	var names []string
	for i, name := range traitNames {
		if t&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	if rest := t &^ (traitsEnd - 1); rest != 0 {
		names = append(names, fmt.Sprintf("%#x", uint32(rest)))
	}
	return strings.Join(names, "|")
}

// MarshalText encodes the traits as [Traits.String] does.
func (t Traits) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText decodes what MarshalText encodes.
func (t *Traits) UnmarshalText(b []byte) error {
	var v Traits
	if s := string(b); s != "plain" {
	next:
		for _, name := range strings.Split(s, "|") {
			for i, n := range traitNames {
				if n == name {
					v |= 1 << i
					continue next
				}
			}
			return fmt.Errorf("asserts: unknown trait %q", name)
		}
	}
	*t = v
	return nil
}

// Ident is what asserts reads from a tensor handle in one call: the
// identities it compares, the version counter and the traits.
//
// Ident has four word-sized fields so that it travels in registers: a check
// reads each tensor once before the kernel and once after it, and a second
// method call per read would cost more than the whole budget of a checked
// call allows (see docs/asserts.md).
type Ident struct {
	// Impl is the identity of the TensorImpl the handle points to; 0 for an
	// undefined tensor (then every other field is zero too).
	Impl ID
	// Storage is the identity of the tensor's StorageImpl; 0 when the tensor
	// has no storage (Storageless).
	Storage ID
	// Version is the version counter of the tensor, if Traits has Versioned;
	// otherwise 0.
	Version uint64
	// Traits says what kind of tensor this is.
	Traits Traits
}

// Defined reports whether the handle refers to a TensorImpl.
func (id Ident) Defined() bool { return id.Impl != 0 }

// HasStorage reports whether the tensor has a StorageImpl.
func (id Ident) HasStorage() bool { return id.Storage != 0 }

// Identity is the least a tensor runtime implements on its tensor handle:
// the identities, read in one call. A runtime without use counts (a
// garbage-collected one, see wrap's Frame.RetIdent) implements only this
// (and, if it can, [Contents] and [Anchored]). Every check that needs no
// use count runs on it.
//
// Ident must be safe to call on an undefined handle, including a nil
// pointer, and from several goroutines at once.
type Identity interface {
	// Ident reports the handle's identities, version counter and traits, read
	// at one instant.
	Ident() Ident
}

// Tensor is the contract a tensor runtime with use counts implements on its
// tensor handle (typically a pointer type such as *reftensor.Tensor;
// converting a pointer to an interface does not allocate).
//
// Both methods must be safe to call on an undefined handle, including a nil
// pointer, and from several goroutines at once.
type Tensor interface {
	Identity
	// UseCounts reports how many handles (and other owners) share the
	// TensorImpl, and how many TensorImpls (and other owners) share the
	// StorageImpl. A fresh tensor reports (1, 1); an undefined one (0, 0); a
	// tensor without storage reports 0 for the storage.
	UseCounts() (impl, storage int)
}

// A ContextID names an execution context of the runtime, such as an
// interpreter; 0 is the default context.
type ContextID uint64

// Binding describes a foreign object bound to a StorageImpl (for a Python
// runtime, the storage's PyObject): the context it was made in, and whether
// that context is hermetic (an isolated interpreter, as in torch::deploy).
type Binding struct {
	Context  ContextID `json:"context"`
	Hermetic bool      `json:"hermetic"`
}

// Bound is the optional contract of runtimes that bind foreign objects to
// storages. The binding_context check uses it; for tensors that do not
// implement it, binding_context is skipped with reason no_binding_support.
type Bound interface {
	Identity
	// StorageBinding reports the binding of the tensor's storage, if any.
	StorageBinding() (b Binding, ok bool)
}

// EnvState is the mode state a call runs under.
type EnvState struct {
	// ModeActive reports whether a dispatch mode (a Python mode, a tracing
	// mode...) is active; a mode may keep references to tensors.
	ModeActive bool `json:"mode_active"`
	// Context is the current execution context.
	Context ContextID `json:"context"`
	// Hermetic reports whether Context is hermetic.
	Hermetic bool `json:"hermetic"`
}

// Env is the runtime's mode state. Go has no thread-locals, so the runtime
// registers one Env with [SetEnv] and a checked call reads it once, when it begins. State
// must be safe to call from several goroutines at once.
type Env interface {
	State() EnvState
}

type envBox struct{ env Env }

var curEnv atomic.Pointer[envBox]

// SetEnv registers the runtime's Env and returns the previous one. With no
// Env (nil), calls run with the zero EnvState: no mode, default context, not
// hermetic.
func SetEnv(e Env) (prev Env) {
	var b *envBox
	if e != nil {
		b = &envBox{e}
	}
	if old := curEnv.Swap(b); old != nil {
		prev = old.env
	}
	return prev
}

// CurrentEnv returns the registered Env, or nil if there is none.
func CurrentEnv() Env {
	if b := curEnv.Load(); b != nil {
		return b.env
	}
	return nil
}
