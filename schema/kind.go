package schema

import (
	"slices"
)

// IsViewOp decides whether an op is a view the way torchgen of the newest
// release does. The loader decides it with the rules of the schema's
// release (see rules.isViewOp).
func IsViewOp(f *Func, tags []string) bool { return newestRules().isViewOp(f, tags) }

// isViewOp decides whether an op is a view the way torchgen of release r
// does. It is one when:
//   - a return is alias-annotated without "!";
//   - or the op is tagged inplace_view, except the ops of r.NotViewOps
//     (resize_, and in 2.6 resize_as_);
//   - or an argument has a wildcard annotation (a -> *).
func (r *rules) isViewOp(f *Func, tags []string) bool {
	if f.HasNonWriteAliasReturn() || f.HasWildcardArg() {
		return true
	}
	if !slices.Contains(tags, "inplace_view") {
		return false
	}
	return !slices.Contains(r.NotViewOps, f.Name.String())
}
