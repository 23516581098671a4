package gosrc

import "go/ast"

// RecvName is the name of a receiver's base type: T of T, *T, (T), T[P]
// and *T[P, Q]; "" for any other expression.
func RecvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
