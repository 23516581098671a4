package gen

import (
	"go/token"
	"go/types"
	"strings"
)

// goReserved are the package names generated code refers to in a
// wrapper's body, which a parameter must not shadow: asserts, wrap and
// checks, the kernels package's import name and the shape helpers'
// package's. (The wrapper's own locals are reserved by newWrapper, see
// localRE.)
var goReserved = map[string]bool{"asserts": true, "wrap": true, "checks": true, "kernels": true, "assertgenshapes": true}

// ParamName maps a schema argument name to a Go parameter name that is
// neither a keyword, a predeclared identifier nor a package name the
// wrapper uses: type → type_, len → len_, asserts → asserts_.
func ParamName(s string) string {
	if token.IsKeyword(s) || goReserved[s] || types.Universe.Lookup(s) != nil || !token.IsIdentifier(s) {
		return s + "_"
	}
	return s
}

// shapeNamespace returns what the names of a generated set's shape
// helpers and Shapes start with: nothing for the
// default prefix, "p", the prefix with _, - and . spelled _0, _1 and _2,
// and "_" for any other (prefix ops-x: pops_1x_). Sets of several prefixes
// may share one output directory, and so one package of shape helpers:
// each set's names are then its own. The spelling is one to one: in it a
// _ is followed by a digit, but for the last, which is followed by the
// helper's lower-case name, and no default name starts with p.
func shapeNamespace(prefix string) string {
	if prefix == DefaultPrefix {
		return ""
	}
	var b strings.Builder
	b.WriteByte('p')
	for _, c := range []byte(prefix) {
		switch c {
		case '_':
			b.WriteString("_0")
		case '-':
			b.WriteString("_1")
		case '.':
			b.WriteString("_2")
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('_')
	return b.String()
}
