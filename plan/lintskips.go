package plan

import (
	"fmt"
	"slices"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/schema"
)

// LintSkips reports the skip entries of the user's files in opts.Allowlist
// that excuse nothing. Such an entry has no row of its check, skipped or
// not, on any op it selects, under every profile it applies to, for the
// release opts select. A check limited to an argument or a return counts
// only that one's rows. `skip: {op: neg, check: returns_arg}` is one: neg
// writes nothing, so it has no returns_arg row to skip.
//
// Each is an error at the entry's check (file:line:col). The result is a
// sorted [schema.ErrorList], nil when there is none. Entries of ops that
// do not exist, and of unknown arguments or returns, are
// [allowlist.List.Lint]'s.
func LintSkips(s *schema.Schema, opts Options) error {
	if opts.Allowlist == nil {
		return nil
	}
	var user []*allowlist.Entry
	for _, e := range opts.Allowlist.Entries {
		if !e.Builtin && e.Category == allowlist.Skip {
			user = append(user, e)
		}
	}
	if len(user) == 0 {
		return nil
	}
	used := map[*allowlist.Entry]bool{}
	applied := map[*allowlist.Entry]bool{}
	for _, p := range []Profile{Strict, PyTorch} {
		o := opts
		o.Profile = p
		b, err := newBuilder(s, o)
		if err != nil {
			if p == opts.Profile || opts.Profile == "" && p == Strict {
				return err
			}
			// The other profile's inputs (a derivatives.yaml) are not the
			// command's business. Its rows are not known, and its entries
			// are not judged.
			continue
		}
		b.used = used
		var st state
		var out Op
		for i := range s.Ops {
			for _, e := range b.ix.Entries(i) {
				if !e.Builtin && e.Category == allowlist.Skip {
					applied[e] = true
				}
			}
			if slices.ContainsFunc(b.ix.Entries(i), func(e *allowlist.Entry) bool { return applied[e] }) {
				b.op(&st, i, &out, nil)
			}
		}
	}
	var errs schema.ErrorList
	for _, e := range user {
		if applied[e] && !used[e] {
			errs.Add(e.CheckPos, noEffect(e))
		}
	}
	return errs.Err()
}

func noEffect(e *allowlist.Entry) string {
	msg := fmt.Sprintf("skip: no effect: %s has no %s check", e.Op, e.Check)
	switch {
	case e.Arg != "":
		msg += " on argument " + e.Arg
	case e.Ret >= 0:
		msg += fmt.Sprintf(" on return %d", e.Ret)
	}
	if e.Profiles != nil {
		msg += " under the profiles the entry names"
	}
	return msg
}
