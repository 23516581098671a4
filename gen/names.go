package gen

import (
	"go/token"
	"go/types"
)

// goReserved are the package names generated code refers to in a
// wrapper's body, which a parameter must not shadow: asserts, the
// kernels package's import name and the shape helpers' package's. (The wrapper's own locals are reserved by
// newWrapper, see localRE.)
var goReserved = map[string]bool{"asserts": true, "kernels": true, "assertgenshapes": true}

// ParamName maps a schema argument name to a Go parameter name that is
// neither a keyword, a predeclared identifier nor a package name the
// wrapper uses: type → type_, len → len_, asserts → asserts_.
func ParamName(s string) string {
	if token.IsKeyword(s) || goReserved[s] || types.Universe.Lookup(s) != nil || !token.IsIdentifier(s) {
		return s + "_"
	}
	return s
}
