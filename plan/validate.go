package plan

import (
	"cmp"
	"fmt"
	"go/token"
	"strings"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/schema"
)

// takes gives what the rows of each check name (docs/plan.md, "Checks"):
// 'a' an argument, 'r' a return, 'b' both, 'o' the returns it compares,
// 'R' a return and, for a may-alias return, the argument it may alias.
var takes = [asserts.NumPlanChecks]byte{
	asserts.CheckSameImpl: 'a', asserts.CheckSameStorage: 'a', asserts.CheckNoMutation: 'a', asserts.CheckSameContent: 'a', asserts.CheckSameMetadata: 'a', asserts.CheckBindingContext: 'a',
	asserts.CheckImplUseCountLE1: 'r', asserts.CheckImplUseCountEqFresh: 'r', asserts.CheckStorageUseCountEq1: 'r', asserts.CheckFreshNotHeld: 'R',
	asserts.CheckSharesStorage: 'b', asserts.CheckFreshOrAlias: 'b', asserts.CheckReturnsArg: 'b', asserts.CheckNotArgHandle: 'b', asserts.CheckFreshNoAlias: 'b',
	asserts.CheckDistinctOutputs: 'o',
}

var takesText = map[byte]string{'a': "an argument", 'r': "a return", 'b': "a return and an argument", 'o': "the returns it compares (rets)", 'R': "a return (and the argument a may-alias return may alias)"}

// Validate reports what makes p a plan no wrapper can be printed from: a
// row of an unknown check, naming other subjects than its check takes, or
// an argument or return the op lacks or that is not a tensor; returns_arg
// between a list and a single tensor; a skipped row of an unknown check;
// an op without its schema op, or without an exported Go name of its own;
// a skip policy asserts lacks. Each error is at the op's place in its
// schema. gen calls it before printing; `assertgen plan` before showing.
func (p *Plan) Validate() error {
	var errs schema.ErrorList
	if _, ok := asserts.ParsePolicy(p.Policy.String()); !ok {
		errs.Addf(schema.Position{Filename: "plan"}, "unknown skip policy %s", p.Policy)
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
		for _, sk := range op.Skipped {
			if int(sk.Name) >= asserts.NumPlanChecks {
				errs.Addf(at, "%s: unknown skipped check %s", op.Name, sk.Name)
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
	t := takes[ck.Name]
	if t == 'R' {
		t = 'r' // the argument is optional
		if ck.Arg != "" {
			t = 'b'
		}
	}
	if (ck.Arg != "") != (t == 'a' || t == 'b') || (ck.Ret != nil) != (t == 'r' || t == 'b') || (len(ck.Rets) > 0) != (t == 'o') {
		return fmt.Sprintf("%s on %s: it takes %s", ck.Name, ck.subjects(), takesText[t])
	}
	f := op.Src.Func
	if a := f.Arg(ck.Arg); ck.Arg != "" && a == nil {
		return fmt.Sprintf("%s on unknown argument %s", ck.Name, ck.Arg)
	} else if a != nil && a.Type.TensorForm() == schema.NotTensor {
		return fmt.Sprintf("argument %s of type %s cannot be checked", a.Name, a.Type)
	}
	rets := ck.Rets
	if ck.Ret != nil {
		rets = []int{*ck.Ret}
	}
	for _, r := range rets {
		if r < 0 || r >= len(f.Returns) {
			return fmt.Sprintf("%s on unknown return %d", ck.Name, r)
		}
		if form := f.Returns[r].Type.TensorForm(); form != schema.TensorSingle && form != schema.TensorOptional && form != schema.TensorList {
			return fmt.Sprintf("return %d of type %s cannot be checked", r, f.Returns[r].Type)
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

// subjects says what the row names: "argument self and return 0".
func (ck *Check) subjects() string {
	var on []string
	if ck.Arg != "" {
		on = append(on, "argument "+ck.Arg)
	}
	if ck.Ret != nil {
		on = append(on, fmt.Sprint("return ", *ck.Ret))
	}
	if len(ck.Rets) > 0 {
		on = append(on, fmt.Sprint("returns ", ck.Rets))
	}
	return cmp.Or(strings.Join(on, " and "), "nothing")
}
