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

// TestParseSelector: the four forms of a selector, what each selects, and
// what is none (a pattern other than name.* and * among them).
func TestParseSelector(t *testing.T) {
	ops := []string{"add.Tensor", "add.out", "add_.Tensor", "sum", "sum.dim_IntList", "__iand__.Tensor"}
	for _, tc := range []struct {
		sel     string
		selects []string
		err     string
	}{
		{"add.Tensor", []string{"add.Tensor"}, ""},
		{"sum", []string{"sum"}, ""},
		{"add", nil, ""},
		{"add.*", []string{"add.Tensor", "add.out"}, ""},
		{"sum.*", []string{"sum", "sum.dim_IntList"}, ""},
		{"add_.*", []string{"add_.Tensor"}, ""},
		{"__iand__.*", []string{"__iand__.Tensor"}, ""},
		{"*", ops, ""},
		{"add.", nil, "offset 3: empty overload name after '.'"},
		{"add.Tensor.*", nil, `offset 4: invalid overload name "Tensor.*"`},
		{"add.*.x", nil, `offset 4: "add.*.x" is not an op selector (an op name, name.* for its overloads or * for every op)`},
		{"*.*", nil, `offset 0: "*.*" is not an op selector (an op name, name.* for its overloads or * for every op)`},
		{"add*", nil, `offset 3: "add*" is not an op selector (an op name, name.* for its overloads or * for every op)`},
		{"ad?.Tensor", nil, `offset 2: "ad?.Tensor" is not an op selector (an op name, name.* for its overloads or * for every op)`},
		{"a b", nil, `offset 0: invalid operator name "a b"`},
	} {
		sel, err := ParseSelector(tc.sel)
		got := ""
		if err != nil {
			got = err.Error()
		} else if sel.String() != tc.sel {
			t.Errorf("ParseSelector(%q).String() = %s", tc.sel, sel)
		}
		if got != tc.err {
			t.Errorf("ParseSelector(%q): error %q; want %q", tc.sel, got, tc.err)
		}
		if err != nil {
			continue
		}
		var selects []string
		for _, op := range ops {
			n, err := ParseOperatorName(op)
			if err != nil {
				t.Fatal(err)
			}
			if sel.Matches(n) {
				selects = append(selects, op)
			}
		}
		if !slices.Equal(selects, tc.selects) {
			t.Errorf("%q selects %q, want %q", tc.sel, selects, tc.selects)
		}
	}
}

// TestSelectsNone: the one text of a selector without an op, for each
// reason, with and without the search for near names.
func TestSelectsNone(t *testing.T) {
	var names []OperatorName
	for _, op := range []string{"add.Tensor", "add.out", "add.Scalar", "add.Scalar_out", "add_.Tensor", "sum", "sum.dim_IntList", "transpose.int", "mul.Tensor"} {
		n, err := ParseOperatorName(op)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	l := NewOpList("f.yaml", names)
	for _, tc := range []struct {
		sel   string
		near  bool
		want  string
		stale bool
	}{
		{"add.Tensor", true, "", false},
		{"sum", true, "", false},
		{"add.*", true, "", false},
		{"*", true, "", false},
		{"add*", true, `"add*" is not an op selector (an op name, name.* for its overloads or * for every op): write add.*, add_.* instead`, false},
		{"a*", true, `"a*" is not an op selector (an op name, name.* for its overloads or * for every op): write add.*, add_.* instead`, false},
		{"*.Tensor", true, `"*.Tensor" is not an op selector (an op name, name.* for its overloads or * for every op): write add.Tensor, add_.*, mul.* instead`, false},
		{"x[", true, `"x[" is not an op selector (an op name, name.* for its overloads or * for every op)`, false},
		{"add", true, `unknown op "add": it has only overloads; use add.* for all of them, or one of add.Tensor, add.out, add.Scalar, ...`, false},
		{"mul", false, `unknown op "mul": it has only overloads; use mul.* for all of them, or one of mul.Tensor`, false},
		{"ad.*", true, `"ad.*" selects no op of f.yaml; did you mean add.*?`, false},
		{"ad.*", false, `"ad.*" selects no op of f.yaml`, false},
		{"sum_.*", true, `"sum_.*" selects no op of f.yaml; did you mean sum.*?`, false},
		{"add.Tensr", true, `unknown op "add.Tensr" in f.yaml; did you mean add.Tensor, add_.Tensor?`, false},
		{"tranpose.int", true, `unknown op "tranpose.int" in f.yaml; did you mean transpose.int?`, false},
		{"tranpose.int", false, `unknown op "tranpose.int" in f.yaml`, false},
		{"tranpose", true, `unknown op "tranpose" in f.yaml; did you mean transpose.*?`, false},
		{"sun", true, `unknown op "sun" in f.yaml; did you mean sum?`, false},
		{"_nested_tensor_size", true, `unknown op "_nested_tensor_size" in f.yaml`, true},
		{"a b", true, `unknown op "a b" in f.yaml`, true},
	} {
		got, stale := l.SelectsNone(tc.sel, tc.near)
		if got != tc.want || stale != tc.stale {
			t.Errorf("SelectsNone(%q, %v) = %q, %v\nwant %q, %v", tc.sel, tc.near, got, stale, tc.want, tc.stale)
		}
	}
}
