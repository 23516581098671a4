package schema

import (
	"strings"
	"testing"
)

// TestPyTorchDerivatives checks what the embedded derivatives.yaml of
// PyTorch 1.13.1 gives: every entry, the dispatch: blocks with their keys,
// and the non_differentiable formulas.
func TestPyTorchDerivatives(t *testing.T) {
	d, err := PyTorchDerivatives("1.13")
	if err != nil {
		t.Fatal(err)
	}
	var withDispatch []string
	nondiff := 0
	for _, e := range d.Entries {
		if !e.Pos.IsValid() || !strings.Contains(e.Name, "(") {
			t.Errorf("entry %q at %v", e.Name, e.Pos)
		}
		if len(e.Keys) > 1 {
			var keys []string
			for _, k := range e.Keys {
				keys = append(keys, k.Key)
			}
			withDispatch = append(withDispatch, e.Name[:strings.Index(e.Name, "(")]+":"+strings.Join(keys, ","))
		}
		for _, k := range e.Keys {
			for _, f := range k.Formulas {
				if f.NonDifferentiable {
					nondiff++
				}
			}
		}
	}
	want := "select.int:Default,AutogradNestedTensor sum.dim_IntList:Default,AutogradNestedTensor view:Default,AutogradNestedTensor " +
		"values:Default,AutogradNestedTensor _test_autograd_multiple_dispatch.fullcoverage:Default,AutogradNestedTensor,AutogradCUDA " +
		"_test_autograd_multiple_dispatch_view:Default,AutogradCUDA"
	if len(d.Entries) != 639 || strings.Join(withDispatch, " ") != want || nondiff != 113 {
		t.Errorf("%d entries (want 639), dispatch blocks %v, %d non_differentiable (want 113)", len(d.Entries), withDispatch, nondiff)
	}
	first := d.Entries[0]
	if first.Name != "abs(Tensor self) -> Tensor" || first.Pos.String() != "pytorch-1.13.1/derivatives.yaml:204:9" || first.Keys[0].Key != "Default" || len(first.Keys[0].Formulas) == 0 {
		t.Errorf("first entry %+v", first)
	}
}

func TestDerivativesErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", ""},
		{"name: x\n", "d.yaml:1:1: derivatives.yaml: want a list of entries"},
		{"- x\n", "d.yaml:1:3: derivatives.yaml: an entry is a mapping with a name"},
		{"- self: grad\n", "d.yaml:1:3: derivatives.yaml: entry without name"},
		{"- name: f(Tensor self) -> Tensor\n  dispatch: grad\n", "d.yaml:2:13: derivatives.yaml: dispatch: want a mapping from dispatch keys to formulas"},
		{"- name: f(Tensor self) -> Tensor\n  dispatch:\n    Default: grad\n", "d.yaml:3:14: derivatives.yaml: dispatch: Default: want a mapping of formulas"},
		{"- name: f(Tensor self) -> Tensor\n  self: [grad\n", "d.yaml:2:3: yaml: did not find expected ',' or ']'"},
	} {
		d, err := ParseDerivatives("d.yaml", []byte(tc.src))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want || (err == nil) != (d != nil) {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestDerivativePosAt: a position inside an entry's name follows the
// source through quotes and escapes, as every other value's does (a
// column plus the offset was one short for a quoted name).
func TestDerivativePosAt(t *testing.T) {
	src := "- name: abs(Tensor self) -> Tensor\n- name: \"neg(Tensor self -> Tensor\"\n- name: 'x(Tensor ''a'' -> Tensor'\n"
	d, err := ParseDerivatives("d.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"d.yaml:1:12", "d.yaml:2:26", "d.yaml:3:19"} {
		e := &d.Entries[i]
		_, err := ParseFunc(e.Name)
		off := 3 // "abs": its "("
		if se, ok := err.(*SyntaxError); ok {
			off = se.Offset
		}
		if got := e.PosAt(off).String(); got != want {
			t.Errorf("%s: offset %d at %s, want %s", e.Name, off, got, want)
		}
	}
}
