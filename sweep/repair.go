package sweep

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// A messageRule repairs a sample from an error message: when Re matches, Fix
// changes the sample and reports whether it changed anything.
type messageRule struct {
	Name string
	Re   *regexp.Regexp
	Fix  func(s *Sample, m []string) bool
}

// maxRepairs bounds the repairs of one sample.
const maxRepairs = 6

// Repair changes the sample by the first rule whose expression matches
// msg and whose fix changes the sample, and returns the rule's name; ""
// when no rule applies or the sample had maxRepairs repairs already.
func (s *Sample) repairText(msg string) string {
	if len(s.Repairs) >= maxRepairs {
		return ""
	}
	for i := range messageRules {
		r := &messageRules[i]
		if m := r.Re.FindStringSubmatch(msg); m != nil && r.Fix(s, m) {
			s.Repairs = append(s.Repairs, r.Name)
			return r.Name
		}
	}
	return ""
}

// RepairError changes the sample by the error a call raised and returns
// the repair's name ("" when none applies or the sample had maxRepairs
// repairs already): by the repair kind err names ([RankError],
// [DtypeError]... or a runtime error that [Classify] gave a kind) when it
// names one, else by err's message ([Sample.Repair]).
func (s *Sample) repairError(err error) string {
	if len(s.Repairs) >= maxRepairs {
		return ""
	}
	if r, ok := s.repairKind(err); ok {
		return r
	}
	return s.repairText(err.Error())
}

// Run calls call with the sample, and after each error it returns repairs
// the sample by the error (the repair kind it names, else the first
// message rule that matches its text) and calls again, until a call
// returns nil, no repair applies, or 6 repairs were made. It returns the
// last call's error. A call that crashed (a Go runtime error, see [Call])
// is not repaired. A call that cannot even build the sample (a
// *MakeError) is repaired only when the runtime said why by a repair kind
// (a *DtypeError for a dtype it does not make: a float64-only runtime
// moves the sample to float64); any other MakeError ends it.
//
// When the op has a setup (docs/sweep.md, "Setups") and no repair applies, the sample
// starts again from the variant's sample with the setup's edits (repair
// "setup"), and the repairs go on from there: a sample the rules reach
// keeps the samples it always had, and the setup serves the ones they
// cannot. When that is refused too, the sample tries its non-tensor
// arguments at the values bindings commonly require, one argument at a
// time (a cast's dtype given, flatten's start_dim 1, keepdim true: repair
// "argument NAME=VALUE"), each repaired by the rules in turn; the first
// that runs is kept, else the sample stays as it was refused.
func (s *Sample) Run(call func(*Sample) error) error {
	for {
		err := s.runRules(call)
		if err == nil || isCrash(err) {
			return err
		}
		if !s.setUp() {
			return s.tryArgValues(call, err)
		}
	}
}

// runRules calls call with the sample and repairs it by each error's
// kind or message until a call returns nil, crashes, or no repair
// applies; it returns the last call's error.
func (s *Sample) runRules(call func(*Sample) error) error {
	for {
		err := call(s)
		if err == nil || isCrash(err) {
			return err
		}
		if me, ok := err.(*MakeError); ok {
			if len(s.Repairs) < maxRepairs && hasKind(me.Err) && s.kindRepair(me.Err) != "" {
				continue
			}
			return err
		}
		if s.repairError(err) == "" {
			return err
		}
	}
}

// tryArgValues tries s, refused with err after every other repair, with
// each of its argValues in turn, each then repaired by the rules: the
// first that runs (or crashes: a bug of the code it reached) is the
// sample. When none does, s stays as it was, refused with err.
func (s *Sample) tryArgValues(call func(*Sample) error, err error) error {
	if slices.ContainsFunc(s.Repairs, isArgRepair) {
		return err
	}
	for _, v := range s.argValues() {
		c := s.clone()
		v.edit(c)
		c.Repairs = append(c.Repairs, v.Name)
		if e := c.runRules(call); e == nil || isCrash(e) {
			*s = *c
			return e
		}
	}
	return err
}

// isArgRepair reports whether a repair's name is an argument value's.
func isArgRepair(name string) bool { return strings.HasPrefix(name, argRepair) }

// argRepair starts the name of the repair that gave an argument a value
// a binding needs ("argument start_dim=1").
const argRepair = "argument "

// setUp starts the sample again from its variant's with its op's setup,
// once; false when the op has none, the variant takes none, or it was
// applied.
func (s *Sample) setUp() bool {
	st := setupOf(s.Func)
	if st == nil || Variants[s.Variant].Alias || slices.Contains(s.Repairs, repairSetup) {
		return false
	}
	*s = *For(s.Func, s.Variant)
	for _, e := range st.Edits {
		e(s)
	}
	s.Repairs = []string{repairSetup}
	return true
}

// repairSetup names the repair that gave a sample its op's setup.
const repairSetup = "setup"

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

// dtypeOrder is the order in which a repair tries dtypes an op does not
// implement for the sample's.
var dtypeOrder = []string{"int64", "float64", "bool", "complex64", "float32", "uint8", "int32"}

// dtypeOf maps a dtype name of an error message to a [dtypeNames] name ("").
func dtypeOf(name string) string {
	name = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(name, "torch."), "at::k"), "c10::")
	if d, ok := torchDtypes[name]; ok {
		return d
	}
	if d, ok := torchDtypes[strings.TrimPrefix(name, "k")]; ok {
		return d
	}
	switch name {
	case "long int":
		return "int64"
	case "unsigned char":
		return "uint8"
	case "signed char":
		return "int8"
	case "complex<float>":
		return "complex64"
	case "complex<double>":
		return "complex128"
	}
	return ""
}

// away moves the tensors of dtype from to the first dtype of dtypeOrder
// not tried yet.
func away(s *Sample, from string) bool {
	if from == "" {
		return false
	}
	var ks []int
	for _, k := range s.tensors() {
		if s.Specs[k].Dtype == from {
			ks = append(ks, k)
		}
	}
	for _, dt := range dtypeOrder {
		if dt != from && !s.tried[dt] {
			if integralDtype(dt) {
				intScalars(s)
			}
			return s.setDtype(ks, dt)
		}
	}
	return false
}

// intScalars makes the float values of Scalar arguments ints (at least
// 1), for a sample whose tensors become integral.
func intScalars(s *Sample) bool {
	changed := false
	for i := range s.Args {
		a := &s.Args[i]
		if a.base() != funcschema.Scalar || a.Tensors != nil || a.Floats == nil {
			continue
		}
		for _, f := range a.Floats {
			a.Ints = append(a.Ints, max(1, int64(f)))
		}
		a.Floats, changed = nil, true
	}
	return changed
}

// toDtype sets the tensors named name (all of dtype from when name names
// none) to the dtype named.
func toDtype(s *Sample, name, dtype, from string) bool {
	dt := dtypeOf(dtype)
	if dt == "" {
		return false
	}
	ks := s.named(name)
	if ks == nil && from != "" {
		ks = s.ofDtype(dtypeOf(from))
	}
	return s.setDtype(ks, dt)
}

func atoi(x string) int { n, _ := strconv.Atoi(x); return n }

// rank sets the rank of the tensors named name, or of every tensor when
// name names none or they have that rank already.
func rank(s *Sample, name string, r int) bool {
	if ks := s.named(name); ks != nil && s.setRank(ks, r) {
		return true
	}
	return s.setRank(s.tensors(), r)
}

// dims puts the int and int[] arguments named like a dim in [lo, hi], and
// when none was out of it, gives every tensor of lower rank the rank got+1.
func dims(s *Sample, lo, hi, got int) bool {
	changed := false
	for i := range s.Args {
		a := &s.Args[i]
		if a.Tensors != nil || a.Absent || !(strings.Contains(a.name(), "dim") || a.name() == "axis") {
			continue
		}
		for j, v := range a.Ints {
			if int(v) < lo || int(v) > hi {
				a.Ints[j] = int64(max(lo, min(hi, int(v))))
				changed = true
			}
		}
	}
	if changed || got < 0 {
		return changed
	}
	var ks []int
	for _, k := range s.tensors() {
		if len(s.Specs[k].Shape) <= got {
			ks = append(ks, k)
		}
	}
	return s.setRank(ks, got+1)
}

// square makes every tensor of rank 2 or more square in its last two dims,
// and those of lower rank [3,3].
func square(s *Sample, fill string) bool {
	changed := false
	for _, k := range s.tensors() {
		sp := s.Specs[k]
		if integralDtype(sp.Dtype) && indexLike(s.argOf(k)) {
			continue
		}
		sh := append([]int(nil), sp.Shape...)
		if len(sh) < 2 {
			sh = []int{3, 3}
		} else {
			n := max(sh[len(sh)-1], sh[len(sh)-2])
			sh[len(sh)-1], sh[len(sh)-2] = n, n
		}
		changed = s.setShape([]int{k}, sh) || changed
		if fill != "" {
			changed = s.setFill([]int{k}, fill) || changed
		}
	}
	return changed
}

// argOf returns the name of the argument whose tensor spec k is.
func (s *Sample) argOf(k int) string {
	for _, a := range s.Args {
		for _, j := range a.Tensors {
			if s.root(j) == k {
				return a.name()
			}
		}
	}
	return ""
}

// ints parses "2, 3" (a shape in a message).
func ints(x string) []int {
	var l []int
	for _, f := range strings.Split(x, ",") {
		if f = strings.TrimSpace(f); f != "" {
			l = append(l, atoi(f))
		}
	}
	return l
}

// listLen sets the length of the int[] argument named name to n (ones, or
// a range for dims), or of the Tensor[] one.
func listLen(s *Sample, name string, n int) bool {
	a := s.arg(name)
	if a == nil || (a.Tensors != nil && !a.List) || a.Schema.Type.TensorForm() == funcschema.TensorOptional {
		return false
	}
	if a.List {
		if len(a.Tensors) == n || len(a.Tensors) == 0 {
			return false
		}
		for len(a.Tensors) > n {
			a.Tensors = a.Tensors[:len(a.Tensors)-1]
		}
		for len(a.Tensors) < n {
			// a tensor of its own, like the first (a list of one tensor
			// n times would be an aliasing sample)
			sp := s.Specs[s.root(a.Tensors[0])]
			sp.Shape, sp.Same, sp.ViewOf = append([]int(nil), sp.Shape...), -1, -1
			s.Specs = append(s.Specs, sp)
			a.Tensors = append(a.Tensors, len(s.Specs)-1)
		}
		return true
	}
	if len(a.Ints) == n && !a.Absent {
		return false
	}
	v := repeat(int64(1), n)
	if strings.Contains(name, "dim") {
		for i := range v {
			v[i] = int64(i)
		}
	}
	*a = Arg{Schema: a.Schema, Ints: v}
	return true
}

// setStr sets the str argument named name (the only str argument when no
// argument has that name) to v.
func setStr(s *Sample, name, v string) bool {
	a := s.arg(name)
	if a == nil || a.base() != funcschema.Str {
		a = nil
		for i := range s.Args {
			if s.Args[i].base() == funcschema.Str && s.Args[i].Tensors == nil {
				if a != nil {
					return false
				}
				a = &s.Args[i]
			}
		}
	}
	if a == nil || (len(a.Strs) == 1 && a.Strs[0] == v && !a.Absent) {
		return false
	}
	*a = Arg{Schema: a.Schema, Strs: []string{v}}
	return true
}

// scalarTypes sets every ScalarType argument to dt.
func scalarTypes(s *Sample, dt string) bool {
	changed := false
	for i := range s.Args {
		a := &s.Args[i]
		if a.base() == funcschema.ScalarType && a.Tensors == nil && (a.Absent || len(a.Strs) != 1 || a.Strs[0] != dt) {
			*a = Arg{Schema: a.Schema, Strs: []string{dt}}
			changed = true
		}
	}
	return changed
}

// layout gives the first tensor (every float tensor when all is set) the
// layout l.
func layout(s *Sample, l string, all bool) bool {
	ks := s.tensors()
	if !all && len(ks) > 0 {
		ks = ks[:1]
	}
	changed := false
	for _, k := range ks {
		sp := s.spec(k)
		if sp.Layout == l || (all && !isFloating(sp.Dtype)) {
			continue
		}
		sp.Layout, sp.Transposed, changed = l, false, true
		if l == QuantizedPerChannel && len(sp.Shape) == 0 {
			sp.Shape = []int{2, 3} // per channel along dim 0
		}
		// the conj and neg bits are lazy flags of strided tensors: libtorch
		// makes a quantized tensor with the neg bit, and its quantized
		// kernels crash on it (2.14.1, sample 13)
		sp.Conj, sp.Neg = false, false
		if isQuantizedLayout(l) {
			sp.Dtype = "quint8"
			sp.RequiresGrad, sp.NonLeafView, sp.NonLeafBase = false, false, false
		}
	}
	return changed
}

// oneElement makes the tensors after the first one 0-dim (or the first,
// when they are already).
func oneElement(s *Sample) bool {
	ks := s.tensors()
	if len(ks) > 1 && s.setRank(ks[1:], 0) {
		return true
	}
	return len(ks) > 0 && s.setRank(ks[:1], 0)
}

// sameShape gives every tensor the first tensor's shape.
func sameShape(s *Sample) bool {
	ks := s.tensors()
	if len(ks) < 2 {
		return false
	}
	return s.setShape(ks[1:], s.Specs[ks[0]].Shape)
}

// indexZeros fills every integer tensor with zeros, valid indices for any
// size.
func indexZeros(s *Sample) bool {
	var ks []int
	for _, k := range s.tensors() {
		if integralDtype(s.Specs[k].Dtype) && s.Specs[k].Dtype != "bool" {
			ks = append(ks, k)
		}
	}
	return s.setFill(ks, fillZeros)
}

// shapeOf returns the shape of the first tensor of the argument named
// name.
func (s *Sample) shapeOf(name string) []int {
	if ks := s.named(name); len(ks) > 0 {
		return s.Specs[ks[0]].Shape
	}
	return nil
}

func lastDim(s *Sample, ks []int, n int) bool {
	changed := false
	for _, k := range ks {
		sh := append([]int(nil), s.Specs[k].Shape...)
		if len(sh) == 0 {
			sh = []int{n}
		} else if sh[len(sh)-1] == n {
			continue
		}
		sh[len(sh)-1] = n
		changed = s.setShape([]int{k}, sh) || changed
	}
	return changed
}

var _ = slices.Contains[[]int]

// nameDims names the dims of every strided tensor argument but the outs
// by [DimNames], so that the sample's Dimname values ("N") and lists of
// them name dims that are there. An out stays unnamed: the kernel resizes
// it and gives it the result's names (a named out must already have them).
func nameDims(s *Sample) bool {
	changed := false
	for _, ar := range s.Args {
		if slices.ContainsFunc(s.Func.Out, func(o funcschema.Argument) bool { return o.Name == ar.name() }) {
			continue
		}
		for _, k := range ar.Tensors {
			if sp := s.spec(k); !sp.Named && sp.Layout == "" {
				sp.Named, changed = true, true
			}
		}
	}
	return changed
}
