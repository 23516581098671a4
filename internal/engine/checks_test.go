package engine_test

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// The skip matrix: for each check and kind of tensor, the expected skip
// reason under the strict and the pytorch profile ("" = the check runs).
// It restates DESIGN.md's table; the tests below run a broken kernel for
// every cell, so a skipped cell must stay silent and a running cell must
// report the violation. Kinds "absent" (an absent optional) and "mode" (a
// plain tensor while a dispatch mode is active) are conditions of the call.
var skipMatrix = map[checks.Check]map[string][2]string{
	checks.SameImpl: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"", ""},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
	},
	checks.SameStorage: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
	},
	checks.NoMutation: {
		"plain": {"", ""}, "no_version": {"no_version_counter", "no_version_counter"}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"", ""},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
	},
	checks.BindingContext: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
		"not_bound": {"no_binding_support", "no_binding_support"},
	},
	checks.ImplUseCountLE1: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"direct_subclass", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"},
		"wrapper_prop": {"wrapper_propagating_storage", "wrapper_propagating_storage"},
		"meta":         {"", ""}, "functional": {"", ""}, "sparse": {"", ""},
		"undefined": {"undefined", "undefined"}, "mode": {"mode_active", "mode_active"},
		"uncounted": {"no_use_counts", "no_use_counts"},
	},
	// impl_use_count_eq_fresh skips as impl_use_count_le_1 does; "bound"
	// is a return with a foreign object bound to its TensorImpl (use
	// count 2 when correct, 3 when broken).
	checks.ImplUseCountEqFresh: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"direct_subclass", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"},
		"wrapper_prop": {"wrapper_propagating_storage", "wrapper_propagating_storage"},
		"meta":         {"", ""}, "functional": {"", ""}, "sparse": {"", ""},
		"undefined": {"undefined", "undefined"}, "mode": {"mode_active", "mode_active"},
		"bound": {"", ""},
	},
	checks.StorageUseCountEq1: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"},
		"wrapper_prop": {"wrapper_propagating_storage", "wrapper_propagating_storage"},
		"meta":         {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "mode": {"mode_active", "mode_active"},
		"uncounted": {"no_use_counts", "no_use_counts"},
	},
	checks.SharesStorage: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
	},
	checks.ReturnsArg: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"", ""},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
	},
	// fresh_or_alias leaves out the evidence the policy turns off: for a
	// direct subclass only the storage use count decides "fresh"; for a
	// propagating wrapper or under a mode nothing decides it, so it skips.
	checks.FreshOrAlias: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"},
		"wrapper_prop": {"wrapper_propagating_storage", "wrapper_propagating_storage"},
		"meta":         {"", ""}, "functional": {"", ""}, "sparse": {"", ""},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"mode_active", "mode_active"},
	},
	checks.DistinctOutputs: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "mode": {"", "mode_active"},
	}, // fresh_no_alias needs no use counts: under a mode and for subclasses
	// the strict profile still checks it.
	checks.FreshNoAlias: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
	},
	// same_content reads bytes: a tensor without storage or a meta
	// tensor has none to read; "no_contents" is a runtime without
	// asserts.Contents, "content_off" a call with the check switched off.
	checks.SameContent: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"no_content_access", "no_content_access"}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
		"no_contents": {"no_content_access", "no_content_access"},
		"content_off": {"content_check_off", "content_check_off"},
	},
	// fresh_not_held runs on returns of runtimes without use counts
	// (ResultIdent) that give a storage anchor: "counted" is a return with
	// use counts (Result), "no_anchor" one without asserts.Anchored. It
	// needs no use counts, so modes and subclasses keep it under strict.
	checks.FreshNotHeld: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "mode": {"", "mode_active"},
		"counted": {"use_counted", "use_counted"}, "no_anchor": {"no_storage_anchor", "no_storage_anchor"},
	},
	// same_metadata compares geometry, which every kind of tensor has:
	// only the pytorch profile's blanket skips apply (it plans no such
	// row; the rules still decide what a row would do). "no_metadata" is
	// a runtime without asserts.Metadata; the fake's sparse and meta
	// tensors report metadata as reftensor's do.
	checks.SameMetadata: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"", "wrapper_subclass"}, "wrapper_prop": {"", "wrapper_propagating_storage"},
		"meta": {"", ""}, "functional": {"", ""}, "sparse": {"", ""},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"", "mode_active"},
		"no_metadata": {"no_metadata_access", "no_metadata_access"},
	},
	// view_holds_storage reads use counts and storages: it skips as the
	// use-count checks of a return do, but for a direct subclass (whose
	// user code may keep the view, which only adds holds). "shared" is a
	// storage other tensors hold too: a shortfall there may be a release
	// on another goroutine (other_holders).
	checks.ViewHoldsStorage: {
		"plain": {"", ""}, "no_version": {"", ""}, "subclass": {"", "direct_subclass"},
		"wrapper_stub": {"wrapper_subclass", "wrapper_subclass"},
		"wrapper_prop": {"wrapper_propagating_storage", "wrapper_propagating_storage"},
		"meta":         {"", ""}, "functional": {"", ""}, "sparse": {"no_storage", "no_storage"},
		"undefined": {"undefined", "undefined"}, "absent": {"absent", "absent"}, "mode": {"mode_active", "mode_active"},
		"uncounted": {"no_use_counts", "no_use_counts"}, "shared": {"other_holders", "other_holders"},
	},
}

// The message each check's broken kernel must produce.
var failMessage = map[checks.Check]string{
	checks.SameImpl:            "op.ov: same_impl: argument self: kernel replaced the TensorImpl (before 0x",
	checks.SameStorage:         "op.ov: same_storage: argument self: kernel replaced the StorageImpl (before 0x",
	checks.NoMutation:          "op.ov: no_mutation: argument self: kernel wrote an argument the schema does not mark mutable (version 3 before, 4 after)",
	checks.BindingContext:      "op.ov: binding_context: argument self: StorageImpl 0x%s is bound in context 0 (not hermetic), but the call runs in hermetic context 7",
	checks.ImplUseCountLE1:     "op.ov: impl_use_count_le_1: return 0: TensorImpl use count is 2, want <= 1",
	checks.StorageUseCountEq1:  "op.ov: storage_use_count_eq_1: return 0: StorageImpl use count is 2, want 1",
	checks.ImplUseCountEqFresh: "op.ov: impl_use_count_eq_fresh: return 0: TensorImpl use count is ",
	checks.SharesStorage:       "op.ov: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x",
	checks.ReturnsArg:          "op.ov: returns_arg: return 0: is not argument self (want TensorImpl 0x",
	checks.FreshOrAlias:        "op.ov: fresh_or_alias: return 0: is neither argument self (TensorImpl 0x",
	checks.DistinctOutputs:     "op.ov: distinct_outputs: return 0: shares StorageImpl 0x",
	checks.FreshNoAlias:        "op.ov: fresh_no_alias: return 0: shares StorageImpl 0x",
	checks.SameContent:         "op.ov: same_content: argument self: kernel wrote the bytes of an argument the schema does not mark mutable (StorageImpl 0x",
	checks.FreshNotHeld:        "op.ov: fresh_not_held: return 0: StorageImpl 0x",
	checks.SameMetadata:        "op.ov: same_metadata: argument self: kernel changed the sizes, strides or storage offset of an argument the schema does not mark mutable (metadata fingerprint 0x",
	checks.ViewHoldsStorage:    "op.ov: view_holds_storage: return 0: StorageImpl 0x",
}

// tensorFor returns a fake of the named kind and whether the call runs
// under a mode.
func tensorFor(kind string) (f *fake, mode bool) {
	switch kind {
	case "mode":
		return newFake(kPlain), true
	case "absent", "not_bound", "no_contents", "content_off", "bound", "counted", "no_anchor", "uncounted", "no_metadata", "shared":
		return newFake(kPlain), false
	}
	for i, n := range kindNames {
		if n == kind {
			return newFake(i), false
		}
	}
	panic("unknown kind " + kind)
}

// scenario returns the checked call of check on a tensor of the given
// kind; broken makes the kernel break the check's invariant.
func scenario(k checks.Check, kind string, broken bool) (asserts.EnvState, tcall) {
	x, mode := tensorFor(kind)
	env := asserts.EnvState{ModeActive: mode}
	var arg any = x
	if kind == "absent" {
		arg = (*fake)(nil)
	}
	one := []engine.Row{row(k, 0, -1)}
	switch k {
	case checks.SameImpl, checks.SameStorage, checks.NoMutation:
		return env, tcall{args: []any{arg}, rows: one, kernel: func() {
			if broken {
				switch k {
				case checks.SameImpl:
					x.id.Impl = fid()
				case checks.SameStorage:
					x.id.Storage = fid()
				case checks.NoMutation:
					x.id.Version++
				}
			}
		}}
	case checks.BindingContext:
		env.Context, env.Hermetic = 7, true
		x.binding, x.bindingIsSet = asserts.Binding{Context: 7, Hermetic: true}, true
		if broken {
			x.binding = asserts.Binding{Context: 0}
		}
		c := tcall{args: []any{arg}, rows: one, tensor: func(f *fake) asserts.Identity { return boundFake{f} }}
		if kind == "not_bound" {
			c.tensor = nil
		}
		return env, c
	case checks.ImplUseCountLE1, checks.StorageUseCountEq1:
		if broken {
			if k == checks.ImplUseCountLE1 {
				x.implUses = 2
			} else {
				x.storageUses = 2
			}
		}
		return env, tcall{rets: []any{x}, rows: one, uncounted: kind == "uncounted"}
	case checks.ImplUseCountEqFresh:
		c := tcall{rets: []any{x}, rows: one}
		if kind == "bound" {
			x.implUses, x.implBinding, x.implBound = 2, asserts.Binding{Context: 3}, true
			c.tensor = implBound
		}
		if broken {
			x.implUses++
		}
		return env, c
	case checks.SharesStorage, checks.ReturnsArg, checks.FreshOrAlias:
		// The return has the argument's traits. Correct kernels return: a
		// view (shares_storage, fresh_or_alias), the argument itself
		// (returns_arg); broken ones a tensor with its own storage that
		// someone else holds too.
		r := &fake{id: x.id, implUses: 1, storageUses: 2}
		r.id.Impl = fid()
		switch {
		case broken:
			if x.id.Storage != 0 {
				r.id.Storage = fid()
			}
			r.implUses, r.storageUses = 2, 2
		case k == checks.ReturnsArg:
			r.id.Impl, r.implUses = x.id.Impl, 2
		}
		if kind == "undefined" {
			r = newFake(kPlain) // a defined return of an undefined argument
		}
		return env, tcall{args: []any{arg}, rets: []any{r}, rows: []engine.Row{row(k, 1, 0)}}
	case checks.FreshNoAlias:
		// A fresh return with the argument's traits; the broken kernel
		// returns (a view of) the argument's storage.
		r := &fake{id: x.id, implUses: 1, storageUses: 1}
		r.id.Impl, r.id.Storage = fid(), fid()
		if kind == "undefined" || kind == "sparse" {
			r.id.Storage = x.id.Storage // none: nothing to compare
		}
		if kind == "undefined" {
			r = newFake(kPlain)
		}
		if broken && x.id.Storage != 0 {
			r.id.Storage, r.storageUses = x.id.Storage, 2
		}
		return env, tcall{args: []any{arg}, rets: []any{r}, rows: []engine.Row{row(k, 1, 0)}}
	case checks.SameContent:
		// The broken kernel writes the bytes without bumping the version.
		x.content = 1
		c := tcall{args: []any{arg}, rows: one, tensor: func(f *fake) asserts.Identity { return contentFake{f} },
			around: func() func() {
				prev := asserts.SetContentCheck(kind != "content_off")
				return func() { asserts.SetContentCheck(prev) }
			},
			kernel: func() {
				if broken {
					x.content++
				}
			}}
		if kind == "no_contents" {
			c.tensor = nil
		}
		return env, c
	case checks.FreshNotHeld:
		// The broken kernel returns, fresh, a storage an earlier call
		// (of another op) returned fresh and that is still alive.
		buf := new([16]byte)
		anchor := func(f *fake) unsafe.Pointer {
			if f.id.Storage == 0 {
				return nil
			}
			return unsafe.Pointer(&buf[15])
		}
		c := tcall{rets: []any{x}, rows: one, uncounted: kind != "counted", anchor: anchor,
			tensor: func(f *fake) asserts.Identity { return anchoredFake{f, buf} }}
		if kind == "no_anchor" {
			c.anchor, c.tensor = nil, func(f *fake) asserts.Identity { return uncountedFake{f} }
		}
		if broken && x.id.Storage != 0 {
			earlier := tcall{rets: []any{&fake{id: asserts.Ident{Impl: fid(), Storage: x.id.Storage}}}, rows: one,
				uncounted: true, anchor: anchor, tensor: func(f *fake) asserts.Identity { return anchoredFake{f, buf} }}
			c.around = func() func() {
				earlier.frame(&engine.Op{Name: "earlier"})
				return func() {}
			}
		}
		return env, c
	case checks.SameMetadata:
		// The broken kernel changes the argument's geometry in place.
		x.meta = 0x40
		c := tcall{args: []any{arg}, rows: one, meta: true, tensor: asMeta, kernel: func() {
			if broken {
				x.meta++
			}
		}}
		if kind == "no_metadata" {
			c.meta, c.tensor = false, nil
		}
		return env, c
	}
	panic("no scenario for " + k.String())
}

// distinctScenario is an op with two fresh returns of the given kind,
// through a Frame: a broken kernel returns them on one StorageImpl.
func distinctScenario(kind string, broken bool) (asserts.EnvState, func(op *engine.Op)) {
	x, mode := tensorFor(kind)
	y, _ := tensorFor(kind)
	if broken {
		y.id.Storage = x.id.Storage
	}
	return asserts.EnvState{ModeActive: mode}, func(op *engine.Op) {
		var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Begin(op, &distinctShape)
		for i, r := range []*fake{x, y} {
			iu, su := r.UseCounts()
			f.Ret(i, r.Ident(), iu, su, unsafe.Pointer(r))
		}
		f.End()
	}
}

// distinctShape is op() -> (Tensor, Tensor) checked by distinct_outputs
// alone.
var distinctShape = engine.Shape{
	Rets:   2,
	Rows:   []engine.Row{{Check: checks.DistinctOutputs, Form: engine.FormOne, T: 0, U: -1, Set: 1<<0 | 1<<1}},
	Locs:   []engine.Loc{engine.Ret(0), engine.Ret(1)},
	Tensor: fakeOf,
}

// viewScenario is a view op on a tensor of the given kind, through a
// Frame (which reads the storage's use count before the kernel): a
// correct kernel returns a view with a TensorImpl of its own that holds
// the tensor's storage (its count rises by one), a broken one a view that
// takes no hold.
func viewScenario(kind string, broken bool) (asserts.EnvState, func(op *engine.Op)) {
	x, mode := tensorFor(kind)
	if kind == "shared" {
		x.storageUses = 3 // two other tensors on the storage
	}
	r := &fake{id: x.id, implUses: 1}
	r.id.Impl = fid()
	if kind == "undefined" {
		r = newFake(kPlain) // a defined return of an undefined argument
	}
	kernel := func() *fake {
		if !broken && x.id.Storage != 0 {
			x.storageUses++
		}
		r.storageUses = x.storageUses
		return r
	}
	return asserts.EnvState{ModeActive: mode}, func(op *engine.Op) {
		if kind == "uncounted" {
			viewCallUnc(op, x, kernel)
			return
		}
		viewCall(op, x, kind != "absent", kernel)
	}
}

// runScenario runs check k's scenario on a tensor of the given kind as a
// checked call under profile p.
func runScenario(t *testing.T, p checks.Policy, k checks.Check, kind string, broken bool) outcome {
	t.Helper()
	switch k {
	case checks.ViewHoldsStorage:
		env, body := viewScenario(kind, broken)
		return runFrame(t, p, env, body)
	case checks.DistinctOutputs:
		env, body := distinctScenario(kind, broken)
		return runFrame(t, p, env, body)
	}
	env, c := scenario(k, kind, broken)
	return c.run(t, p, env)
}

func TestSkipMatrix(t *testing.T) {
	for k := checks.Check(0); k < checks.NumChecks; k++ {
		cells := skipMatrix[k]
		if len(cells) == 0 {
			t.Errorf("%v: no cells in the skip matrix", k)
		}
		for _, kind := range slices.Sorted(maps.Keys(cells)) {
			for p, reason := range cells[kind] {
				profile := checks.Policy(p)
				name := k.String() + "/" + profile.String() + "/" + kind
				t.Run(name, func(t *testing.T) {
					out := runScenario(t, profile, k, kind, true)
					if reason != "" {
						r := reasonByName(t, reason)
						if len(out.violations) != 0 {
							t.Errorf("a skipped check reported %v", &out.violations[0])
						}
						if out.stats.Ran[k] != 0 || out.stats.Skipped[r] != 1 || out.stats.TotalSkipped() != 1 {
							t.Errorf("ran %d, skipped %v; want 0 run, 1 skip for %s", out.stats.Ran[k], out.stats.Skipped, reason)
						}
						return
					}
					// The check runs: the broken kernel is reported...
					if len(out.violations) != 1 {
						t.Fatalf("%d violations, want 1", len(out.violations))
					}
					v := &out.violations[0]
					msg := failMessage[k]
					if k == checks.BindingContext {
						msg = msg[:strings.Index(msg, "%s")]
					}
					if v.Check != k || !strings.Contains(v.Error(), msg) {
						t.Errorf("violation %q,\nwant it to contain %q", v.Error(), msg)
					}
					if !strings.Contains(v.Error(), "; hint: ") || v.Hint == "" {
						t.Errorf("violation without a hint: %q", v.Error())
					}
					if out.stats.Ran[k] == 0 || out.stats.Violations[k] != 1 || out.stats.TotalSkipped() != 0 {
						t.Errorf("stats %+v", out.stats)
					}
					// ...and a correct kernel is not.
					ok := runScenario(t, profile, k, kind, false)
					if len(ok.violations) != 0 {
						t.Errorf("correct kernel reported: %v", &ok.violations[0])
					}
					if ok.stats.Ran[k] == 0 || ok.stats.TotalSkipped() != 0 {
						t.Errorf("correct kernel: stats %+v", ok.stats)
					}
				})
			}
		}
	}
}

func reasonByName(t *testing.T, name string) checks.Reason {
	t.Helper()
	for r := checks.Reason(0); r < checks.NumReasons; r++ {
		if r.String() == name {
			return r
		}
	}
	t.Fatalf("unknown reason %q", name)
	return 0
}

// Every reason except plan (and meta and functional_wrapper, which skip
// nothing) appears in the matrix.
func TestSkipMatrixCoversReasons(t *testing.T) {
	seen := map[string]bool{}
	for _, cells := range skipMatrix {
		for _, want := range cells {
			seen[want[0]], seen[want[1]] = true, true
		}
	}
	for r := checks.Reason(0); r < checks.NumReasons; r++ {
		switch r {
		case checks.ReasonPlan, checks.ReasonMeta, checks.ReasonFunctional:
			continue
		case checks.ReasonAliasesMutable: // a condition of two arguments: TestNoMutationAliasesMutable
			continue
		case checks.ReasonConcurrentWrite: // a condition of two calls: concurrent_test.go
			continue
		case checks.ReasonNoEnv: // a condition of the runtime: TestBindingContextWithoutEnv
			continue
		case checks.ReasonHiddenStorageRefs: // a condition of the count: hiddenrefs_test.go
			continue
		}
		if !seen[r.String()] {
			t.Errorf("reason %v is not exercised", r)
		}
	}
}

// same_metadata's fast path takes a defined argument with no trait but
// Versioned, saved outside a mode: no profile may skip it for a tensor
// without a version counter, whose only condition is no_version_counter.
func TestSameMetadataFastPathSkipsNothing(t *testing.T) {
	for p := checks.Policy(0); engine.Rules(p) != nil; p++ {
		for _, r := range engine.Rules(p) {
			if (r.Reason == checks.ReasonNoVersion || r.Reason == checks.ReasonCounted) && r.Skips.Has(checks.SameMetadata) {
				t.Errorf("%v: %v skips same_metadata, which the fast path runs", p, r.Reason)
			}
		}
	}
}

// The checks with a fast path pass a pair of plain snapshots (defined,
// versioned, no other trait, no mode, counted, with storage) without
// asking the skip policy: no profile may skip them on such a tensor,
// whose only condition is use_counted.
func TestPlainPairsSkipNothingOnFastPaths(t *testing.T) {
	fast := checks.SetOf(checks.SameImpl, checks.SameStorage, checks.NoMutation,
		checks.ImplUseCountLE1, checks.StorageUseCountEq1, checks.FreshNoAlias,
		checks.ReturnsArg, checks.SharesStorage, checks.FreshOrAlias, checks.BindingContext)
	for p := checks.Policy(0); engine.Rules(p) != nil; p++ {
		for _, r := range engine.Rules(p) {
			if r.Reason == checks.ReasonCounted && r.Skips&fast != 0 {
				t.Errorf("%v: use_counted skips %v, which plain pairs pass without the policy", p, r.Skips&fast)
			}
		}
	}
}
