package asserts_test

import (
	"fmt"
	"hash/fnv"

	"github.com/assertgen/assertgen/asserts"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// A runtime implements the contract on its tensor handle. This one is a
// toy with fixed identities; examples/reftensor is a real one.
type handle struct {
	impl, storage asserts.ID
	version       uint64
	uses          int // handles on the TensorImpl
}

func (h *handle) Ident() asserts.Ident {
	if h == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: h.impl, Storage: h.storage, Version: h.version, Traits: asserts.Versioned}
}

func (h *handle) UseCounts() (impl, storage int) {
	if h == nil {
		return 0, 0
	}
	return h.uses, 1
}

// A kernel of neg that forgot to allocate: it negates in place and returns
// its input.
func brokenNeg(self *handle) *handle {
	self.version++ // the in-place write
	self.uses++    // the caller gets a second handle to the same TensorImpl
	return self
}

// neg(Tensor self) -> Tensor, wrapped as assertgen does.
var opNeg = asserts.Op{Name: "neg"}

func checkedNeg(self *handle) *handle {
	var c asserts.Call
	c.Begin(&opNeg)
	var a0, o0 asserts.Saved
	c.Save(&a0, self)
	r0 := brokenNeg(self)
	c.After(&a0, self)
	c.Result(&o0, r0)
	c.SameImpl(asserts.Arg("self"), &a0)
	c.NoMutation(asserts.Arg("self"), &a0)
	c.ImplUseCountLE1(asserts.Ret(0), &o0)
	c.End()
	return r0
}

// The violations a broken kernel produces, one line each.
func Example() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))

	checkedNeg(&handle{impl: 0x10, storage: 0x11, uses: 1})

	for _, v := range col.Violations() {
		fmt.Println(v.Error())
	}
	// Output:
	// neg: no_mutation: argument self: kernel wrote an argument the schema does not mark mutable (version 0 before, 1 after); hint: write to a new tensor instead, or mark the argument mutable in the schema (Tensor(a!)); if an unannotated write is intended (batch_norm's running stats), add a no_mutation skip with its reason to the allowlist
	// neg: impl_use_count_le_1: return 0: TensorImpl use count is 2, want <= 1; hint: a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles
}

// What the contract reports for reftensor's handles: a fresh tensor, a
// second handle to its TensorImpl, a view of it.
func Example_contract() {
	show := func(what string, t asserts.Tensor) {
		i, s := t.UseCounts()
		id := t.Ident()
		fmt.Printf("%-8s defined=%v storage=%v impl uses=%d storage uses=%d version=%d traits=%v\n",
			what, id.Defined(), id.HasStorage(), i, s, id.Version, id.Traits)
	}
	x := rt.Zeros(2, 3)
	show("fresh", x)
	y := x.Share()
	show("shared", x)
	v := x.Transpose(0, 1)
	show("view", v)
	v.SetAt(1, 0, 0)
	show("written", x)
	y.Release()
	v.Release()
	show("alone", x)
	x.Release()
	show("released", x)
	// Output:
	// fresh    defined=true storage=true impl uses=1 storage uses=1 version=0 traits=versioned
	// shared   defined=true storage=true impl uses=2 storage uses=1 version=0 traits=versioned
	// view     defined=true storage=true impl uses=1 storage uses=2 version=0 traits=versioned
	// written  defined=true storage=true impl uses=2 storage uses=2 version=1 traits=versioned
	// alone    defined=true storage=true impl uses=1 storage uses=1 version=1 traits=versioned
	// released defined=false storage=false impl uses=0 storage uses=0 version=0 traits=plain
}

// A view kernel that copies is caught by shares_storage.
func ExampleCall_SharesStorage() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))

	self := &handle{impl: 0x20, storage: 0x21, uses: 1}
	var c asserts.Call
	c.Begin(&asserts.Op{Name: "transpose", Overload: "int"})
	var a0, o0 asserts.Saved
	c.Save(&a0, self)
	ret := &handle{impl: 0x22, storage: 0x23, uses: 1} // a copy, not a view
	c.After(&a0, self)
	c.Result(&o0, ret)
	c.SharesStorage(asserts.Ret(0), &o0, asserts.Arg("self"), &a0)
	c.End()

	v := col.Violations()[0]
	fmt.Println(v.Error())
	fmt.Printf("check=%v where=%s other=%q want=%#x got=%#x\n", v.Check, v.Where(), v.Other, v.Want, v.Got)
	// Output:
	// transpose.int: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x21, got 0x23); hint: a view kernel must return a tensor sharing self's storage
	// check=shares_storage where=return 0 other="argument self" want=0x21 got=0x23
}

// The strict skip policy, as data.
func ExamplePolicy_Rules() {
	for _, r := range asserts.Strict.Rules() {
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

// A collector's summary after a run with one broken call and one call under
// a mode.
func ExampleCollector_Summary() {
	asserts.ResetStats()
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))

	op := asserts.Op{Name: "relu"}
	for _, mode := range []bool{false, true} {
		self := &handle{impl: 0x30, storage: 0x31, uses: 1}
		var c asserts.Call
		c.BeginWith(&op, asserts.EnvState{ModeActive: mode})
		var a0, o0 asserts.Saved
		c.Save(&a0, self)
		c.After(&a0, self)
		c.Result(&o0, &handle{impl: 0x32, storage: 0x33, uses: 2}) // held twice
		c.SameImpl(asserts.Arg("self"), &a0)
		c.ImplUseCountLE1(asserts.Ret(0), &o0)
		c.End()
	}
	fmt.Print(col.Summary())
	// Output:
	// asserts: 2 calls, 3 checks run, 1 skipped, 1 violations
	// checks run:
	//   same_impl                2
	//   impl_use_count_le_1      1
	// violations by op:
	//   relu                     impl_use_count_le_1      1
	// skipped by reason:
	//   mode_active                  1
	// violations:
	//   relu: impl_use_count_le_1: return 0: TensorImpl use count is 2, want <= 1; hint: a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles
}

// bytesHandle is a handle whose bytes asserts can read (asserts.Contents).
type bytesHandle struct {
	handle
	data []byte
}

func (h *bytesHandle) ContentDigest() (uint64, bool) {
	f := fnv.New64a()
	f.Write(h.data)
	return f.Sum64(), true
}

// The opt-in content check: a kernel that writes its read-only input
// without bumping the version counter passes unseen while same_content is
// off (the default; its row counts under content_check_off), and is caught
// once it is switched on.
func ExampleSetContentCheck() {
	op := asserts.Op{Name: "add", Overload: "Tensor"}
	call := func() {
		other := &bytesHandle{handle{impl: 0x40, storage: 0x41, uses: 1}, []byte{1, 2}}
		var c asserts.Call
		c.BeginWith(&op, asserts.EnvState{})
		var s asserts.Saved
		c.Save(&s, other)
		c.SameContent(asserts.Arg("other"), &s, other)
		other.data[0] = 9 // the kernel's scribble: no version bump
		c.After(&s, other)
		c.NoMutation(asserts.Arg("other"), &s)
		c.SameContentAfter(asserts.Arg("other"), &s, other)
		c.End()
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))
	for _, on := range []bool{false, true} {
		asserts.SetContentCheck(on)
		vs := asserts.Collect(call)
		fmt.Printf("content check %v: %d violation(s)", on, len(vs))
		if len(vs) > 0 {
			fmt.Printf(": %s: %s", vs[0].Check, vs[0].Where())
		}
		fmt.Println()
	}
	st := op.Stats()
	fmt.Println("skipped under content_check_off:", st.Skipped[asserts.ReasonContentOff])
	// Output:
	// content check false: 0 violation(s)
	// content check true: 1 violation(s): same_content: argument other
	// skipped under content_check_off: 1
}

// A test that collects the violations of a loop prints each distinct one
// once, with its count: one broken kernel called 399 times is one line.
func ExampleDeduplicate() {
	var vs []asserts.Violation
	for i := range uint64(399) {
		vs = append(vs, asserts.Violation{Op: "alias", Check: asserts.CheckSharesStorage, Ret: 0, Index: -1,
			Other: "argument self", Want: 2*i + 1, Got: 2*i + 2})
	}
	for _, g := range asserts.Deduplicate(vs) {
		fmt.Println(g) // in a test: t.Error(g)
	}
	// Output:
	// alias: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x1, got 0x2) (399 times; identities differ)
}

// The table of checks, read through a check: what a row names, the calls
// generated code makes for it, and what a violation's Want and Got hold.
func ExampleCheck_Steps() {
	k := asserts.CheckSameContent
	fmt.Println(k, "on", k.Shape())
	for _, st := range k.Steps() {
		fmt.Printf("%s: %s, a list: asserts.%s\n", st.Phase, st.Funcs[asserts.FormOne], st.Funcs[asserts.FormArgList])
	}
	f, ok := asserts.CheckReturnsArg.FormFor(true, true, false)
	fmt.Println("returns_arg from a list return to a single argument:", f, ok)
	fmt.Println("want / got:", k.Values())
	// Output:
	// same_content on an argument
	// before the call: SameContent, a list: asserts.SameContentList
	// after the result: SameContentAfter, a list: asserts.SameContentAfterList
	// returns_arg from a list return to a single argument: ret list false
	// want / got: the digest of the argument's bytes before / after the kernel
}
