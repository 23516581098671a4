package checktable

import (
	"fmt"

	"github.com/assertgen/assertgen/asserts/checks"
)

// nameOf returns the name of v in names, or what(v) outside the table.
func nameOf[T ~uint8](names []string, v T, what string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", what, uint8(v))
}

// A Rule of a skip policy: when Reason holds for a tensor (or for the call),
// the checks in Skips are skipped for that tensor.
type Rule struct {
	Reason checks.Reason
	Skips  checks.Set
	Why    string
}

// The sets of checks the rules below turn off, made from the props of the
// checks' rows (table.go).
var (
	// useCountChecks read use counts (readsUseCounts).
	useCountChecks = checksThat(readsUseCounts)
	// implUseChecks read a return's TensorImpl use count: the two forms
	// of the TensorImpl use-count check of a fresh return, a release's
	// plan has one or the other (readsImplUseCount).
	implUseChecks = checksThat(readsImplUseCount)
	// storageChecks compare StorageImpls (readsStorage).
	storageChecks = checksThat(readsStorage)
	// aliasChecks are the checks an argument sharing storage with an
	// argument the call may write cannot pass: its version, its bytes and
	// its geometry move with the legal write (movesWithWrites).
	aliasChecks = checksThat(movesWithWrites)
	// concurrentChecks compare a state before the kernel with the state
	// after it that a legal call on another goroutine can move (see
	// internal/engine/concurrent.go; movesConcurrently).
	concurrentChecks = checksThat(movesConcurrently)
	// hiddenRefChecks read a return's storage use count, which the
	// runtime's own hidden references may raise (see asserts.HiddenStorageRefs;
	// readsHiddenRefs).
	hiddenRefChecks = checksThat(readsHiddenRefs)
	// versionChecks read version counters (readsVersion).
	versionChecks = checksThat(readsVersion)
	// bindingChecks read bindings and the call's context (readsBinding).
	bindingChecks = checksThat(readsBinding)
	// contentChecks read every byte (readsContent).
	contentChecks = checksThat(readsContent)
	// handOutChecks tell freshness by the registry of hand-outs
	// (readsHandOuts).
	handOutChecks = checksThat(readsHandOuts)
	// metadataChecks read sizes, strides and offsets (readsMetadata).
	metadataChecks = checksThat(readsMetadata)
	// holdChecks compare a storage's use count before and after the call
	// (readsHolds).
	holdChecks = checksThat(readsHolds)
)

const otherHoldersWhy = "the view's storage had holders besides the argument before the call, and its use count did not rise by the view's hold: one of them released on another goroutine during the call looks the same as a view that takes no hold; inconclusive, not blamed (a view of a storage only its argument held, or a count below what the argument and the view hold, is judged)"

const noMetadataWhy = "the runtime cannot report the tensor's sizes, strides and storage offset (no Metadata, or not for this tensor)"

const aliasWhy = "the argument shares storage with an argument the call may write (x.add_(x), add(a, b, out=a)): its version and bytes move with the write; for same_metadata, it shares the TensorImpl of an argument the call may write (x.t_() seen through another argument x): its sizes and strides move with the write"

const hiddenRefWhy = "the return's storage use count is above 1 and may include references the runtime holds for it (a view of a view whose view function captured the intermediate, libtorch 2.x): inconclusive, not blamed on the kernel; a count of 1 passes"

// The rules, in the order a skip's reason is chosen: a check skipped for
// several reasons is counted under the first.
var rules = [checks.NumPolicies][]Rule{
	checks.Strict: {
		{checks.ReasonUndefined, checks.All, "nothing to check"},
		{checks.ReasonAbsent, checks.All, "nothing to check"},
		{checks.ReasonModeActive, useCountChecks, "a mode may keep references"},
		{checks.ReasonDirectSubclass, implUseChecks, "user code may keep the output"},
		{checks.ReasonWrapperStub, storageChecks | useCountChecks, "storage is a stub"},
		{checks.ReasonWrapperPropagating, useCountChecks, "views checked via storage"},
		{checks.ReasonNoStorage, storageChecks, "nothing to compare"},
		{checks.ReasonMeta, 0, "meta tensors share storage for views"},
		{checks.ReasonFunctional, 0, "functional wrappers share storage for views"},
		{checks.ReasonNoVersion, versionChecks, "the runtime keeps no version counter"},
		{checks.ReasonNoBinding, bindingChecks, "the runtime binds no foreign objects"},
		{checks.ReasonAliasesMutable, aliasChecks, aliasWhy},
		{checks.ReasonPlan, 0, "decided when the wrapper was generated (allowlist or profile)"},
		{checks.ReasonContentOff, contentChecks, "same_content reads every byte an argument can reach: off unless switched on (ASSERTGEN_CONTENT, SetContentCheck)"},
		{checks.ReasonNoContent, contentChecks, "the runtime cannot read the tensor's bytes (no Contents, no storage data)"},
		{checks.ReasonNoUseCounts, useCountChecks, "the runtime keeps no use counts (a garbage-collected runtime): fresh_not_held checks freshness instead, and not_arg_handle still compares handles"},
		{checks.ReasonCounted, handOutChecks, "the runtime keeps use counts: storage_use_count_eq_1 checks that a fresh return's storage is held by nobody else"},
		{checks.ReasonNoAnchor, handOutChecks, "the runtime gives no storage anchor (Anchored) to tell a live earlier output from a collected one"},
		{checks.ReasonConcurrentWrite, concurrentChecks, "another goroutine's checked call declared a write to the tensor's storage while this call ran (an in-place op on a view, t_ on an alias): the state moved, but not necessarily by this kernel"},
		{checks.ReasonNoEnv, bindingChecks, "the runtime registered no Env: no call runs in a hermetic context"},
		{checks.ReasonHiddenStorageRefs, hiddenRefChecks, hiddenRefWhy},
		{checks.ReasonNoMetadata, metadataChecks, noMetadataWhy},
		{checks.ReasonOtherHolders, holdChecks, otherHoldersWhy},
	},
	checks.PyTorch:    pytorchRules,
	checks.PyTorch113: pytorchRules,
}

// pytorchRules are the per-tensor rules of every pytorch profile.
var pytorchRules = []Rule{
	{checks.ReasonUndefined, checks.All, "nothing to check"},
	{checks.ReasonAbsent, checks.All, "nothing to check"},
	{checks.ReasonModeActive, checks.All, "PyTorch skips every check under a Python mode"},
	{checks.ReasonDirectSubclass, checks.All, "PyTorch skips every check for tensor subclasses"},
	{checks.ReasonWrapperStub, checks.All, "PyTorch skips every check for tensor subclasses"},
	{checks.ReasonWrapperPropagating, checks.All, "PyTorch skips every check for tensor subclasses"},
	{checks.ReasonNoStorage, storageChecks, "nothing to compare"},
	{checks.ReasonMeta, 0, "PyTorch checks meta tensors"},
	{checks.ReasonFunctional, 0, "PyTorch checks functional wrappers"},
	{checks.ReasonNoVersion, versionChecks, "the runtime keeps no version counter"},
	{checks.ReasonNoBinding, bindingChecks, "the runtime binds no foreign objects"},
	{checks.ReasonAliasesMutable, aliasChecks, aliasWhy},
	{checks.ReasonPlan, 0, "decided when the wrapper was generated (allowlist or profile)"},
	{checks.ReasonContentOff, contentChecks, "PyTorch has no content check (the pytorch profile plans none)"},
	{checks.ReasonNoContent, contentChecks, "the runtime cannot read the tensor's bytes (no Contents, no storage data)"},
	{checks.ReasonNoUseCounts, useCountChecks, "the runtime keeps no use counts (a garbage-collected runtime)"},
	{checks.ReasonCounted, handOutChecks, "the runtime keeps use counts: storage_use_count_eq_1 checks what fresh_not_held would (PyTorch plans no fresh_not_held)"},
	{checks.ReasonNoAnchor, handOutChecks, "the runtime gives no storage anchor (Anchored)"},
	{checks.ReasonConcurrentWrite, concurrentChecks, "another goroutine's checked call declared a write to the tensor's storage while this call ran (an in-place op on a view, t_ on an alias): the state moved, but not necessarily by this kernel"},
	{checks.ReasonNoEnv, bindingChecks, "the runtime registered no Env: no call runs in a hermetic context"},
	{checks.ReasonHiddenStorageRefs, hiddenRefChecks, hiddenRefWhy},
	{checks.ReasonNoMetadata, metadataChecks, noMetadataWhy},
	{checks.ReasonOtherHolders, holdChecks, otherHoldersWhy},
}

// A Guard is a skip condition of PyTorch's generated code that is not per
// tensor: it depends on the row (see checks.PyTorch).
type Guard uint8

const (
	// GuardListWhole: a list argument's check is skipped for every
	// element when one element is a subclass.
	GuardListWhole Guard = 1 << iota
	// GuardOptListImplOpen: same_impl on a Tensor?[] argument is not
	// skipped for subclasses.
	GuardOptListImplOpen
	// GuardViewArgOnly: shares_storage is skipped for a subclass argument
	// but not for a subclass return.
	GuardViewArgOnly
)

var policyGuards = [checks.NumPolicies]Guard{
	checks.PyTorch:    GuardListWhole | GuardOptListImplOpen,
	checks.PyTorch113: GuardListWhole | GuardOptListImplOpen | GuardViewArgOnly,
}

// Guards returns the row guards of PyTorch's generated code that p
// follows beyond its rules (see [Guard]); a plan's guards (explain's
// words) are made from them and the rules, and the run-time policy of
// internal/engine applies them.
func Guards(p checks.Policy) Guard {
	if p >= checks.NumPolicies {
		return 0
	}
	return policyGuards[p]
}

// Rules returns the policy as data: one rule per reason, in the order a
// skip's reason is chosen; nil for a value that is no policy.
func Rules(p checks.Policy) []Rule {
	if p >= checks.NumPolicies {
		return nil
	}
	return append([]Rule(nil), rules[p]...)
}
