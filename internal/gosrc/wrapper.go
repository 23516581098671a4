// Package gosrc is what both halves read of Go source: the base type of a
// method's receiver (RecvName), and the form of a checked wrapper's first
// statement, which gen writes as
//
//	if !asserts.Checking() { return CALL }
//
// (`{ CALL; return }` for a kernel without results), and the sweep's
// reproducers read CALL, the kernel's plain call, back from the source.
// gen names the function it tests by Checking; gen's tests check that
// UncheckedCall finds the call in every wrapper gen writes.
package gosrc

import (
	"errors"
	"go/ast"
)

// Checking is the name of the asserts function a wrapper's first
// statement tests.
const Checking = "Checking"

// UncheckedCall returns CALL of fd's first statement, `if
// !PKG.Checking() { return CALL }` or `{ CALL; return }`, or an error
// saying why fd is not a checked wrapper gen wrote.
func UncheckedCall(fd *ast.FuncDecl) (*ast.CallExpr, error) {
	if fd.Body == nil || len(fd.Body.List) == 0 {
		return nil, errors.New("no body")
	}
	is, ok := fd.Body.List[0].(*ast.IfStmt)
	if !ok || len(is.Body.List) == 0 || !testsChecking(is.Cond) {
		return nil, errors.New("not a checked wrapper gen wrote: no unchecked call first")
	}
	var e ast.Expr
	switch s := is.Body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(s.Results) == 1 {
			e = s.Results[0]
		}
	case *ast.ExprStmt:
		e = s.X
	}
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return nil, errors.New("not a checked wrapper gen wrote: the unchecked path is no call")
	}
	return c, nil
}

// testsChecking reports whether cond is `!PKG.Checking()`.
func testsChecking(cond ast.Expr) bool {
	u, ok := cond.(*ast.UnaryExpr)
	if !ok || u.Op.String() != "!" {
		return false
	}
	c, ok := u.X.(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == Checking
}
