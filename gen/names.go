package gen

import (
	"strings"
)

// shapeNamespace returns what the names of a generated set's shape helpers
// and Shapes start with:
//   - nothing for the default prefix;
//   - otherwise "p", then the prefix with _, - and . spelled _0, _1 and
//     _2, then "_" (prefix ops-x: pops_1x_).
//
// Sets of several prefixes may share one output directory, and so one
// package of shape helpers. Each set's names are then its own. The
// spelling is one to one: in it, a _ is followed by a digit, except for
// the last, which is followed by the helper's lower-case name. No default
// name starts with p.
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
