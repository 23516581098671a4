package checks

import "fmt"

// A Reason is why a check was skipped: a condition of the call or of a
// tensor. Every skip is counted under its reason (see asserts.ReadStats).
type Reason uint8

const (
	ReasonUndefined          Reason = iota // undefined: the tensor is undefined
	ReasonAbsent                           // absent: an optional tensor (Tensor?, Tensor?[] element) is absent
	ReasonModeActive                       // mode_active: a dispatch mode is active
	ReasonDirectSubclass                   // direct_subclass: a direct subclass tensor
	ReasonWrapperStub                      // wrapper_subclass: a wrapper subclass whose storage is a stub
	ReasonWrapperPropagating               // wrapper_propagating_storage: a wrapper subclass that propagates storage
	ReasonNoStorage                        // no_storage: a tensor without storage (sparse, nested)
	ReasonMeta                             // meta: a meta-device tensor (skips nothing)
	ReasonFunctional                       // functional_wrapper: a functional wrapper (skips nothing)
	ReasonNoVersion                        // no_version_counter: the runtime keeps no version counter
	ReasonNoBinding                        // no_binding_support: the tensor does not implement Bound
	ReasonAliasesMutable                   // aliases_mutable_arg: the argument shares storage with an argument the call may write
	ReasonPlan                             // plan: skipped when the wrapper was generated (a Shape's Row with Skip set)
	ReasonContentOff                       // content_check_off: same_content is switched off for the call (the default, see asserts.SetContentCheck)
	ReasonNoContent                        // no_content_access: the tensor does not implement Contents, or its bytes cannot be read
	ReasonNoUseCounts                      // no_use_counts: the runtime keeps no use counts (the return was read without them, wrap's Frame.RetIdent)
	ReasonCounted                          // use_counted: the runtime keeps use counts, and storage_use_count_eq_1 checks what fresh_not_held would
	ReasonNoAnchor                         // no_storage_anchor: the tensor does not implement Anchored, or has no anchor
	ReasonConcurrentWrite                  // concurrent_write: another goroutine's checked call declared a write to the tensor's storage while the call ran
	ReasonNoEnv                            // no_env: the runtime registered no Env, so no call runs in a hermetic context
	ReasonHiddenStorageRefs                // hidden_storage_refs: a return's storage use count is above 1, and may include references the runtime holds for it (trait asserts.HiddenStorageRefs)
	ReasonNoMetadata                       // no_metadata_access: the tensor does not implement Metadata, or cannot report its metadata
	ReasonOtherHolders                     // other_holders: a view's storage had holders besides its argument before the call, and its use count did not rise by the view's hold (see wrap's Call.ViewHoldsStorage)

	// NumReasons is the number of reasons.
	NumReasons = iota
)

var reasonNames = [NumReasons]string{
	"undefined", "absent", "mode_active", "direct_subclass", "wrapper_subclass",
	"wrapper_propagating_storage", "no_storage", "meta", "functional_wrapper",
	"no_version_counter", "no_binding_support", "aliases_mutable_arg", "plan",
	"content_check_off", "no_content_access", "no_use_counts", "use_counted", "no_storage_anchor", "concurrent_write", "no_env",
	"hidden_storage_refs",
	"no_metadata_access",
	"other_holders",
}

// String returns the reason's name, e.g. "mode_active".
func (r Reason) String() string { return nameOf(reasonNames[:], r, "reason") }

// MarshalText encodes the reason by name.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a reason name.
func (r *Reason) UnmarshalText(b []byte) error {
	x, ok := ParseReason(string(b))
	if !ok {
		return fmt.Errorf("checks: unknown reason %q", b)
	}
	*r = x
	return nil
}

// ParseReason returns the reason with the given name.
func ParseReason(name string) (Reason, bool) {
	for i, n := range reasonNames {
		if n == name {
			return Reason(i), true
		}
	}
	return 0, false
}
