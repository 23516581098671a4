package finder

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/schema"
)

// A Binding is an op bound to the library: its bind: code, checked on
// the reference's cases.
type Binding struct {
	Op, Code string
	Callable string // the callable it calls
	// Named is set when the callable's name is the op's. Otherwise it was
	// bound by its values alone (Dense.Scale for mul.Scalar), or mapped
	// over the elements (Map).
	Named, Map bool
	// Also are the other callables whose values are the op's too.
	Also []string
	// Of is the op as the binding calls it, with its reference.
	Of *Op
	// Helper is set for a binding that calls a helper of ViewsFile
	// (Found.Views): Code names it unqualified.
	Helper bool
	// EmptyCrash is the Go runtime error the binding panicked with on
	// empty inputs (Candidate.EmptyCrash).
	EmptyCrash string
	// Option is the option the call passes (Candidate.Option), as the
	// code spells it ("tensor.UseUnsafe()"); "" for none.
	Option string
	// Over are, for a binding of a kernel package's callable, the type's
	// own methods and functions whose values are the op's too. The kernel
	// is bound over them: "T.Map (mapped over the elements)".
	Over []string
	// WritesInput is Candidate.WritesInput. A kernel of the user's, named
	// for the op, changed an input the op only reads, and is bound all the
	// same: its bug is the checks' to report.
	WritesInput string
	// Held are the op's scalars the callable has no parameter for, held
	// at their defaults (Candidate.Held).
	Held []OpParam
	// Swapped is Candidate.Swapped: a Sub bound to rsub, its operands
	// swapped.
	Swapped bool
	cand    *Candidate // the candidate it is
}

// Holds reports whether case scalars s hold the binding's held scalars
// at their defaults: the cases it was checked on, and runs.
func (b *Binding) Holds(s []float64) bool { return b.cand == nil || b.cand.holds(s) }

// HeldText says the held scalars: "alpha held at 1"; "" for none.
func (b *Binding) HeldText() string {
	var parts []string
	for _, p := range b.Held {
		parts = append(parts, p.Name+" held at "+p.defaultText())
	}
	return strings.Join(parts, ", ")
}

// An OptionUse is what the value check found of an Option it tried: the
// ops bound with it, or why none is.
type OptionUse struct {
	Arg    string // as a call passes it: "tensor.UseUnsafe()", "tensor.WithReuse(out)"
	OutArg bool   // it takes out (out= ops), else nothing (in-place ops)
	Ops    []string
	// Why, for none, is a call with it that failed, and how. It is one
	// whose callable computes the op's values otherwise, where there is
	// one: "Dense.Mul, mul.out: on ...: got ..., want ...".
	Why string
}

// A Rejection is a callable whose name is that of ops it is not bound
// to, and why.
type Rejection struct {
	Callable string
	Ops      []string
	Why      string
}

// Found is what Bind found: the bindings, sorted by op, and the
// callables named for ops they do not compute.
type Found struct {
	Bindings   []Binding
	Rejected   []Rejection
	Candidates int      // the candidates run
	Imports    []string // the packages the bindings' code needs besides the library's
	// Views is the view method and order the view ops are bound through.
	// Cat is the same, with the copy cat copies with. Source declares
	// their helpers. They are nil for none.
	Views, Cat *ViewForm
	// Options are the Options candidates passed, by name, with the ops
	// bound with each.
	Options []OptionUse
	// Operators are the operator values of the kernel packages
	// (Recv.Operator), with the ops bound to each or why none is.
	Operators []OperatorUse
	// Unmade are the ops the reference knows whose cases take or give
	// tensors init does not make of the library's type (OpsOf), with why.
	// AddUnchecked says it of a kernel named for one.
	Unmade map[string]string
	// unbuilt are the callables a candidate of which did not compile
	// (Candidate.Unbuilt), with the compiler's message.
	unbuilt map[string]string
}

// An OperatorUse is what the value check found of an operator value's
// method (kern.Relu.Forward): the ops bound to it, or why none is.
type OperatorUse struct {
	Callable string
	Recv     string // how a call makes it: "new(kern.Relu)", "kern.NewRelu()", "(&kern.Concat{Axis: ...})"
	Ops      []string
	Why      string // for none: no candidate (its parameters), or a failure of one
}

// Bind finds the candidates of every op of ops among the library's
// callables, and checks their values (checkKept). For each op, it chooses
// the first whose values are the op's: one whose name is the op's, else
// one bound by its values alone, else the op mapped over the elements.
func Bind(ctx context.Context, dir string, l *Lib, ops []*Op) (*Found, error) {
	var cands, copies []*Candidate
	for _, op := range ops {
		cs := Candidates(op, l)
		if op.Name == "copy_" {
			copies = cs
		}
		cands = append(cands, cs...)
	}
	cands = append(cands, viewCandidates(l, ops, copies)...)
	// The program that checks the values runs the chosen candidates on
	// empty inputs too (checkEmptyKept), so it holds them all.
	verdicts, r, cleanup, err := checkKept(ctx, dir, l, cands)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	f := &Found{Candidates: len(cands), unbuilt: map[string]string{}}
	for _, c := range cands {
		if _, ok := f.unbuilt[c.Callable.Name]; c.Unbuilt != "" && !ok {
			f.unbuilt[c.Callable.Name] = c.Unbuilt
		}
	}
	f.Views, f.Cat = chooseForms(cands, verdicts)
	bound := map[string]map[string]bool{} // callable -> ops it is bound to
	byOp := map[*Op][]int{}
	for i, c := range cands {
		if c.Form == nil || c.Form == f.Views || c.Form == f.Cat {
			byOp[c.Op] = append(byOp[c.Op], i)
		}
	}
	for _, op := range ops {
		b := choose(cands, verdicts, byOp[op])
		if b == nil {
			continue
		}
		f.Bindings = append(f.Bindings, *b)
		if bound[b.Callable] == nil {
			bound[b.Callable] = map[string]bool{}
		}
		bound[b.Callable][op.Name] = true
		if b.Map && !slices.Contains(f.Imports, "math") && strings.Contains(b.Code, "math.") {
			f.Imports = append(f.Imports, "math")
		}
		if k := b.cand.Callable.Pkg; k != nil && !slices.Contains(f.Imports, k.Path()) {
			f.Imports = append(f.Imports, k.Path()) // a kernel package's function
		}
	}
	var chosen []*Candidate
	for _, b := range f.Bindings {
		chosen = append(chosen, b.cand)
	}
	if len(chosen) > 0 {
		if err := checkEmptyKept(ctx, r, cands, chosen); err != nil {
			return nil, err
		}
		for i := range f.Bindings {
			f.Bindings[i].EmptyCrash = f.Bindings[i].cand.EmptyCrash
		}
	}
	f.Options = optionUses(l, cands, verdicts, f.Bindings)
	f.Operators = operatorUses(l, cands, verdicts, f.Bindings)
	f.Rejected = append(rejections(l, ops, cands, verdicts, bound), viewRejections(cands, verdicts, f.Views)...)
	sortRejections(f.Rejected)
	return f, nil
}

// choose returns the binding of the op of the candidates idx, or nil.
// An op whose values are one constant (zero) is bound by name only.
func choose(cands []*Candidate, verdicts []Verdict, idx []int) *Binding {
	// A kernel package's callable comes first: its kernels are what the
	// user checks. The type's own methods and functions are the fallback
	// (kern.Neg over gorgonia's tensor.Neg).
	var tiers [5][]*Candidate
	var own []string // the type's own callables that compute the op
	// A candidate that holds scalars at their defaults (Held) refuses
	// calls one that takes every scalar runs: it is chosen only where no
	// such one computes the op, in any tier (gonum's Apply of v + alpha*w
	// before its Dense.Add at alpha 1).
	whole := slices.ContainsFunc(idx, func(i int) bool { return verdicts[i] == "" && len(cands[i].Held) == 0 })
	for _, i := range idx {
		if verdicts[i] != "" || whole && len(cands[i].Held) > 0 {
			continue
		}
		c := cands[i]
		t := map[bool]int{true: 0, false: 1}[c.Named]
		if t == 1 && !c.Map && c.Op.Ref.Constant() {
			continue // by its name only: a callable that clears a tensor gives zero's values
		}
		if name := c.Callable.Name + map[bool]string{true: " (mapped over the elements)"}[c.Map]; c.Callable.Pkg == nil && c.Form == nil && !slices.Contains(own, name) {
			own = append(own, name)
		}
		if c.Callable.Pkg == nil {
			t += 2
		}
		if c.Map {
			t = 4
		}
		tiers[t] = append(tiers[t], c)
	}
	for _, tier := range tiers {
		if len(tier) == 0 {
			continue
		}
		c := tier[0]
		b := &Binding{Op: c.Op.Name, Code: c.Code, Callable: c.Callable.Name, Named: c.Named, Map: c.Map, Of: c.Op, Helper: c.Form != nil, WritesInput: c.WritesInput, Held: c.Held, Swapped: c.Swapped, cand: c}
		if c.Callable.Pkg != nil {
			b.Over = own
		}
		if c.Option != nil {
			b.Option = c.optArg
		}
		for _, o := range tier[1:] {
			if o.Callable.Name != c.Callable.Name && !slices.Contains(b.Also, o.Callable.Name) {
				b.Also = append(b.Also, o.Callable.Name)
			}
		}
		return b
	}
	return nil
}

// optionUses returns, for each of the library's Options some candidate
// passed, the ops bound with it. For an option with none, it says why:
// the first failure of a candidate with it whose callable computes the
// op's values in another form (the option's doing), else the first
// failure.
func optionUses(l *Lib, cands []*Candidate, verdicts []Verdict, bs []Binding) []OptionUse {
	var out []OptionUse
	for _, o := range l.Options {
		u := OptionUse{Arg: o.Arg(l.Pkg.Name(), "out"), OutArg: o.Tensor}
		tried, why := false, ""
		for i, c := range cands {
			if c.Option != o {
				continue
			}
			tried = true
			if verdicts[i] == "" {
				continue
			}
			v := c.Callable.Name + ", " + c.Op.Name + ": " + string(verdicts[i])
			if why == "" {
				why = v
			}
			if computes(cands, verdicts, c) {
				why = v
				break
			}
		}
		for _, b := range bs {
			if b.cand.Option == o {
				u.Ops = append(u.Ops, b.Op)
			}
		}
		if !tried {
			continue
		}
		if len(u.Ops) == 0 {
			u.Why = why
		}
		out = append(out, u)
	}
	return out
}

// computes reports whether c's callable computes c's op's values in
// another form, without an option: its functional op's, returned.
func computes(cands []*Candidate, verdicts []Verdict, c *Candidate) bool {
	for i, o := range cands {
		if o.Callable == c.Callable && o.Op.Ref == c.Op.Ref && o.Option == nil && verdicts[i] == "" {
			return true
		}
	}
	return false
}

// rejections returns the callables whose name is that of ops they are not
// bound to. Either their values are not the op's (the first case that
// differs), or their parameters do not take the op's. A kernel package's
// callable bound to an op is none: its name fits others' too (Tanh is
// tan's), and the report lists it bound. The type's own method bound by
// its values alone is one (Dense.Mul is not mul.Tensor, it is mm).
func rejections(l *Lib, ops []*Op, cands []*Candidate, verdicts []Verdict, bound map[string]map[string]bool) []Rejection {
	type key struct{ callable, why string }
	group := map[key][]string{}
	tried := map[[2]string]bool{}
	for i, c := range cands {
		if c.Map {
			continue
		}
		tried[[2]string{c.Callable.Name, c.Op.Name}] = true
		if c.Callable.Pkg != nil && len(bound[c.Callable.Name]) > 0 {
			continue // a kernel bound (Tanh to tanh) is not listed as not tan
		}
		if c.Named && verdicts[i] != "" && !bound[c.Callable.Name][c.Op.Name] && !anyPasses(cands, verdicts, c) {
			v := firstVerdict(cands, verdicts, c)
			why := "its values are not the op's: " + v
			if strings.HasPrefix(v, unbuiltWhy) {
				why = v
			} else if !strings.Contains(v, ": got ") {
				why = "it does not do what the op does: " + v // a panic, a new buffer, a written input
			}
			k := key{c.Callable.Name, why}
			group[k] = append(group[k], c.Op.Name)
		}
	}
	for _, c := range l.Callables {
		for _, op := range ops {
			if op.Kind == schema.Functional && len(bound[c.Name]) == 0 && c.NameFits(op.base()) && !tried[[2]string{c.Name, op.Name}] {
				k := key{c.Name, "its parameters do not take the op's (" + strings.Join(op.argNames(), ", ") + ")"}
				group[k] = append(group[k], op.Name)
			}
		}
	}
	var out []Rejection
	for k, names := range group {
		why := k.why
		if ops := bound[k.callable]; len(ops) > 0 {
			why += "; bound by its values to " + strings.Join(sortedKeys(ops), ", ")
		}
		slices.Sort(names)
		out = append(out, Rejection{Callable: k.callable, Ops: slices.Compact(names), Why: why})
	}
	sortRejections(out)
	return out
}

// anyPasses reports whether another form of c's callable computes c's op.
func anyPasses(cands []*Candidate, verdicts []Verdict, c *Candidate) bool {
	for i, o := range cands {
		if o.Op == c.Op && o.Callable == c.Callable && verdicts[i] == "" {
			return true
		}
	}
	return false
}

// firstVerdict is the verdict of c's callable on the functional op of c's
// op, where it has one; that is the same for its in-place and out= forms.
// Otherwise it is c's own.
func firstVerdict(cands []*Candidate, verdicts []Verdict, c *Candidate) string {
	for i, o := range cands {
		if o.Callable == c.Callable && o.Op.Ref == c.Op.Ref && verdicts[i] != "" {
			return string(verdicts[i])
		}
	}
	return ""
}

// argNames are the op's parameters as the report names them.
func (op *Op) argNames() []string {
	var out []string
	for _, p := range op.Params {
		out = append(out, p.Name)
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// String is the rejection as init's report prints it.
func (r Rejection) String() string {
	if len(r.Ops) == 0 {
		return r.Callable + ": " + r.Why
	}
	return fmt.Sprintf("%s: not %s: %s", r.Callable, strings.Join(r.Ops, ", "), r.Why)
}

// operatorUses returns, for each operator value of the kernel packages,
// the ops bound to it, or why none is. Either its parameters took no op's
// (no candidate), or its candidates failed: the failure is that of the op
// its type is named for, where there is one.
func operatorUses(l *Lib, cands []*Candidate, verdicts []Verdict, bs []Binding) []OperatorUse {
	var out []OperatorUse
	for _, c := range l.Callables {
		if c.Recv == nil || !c.Recv.Operator {
			continue
		}
		u := OperatorUse{Callable: c.Name, Recv: c.Recv.describe()}
		for _, b := range bs {
			if b.cand.Callable == c {
				u.Ops = append(u.Ops, b.Op)
			}
		}
		if len(u.Ops) > 0 {
			out = append(out, u)
			continue
		}
		tried, named := 0, ""
		for i, k := range cands {
			if k.Callable != c {
				continue
			}
			tried++
			v := k.Op.Name + ": " + string(verdicts[i])
			if u.Why == "" || k.Named && named == "" {
				u.Why = v
			}
			if k.Named && named == "" {
				named = v
			}
		}
		switch {
		case tried == 0 && c.resultsWhy() != "":
			u.Why = c.resultsWhy()
		case tried == 0:
			u.Why = "its parameters take no op's tensors and scalars (" + c.signature() + ")"
		case named == "" && tried == 1:
			u.Why = "its values are not those of the one op its parameters take: " + u.Why
		case named == "":
			u.Why = fmt.Sprintf("its values are not those of the %d ops its parameters take, such as %s", tried, u.Why)
		default:
			u.Why = "its values are not its op's: " + named
		}
		out = append(out, u)
	}
	return out
}

// String is the operator as init's report prints it.
func (u OperatorUse) String() string {
	if len(u.Ops) > 0 {
		return fmt.Sprintf("%s, on %s: %s", u.Callable, u.Recv, strings.Join(u.Ops, ", "))
	}
	return fmt.Sprintf("%s, on %s: none: %s", u.Callable, u.Recv, u.Why)
}

// AddUnchecked adds to f.Rejected the functions and methods of the kernel
// packages (Lib.Kernels) that init bound to no op, where:
//   - no rejection says why yet;
//   - or their name is that of ops of s the reference has no values for:
//     transpose.int, logical_not. Those are not in ops, which holds all
//     those it has values for.
//
// A kernel init cannot check is said, not left out.
func (f *Found) AddUnchecked(l *Lib, s *schema.Schema, ops []*Op) {
	known := map[string]bool{}
	for _, op := range ops {
		known[op.Name] = true
	}
	byBase := map[string][]string{} // the schema's ops by their name's base, "_" trimmed
	for _, o := range s.Ops {
		base := strings.TrimSuffix(strings.SplitN(o.Name, ".", 2)[0], "_")
		byBase[base] = append(byBase[base], o.Name)
	}
	done, said := map[string]bool{}, map[string]bool{} // done: bound, or said here
	for _, b := range f.Bindings {
		done[b.Callable] = true
	}
	for _, r := range f.Rejected {
		said[r.Callable] = true
	}
	for _, g := range l.Generics {
		f.Rejected = append(f.Rejected, Rejection{Callable: g.Name, Why: g.Why})
	}
	for _, c := range l.Callables {
		if c.Pkg == nil || c.Recv != nil && c.Recv.Operator || done[c.Name] {
			continue // the library's own, an operator (Operators says it), bound, or said
		}
		done[c.Name] = true
		var named []string
		fits := false // the name of an op the reference knows: rejected, or not selected
		for _, o := range byBase[strings.Join(c.Words, "_")] {
			if known[o] {
				fits = true
			} else {
				named = append(named, o)
			}
		}
		slices.Sort(named)
		switch why := c.resultsWhy(); {
		case why != "" && !said[c.Name]:
			// Its results are none a binding returns (Frexp's two
			// tensors): said first, the op of its name after.
			f.Rejected = append(f.Rejected, Rejection{Callable: c.Name, Ops: named, Why: why})
		case f.unbuilt[c.Name] != "" && !said[c.Name]:
			f.Rejected = append(f.Rejected, Rejection{Callable: c.Name, Ops: named, Why: unbuiltWhy + f.unbuilt[c.Name]})
		case len(named) > 0:
			f.Rejected = append(f.Rejected, Rejection{Callable: c.Name, Ops: named, Why: handWhy(c, named, s, f.Unmade)})
		case !said[c.Name] && !fits:
			why := "no op fits it: its name is no op's whose values assertgen's reference knows, and its values are none of the ops' its parameters take"
			if near := nearOps(c.Words, s); len(near) > 0 {
				why += "; nearest: " + strings.Join(near, ", ") + ": " + handWhy(c, near, s, f.Unmade)
			}
			f.Rejected = append(f.Rejected, Rejection{Callable: c.Name, Why: why})
		}
	}
	sortRejections(f.Rejected)
}

func sortRejections(rs []Rejection) {
	slices.SortFunc(rs, func(a, b Rejection) int {
		return compare(a.Callable+"\x00"+strings.Join(a.Ops, ","), b.Callable+"\x00"+strings.Join(b.Ops, ","))
	})
}
