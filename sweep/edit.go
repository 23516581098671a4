package sweep

import (
	"slices"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// The edits a repair makes to a sample: each reports whether it changed
// anything, so that a rule that would change nothing lets the next one
// try.

// root follows Same to the tensor a spec is.
func (s *Sample) root(k int) int {
	for s.Specs[k].Same >= 0 {
		k = s.Specs[k].Same
	}
	return k
}

// spec returns spec k's root for editing; a view of a shared base becomes
// a tensor of its own (the edit would not reach the base).
func (s *Sample) spec(k int) *Spec {
	sp := &s.Specs[s.root(k)]
	if sp.ViewOf >= 0 {
		sp.ViewOf, sp.Index = -1, 0
	}
	return sp
}

// arg returns the argument named name, or else the one argument whose
// name is name with a letter less or more at the end (a message's
// "split_sizes" for the schema's split_size), or nil.
func (s *Sample) arg(name string) *Arg {
	var near *Arg
	for i := range s.Args {
		n := s.Args[i].name()
		if strings.EqualFold(n, name) {
			return &s.Args[i]
		}
		if len(n) >= 3 && len(name) >= 3 && (strings.TrimSuffix(name, "s") == n || strings.TrimSuffix(n, "s") == name) {
			near = &s.Args[i]
		}
	}
	return near
}

// tensors returns the roots of every tensor argument's specs, in argument
// order, each once.
func (s *Sample) tensors() []int {
	var ks []int
	for _, ar := range s.Args {
		for _, k := range ar.Tensors {
			if r := s.root(k); !slices.Contains(ks, r) {
				ks = append(ks, r)
			}
		}
	}
	return ks
}

// named returns the tensors of the argument named name; "input" and
// "self", when no argument has that name, are the first tensor argument.
func (s *Sample) named(name string) []int {
	if a := s.arg(name); a != nil && a.Tensors != nil {
		var ks []int
		for _, k := range a.Tensors {
			ks = append(ks, s.root(k))
		}
		return ks
	}
	if a := s.arg(name); a != nil && a.Absent && a.Schema.Type.TensorForm() == funcschema.TensorOptional {
		return nil
	}
	switch name {
	case "input", "self", "tensor", "Input", "A", "":
		if ks := s.tensors(); len(ks) > 0 {
			return ks[:1]
		}
	}
	return nil
}

// writes returns the tensors of the written (out=) arguments.
func (s *Sample) writes() []int {
	var ks []int
	for _, ar := range s.Args {
		if ar.Schema.IsWrite() {
			for _, k := range ar.Tensors {
				ks = append(ks, s.root(k))
			}
		}
	}
	return ks
}

// ofDtype returns the tensors of dtype dt, the ones after the first
// tensor argument when there are any.
func (s *Sample) ofDtype(dt string) []int {
	var ks []int
	all := s.tensors()
	for _, k := range all {
		if s.Specs[k].Dtype == dt {
			ks = append(ks, k)
		}
	}
	if len(ks) > 1 && len(all) > 0 && ks[0] == all[0] {
		return ks[1:]
	}
	return ks
}

// setDtype gives the tensors ks dtype dt. Views of a base (the aliasing
// sample's two views of one tensor) all in ks stay views: their base takes
// the dtype too, so that a runtime that makes one dtype only (its refusal
// names every tensor) still gets the views. A view whose sibling keeps its
// dtype becomes a tensor of its own (a view has its base's dtype).
func (s *Sample) setDtype(ks []int, dt string) bool {
	changed := false
	for _, k := range ks {
		r := s.root(k)
		if b := s.Specs[r].ViewOf; b >= 0 && s.allViewsIn(b, ks) {
			changed = s.retype(&s.Specs[s.root(b)], dt) || changed
			changed = s.retype(&s.Specs[r], dt) || changed
			continue
		}
		changed = s.retype(s.spec(k), dt) || changed
	}
	return changed
}

// allViewsIn reports whether every view of spec b is among the tensors
// ks (by their roots).
func (s *Sample) allViewsIn(b int, ks []int) bool {
	for k, sp := range s.Specs {
		if sp.ViewOf == b && !slices.ContainsFunc(ks, func(j int) bool { return s.root(j) == k }) {
			return false
		}
	}
	return true
}

// retype gives sp dtype dt, with the layout, bits and autograd that go
// with it, and remembers its old dtype as tried.
func (s *Sample) retype(sp *Spec, dt string) bool {
	if sp.Dtype == dt {
		return false
	}
	if s.tried == nil {
		s.tried = map[string]bool{}
	}
	s.tried[sp.Dtype] = true
	sp.Dtype = dt
	if isQuantized(dt) && !isQuantizedLayout(sp.Layout) {
		sp.Layout = Quantized
	} else if !isQuantized(dt) && isQuantizedLayout(sp.Layout) {
		sp.Layout = ""
	}
	if !isComplex(dt) {
		sp.Conj = false
	}
	if !isFloating(dt) && !isComplex(dt) {
		sp.RequiresGrad, sp.NonLeafView, sp.NonLeafBase = false, false, false
	}
	return true
}

// setShape gives the tensors ks the shape; a shape past the size bound
// ([checkBound]) changes nothing, so that no repair grows a sample without
// end (kron.out(x, x, out=x) squares x at each repair of out).
func (s *Sample) setShape(ks []int, shape []int) bool {
	if checkBound(shape) != nil {
		return false
	}
	changed := false
	for _, k := range ks {
		sp := s.spec(k)
		if slices.Equal(sp.Shape, shape) && !sp.Transposed {
			continue
		}
		sp.Shape, changed = append([]int(nil), shape...), true
		sp.Transposed = false
	}
	return changed
}

// rankShapes are the shapes a tensor gets when a repair sets its rank.
var rankShapes = [][]int{{}, {3}, {2, 3}, {2, 3, 4}, {1, 2, 4, 4}, {1, 2, 4, 4, 4}, {1, 1, 2, 2, 2, 2}}

func shapeOfRank(r int) []int {
	if r < len(rankShapes) {
		return rankShapes[r]
	}
	return repeat(1, r)
}

func (s *Sample) setRank(ks []int, r int) bool {
	changed := false
	for _, k := range ks {
		if len(s.Specs[k].Shape) != r {
			changed = s.setShape([]int{k}, shapeOfRank(r)) || changed
		}
	}
	return changed
}

func (s *Sample) setFill(ks []int, fill string) bool {
	changed := false
	for _, k := range ks {
		if sp := s.spec(k); sp.Fill != fill {
			sp.Fill, changed = fill, true
		}
	}
	return changed
}

// setInts sets the value of the int or int[] argument named name.
func (s *Sample) setInts(name string, v ...int64) bool {
	a := s.arg(name)
	if a == nil || a.Tensors != nil || a.List || slices.Equal(a.Ints, v) && !a.Absent {
		return false
	}
	switch a.base() {
	case funcschema.Int, funcschema.SymInt, funcschema.Scalar:
	default:
		return false
	}
	*a = Arg{Schema: a.Schema, Ints: append([]int64{}, v...)}
	return true
}

// present gives the absent argument named name a value by its name, or
// makes its tensor.
func (s *Sample) present(name string) bool {
	a := s.arg(name)
	if a == nil || !a.Absent {
		return false
	}
	vr := Variants[s.Variant]
	switch a.Schema.Type.TensorForm() {
	case funcschema.TensorOptional:
		sp := vr.Tensor
		sp.Shape = append([]int(nil), sp.Shape...)
		sp.Same, sp.ViewOf, sp.Transposed = -1, -1, false
		if ks := s.tensors(); len(ks) > 0 {
			sp.Dtype, sp.Shape = s.Specs[ks[0]].Dtype, append([]int(nil), s.Specs[ks[0]].Shape...)
		}
		s.Specs = append(s.Specs, sp)
		*a = Arg{Schema: a.Schema, Tensors: []int{len(s.Specs) - 1}}
		return true
	case funcschema.NotTensor:
		*a = Arg{Schema: a.Schema}
		a.byName(s, vr)
		return !a.Absent
	}
	return false
}

// absent makes the optional argument named name None.
func (s *Sample) absent(name string) bool {
	a := s.arg(name)
	if a == nil || a.Absent || !a.Schema.Type.IsOptional() {
		return false
	}
	*a = Arg{Schema: a.Schema, Absent: true}
	return true
}
