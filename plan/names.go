package plan

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// GoName maps an operator name to an exported Go identifier. The rule:
//
//   - the base name is split at underscores and each word is capitalised:
//     add_relu → AddRelu;
//   - each leading underscore becomes an X: _cast_Byte → XCastByte;
//   - a doubled underscore inside the name is kept as one: foo__bar →
//     Foo_Bar. So is a trailing one of an overload: range.out_ → RangeOut_.
//   - an in-place name keeps its trailing underscore: add_ → Add_;
//   - a dunder name becomes Dunder plus its capitalised inner name:
//     __and__ → DunderAnd, __iand__ → DunderIand;
//   - the overload, capitalised the same way, follows: add.Tensor →
//     AddTensor, add_.Tensor → Add_Tensor, sum.dim_IntList → SumDimIntList;
//   - a functional variant's base (native_batch_norm_functional) keeps its
//     Functional word.
//
// The rule gives distinct names to all 2,952 ops of PyTorch 1.13.1.
// [AssignGoNames] tells apart the names it maps to the same identifier in
// other schemas.
func GoName(n schema.OperatorName) string {
	var b strings.Builder
	base := n.Name
	switch {
	case base.Dunder:
		b.WriteString("Dunder")
		inner := base.Base
		if base.Inplace {
			inner = "i" + inner
		}
		writeCamel(&b, inner)
	default:
		writeCamel(&b, base.Base)
		if base.FunctionalOverload {
			b.WriteString("Functional")
		}
		if base.Inplace {
			b.WriteByte('_')
		}
	}
	writeCamel(&b, n.Overload)
	return b.String()
}

// writeCamel writes s with each underscore-separated word capitalised and
// leading underscores spelled X.
func writeCamel(b *strings.Builder, s string) {
	i := 0
	for i < len(s) && s[i] == '_' {
		b.WriteByte('X')
		i++
	}
	upper := true
	for ; i < len(s); i++ {
		c := s[i]
		if c == '_' {
			if i+1 == len(s) {
				b.WriteByte('_') // a trailing underscore is kept
			} else if s[i+1] == '_' {
				b.WriteByte('_')
				i++
			}
			upper = true
			continue
		}
		if upper && 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		upper = false
		b.WriteByte(c)
	}
}

// AssignGoNames returns the Go name of each op, in order. When the rule
// maps names to the same identifier, the first op keeps it. The later
// ones, in schema order, get a numeric suffix: _2, _3, ... So adding an op
// never renames one that comes before it.
func AssignGoNames(names []schema.OperatorName) []string {
	out := make([]string, len(names))
	used := make(map[string]bool, len(names))
	for i, n := range names {
		g := GoName(n)
		if used[g] {
			for k := 2; ; k++ {
				c := g + "_" + strconv.Itoa(k)
				if !used[c] {
					g = c
					break
				}
			}
		}
		used[g] = true
		out[i] = g
	}
	return out
}

// goReserved are the package names generated code refers to in a
// wrapper's body, which a parameter must not shadow. They are asserts,
// wrap and checks, the kernels package's import name and the shape
// helpers' package's. newWrapper reserves the wrapper's own locals (see
// localRE).
var goReserved = map[string]bool{"asserts": true, "wrap": true, "checks": true, "kernels": true, "assertgenshapes": true}

// ParamName maps a schema argument name to a Go parameter name. The name
// is not a keyword, a predeclared identifier or a package name the
// wrapper uses: type → type_, len → len_, asserts → asserts_.
func ParamName(s string) string {
	if token.IsKeyword(s) || goReserved[s] || types.Universe.Lookup(s) != nil || !token.IsIdentifier(s) {
		return s + "_"
	}
	return s
}
