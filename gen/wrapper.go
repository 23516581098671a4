package gen

import (
	"fmt"
	"regexp"

	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// A wrapper is everything the emitter needs for one op: its plan, its Go
// name and its Go signature.
type wrapper struct {
	op      *plan.Op
	name    string // Go name, e.g. AddTensor
	params  []param
	results []GoType
}

type param struct {
	arg  *schema.Argument
	name string // Go parameter name
	typ  GoType
}

// signature is the Go signature of the op with full import paths, as
// LoadKernels prints kernels' signatures.
func (w *wrapper) signature() string { return w.sig(GoType.String) }

// displaySignature is the signature for messages.
func (w *wrapper) displaySignature() string { return w.sig(GoType.Display) }

func (w *wrapper) sig(spell func(GoType) string) string {
	s := "func("
	for i, p := range w.params {
		if i > 0 {
			s += ", "
		}
		s += p.name + " " + spell(p.typ)
	}
	s += ")"
	switch len(w.results) {
	case 0:
	case 1:
		s += " " + spell(w.results[0])
	default:
		s += " ("
		for i, r := range w.results {
			if i > 0 {
				s += ", "
			}
			s += spell(r)
		}
		s += ")"
	}
	return s
}

// localRE matches the identifiers generated code declares for itself.
var localRE = regexp.MustCompile(`^(c|next|k|[alor][0-9]+|ol[0-9]+)$`)

// newWrapper maps an op's schema to Go.
func newWrapper(op *plan.Op, goName string, types TypeMap) (*wrapper, error) {
	w := &wrapper{op: op, name: goName}
	f := op.Src.Func
	for _, a := range f.Args() {
		t, err := types.GoTypeOf(a.Type)
		if err != nil {
			return nil, fmt.Errorf("%s: argument %s: %v", op.Name, a.Name, err)
		}
		name := ParamName(a.Name)
		if localRE.MatchString(name) {
			name += "_"
		}
		w.params = append(w.params, param{arg: a, name: name, typ: t})
	}
	for i := range f.Returns {
		t, err := types.GoTypeOf(f.Returns[i].Type)
		if err != nil {
			return nil, fmt.Errorf("%s: return %d: %v", op.Name, i, err)
		}
		w.results = append(w.results, t)
	}
	return w, nil
}

// param returns the parameter of the schema argument named name.
func (w *wrapper) param(name string) (int, *param) {
	for i := range w.params {
		if w.params[i].arg.Name == name {
			return i, &w.params[i]
		}
	}
	return -1, nil
}
