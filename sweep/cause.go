package sweep

import (
	"fmt"
	"strings"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/checktable"
)

// One bug, one finding. A kernel that returns an argument (its handle,
// or a tensor on its storage) where the schema promises a fresh output
// trips several of the checks of that return in the same calls: the one
// that says what the return is (not_arg_handle, reported as
// impl_use_count_le_1 or impl_use_count_eq_fresh: "is the TensorImpl of
// argument self"; fresh_no_alias: "shares StorageImpl ... with argument
// self"), and the ones that see its consequence without knowing whose it
// is (fresh_not_held: the storage "came out fresh before"; a use count
// above 1). The report keeps each as a Finding, each key judged by the
// verdicts as before, but gives the second its cause (Finding.Cause) and
// reports it once, with the first, when it never showed without it.

// namesArgument reports whether x says what its return is: an argument's
// own TensorImpl (not_arg_handle) or storage (fresh_no_alias).
func namesArgument(x *asserts.Violation) bool {
	return x.Ret >= 0 && checktable.NamesArgument(x.Check, x.Other)
}

// causes returns, per violation of vs (the calls of one sample of op),
// the key of the finding that says what its return is when the violation
// is another check of the same return tripped by the same cause, else "".
func causes(op string, vs []asserts.Violation) []string {
	out := returnCauses(op, vs)
	for i := range vs {
		if out != nil && out[i] != "" {
			continue
		}
		if k := sameTensor(op, vs[:i], &vs[i]); k != "" {
			if out == nil {
				out = make([]string, len(vs))
			}
			out[i] = k
		}
	}
	return out
}

// sameTensor returns the key of the violation of before that x repeats
// on another argument: the same identity check (same_impl, same_storage)
// with the same identities before and after, one tensor passed as two
// arguments (x.mul_(x)) whose one change trips the check of each; ""
// for none.
func sameTensor(op string, before []asserts.Violation, x *asserts.Violation) string {
	if x.Ret >= 0 || !checktable.ArgumentIdentity(x.Check) {
		return ""
	}
	for j := range before {
		y := &before[j]
		if y.Ret < 0 && y.Arg != x.Arg && y.Check == x.Check && y.Want == x.Want && y.Got == x.Got {
			return FindingKey(op, y.Check.String(), y.Where())
		}
	}
	return ""
}

// returnCauses returns, per violation of vs, the key of the finding that
// says what its return is when it is another check of the same return
// (causes), else ""; nil when none is.
func returnCauses(op string, vs []asserts.Violation) []string {
	var named map[string]string // where -> the key of the first that names the argument
	for i := range vs {
		x := &vs[i]
		if namesArgument(x) {
			if named == nil {
				named = map[string]string{}
			}
			if _, ok := named[x.Where()]; !ok {
				named[x.Where()] = FindingKey(op, x.Check.String(), x.Where())
			}
		}
	}
	if named == nil {
		return nil
	}
	out := make([]string, len(vs))
	for i := range vs {
		x := &vs[i]
		if k, ok := named[x.Where()]; ok && checktable.FreshReturnCheck(x.Check) && k != FindingKey(op, x.Check.String(), x.Where()) {
			out[i] = k
		}
	}
	return out
}

// noteCause records that one of f's violations had the cause (a finding's
// key, "" for none): f keeps a cause only while each of its violations
// had that one.
func (f *Finding) noteCause(cause string) {
	switch {
	case f.alone:
	case f.Count == 1:
		f.Cause = cause
	case f.Cause != cause:
		f.Cause = ""
	}
	f.alone = f.alone || f.Cause == ""
}

// sameCause returns, per finding key, the findings that have it as their
// cause, and the number of findings that have none (the report's count
// of findings: one per bug).
func (r *Report) sameCause() (also map[string][]*Finding, own int) {
	also = map[string][]*Finding{}
	keys := map[string]bool{}
	for _, f := range r.Findings {
		keys[f.Key()] = true
	}
	for _, f := range r.Findings {
		if f.Cause != "" && keys[f.Cause] {
			also[f.Cause] = append(also[f.Cause], f)
		} else {
			own++
		}
	}
	return also, own
}

// alsoText says which findings of the same cause a finding stands for:
// other checks of the same return, or the same check of an argument that
// was the same tensor.
func alsoText(fs []*Finding) string {
	var rets, args []string
	for _, f := range fs {
		part := fmt.Sprintf("%s %s (%d)", f.Check, f.Where, f.Count)
		if strings.HasPrefix(f.Where, "argument ") {
			args = append(args, part)
		} else {
			rets = append(rets, part)
		}
	}
	var out []string
	if len(rets) > 0 {
		out = append(out, "the same return in the same calls also tripped "+strings.Join(rets, ", "))
	}
	if len(args) > 0 {
		out = append(out, "the same tensor, passed again as another argument, also tripped "+strings.Join(args, ", "))
	}
	return strings.Join(out, "; ") + ": one cause, reported once"
}
