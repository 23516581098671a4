package kernels

import (
	"strings"
	"testing"
)

// TestParseGoTypeIn: type arguments, type parameters and their errors.
func TestParseGoTypeIn(t *testing.T) {
	params := []string{"T", "E"}
	for _, tc := range []struct{ in, want, err string }{
		{in: "*example.com/rt.Tensor[T]", want: "*example.com/rt.Tensor[T]"},
		{in: " []*example.com/rt.Pair[ E , []example.com/x.Box[T] ] ", want: "[]*example.com/rt.Pair[E, []example.com/x.Box[T]]"},
		{in: "*example.com/rt.Tensor[float32]", want: "*example.com/rt.Tensor[float32]"},
		{in: "[]T", want: "[]T"},
		{in: "*example.com/rt.Tensor[]", err: "Tensor: empty type argument"},
		{in: "*example.com/rt.Tensor[T", err: "type arguments must end the type with ]"},
		{in: "*example.com/rt.Tensor[T]x", err: "type arguments must end the type with ]"},
		{in: "float32[T]", err: "float32 takes no type arguments"},
		{in: "T[float32]", err: "T takes no type arguments"},
		{in: "*example.com/rt.Tensor[U]", err: "U is neither a builtin type nor a type parameter (type_params: declares T, E)"},
		{in: strings.Repeat("a.b/c.D[", 40) + "T" + strings.Repeat("]", 40), err: "nested more than 32 deep"},
	} {
		g, err := ParseGoTypeIn(tc.in, params)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: %v, want an error with %q", tc.in, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case tc.err == "" && g.String() != tc.want:
			t.Errorf("%q: %s, want %s", tc.in, g, tc.want)
		}
	}
	g, _ := ParseGoTypeIn("*example.com/rt.Tensor[T]", params)
	if g.Display() != "*rt.Tensor[T]" || g.Origin().String() != "*example.com/rt.Tensor" || strings.Join(g.Params(), ",") != "T" || !g.Nillable() {
		t.Errorf("%s: Display %s, Origin %s, Params %v, Nillable %v", g, g.Display(), g.Origin(), g.Params(), g.Nillable())
	}
	if got := strings.Join(SplitTypeList(" float32, example.com/rt.Pair[int, []x.y/z.W[T]],,int64 "), ";"); got != "float32;example.com/rt.Pair[int, []x.y/z.W[T]];int64" {
		t.Errorf("SplitTypeList: %s", got)
	}
	if _, err := ParseGoType("*example.com/rt.Tensor[T]"); err == nil || !strings.Contains(err.Error(), "declare it under type_params:") {
		t.Errorf("a type parameter without type_params: %v", err)
	}
}

// FuzzParseGoType: any text parses or fails without a panic, and what
// parses prints as text that parses back to the same type.
func FuzzParseGoType(f *testing.F) {
	for _, s := range []string{"*example.com/rt.Tensor[T]", "[]*a.b/c.D[E, []T]", "int64", "any", "*x.y/z.W[float32]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGoTypeIn(s, []string{"T", "E"})
		if err != nil {
			return
		}
		again, err := ParseGoTypeIn(g.String(), []string{"T", "E"})
		if err != nil || again.String() != g.String() {
			t.Fatalf("%q parses to %q, which parses to %q, %v", s, g, again, err)
		}
	})
}
