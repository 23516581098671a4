package gen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// A wrapper is everything the emitter needs for one op: its plan, its Go
// name and its Go signature.
type wrapper struct {
	op      *plan.Op
	name    string // Go name, e.g. AddTensor
	params  []param
	results []kernels.GoType
	// tparams are the type parameters the signature names (Options'
	// TypeParams): the wrapper is generic in them.
	tparams []kernels.TypeParam
	// targs instantiate a generic kernel (kernels.Matcher.Match).
	targs []kernels.GoType
}

type param struct {
	arg  *schema.Argument
	name string // Go parameter name
	typ  kernels.GoType
}

// want is the signature the kernel must have, for kernels.Matcher.
func (w *wrapper) want() kernels.Want {
	ws := kernels.Want{Results: w.results, TypeParams: w.tparams}
	for _, p := range w.params {
		ws.Params = append(ws.Params, p.typ)
	}
	return ws
}

// displaySignature is the signature for messages.
func (w *wrapper) displaySignature() string { return w.sig(kernels.GoType.Display).String() }

func (w *wrapper) sig(spell func(kernels.GoType) string) kernels.Signature {
	s := kernels.Signature{Params: make([]kernels.Param, len(w.params)), Results: make([]string, len(w.results))}
	for _, p := range w.tparams {
		_, c, _ := strings.Cut(p.String(), " ")
		s.TypeParams = append(s.TypeParams, kernels.Param{Name: p.Name, Type: c})
	}
	for i, p := range w.params {
		s.Params[i] = kernels.Param{Name: p.name, Type: spell(p.typ)}
	}
	for i, r := range w.results {
		s.Results[i] = spell(r)
	}
	return s
}

// localRE matches the identifiers a parameter must not take:
//   - the identifiers generated code declares for itself: the Frame fr,
//     the results r<i>, and in interface mode the receiver k and its field
//     next;
//   - c, a<i>, l<i>, o<i>, ol<i>, locs_ and checksPre/Post_<hash>, which
//     stay reserved so that the generated parameters keep their names
//     across assertgen releases;
//   - the shape helpers a wrapper refers to (shapeName, after a prefix's
//     namespace).
//
// newWrapper adds "_" to a parameter that matches.
var localRE = regexp.MustCompile(`^(c|fr|next|k|[alor][0-9]+|ol[0-9]+|(p[0-9A-Za-z_]*_)?(locs|shape|before|after|checks(Pre|Post))_[0-9a-f]{12})$`)

// local names a generated local, prefix and i, and reports one that
// localRE does not reserve or that a parameter has.
func (w *wrapper) local(prefix string, i int) (string, error) {
	n := prefix + strconv.Itoa(i)
	if !localRE.MatchString(n) {
		return "", fmt.Errorf("%s: generated local %s is not reserved against parameters", w.op.Name, n)
	}
	for _, p := range w.params {
		if p.name == n {
			return "", fmt.Errorf("%s: generated local %s collides with a parameter", w.op.Name, n)
		}
	}
	return n, nil
}

// newWrapper maps an op's schema to Go; the wrapper is generic in the
// type parameters of tps its signature names.
func newWrapper(op *plan.Op, goName string, types kernels.TypeMap, tps []kernels.TypeParam) (*wrapper, error) {
	w := &wrapper{op: op, name: goName}
	f := op.Src.Func
	used := map[string]bool{}
	for _, a := range f.Args() {
		t, err := types.GoTypeOf(a.Type)
		if err != nil {
			return nil, fmt.Errorf("%s: argument %s: %v", op.Name, a.Name, err)
		}
		name := plan.ParamName(a.Name)
		// A local's name, or one a previous argument took once mangled
		// (foo(Tensor self, int len, int len_): len is len_, len_ is len__).
		for localRE.MatchString(name) || used[name] {
			name += "_"
		}
		used[name] = true
		w.params = append(w.params, param{arg: a, name: name, typ: t})
	}
	for i := range f.Returns {
		t, err := types.GoTypeOf(f.Returns[i].Type)
		if err != nil {
			return nil, fmt.Errorf("%s: return %d: %v", op.Name, i, err)
		}
		w.results = append(w.results, t)
	}
	all := append([]kernels.GoType(nil), w.results...)
	for _, p := range w.params {
		all = append(all, p.typ)
	}
	w.tparams = typeParamsOf(tps, all...)
	return w, nil
}

// kernelRef refers to the kernel of package path, instantiated when it
// is generic.
func (w *wrapper) kernelRef(path string) *jen.Statement {
	return withTypes(jen.Qual(path, w.name), codes(w.targs, typeCode))
}
