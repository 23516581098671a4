package engine_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// An argument that shares storage with an argument the call writes sees
// its version move with that legal write: no_mutation skips it (counted
// under aliases_mutable_arg), whether it is the same tensor (x.add_(x)), a
// view of it (x.mul_(x.alias()), x[0].add_(x[1])) or an out= buffer's
// (add(a, b, out=a), add(buf[0], buf[1], out=buf[2])). An argument with
// its own storage is still checked.
func TestNoMutationAliasesMutable(t *testing.T) {
	type call struct {
		inputs []*fake // not mutable, checked with no_mutation
		muts   []*fake // mutable: written by the kernel
		list   bool    // the mutable arguments are one Tensor(a!)[]
	}
	base := newFake(kPlain)
	viewOf := func(f *fake) *fake { v := &fake{id: f.id, implUses: 1, storageUses: 2}; v.id.Impl = fid(); return v }
	other := newFake(kPlain)
	sparse, sparse2 := newFake(kSparse), newFake(kSparse)
	many := make([]*fake, 6) // more mutable tensors than the Call keeps inline
	for i := range many {
		many[i] = newFake(kPlain)
	}
	for _, tc := range []struct {
		name    string
		c       call
		writeIn []*fake // tensors the kernel writes (their storage's version moves)
		want    int     // violations
		skips   int     // aliases_mutable_arg skips
	}{
		{"x.add_(x)", call{inputs: []*fake{base}, muts: []*fake{base}}, []*fake{base}, 0, 1},
		{"x.mul_(x.alias())", call{inputs: []*fake{viewOf(base)}, muts: []*fake{base}}, []*fake{base}, 0, 1},
		{"x[0].add_(x[1])", call{inputs: []*fake{viewOf(base)}, muts: []*fake{viewOf(base)}}, []*fake{base}, 0, 1},
		{"add(a, b, out=a)", call{inputs: []*fake{base, other}, muts: []*fake{base}}, []*fake{base}, 0, 1},
		{"add(buf[0], buf[1], out=buf[2])", call{inputs: []*fake{viewOf(base), viewOf(base)}, muts: []*fake{viewOf(base)}}, []*fake{base}, 0, 2},
		{"max.dim_max(out=(buf[1], buf[2]))", call{inputs: []*fake{other}, muts: []*fake{viewOf(base), viewOf(base)}}, []*fake{base}, 0, 0},
		{"foreach list: self[5] is other", call{inputs: []*fake{many[5]}, muts: many, list: true}, many, 0, 1},
		{"a real write to an unaliased input", call{inputs: []*fake{other}, muts: []*fake{base}}, []*fake{base, other}, 1, 0},
		// A storageless (sparse) tensor's version counter is its
		// TensorImpl's: _coalesced.out(x, out=x) writes x itself.
		{"sparse x: op(x, out=x)", call{inputs: []*fake{sparse}, muts: []*fake{sparse}}, []*fake{sparse}, 0, 1},
		{"sparse: a real write to another sparse input", call{inputs: []*fake{sparse2}, muts: []*fake{sparse}}, []*fake{sparse2}, 1, 0},
		{"inline overflow: a real write", call{inputs: []*fake{other}, muts: many}, []*fake{other}, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The kernel writes: every tensor on a written storage sees
			// the version move (views share their base's counter).
			bump := func(f *fake) {
				for _, w := range tc.writeIn {
					if f.id.Storage == w.id.Storage && (f.id.Storage != 0 || f.id.Impl == w.id.Impl) {
						f.id.Version++
						return
					}
				}
			}
			call := tcall{kernel: func() {
				for _, f := range tc.c.inputs {
					bump(f)
				}
			}}
			for i, f := range tc.c.inputs {
				call.args = append(call.args, f)
				call.rows = append(call.rows, row(checks.NoMutation, int8(i), -1))
			}
			if tc.c.list {
				call.args = append(call.args, tc.c.muts)
				call.writes = []int8{int8(len(tc.c.inputs))}
			} else {
				for _, f := range tc.c.muts {
					call.writes = append(call.writes, int8(len(call.args)))
					call.args = append(call.args, f)
				}
			}
			out := call.run(t, checks.Strict, asserts.EnvState{})
			for _, f := range tc.c.inputs {
				f.id.Version = 3
			}
			if len(out.violations) != tc.want {
				t.Errorf("%d violations (%v), want %d", len(out.violations), out.violations, tc.want)
			}
			if got := out.stats.Skipped[checks.ReasonAliasesMutable]; got != uint64(tc.skips) {
				t.Errorf("%d aliases_mutable_arg skips, want %d", got, tc.skips)
			}
		})
	}
}

// fresh_no_alias holds under a mode, where the use-count checks are
// skipped; where storage_use_count_eq_1 ran on the return and reported it,
// fresh_no_alias stays silent (one bug, one report).
func TestFreshNoAliasUnderModeAndOnce(t *testing.T) {
	x := newFake(kPlain)
	view := &fake{id: x.id, implUses: 1, storageUses: 2}
	view.id.Impl = fid()
	body := tcall{args: []any{x}, rets: []any{view},
		rows: []engine.Row{row(checks.StorageUseCountEq1, 1, -1), row(checks.ImplUseCountLE1, 1, -1), row(checks.FreshNoAlias, 1, 0)}}
	plain := body.run(t, checks.Strict, asserts.EnvState{})
	if len(plain.violations) != 1 || plain.violations[0].Check != checks.StorageUseCountEq1 {
		t.Errorf("no mode: %v, want storage_use_count_eq_1 only", plain.violations)
	}
	mode := body.run(t, checks.Strict, asserts.EnvState{ModeActive: true})
	if len(mode.violations) != 1 || mode.violations[0].Check != checks.FreshNoAlias {
		t.Fatalf("under a mode: %v, want fresh_no_alias only", mode.violations)
	}
	want := "op.ov: fresh_no_alias: return 0: shares StorageImpl " + x.id.Storage.String() +
		" with argument self (storage use count 2), but the schema says the return is fresh; hint: a fresh return must not share memory with self"
	if got := mode.violations[0].Error(); !strings.HasPrefix(got, want) {
		t.Errorf("message %q,\nwant prefix %q", got, want)
	}
	py := body.run(t, checks.PyTorch, asserts.EnvState{ModeActive: true})
	if len(py.violations) != 0 {
		t.Errorf("pytorch profile under a mode: %v, want nothing (PyTorch skips every check there)", py.violations)
	}
}

// The list forms of fresh_no_alias: a fresh list return against an
// argument, a fresh return against a list argument, and both lists.
func TestFreshNoAliasLists(t *testing.T) {
	a, b := newFake(kPlain), newFake(kPlain)
	fresh := newFake(kPlain)
	aView := &fake{id: a.id, implUses: 1, storageUses: 1} // use count 1: a mode holds no count here
	aView.id.Impl = fid()
	for _, tc := range []struct {
		name string
		call tcall
		want []string
		ran  uint64
	}{
		{"list return vs arg", tcall{args: []any{a}, rets: []any{[]*fake{fresh, aView}},
			rows: []engine.Row{{Check: checks.FreshNoAlias, Form: engine.FormRetList, T: 1, U: 0}}},
			[]string{"return 0[1]: shares StorageImpl"}, 2},
		{"return vs list arg", tcall{args: []any{[]*fake{b, nil, a}}, rets: []any{aView},
			rows: []engine.Row{{Check: checks.FreshNoAlias, Form: engine.FormArgList, T: 1, U: 0}}},
			[]string{"return 0: shares StorageImpl " + a.id.Storage.String() + " with argument tensors[2]"}, 2},
		{"list vs list, clean", tcall{args: []any{[]*fake{a, b}}, rets: []any{[]*fake{fresh, newFake(kPlain)}},
			rows: []engine.Row{{Check: checks.FreshNoAlias, Form: engine.FormLists, T: 1, U: 0}}},
			nil, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := tc.call.run(t, checks.Strict, asserts.EnvState{ModeActive: true})
			if len(out.violations) != len(tc.want) {
				t.Fatalf("violations %v, want %d", out.violations, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(out.violations[i].Error(), w) {
					t.Errorf("violation %q, want it to contain %q", out.violations[i].Error(), w)
				}
			}
			if out.stats.Ran[checks.FreshNoAlias] != tc.ran {
				t.Errorf("ran %d fresh_no_alias checks, want %d (stats %+v)", out.stats.Ran[checks.FreshNoAlias], tc.ran, out.stats)
			}
		})
	}
}

// binding_context after the kernel: in a hermetic context, a kernel that
// binds an input's storage (or rebinds it) is reported; a binding that was
// there before and stays is not, and outside hermetic contexts nothing is
// checked after the kernel.
func TestBindingContextAfter(t *testing.T) {
	const ctx = 7
	for _, tc := range []struct {
		name     string
		hermetic bool
		before   *asserts.Binding
		after    *asserts.Binding
		want     string
	}{
		{"binds during the call", true, nil, &asserts.Binding{Context: ctx, Hermetic: true},
			"kernel bound StorageImpl 0x"},
		{"rebinds during the call", true, &asserts.Binding{Context: ctx, Hermetic: true}, &asserts.Binding{Context: 9},
			"kernel bound StorageImpl 0x"},
		{"unbinds during the call", true, &asserts.Binding{Context: ctx, Hermetic: true}, nil,
			"kernel removed the binding of StorageImpl 0x"},
		{"bound before, kept", true, &asserts.Binding{Context: ctx, Hermetic: true}, &asserts.Binding{Context: ctx, Hermetic: true}, ""},
		{"unbound, kept", true, nil, nil, ""},
		{"not hermetic: binds", false, nil, &asserts.Binding{Context: 0}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFake(kPlain)
			set := func(b *asserts.Binding) {
				x.bindingIsSet = b != nil
				if b != nil {
					x.binding = *b
				}
			}
			set(tc.before)
			env := asserts.EnvState{Context: ctx, Hermetic: tc.hermetic}
			out := tcall{args: []any{x}, rows: []engine.Row{row(checks.BindingContext, 0, -1)},
				tensor: func(f *fake) asserts.Identity { return boundFake{f} },
				kernel: func() { set(tc.after) }}.run(t, checks.Strict, env)
			if tc.want == "" {
				if len(out.violations) != 0 {
					t.Errorf("got %v", out.violations[0].Error())
				}
				return
			}
			if len(out.violations) != 1 || !strings.Contains(out.violations[0].Error(), tc.want) ||
				!out.violations[0].WhileCalled {
				t.Fatalf("got %v, want one violation containing %q", out.violations, tc.want)
			}
			if out.stats.Ran[checks.BindingContext] != 1 {
				t.Errorf("binding_context counted %d times, want 1", out.stats.Ran[checks.BindingContext])
			}
		})
	}
}
