package schema

import (
	"slices"
	"testing"
)

func TestCppAndWrapperName(t *testing.T) {
	for _, tc := range []struct{ schema, cpp, wrapper string }{
		{"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", "add", "add_Tensor"},
		{"add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", "add_", "add__Tensor"},
		{"add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", "add_out", "add_out_out"},
		{"relu(Tensor self) -> Tensor", "relu", "relu"},
		{"dequantize.self(Tensor self) -> Tensor", "dequantize", "dequantize_self"},
		{"__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", "__iand__", "__iand___Tensor"},
		{"__and__.Scalar(Tensor self, Scalar other) -> Tensor", "__and__", "__and___Scalar"},
		{"_foreach_add.Scalar_out(Tensor[] self, Scalar scalar, *, Tensor(a!)[] out) -> ()", "_foreach_add_out", "_foreach_add_out_Scalar_out"},
	} {
		f, err := ParseFunc(tc.schema)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.CppName(); got != tc.cpp {
			t.Errorf("%s: CppName = %q, want %q", f.Name, got, tc.cpp)
		}
		if got := f.WrapperName(); got != tc.wrapper {
			t.Errorf("%s: WrapperName = %q, want %q", f.Name, got, tc.wrapper)
		}
		if bs := CppNameBases(f.CppName()); !slices.Contains(bs, f.Name.Name.Base) {
			t.Errorf("%s: CppNameBases(%q) = %q misses %q", f.Name, f.CppName(), bs, f.Name.Name.Base)
		}
	}
}

func TestBaseCandidates(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"add", []string{"add"}},
		{"add_", []string{"add_", "add"}},
		{"__and__", []string{"__and__", "and", "__and_"}},
		{"__iand__", []string{"__iand__", "iand", "and", "__iand_"}},
		{"foo_functional", []string{"foo_functional", "foo"}},
		{"__", []string{"__", "_"}},
	} {
		if got := baseCandidates(tc.name); !slices.Equal(got, tc.want) {
			t.Errorf("baseCandidates(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestParseSelector: the three forms of a selector, and what is none.
func TestParseSelector(t *testing.T) {
	for _, tc := range []struct {
		sel, name string
		every     bool
		err       string
	}{
		{"add.Tensor", "add.Tensor", false, ""},
		{"add", "add", false, ""},
		{"add.*", "add", true, ""},
		{"add_.*", "add_", true, ""},
		{"__iand__.*", "__iand__", true, ""},
		{"add.", "", false, "offset 3: empty overload name after '.'"},
		{"add.Tensor.*", "", true, `offset 4: invalid overload name "Tensor.*"`},
		{"add.*.x", "", false, `offset 4: invalid overload name "*.x"`},
		{"*.*", "", true, `offset 0: invalid operator name "*"`},
		{"a b", "", false, `offset 0: invalid operator name "a b"`},
	} {
		n, every, err := ParseSelector(tc.sel)
		got := ""
		if err != nil {
			got = err.Error()
		} else if n.String() != tc.name {
			t.Errorf("ParseSelector(%q) = %s, want %s", tc.sel, n, tc.name)
		}
		if got != tc.err || every != tc.every {
			t.Errorf("ParseSelector(%q): every %v, error %q; want %v, %q", tc.sel, every, got, tc.every, tc.err)
		}
	}
}
