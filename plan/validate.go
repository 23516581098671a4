package plan

import (
	"cmp"
	"fmt"
	"go/token"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/schema"
)

// Validate reports what makes p a plan no wrapper can be printed from:
//   - a row of an unknown check, naming other subjects than its check
//     takes, or naming an argument or return the op lacks or that is not
//     a tensor;
//   - returns_arg between a list and a single tensor;
//   - a skipped row of an unknown check;
//   - an op without its schema op, or without an exported Go name of its
//     own;
//   - a skip policy asserts lacks.
//
// Each error is at the op's place in its schema. gen calls it before
// printing; `assertgen plan` calls it before showing.
func (p *Plan) Validate() error {
	var errs schema.ErrorList
	if _, ok := checks.ParsePolicy(p.Policy.String()); !ok {
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
			if int(sk.Name) >= checks.NumPlanChecks {
				errs.Addf(at, "%s: unknown skipped check %s", op.Name, sk.Name)
			}
		}
	}
	return errs.Err()
}

// checkRow returns what is wrong with a row of op, or "". A row may name
// subjects its check's shape does not name, or an argument or return the
// op lacks or that is no tensor. Or its form (lists or single tensors) may
// be one the check's row in asserts has no function for
// (checktable.FormFor).
func (op *Op) checkRow(ck *Check) string {
	if int(ck.Name) >= checks.NumPlanChecks {
		return fmt.Sprintf("unknown check %s", ck.Name)
	}
	hasArg, hasRet, hasRets := ck.Arg != "", ck.Ret != nil, len(ck.Rets) > 0
	var ok bool
	switch checktable.ShapeOf(ck.Name) {
	case checktable.OnArg:
		ok = hasArg && !hasRet && !hasRets
	case checktable.OnRet:
		ok = !hasArg && hasRet && !hasRets
	case checktable.OnRetArg:
		ok = hasArg && hasRet && !hasRets
	case checktable.OnRetMayArg:
		ok = hasRet && !hasRets
	case checktable.OnRets:
		ok = !hasArg && !hasRet && hasRets
	}
	if !ok {
		return fmt.Sprintf("%s on %s: it takes %s", ck.Name, ck.subjects(), checktable.ShapeOf(ck.Name))
	}
	f := op.Src.Func
	a := f.Arg(ck.Arg)
	if hasArg && a == nil {
		return fmt.Sprintf("%s on unknown argument %s", ck.Name, ck.Arg)
	} else if a != nil && a.Type.TensorForm() == schema.NotTensor {
		return fmt.Sprintf("argument %s of type %s cannot be checked", a.Name, a.Type)
	}
	rets := ck.Rets
	if hasRet {
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
	if hasRets {
		return ""
	}
	retList := hasRet && f.Returns[*ck.Ret].Type.TensorForm() == schema.TensorList
	argList := hasArg && (a.Type.TensorForm() == schema.TensorList || a.Type.TensorForm() == schema.TensorOptionalList)
	if _, ok := checktable.FormFor(ck.Name, hasArg, retList, argList); !ok {
		switch {
		case hasRet && hasArg:
			return fmt.Sprintf("%s between return %d (%s) and argument %s (%s) is not supported", ck.Name, *ck.Ret, f.Returns[*ck.Ret].Type, ck.Arg, a.Type)
		case hasRet:
			return fmt.Sprintf("%s on return %d (%s) is not supported", ck.Name, *ck.Ret, f.Returns[*ck.Ret].Type)
		default:
			return fmt.Sprintf("%s on argument %s (%s) is not supported", ck.Name, ck.Arg, a.Type)
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
