package sweep

import (
	"maps"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// The values that matter: the variants give every op the same few values
// (alpha 1, dim 0, positive elements), and a kernel that special-cases
// another (alpha != 1, all-zero operands, dim -1, a reshape that cannot
// view its input) is never reached by them. Each op's base sample, the
// first variant that ran, is tried again with one kind of value changed:
// a probe. A probe is an edit of a sample that ran, so its call needs no
// repair: it runs once, and a refusal is the kernel's answer to that
// value.

// A probe is one kind of value kernels special-case, tried on each op's
// base sample (see [Probes]).
type probe struct {
	Name string
	// Doc says what the probe changes.
	Doc string
	// edit changes the sample and says what it did.
	edit func(s *Sample) byte
}

// What a probe made of a base sample: the code [Report.Tried] gives a
// probe that did not run, or 0 when it changed the sample.
const (
	// probeChanged: the probe changed the sample; it is to run.
	probeChanged byte = 0
	// probeSame: the base sample has those values already (it ran them).
	probeSame byte = '='
	// probeNoArg: the op has no argument (or tensor) of the probe's kind.
	probeNoArg byte = '-'
)

// status is the probe's status from what its edit saw: any argument of
// its kind, and any change.
func status(had, changed bool) byte {
	switch {
	case changed:
		return probeChanged
	case had:
		return probeSame
	}
	return probeNoArg
}

// Probes are the values that matter, in order: each one kind of value
// kernels special-case, tried on each op's base sample. A probe's Name is
// what a report calls it ("value: NAME"), its Doc says what it changes.
// Probes are numbered by their place here (a runtime's verdicts may name
// them), so a new probe goes at the end.
var Probes = []probe{
	{"scalars 0", "every Scalar and float argument (alpha, beta, value, p...) 0", scalars(0)},
	{"scalars 1", "every Scalar and float argument 1", scalars(1)},
	{"scalars -1", "every Scalar and float argument -1", scalars(-1)},
	{"scalars 2", "every Scalar and float argument 2", scalars(2)},
	{"scalars 0.5", "every Scalar and float argument 0.5 (not an integer)", scalars(0.5)},
	{"dims 0", "every dim argument 0", dimsTo(func(int) int { return 0 })},
	{"dims -1", "every dim argument -1", dimsTo(func(int) int { return -1 })},
	{"dims last", "every dim argument the first tensor's last dim (rank-1)", dimsTo(func(r int) int { return max(r-1, 0) })},
	{"bools true", "every bool argument (keepdim, upper...) true", bools(true)},
	{"bools false", "every bool argument false", bools(false)},
	{"zeros", "every input tensor all zeros", fillInputs(fillZeros)},
	{"ones", "every input tensor all ones", fillInputs(fillOnes)},
	{"negatives", "every input tensor of a signed dtype all negative", fillInputs(fillNeg)},
	{"mixed signs", "every input tensor of a signed dtype of mixed signs", fillInputs(fillMixed)},
	{"size-1 dims", "every input tensor's first dim 1 ([2,3] is [1,3])", leadDim(1)},
	{"broadcast", "the input tensors after the first without its first dim ([2,3] with [3])", broadcast},
	{"non-contiguous", "every 2-d input tensor a transposed view", nonContiguous},
	{"non-viewable reshape", "a shape or size argument of one dim, of a transposed input (reshape's copy path)", nonViewable},
	{"one-element lists", "every tensor list, Scalar list and dim list of one element", oneElementLists},
	{"empty", "every input tensor's first dim 0 ([2,3] is [0,3])", leadDim(0)},
	{"size-1 last dim", "every input tensor's last dim 1 ([2,3] is [2,1]: a column vector)", trailingDim(1)},
	{"single element", "every input tensor's dims all 1 ([2,3] is [1,1], [3] is [1])", allDims(1)},
	{"negative 0-dim", "every input tensor 0-dim, its element negative where its dtype is signed (a kernel's scalar path)", signed(toShape(), fillNeg)},
	{"mixed signs 1-d", "every input tensor 1-d [3], its elements of mixed signs where its dtype is signed (a kernel's vector path)", signed(toShape(3), fillMixed)},
	{"Go int", "every tensor of a real dtype held as Go's int, floats' elements of mixed signs (a runtime's own integer type besides int64: Capabilities.GoInt; not generated for another)", goInt},
}

// ApplyProbe returns a copy of s with probe p of [Probes] applied, to run
// once without repairs. When the probe changes nothing, notRun is its
// code in [Report.Tried]: '=' when s has those values already (it ran
// them), '-' when the op has no argument of the probe's kind; else 0.
func (s *Sample) ApplyProbe(p int) (probed *Sample, notRun byte) {
	c := s.clone()
	st := Probes[p].edit(c)
	if st == probeChanged {
		c.Probe = &Probes[p]
	}
	return c, st
}

// clone returns a deep copy of s.
func (s *Sample) clone() *Sample {
	c := *s
	c.Specs = make([]Spec, len(s.Specs))
	for i, sp := range s.Specs {
		c.Specs[i] = sp.clone()
	}
	c.Args = make([]Arg, len(s.Args))
	for i, a := range s.Args {
		a.Tensors, a.Ints, a.Floats = slices.Clone(a.Tensors), slices.Clone(a.Ints), slices.Clone(a.Floats)
		a.Bools, a.Strs = slices.Clone(a.Bools), slices.Clone(a.Strs)
		c.Args[i] = a
	}
	c.Repairs = slices.Clone(s.Repairs)
	c.tried = maps.Clone(s.tried)
	return &c
}

// isOut reports whether a is one of the op's out= arguments.
func (s *Sample) isOut(a *Arg) bool {
	return slices.ContainsFunc(s.Func.Out, func(o funcschema.Argument) bool { return o.Name == a.name() })
}

// inputs returns the tensors the op reads (every tensor argument but the
// out= ones, an in-place self included), each once, by root; a view
// stands for itself (its base is not an argument).
func (s *Sample) inputs() []int {
	var ks []int
	for i := range s.Args {
		a := &s.Args[i]
		if s.isOut(a) {
			continue
		}
		for _, k := range a.Tensors {
			if r := s.root(k); !slices.Contains(ks, r) {
				ks = append(ks, r)
			}
		}
	}
	return ks
}

// values returns the non-tensor arguments whose base type is one of bs,
// lists among them when lists is set.
func (s *Sample) values(lists bool, bs ...funcschema.BaseTy) []*Arg {
	var as []*Arg
	for i := range s.Args {
		a := &s.Args[i]
		if a.Tensors != nil || a.List || a.Schema.Type.TensorForm() != funcschema.NotTensor || !slices.Contains(bs, a.base()) {
			continue
		}
		if a.Schema.Type.IsList() != lists {
			continue
		}
		as = append(as, a)
	}
	return as
}

// scalars sets every Scalar and float argument to v (an optional one
// absent in the base is given it).
func scalars(v float64) func(*Sample) byte {
	return func(s *Sample) byte {
		as := s.values(false, funcschema.Scalar, funcschema.Float, funcschema.SymFloat)
		changed := false
		for _, a := range as {
			n := Arg{Schema: a.Schema}
			if a.base() == funcschema.Scalar && v == float64(int64(v)) {
				n.Ints = []int64{int64(v)}
			} else {
				n.Floats = []float64{v}
			}
			if a.Absent || !slices.Equal(a.Ints, n.Ints) || !slices.Equal(a.Floats, n.Floats) {
				*a, changed = n, true
			}
		}
		return status(len(as) > 0, changed)
	}
}

// isDim reports whether an int argument's name says it is a dim: dim,
// dim0, dim1, start_dim, axis; not a size named like one (embed_dim,
// sparse_dim, dim_size).
func isDim(name string) bool {
	switch {
	case name == "axis" || name == "start_dim" || name == "end_dim":
		return true
	case strings.HasSuffix(name, "_dim") || strings.HasPrefix(name, "dim_") || strings.HasPrefix(name, "num_"):
		return false
	}
	return strings.HasPrefix(name, "dim")
}

// dimsTo sets the dim arguments to d(rank), rank the first input tensor's:
// the first int dim and every dim list (of the base's length) to it; a
// later int dim (transpose's dim1) that would then name the same dim
// takes the first one's old value.
func dimsTo(d func(rank int) int) func(*Sample) byte {
	return func(s *Sample) byte {
		rank := 0
		if ks := s.inputs(); len(ks) > 0 {
			rank = len(s.Specs[ks[0]].Shape)
		}
		v := int64(d(rank))
		wrap := func(x int64) int64 {
			if x < 0 {
				x += int64(max(rank, 1))
			}
			return x
		}
		had, changed, first := false, false, int64(-1<<62)
		for _, a := range s.values(false, funcschema.Int, funcschema.SymInt) {
			if !isDim(a.name()) {
				continue
			}
			had = true
			old := int64(0)
			if len(a.Ints) > 0 {
				old = a.Ints[0]
			}
			nv := v
			if first == -1<<62 {
				first = old
			} else if wrap(old) != wrap(v) || wrap(first) == wrap(v) {
				continue // keeps its own dim
			} else {
				nv = first
			}
			if a.Absent || old != nv {
				*a, changed = Arg{Schema: a.Schema, Ints: []int64{nv}}, true
			}
		}
		for _, a := range s.values(true, funcschema.Int, funcschema.SymInt) {
			if !isDim(a.name()) || a.name() == "dims" && !a.Absent && len(a.Ints) > 1 {
				continue // a permutation keeps its dims
			}
			had = true
			l := repeat(v, max(1, len(a.Ints)))
			if len(l) > 1 {
				l = l[:1]
			}
			if a.Absent || !slices.Equal(a.Ints, l) {
				*a, changed = Arg{Schema: a.Schema, Ints: l}, true
			}
		}
		return status(had, changed)
	}
}

// bools sets every bool argument to v.
func bools(v bool) func(*Sample) byte {
	return func(s *Sample) byte {
		as := s.values(false, funcschema.Bool, funcschema.SymBool)
		changed := false
		for _, a := range as {
			if a.Absent || len(a.Bools) != 1 || a.Bools[0] != v {
				*a, changed = Arg{Schema: a.Schema, Bools: []bool{v}}, true
			}
		}
		return status(len(as) > 0, changed)
	}
}

// holdsIndices reports whether an integer tensor argument of this name
// holds indices or what bounds them: an index, offset or class label
// (targets), a length or size of another argument (input_lengths,
// batch_sizes, bag_size, nested_size), a count. Its values are not values
// a kernel special-cases but ones it indexes by, often unchecked (a
// backward kernel trusts its forward's): a negative label or a length past
// its tensor is memory read out of bounds, not a finding of a check.
func holdsIndices(name string) bool {
	return indexLike(name) || name == "targets" || strings.HasSuffix(name, "lengths") ||
		strings.HasSuffix(name, "_sizes") || strings.HasSuffix(name, "_size") || strings.HasPrefix(name, "count")
}

// fillInputs fills every input tensor with fill: not the integer tensors
// that hold indices (holdsIndices), nor (for negatives and mixed signs)
// bool and unsigned ones. A view takes the fill through its base.
func fillInputs(fill string) func(*Sample) byte {
	return func(s *Sample) byte {
		had, changed := false, false
		for _, k := range s.inputs() {
			sp := &s.Specs[k]
			if integralDtype(sp.Dtype) && sp.Dtype != "bool" && holdsIndices(s.argOf(k)) {
				continue
			}
			if (fill == fillNeg || fill == fillMixed) && !signedDtype(sp.Dtype) {
				continue
			}
			if sp.ViewOf >= 0 {
				sp = &s.Specs[s.root(sp.ViewOf)]
			}
			had = true
			if sp.Fill != fill {
				sp.Fill, sp.Data, changed = fill, nil, true
			}
		}
		return status(had, changed)
	}
}

// leadDim gives every input tensor of one dim or more the first dim n (a
// 0-dim one the shape [n]); a view becomes a tensor of its own. A shape
// or size argument that was the first input's shape (reshape's, view's)
// follows it.
func leadDim(n int) func(*Sample) byte {
	return reshapeInputs(func(sh []int) { sh[0] = n })
}

// trailingDim sets every input tensor's last dim to n (a 0-dim tensor
// becomes [n]), the first input's shape arguments following it.
func trailingDim(n int) func(*Sample) byte {
	return reshapeInputs(func(sh []int) { sh[len(sh)-1] = n })
}

// allDims sets every dim of every input tensor to n (a 0-dim tensor
// becomes [n]), the first input's shape arguments following it.
func allDims(n int) func(*Sample) byte {
	return reshapeInputs(func(sh []int) {
		for i := range sh {
			sh[i] = n
		}
	})
}

// reshapeInputs gives every input tensor the shape edit makes of its own
// (a 0-dim tensor's taken as [1]), the first input's shape arguments
// following it.
func reshapeInputs(edit func(sh []int)) func(*Sample) byte {
	return func(s *Sample) byte {
		had, changed := false, false
		for i, k := range s.inputs() {
			old := s.Specs[k].Shape
			sh := slices.Clone(old)
			if len(sh) == 0 {
				sh = []int{1}
			}
			had = true
			edit(sh)
			if len(old) > 0 && slices.Equal(sh, old) {
				continue
			}
			if i == 0 {
				s.followShape(old, sh)
			}
			changed = s.reshape(k, sh) || changed
		}
		return status(had, changed)
	}
}

// toShape gives every input tensor the shape sh (none: 0-dim), the first
// input's shape arguments following it.
func toShape(sh ...int) func(*Sample) byte {
	return func(s *Sample) byte {
		had, changed := false, false
		for i, k := range s.inputs() {
			old := s.Specs[k].Shape
			had = true
			if slices.Equal(old, sh) {
				continue
			}
			if i == 0 {
				s.followShape(old, sh)
			}
			changed = s.reshape(k, sh) || changed
		}
		return status(had, changed)
	}
}

// signed is the probe edit and then every input tensor of a signed dtype
// filled with fill (fillInputs), for the values a kernel's special path
// writes back unchanged when they are positive (|x| into its input, which
// only a negative x shows): an op without such a tensor has nothing to
// run.
func signed(edit func(*Sample) byte, fill string) func(*Sample) byte {
	return func(s *Sample) byte {
		st := edit(s)
		switch fillInputs(fill)(s) {
		case probeNoArg:
			return probeNoArg
		case probeChanged:
			return probeChanged
		}
		return st
	}
}

// goInt holds every strided tensor of a floating dtype or int64 (without
// autograd, which integers do not have) as Go's
// int (Spec.GoInt): a float's elements become integers of mixed signs,
// an int64's (indices among them) stay as they are. A runtime whose own
// integer type is Go's int besides int64 (gorgonia's tensor.Int) runs it;
// no variant makes such a tensor, and a kernel's path for it is reached
// by this probe alone.
func goInt(s *Sample) byte {
	had := false
	for k := range s.Specs {
		sp := &s.Specs[k]
		if sp.Layout != "" || sp.RequiresGrad || sp.NonLeafView || !isFloating(sp.Dtype) && sp.Dtype != "int64" {
			continue
		}
		had = true
		if sp.Dtype != "int64" {
			sp.Dtype, sp.Fill, sp.Data = "int64", fillMixed, nil
		}
		sp.GoInt = true
	}
	return status(had, had)
}

// lacksGoInt reports whether s asks for Go's int (the probe "Go int") of
// a runtime that does not say it has it ([Capabilities].GoInt; one
// without the method has every other kind, not this one): the probe is
// not generated.
func lacksGoInt(rt Runtime, s *Sample) bool {
	c, ok := rt.(Capable)
	return slices.ContainsFunc(s.Specs, func(sp Spec) bool { return sp.GoInt }) && (!ok || !c.Capabilities().GoInt)
}

// followShape sets the shape and size arguments that hold the shape old
// to the shape sh.
func (s *Sample) followShape(old, sh []int) {
	for _, a := range s.values(true, funcschema.Int, funcschema.SymInt) {
		if n := a.name(); (n == "shape" || n == "size" || n == "sizes") && !a.Absent && equalInts(a.Ints, ints64(old)) {
			a.Ints = ints64(sh)
		}
	}
}

func ints64(l []int) []int64 {
	out := make([]int64, len(l))
	for i, x := range l {
		out[i] = int64(x)
	}
	return out
}

// reshape gives tensor k the shape sh, keeping a transposed view one.
func (s *Sample) reshape(k int, sh []int) bool {
	tr := s.Specs[k].Transposed && len(sh) == 2
	if !s.setShape([]int{k}, sh) {
		return false
	}
	s.Specs[k].Transposed = tr
	return true
}

// broadcast gives the input tensors after the first that have its shape
// that shape without its first dim ([2,3] with [3]; a 1-d first, [1]).
func broadcast(s *Sample) byte {
	ks := s.inputs()
	if len(ks) < 2 || len(s.Specs[ks[0]].Shape) == 0 {
		return probeNoArg
	}
	first := s.Specs[ks[0]].Shape
	to := first[1:]
	if len(to) == 0 {
		to = []int{1}
	}
	changed := false
	for _, k := range ks[1:] {
		if slices.Equal(s.Specs[k].Shape, first) {
			changed = s.setShape([]int{k}, to) || changed
		}
	}
	return status(true, changed)
}

// nonContiguous makes every 2-d input tensor a transposed view.
func nonContiguous(s *Sample) byte {
	had, changed := false, false
	for _, k := range s.inputs() {
		sp := &s.Specs[k]
		if len(sp.Shape) != 2 || sp.ViewOf >= 0 || sp.Layout != "" || sp.Strides != nil {
			continue
		}
		had = true
		if !sp.Transposed {
			sp.Transposed, changed = true, true
		}
	}
	return status(had, changed)
}

// nonViewable gives an op with a shape or size argument (reshape, view,
// new_zeros) a first input that is a transposed [2,3] view and that
// argument [6]: a reshape of it must copy.
func nonViewable(s *Sample) byte {
	var size *Arg
	for _, a := range s.values(true, funcschema.Int, funcschema.SymInt) {
		if n := a.name(); n == "shape" || n == "size" || n == "sizes" {
			size = a
			break
		}
	}
	ks := s.inputs()
	if size == nil || len(ks) == 0 || s.Specs[ks[0]].Layout != "" {
		return probeNoArg
	}
	sp := &s.Specs[ks[0]]
	if len(sp.Shape) != 2 {
		s.setShape(ks[:1], []int{2, 3})
	}
	changed := !sp.Transposed
	sp.Transposed = true
	n := int64(sp.numel())
	if size.Absent || !slices.Equal(size.Ints, []int64{n}) {
		*size, changed = Arg{Schema: size.Schema, Ints: []int64{n}}, true
	}
	return status(true, changed)
}

// oneElementLists cuts every tensor list, Scalar list and dim list to its
// first element.
func oneElementLists(s *Sample) byte {
	had, changed := false, false
	for i := range s.Args {
		a := &s.Args[i]
		switch {
		case a.List:
			had = true
			if len(a.Tensors) > 1 {
				a.Tensors, changed = a.Tensors[:1], true
			}
		case a.Tensors == nil && !a.Absent && a.Schema.Type.IsList() && (a.base() == funcschema.Scalar || isDim(a.name())):
			had = true
			if len(a.Ints) > 1 {
				a.Ints, changed = a.Ints[:1], true
			}
			if len(a.Floats) > 1 {
				a.Floats, changed = a.Floats[:1], true
			}
		}
	}
	return status(had, changed)
}

// Shapes before repair. A kernel that asks for another shape (a vector:
// a column for dim 0) has its samples repaired to it, and the probes of
// the degenerate shapes, run on the repaired base sample, then never
// leave it: the row vector [1,n] that a [2,3] becomes under "size-1
// dims" is never tried, nor a kernel's bug there. So those probes also
// run on the base variant's sample as the schema gives it, repaired only
// if refused.

// givenProbes are the probes of the degenerate shapes that also run on
// the base variant's sample as the schema gives it: a leading dim of 1, a
// last dim of 1, a single element, empty.
var givenProbes = []string{"size-1 dims", "size-1 last dim", "single element", "empty"}

// givenBase returns the sample of variant v of op f as the schema gives
// it, for the probes of givenProbes, when base, the op's base sample as
// it ran, is v's repaired; nil when v ran as given (the probes of its
// sample are those of base) or no variant ran.
func givenBase(f *funcschema.Func, v int, base *Sample) *Sample {
	if base == nil || v < 0 || len(base.Repairs) == 0 {
		return nil
	}
	return For(f, v)
}

// probeGiven returns probe p of given (the base variant's sample as the
// schema gives it, see givenBase), to run repaired if refused; nil when
// given is nil, p is not one of givenProbes, or the probe makes of given
// what it made of the base sample (probed).
func probeGiven(given *Sample, p int, probed *Sample) *Sample {
	if given == nil || !slices.Contains(givenProbes, Probes[p].Name) {
		return nil
	}
	g, st := given.ApplyProbe(p)
	if st != probeChanged || unrepaired(g) == unrepaired(probed) {
		return nil
	}
	return g
}

// unrepaired describes s's arguments without its repairs.
func unrepaired(s *Sample) string {
	c := *s
	c.Repairs = nil
	return c.Describe()
}

// moreShown reports whether outcome a showed more than b: a crash, a
// violation where b showed none, or a call that ran where b's was
// refused.
func moreShown(a, b outcome) bool {
	switch {
	case isCrash(a.Err):
		return !isCrash(b.Err)
	case a.Err == nil && len(a.Violations) > 0:
		return b.Err != nil || len(b.Violations) == 0
	}
	return a.Err == nil && b.Err != nil
}
