package plan

import (
	"fmt"
	"go/token"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/schema"
)

// rowSubject is what the rows of a check are about.
type rowSubject uint8

const (
	onArg    rowSubject = iota // one argument: Arg
	onRet                      // one return: Ret
	onRetArg                   // a return and an argument: Ret and Arg
	onRets                     // the fresh returns: Rets
)

// subjects gives, for each check, what its rows name (docs/plan.md,
// "Checks").
var subjects = [asserts.NumPlanChecks]rowSubject{
	asserts.CheckSameImpl:            onArg,
	asserts.CheckSameStorage:         onArg,
	asserts.CheckNoMutation:          onArg,
	asserts.CheckSameContent:         onArg,
	asserts.CheckBindingContext:      onArg,
	asserts.CheckImplUseCountLE1:     onRet,
	asserts.CheckImplUseCountEqFresh: onRet,
	asserts.CheckStorageUseCountEq1:  onRet,
	asserts.CheckFreshNotHeld:        onRet,
	asserts.CheckSharesStorage:       onRetArg,
	asserts.CheckFreshOrAlias:        onRetArg,
	asserts.CheckReturnsArg:          onRetArg,
	asserts.CheckNotArgHandle:        onRetArg,
	asserts.CheckFreshNoAlias:        onRetArg,
	asserts.CheckDistinctOutputs:     onRets,
}

// Validate reports what makes p a plan no wrapper can be printed from: a
// row of an unknown check, on an argument or a return the op does not
// have or that is not a tensor, or naming what its check does not take (a
// return on an argument check, ...); returns_arg between a list and a
// single tensor; a skipped row of an unknown check; an op without its
// schema op, or without a Go name, or with another op's; a runtime profile
// asserts does not have. Each error is at the op's place in its schema.
// The plans Build makes are valid (it checks); a plan made or changed by
// hand is checked by gen before it prints anything.
func (p *Plan) Validate() error {
	var errs schema.ErrorList
	if _, ok := asserts.ParseProfile(p.Runtime.String()); !ok {
		errs.Addf(schema.Position{Filename: "plan"}, "unknown runtime profile %s", p.Runtime)
	}
	goNames := make(map[string]string, len(p.Ops))
	for _, op := range p.Ops {
		if op.Src == nil || op.Src.Func == nil {
			errs.Addf(schema.Position{Filename: "plan"}, "op %s has no schema op", op.Name)
			continue
		}
		at := op.Src.Pos
		switch other, dup := goNames[op.GoName]; {
		case op.GoName == "":
			errs.Addf(at, "op %s of the plan has no Go name", op.Name)
		case !token.IsIdentifier(op.GoName) || !token.IsExported(op.GoName):
			errs.Addf(at, "op %s: Go name %q is not an exported identifier", op.Name, op.GoName)
		case dup:
			errs.Addf(at, "op %s: Go name %s is also op %s's", op.Name, op.GoName, other)
		default:
			goNames[op.GoName] = op.Name
		}
		for i := range op.Checks {
			if msg := op.checkRow(&op.Checks[i]); msg != "" {
				errs.Addf(at, "%s: %s", op.Name, msg)
			}
		}
		for i := range op.Skipped {
			if k := op.Skipped[i].Name; int(k) >= asserts.NumPlanChecks {
				errs.Addf(at, "%s: unknown skipped check %s", op.Name, k)
			}
		}
	}
	return errs.Err()
}

// checkRow returns what is wrong with a row of op, or "".
func (op *Op) checkRow(ck *Check) string {
	if int(ck.Name) >= asserts.NumPlanChecks {
		return fmt.Sprintf("unknown check %s", ck.Name)
	}
	if msg := ck.shape(); msg != "" {
		return fmt.Sprintf("%s %s", ck.Name, msg)
	}
	f := op.Src.Func
	if ck.Arg != "" {
		a := f.Arg(ck.Arg)
		if a == nil {
			return fmt.Sprintf("%s on unknown argument %s", ck.Name, ck.Arg)
		}
		if a.Type.TensorForm() == schema.NotTensor {
			return fmt.Sprintf("argument %s of type %s cannot be checked", a.Name, a.Type)
		}
	}
	if ck.Ret != nil {
		if msg := checkRet(f, ck.Name, *ck.Ret); msg != "" {
			return msg
		}
	}
	for _, r := range ck.Rets {
		if msg := checkRet(f, ck.Name, r); msg != "" {
			return msg
		}
	}
	if ck.Name == asserts.CheckReturnsArg {
		rt, at := f.Returns[*ck.Ret].Type, f.Arg(ck.Arg).Type
		if (rt.TensorForm() == schema.TensorList) != (at.TensorForm() == schema.TensorList || at.TensorForm() == schema.TensorOptionalList) {
			return fmt.Sprintf("%s between return %d (%s) and argument %s (%s) is not supported", ck.Name, *ck.Ret, rt, ck.Arg, at)
		}
	}
	return ""
}

// checkRet returns what is wrong with return r of f as the subject of
// check k, or "".
func checkRet(f *schema.Func, k asserts.Check, r int) string {
	if r < 0 || r >= len(f.Returns) {
		return fmt.Sprintf("%s on unknown return %d", k, r)
	}
	switch f.Returns[r].Type.TensorForm() {
	case schema.TensorSingle, schema.TensorOptional, schema.TensorList:
		return ""
	}
	return fmt.Sprintf("return %d of type %s cannot be checked", r, f.Returns[r].Type)
}

// shape returns what the row names that its check does not take, or
// misses of what it needs, or "".
func (ck *Check) shape() string {
	hasRet, hasArg, hasRets := ck.Ret != nil, ck.Arg != "", len(ck.Rets) > 0
	switch want := subjects[ck.Name]; {
	case want == onArg && hasRet:
		return fmt.Sprintf("on return %d: it checks arguments only", *ck.Ret)
	case want == onRet && hasArg:
		return fmt.Sprintf("on argument %s: it checks a return only", ck.Arg)
	case want != onRets && hasRets:
		return "with rets: only distinct_outputs compares returns"
	case want == onRets && (hasArg || hasRet || !hasRets):
		return "names the returns it compares (rets), and nothing else"
	case (want == onArg || want == onRetArg) && !hasArg:
		return "without an argument"
	case (want == onRet || want == onRetArg) && !hasRet:
		return "without a return"
	}
	return ""
}
