package finder

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/internal/refvalues"
	"github.com/assertgen/assertgen/schema"
)

// TestOpsOfForms: the ops init checks are those whose cases' tensors the
// library makes. A library of 2-D float64 matrices alone is checked on no
// comparison, cast or shape op of other ranks, and OpsOf says why; one
// that makes bool and int64 tensors of ranks 0 to 4 is, with the int
// lists, bools and dtypes its kernels take.
func TestOpsOfForms(t *testing.T) {
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	byName := func(ops []*Op) map[string]*Op {
		out := map[string]*Op{}
		for _, o := range ops {
			out[o.Name] = o
		}
		return out
	}
	matrices, unmade := OpsOf(s, "*T", "float64")
	m := byName(matrices)
	for _, name := range []string{"eq.Tensor", "logical_and", "to.dtype", "permute", "permute_copy", "sum.dim_IntList"} {
		if m[name] != nil {
			t.Errorf("%s checked on a library of float64 matrices alone", name)
		}
	}
	if m["add.Tensor"] == nil || m["exp"] == nil {
		t.Errorf("add.Tensor or exp not checked on float64 matrices")
	}
	if why := unmade["eq.Tensor"]; !strings.Contains(why, "bool 2-D tensors, which init does not make") {
		t.Errorf("eq.Tensor unmade: %q", why)
	}
	if why := unmade["permute"]; !strings.Contains(why, "float64 3-D") {
		t.Errorf("permute unmade: %q", why)
	}
	var forms []Form
	for _, d := range []string{"bool", "int64", "float64"} {
		for r := range 5 {
			forms = append(forms, Form{d, r})
		}
	}
	all, unmade := OpsOf(s, "*T", "float64", forms...)
	a := byName(all)
	for _, tc := range []struct {
		op     string
		params []string // name type role
	}{
		{"eq.Tensor", []string{"self *T 0", "other *T 0"}},
		{"eq.Scalar", []string{"self *T 0", "other float64 1"}},
		{"permute", []string{"self *T 0", "dims []int64 4"}},
		{"to.dtype", []string{"self *T 0", "dtype int 1", "non_blocking bool 3", "copy_ bool 3", "memory_format *int 3"}},
		{"_to_copy", []string{"self *T 0", "dtype *int 1", "layout *int 3", "device *string 3", "pin_memory *bool 3", "non_blocking bool 3", "memory_format *int 3"}},
		{"sum.dim_IntList", []string{"self *T 0", "dim []int64 4", "keepdim bool 1", "dtype *int 3"}},
	} {
		o := a[tc.op]
		if o == nil {
			t.Errorf("%s not checked on bool, int64 and float64 tensors of ranks 0 to 4 (%s)", tc.op, unmade[tc.op])
			continue
		}
		var got []string
		for _, p := range o.Params {
			got = append(got, strings.Join([]string{p.Name, p.Type, string(rune('0' + p.Role))}, " "))
		}
		if !slices.Equal(got, tc.params) {
			t.Errorf("%s: params %q, want %q", tc.op, got, tc.params)
		}
	}
}

// TestParseResult: the value check's program says a result's dtype
// (none for float64) and sizes at any rank; parseResult reads them, and
// refuses a count of values that does not fill the sizes.
func TestParseResult(t *testing.T) {
	for _, tc := range []struct {
		line string
		want refvalues.Matrix
		err  bool
	}{
		{line: "ok 2 3 : 1 2 3 4 5 6", want: refvalues.Make(refvalues.Float64, []int{2, 3}, []float64{1, 2, 3, 4, 5, 6})},
		{line: "ok : 2.5", want: refvalues.Make(refvalues.Float64, nil, []float64{2.5})},
		{line: "ok bool 3 : 1 0 1", want: refvalues.Make(refvalues.Bool, []int{3}, []float64{1, 0, 1})},
		{line: "ok int64 1 2 1 : -3 4", want: refvalues.Make(refvalues.Int64, []int{1, 2, 1}, []float64{-3, 4})},
		{line: "ok 2 2 : 1 2 3", err: true},
		{line: "panic boom", err: true},
		{line: "ok x 2 : 1 2", err: true},
	} {
		got, err := parseResult(tc.line)
		if (err != nil) != tc.err {
			t.Errorf("%q: error %v, want one: %t", tc.line, err, tc.err)
			continue
		}
		if !tc.err && (!refvalues.Equal(got, tc.want) || got.DType != tc.want.DType) {
			t.Errorf("%q: got %v (%v %v), want %v", tc.line, got, got.DType, got.Shape(), tc.want)
		}
	}
}

// TestCallIntLists: a callable's parameter of an integer slice takes an
// op's int list, converted where its element is not int64, and a
// variadic one takes it spread; a bool scalar goes to a bool parameter
// alone, and a number to no bool parameter.
func TestCallIntLists(t *testing.T) {
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	var forms []Form
	for _, d := range []string{"bool", "int64", "float64"} {
		for r := range 5 {
			forms = append(forms, Form{d, r})
		}
	}
	ops := map[string]*Op{}
	all, _ := OpsOf(s, "*T", "float64", forms...)
	for _, o := range all {
		ops[o.Name] = o
	}
	conv := "func(d []int64) []int { if d == nil { return nil }; o := make([]int, len(d)); for i, v := range d { o[i] = int(v) }; return o }(dims)"
	for _, tc := range []struct {
		op     string
		params []Param
		want   string
	}{
		{"permute", []Param{{Kind: Tensor}, {Kind: Sizes, Type: "[]int64"}}, "F(self, dims)"},
		{"permute", []Param{{Kind: Tensor}, {Kind: Sizes, Type: "[]int"}}, "F(self, " + conv + ")"},
		{"permute", []Param{{Kind: Tensor}, {Kind: Rest, opt: types.Typ[types.Int]}}, "F(self, " + conv + "...)"},
		{"permute", []Param{{Kind: Tensor}}, ""},
		{"exp", []Param{{Kind: Tensor}, {Kind: Rest, opt: types.Typ[types.Int]}}, "F(self)"},
		{"sum.dim_IntList", []Param{{Kind: Tensor}, {Kind: Sizes, Type: "[]int64"}, {Kind: Number, Type: "bool"}}, "F(self, dim, keepdim)"},
		{"sum.dim_IntList", []Param{{Kind: Tensor}, {Kind: Sizes, Type: "[]int64"}, {Kind: Number, Type: "float64"}}, ""},
		{"mul.Scalar", []Param{{Kind: Tensor}, {Kind: Number, Type: "bool"}}, ""},
		{"to.dtype", []Param{{Kind: Tensor}, {Kind: Number, Type: "int"}}, "F(self, dtype)"},
		{"to.dtype", []Param{{Kind: Tensor}, {Kind: Number, Type: "float64"}}, ""},
	} {
		c := &Callable{Name: "F", GoName: "F", Params: tc.params}
		if got := c.call("", ops[tc.op], ops[tc.op].Tensors, false, false, "").code; got != tc.want {
			t.Errorf("%s of %v: %q, want %q", tc.op, tc.params, got, tc.want)
		}
	}
}
