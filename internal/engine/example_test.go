package engine_test

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// The strict skip policy, as data.
func ExampleRules() {
	for _, r := range engine.Rules(checks.Strict) {
		fmt.Printf("%-28s %-40s %s\n", r.Reason, r.Skips, r.Why)
	}
	// Output:
	// undefined                    all                                      nothing to check
	// absent                       all                                      nothing to check
	// mode_active                  impl_use_count_le_1,storage_use_count_eq_1,impl_use_count_eq_fresh,view_holds_storage a mode may keep references
	// direct_subclass              impl_use_count_le_1,impl_use_count_eq_fresh user code may keep the output
	// wrapper_subclass             same_storage,impl_use_count_le_1,storage_use_count_eq_1,shares_storage,distinct_outputs,binding_context,fresh_no_alias,same_content,impl_use_count_eq_fresh,fresh_not_held,view_holds_storage storage is a stub
	// wrapper_propagating_storage  impl_use_count_le_1,storage_use_count_eq_1,impl_use_count_eq_fresh,view_holds_storage views checked via storage
	// no_storage                   same_storage,storage_use_count_eq_1,shares_storage,distinct_outputs,binding_context,fresh_no_alias,same_content,fresh_not_held,view_holds_storage nothing to compare
	// meta                         none                                     meta tensors share storage for views
	// functional_wrapper           none                                     functional wrappers share storage for views
	// no_version_counter           no_mutation                              the runtime keeps no version counter
	// no_binding_support           binding_context                          the runtime binds no foreign objects
	// aliases_mutable_arg          no_mutation,same_content,same_metadata   the argument shares storage with an argument the call may write (x.add_(x), add(a, b, out=a)): its version and bytes move with the write; for same_metadata, it shares the TensorImpl of an argument the call may write (x.t_() seen through another argument x): its sizes and strides move with the write
	// plan                         none                                     decided when the wrapper was generated (allowlist or profile)
	// content_check_off            same_content                             same_content reads every byte an argument can reach: off unless switched on (ASSERTGEN_CONTENT, SetContentCheck)
	// no_content_access            same_content                             the runtime cannot read the tensor's bytes (no Contents, no storage data)
	// no_use_counts                impl_use_count_le_1,storage_use_count_eq_1,impl_use_count_eq_fresh,view_holds_storage the runtime keeps no use counts (a garbage-collected runtime): fresh_not_held checks freshness instead, and not_arg_handle still compares handles
	// use_counted                  fresh_not_held                           the runtime keeps use counts: storage_use_count_eq_1 checks that a fresh return's storage is held by nobody else
	// no_storage_anchor            fresh_not_held                           the runtime gives no storage anchor (Anchored) to tell a live earlier output from a collected one
	// concurrent_write             same_storage,no_mutation,binding_context,same_content,same_metadata another goroutine's checked call declared a write to the tensor's storage while this call ran (an in-place op on a view, t_ on an alias): the state moved, but not necessarily by this kernel
	// no_env                       binding_context                          the runtime registered no Env: no call runs in a hermetic context
	// hidden_storage_refs          storage_use_count_eq_1,fresh_or_alias    the return's storage use count is above 1 and may include references the runtime holds for it (a view of a view whose view function captured the intermediate, libtorch 2.x): inconclusive, not blamed on the kernel; a count of 1 passes
	// no_metadata_access           same_metadata                            the runtime cannot report the tensor's sizes, strides and storage offset (no Metadata, or not for this tensor)
	// other_holders                view_holds_storage                       the view's storage had holders besides the argument before the call, and its use count did not rise by the view's hold: one of them released on another goroutine during the call looks the same as a view that takes no hold; inconclusive, not blamed (a view of a storage only its argument held, or a count below what the argument and the view hold, is judged)
}
