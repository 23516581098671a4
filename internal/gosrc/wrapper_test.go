package gosrc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestUncheckedCall(t *testing.T) {
	for _, tc := range []struct {
		src, want, err string
	}{
		{src: "func F(x T) T { if !asserts.Checking() { return k.Abs(x) }; return nil }", want: "k.Abs"},
		{src: "func F(x T) { if !asserts.Checking() { k.Abs_(x); return }; k.Abs_(x) }", want: "k.Abs_"},
		{src: "func F(x T) T { if asserts.Checking() { return k.Abs(x) }; return nil }", err: "not a checked wrapper gen wrote: no unchecked call first"},
		{src: "func F(x T) T { if !asserts.Enabled() { return k.Abs(x) }; return nil }", err: "not a checked wrapper gen wrote: no unchecked call first"},
		{src: "func F(x T) T { if !asserts.Checking() { return x }; return nil }", err: "not a checked wrapper gen wrote: the unchecked path is no call"},
		{src: "func F(x T) T { return x }", err: "not a checked wrapper gen wrote: no unchecked call first"},
		{src: "func F(x T) T", err: "no body"},
	} {
		af, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\n"+tc.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		c, err := UncheckedCall(af.Decls[0].(*ast.FuncDecl))
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %q", tc.src, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.src, err)
		default:
			sel := c.Fun.(*ast.SelectorExpr)
			if got := sel.X.(*ast.Ident).Name + "." + sel.Sel.Name; got != tc.want {
				t.Errorf("%s: call of %s, want %s", tc.src, got, tc.want)
			}
		}
	}
}
