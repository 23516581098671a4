package engine_test

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// TestNotArg covers the part of impl_use_count_le_1 that only Go needs: a
// kernel that returns an argument's handle itself leaves its use count at
// 1, and NotArg catches it.
func TestNotArg(t *testing.T) {
	var opClone = engine.Op{Name: "clone"}
	tests := []struct {
		name   string
		mode   bool
		ret    func(self, other *handle) *handle
		list   bool
		want   []string // substrings of the violations, in order
		checks uint64   // impl_use_count_le_1 checks counted
	}{
		{name: "fresh return", ret: func(s, o *handle) *handle { return &handle{Impl: 9, Storage: 9, Uses: 1} }, checks: 1},
		{name: "argument's handle itself", ret: func(s, o *handle) *handle { return s }, checks: 1,
			want: []string{"clone: impl_use_count_le_1: return 0: is the TensorImpl of argument self (0x1) with use count 1: the kernel returned the argument's handle itself; hint: a fresh or view return needs its own TensorImpl"}},
		{name: "second argument's handle", ret: func(s, o *handle) *handle { return o }, checks: 1,
			want: []string{"is the TensorImpl of argument other (0x2)"}},
		{name: "a shared handle is reported once, by its use count", ret: func(s, o *handle) *handle { return &handle{Impl: s.Impl, Storage: s.Storage, Uses: 2} }, checks: 1,
			want: []string{"TensorImpl use count is 2, want <= 1"}},
		{name: "an element of a list argument", list: true, ret: func(s, o *handle) *handle { return o }, checks: 1,
			want: []string{"is the TensorImpl of argument tensors[1] (0x2)"}},
		{name: "skipped with the use count under a mode", mode: true, ret: func(s, o *handle) *handle { return s }, checks: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			prev := asserts.SetHandler(asserts.HandlerFunc(func(v *asserts.Violation) { got = append(got, v.Error()) }))
			defer asserts.SetHandler(prev)
			self, other := &handle{Impl: 1, Storage: 1, Uses: 1}, &handle{Impl: 2, Storage: 2, Uses: 1}
			before := opClone.Stats()

			tc := tcall{args: []any{hf(self), hf(other)},
				rows: []engine.Row{row(checks.ImplUseCountLE1, 2, -1), row(checks.NotArgHandle, 2, 0), row(checks.NotArgHandle, 2, 1)}}
			if tt.list {
				tc.args = []any{[]*fake{hf(self), hf(other)}}
				tc.rows = []engine.Row{row(checks.ImplUseCountLE1, 1, -1), {Check: checks.NotArgHandle, Form: engine.FormArgList, T: 1, U: 0}}
			}
			tc.rets = []any{hf(tt.ret(self, other))}
			tc.call(&opClone, asserts.EnvState{ModeActive: tt.mode})

			if len(got) != len(tt.want) {
				t.Fatalf("violations %q, want %d", got, len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("violation %q, want it to contain %q", got[i], w)
				}
			}
			st := opClone.Stats()
			if n := st.Ran[checks.ImplUseCountLE1] - before.Ran[checks.ImplUseCountLE1]; n != tt.checks {
				t.Errorf("%d impl_use_count_le_1 checks counted, want %d", n, tt.checks)
			}
			if n := st.Skipped[checks.ReasonModeActive] - before.Skipped[checks.ReasonModeActive]; tt.mode && n != 1 {
				t.Errorf("%d skips under mode_active, want 1 (NotArg adds none)", n)
			}
		})
	}
}

// TestNotArgElems covers list returns: no element may be an argument's
// handle itself.
func TestNotArgElems(t *testing.T) {
	var opSplit = engine.Op{Name: "split", Overload: "Tensor"}
	var got []string
	prev := asserts.SetHandler(asserts.HandlerFunc(func(v *asserts.Violation) { got = append(got, v.Error()) }))
	defer asserts.SetHandler(prev)
	self := &handle{Impl: 1, Storage: 1, Uses: 1}
	for _, tt := range []struct {
		ret  []*handle
		want string
	}{
		{[]*handle{{Impl: 5, Storage: 1, Uses: 1}, {Impl: 6, Storage: 1, Uses: 1}}, ""},
		{[]*handle{{Impl: 5, Storage: 1, Uses: 1}, self}, "split.Tensor: impl_use_count_le_1: return 0[1]: is the TensorImpl of argument self (0x1)"},
	} {
		got = nil
		rets := make([]*fake, len(tt.ret))
		for i, r := range tt.ret {
			rets[i] = hf(r)
		}
		tc := tcall{args: []any{hf(self)}, rets: []any{rets},
			rows: []engine.Row{{Check: checks.ImplUseCountLE1, Form: engine.FormRetList, T: 1, U: -1},
				{Check: checks.NotArgHandle, Form: engine.FormRetList, T: 1, U: 0}}}
		tc.call(&opSplit, asserts.EnvState{})
		switch {
		case tt.want == "" && len(got) != 0:
			t.Errorf("fresh elements: %q", got)
		case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
			t.Errorf("got %q, want one violation containing %q", got, tt.want)
		}
		// The list-argument form finds the same element.
		got = nil
		tc.args = []any{[]*fake{hf(self)}}
		tc.rows = []engine.Row{{Check: checks.NotArgHandle, Form: engine.FormLists, T: 1, U: 0}}
		tc.call(&opSplit, asserts.EnvState{})
		if tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], "return 0[1]: is the TensorImpl of argument tensors[0]")) {
			t.Errorf("list form: got %q", got)
		}
	}
}

// hf is the fake of handle h: the same identities and use counts (nil:
// the undefined tensor).
func hf(h *handle) *fake {
	if h == nil {
		return nil
	}
	return &fake{id: h.Ident(), implUses: h.Uses, storageUses: 1}
}
