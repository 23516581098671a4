package schema

import (
	"strings"
	"testing"
)

func TestParseFunc(t *testing.T) {
	tests := []struct {
		in       string
		kind     Kind
		view     bool
		canon    string // when the canonical form differs from in
		retAlias []string
	}{
		{in: "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", kind: Functional, retAlias: []string{""}},
		{in: "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", kind: Inplace, retAlias: []string{"self"}},
		{in: "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", kind: Out, retAlias: []string{"out"}},
		{in: "_fused_moving_avg_obs_fq_helper(Tensor self, Tensor observer_on, Tensor fake_quant_on, Tensor(a!) running_min, Tensor(b!) running_max, Tensor(c!) scale, Tensor(d!) zero_point, float averaging_const, int quant_min, int quant_max, int ch_axis, bool per_row_fake_quant=False, bool symmetric_quant=False) -> (Tensor output, Tensor mask)", kind: Mutable, retAlias: []string{"", ""}},
		{in: "_foo.scratch(Tensor self, *, Tensor(a!) out, Tensor(b!) _scratch_buf) -> Tensor(a!)", kind: Scratch},
		{in: "transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", kind: Functional, view: true, retAlias: []string{"self"}},
		{in: "transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", kind: Inplace, view: false},
		{in: "split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]", kind: Functional, view: true, retAlias: []string{"self"}},
		{in: "__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", kind: Inplace},
		{in: "__and__.Tensor(Tensor self, Tensor other) -> Tensor", kind: Functional},
		{in: "native_batch_norm_functional(Tensor input) -> Tensor", kind: Functional},
		{in: "_amp_foreach_non_finite_check_and_unscale_(Tensor(a!)[] self, Tensor(b!) found_inf, Tensor inv_scale) -> ()", kind: Inplace},
		{in: "where.self(Tensor condition, Tensor self, Tensor other) -> Tensor", kind: Functional},
		{in: "foo(Tensor  self,int x=[1, 2] ,*,  bool y=True)->Tensor", kind: Functional,
			canon: "foo(Tensor self, int[2] x=[1, 2], *, bool y=True) -> Tensor"},
		{in: "bar(int[2] x=[1, 2]) -> (Tensor a)", kind: Functional, canon: "bar(int[2] x=[1, 2]) -> Tensor a"},
		{in: "baz() -> ()", kind: Functional},
		{in: "qux(Tensor(a|b) self) -> Tensor(a|b)", kind: Functional, view: true, retAlias: []string{"self"}},
	}
	for _, tt := range tests {
		in := tt.in
		if strings.HasPrefix(in, "foo(") {
			in = strings.Replace(in, "int x", "int[2] x", 1)
		}
		f, err := ParseFunc(in)
		if err != nil {
			t.Errorf("ParseFunc(%q): %v", in, err)
			continue
		}
		want := tt.canon
		if want == "" {
			want = tt.in
		}
		if got := f.String(); got != want {
			t.Errorf("String:\n got %s\nwant %s", got, want)
		}
		if got := f.Kind(); got != tt.kind {
			t.Errorf("%s: kind %s, want %s", tt.in, got, tt.kind)
		}
		if got := IsViewOp(f, nil); got != tt.view {
			t.Errorf("%s: view %v, want %v", tt.in, got, tt.view)
		}
		for i, w := range tt.retAlias {
			got := ""
			if a := f.ReturnAlias(i); a != nil {
				got = a.Name
			}
			if got != w {
				t.Errorf("%s: return %d aliases %q, want %q", tt.in, i, got, w)
			}
		}
	}
}

func TestInplaceViewTag(t *testing.T) {
	f, _ := ParseFunc("transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)")
	if !IsViewOp(f, []string{"inplace_view"}) {
		t.Error("transpose_ with inplace_view is a view op")
	}
	r, _ := ParseFunc("resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)")
	if IsViewOp(r, []string{"inplace_view"}) {
		t.Error("resize_ is not a view op despite its inplace_view tag")
	}
}

func TestParseFuncErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{"foo(Tensor self) -> Tensr", 20, `unknown type "Tensr"`},
		{"foo(Tensr self) -> Tensor", 4, `unknown type "Tensr"`},
		{"foo(Tensor(a! self) -> Tensor", 14, "malformed alias annotation: expected ')'"},
		{"foo(Tensor(A) self) -> Tensor", 11, "expected an alias set name"},
		{"foo(Tensor(ab) self) -> Tensor(ab)", 11, "single letters"},
		{"foo(Tensor(a|b!) self) -> Tensor", 11, "a mutable annotation names one alias set"},
		{"foo(int(a) x) -> Tensor", 7, "alias annotation on int"},
		{"foo(Tensor(a)[][] x) -> Tensor", 13, "only Tensor(a), Tensor(a)? and Tensor(a)[]"},
		{"foo(int x=) -> Tensor", 10, "missing value"},
		{"foo(int x=1.5) -> Tensor", 10, "is not an integer"},
		{"foo(int x=None) -> Tensor", 10, "None is only a default for optional types"},
		{"foo(str x=\"abc) -> Tensor", 10, "unterminated string"},
		{"foo(int[2] x=[1, 2) -> Tensor", 13, "unbalanced '['"},
		{"foo(Tensor x=1) -> Tensor", 13, "can only default to None"},
		{"foo(bool x=yes) -> Tensor", 11, "yes is not a default for bool"},
		{"foo(Tensor a, *, int b, *, int c) -> Tensor", 24, "'*' appears twice"},
		{"foo(Tensor a, *) -> Tensor", 14, "'*' must be followed"},
		{"foo(Tensor a -> Tensor", 13, "expected ',' or ')'"},
		{"foo(Tensor a)) -> Tensor", 13, "expected '->'"},
		{"foo(Tensor a) -> (Tensor, Tensor", 17, "unbalanced '('"},
		{"foo(Tensor a) -> Tensor)", 23, "unexpected ')'"},
		{"foo(Tensor a) Tensor", 14, "expected '->'"},
		{"foo(Tensor a, Tensor a) -> Tensor", 14, "duplicate argument name a"},
		{"foo_(Tensor self) -> Tensor", 5, "must annotate self as mutable"},
		{"foo_(Tensor(a!) self) -> Tensor", 25, "an in-place op must return self"},
		{"foo_(Tensor(a!) self) -> ()", 25, "an in-place op must return self"},
		{"foo.out(Tensor self, *, Tensor(a!) out) -> ()", 24, "out argument out is not returned"},
		{"foo.out(Tensor self, *, Tensor(a!)[] out) -> Tensor(a!)[]", 45, "tensor-list out arguments returns nothing"},
		{"foo.out(Tensor self, *, Tensor(a!) out, Tensor(b!) out2) -> Tensor(a!)", 40, "out argument out2 is not returned"},
		{"foo.out(Tensor self, *, Tensor(a!) out) -> Tensor(b!)", 43, "return 0 must be out argument out"},
		{"foo.out(Tensor self, *, Tensor(a!) out, int x) -> Tensor(a!)", 40, "follows the out arguments"},
		{"foo(Tensor self, Tensor(a!) x) -> Tensor(a!)", 34, "mutable positional argument x must not be returned"},
		{"foo(Tensor self) -> Tensor(a!)", 20, "aliases neither an out argument nor self"},
		{"foo_out(Tensor self) -> Tensor", 0, "reserved"},
		{"__ifoo__(Tensor self) -> Tensor", 0, "not an in-place augmented assignment"},
		{"foo.(Tensor self) -> Tensor", 3, "empty overload name"},
		{"(Tensor self) -> Tensor", 0, "expected operator name"},
		{"foo(int?? x) -> Tensor", 8, "optional of an optional type"},
		{"foo(int[0] x) -> Tensor", 8, "positive number"},
		{"foo(Tensor self, Tensor(a) x, Tensor(a) y) -> Tensor(a)", 46, "aliases several arguments"},
		{"foo.functional(Tensor(a!) self, Tensor(b!) x) -> ()", 0, "contains \"functional\""},
	}
	for _, tt := range tests {
		_, err := ParseFunc(tt.in)
		if err == nil {
			t.Errorf("ParseFunc(%q) succeeded, want error %q", tt.in, tt.msg)
			continue
		}
		se := err.(*SyntaxError)
		if se.Offset != tt.offset || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("ParseFunc(%q):\n got %d: %s\nwant %d: ...%s...", tt.in, se.Offset, se.Msg, tt.offset, tt.msg)
		}
	}
}

func TestCutNamespace(t *testing.T) {
	for _, tc := range []struct{ text, ns, rest string }{
		{"aten::add.Tensor(Tensor self) -> Tensor", "aten", "add.Tensor(Tensor self) -> Tensor"},
		{"add(Tensor self, int x=a::b) -> Tensor", "", "add(Tensor self, int x=a::b) -> Tensor"},
		{"my ns::f() -> ()", "", "my ns::f() -> ()"},
		{"f() -> ()", "", "f() -> ()"},
		{"a-b::f() -> ()", "a-b", "f() -> ()"}, // cut; the caller rejects a-b
	} {
		ns, rest, found := CutNamespace(tc.text)
		if ns != tc.ns || rest != tc.rest || found != (tc.ns != "") {
			t.Errorf("CutNamespace(%q) = %q, %q, %v; want %q, %q", tc.text, ns, rest, found, tc.ns, tc.rest)
		}
	}
}
