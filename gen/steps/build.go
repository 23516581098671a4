package steps

import (
	"slices"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// Options are what the steps of a package's wrappers depend on beyond
// each op's plan.
type Options struct {
	// Identity is the runtime's identity kind (plan.Plan.Identity). It
	// picks each slot's snapshot entries (Slot.Identity). For a kind
	// without use counts, returns are read by their identities (the
	// Frame's RetIdent), and the steps that read use counts are not made.
	Identity plan.Identity
	// MetadataOf holds the tensor types (GoType.String) that implement
	// asserts.Metadata: their same_metadata rows read the fingerprint
	// directly.
	MetadataOf map[string]bool
	// AnchoredOf holds the tensor types that implement asserts.Anchored
	// (see Op's anchored).
	AnchoredOf map[string]bool
	// Scanned holds the import paths whose types AnchoredOf covers
	// (kernels.Set.Scanned). A type of one of them missing from it had no
	// StorageAnchor when the helpers were made (Shape.Unanchored).
	Scanned map[string]bool
	// Foreign is, for the kind plan.Memory, the Tensor type without
	// identities of its own, and the adapter type the helpers take in its
	// place. Other kinds leave it out.
	Foreign Foreign
	// TypeParams are the type parameters of the package's tensor types. A
	// helper whose tensors name one is generic in it.
	TypeParams []kernels.TypeParam
	// Names names the functions the helpers call that the generated
	// package declares.
	Names Namer
}

// Foreign is a Tensor type without identities of its own and the adapter
// type that gives it asserts' contract.
type Foreign struct {
	Tensor, Adapter kernels.GoType
}

// A Namer names the functions the generated package declares for the
// helpers. Guard is the guard of an interface tensor type: it hands a nil
// over as the undefined tensor.
type Namer interface {
	Guard(t kernels.GoType) string
}

// A Param is a parameter of the wrapper: the schema argument's name, its
// Go type and its tensor form.
type Param struct {
	Name string
	Type kernels.GoType
	Form schema.TensorForm
}

// Op is what one op's checked wrapper runs.
type Op struct {
	// Args and Rets are the slots, in schema order: the arguments', then
	// the returns'. Their K numbers them in that order.
	Args, Rets []*Slot
	// Locs are the op's Loc array: the slots', then those of the plan's
	// skipped rows that name no slot.
	Locs []Loc
	// Abandon: the call declares writes (plan.Op.Mutable); the wrapper
	// defers the Frame's Abandon, for a kernel that panics.
	Abandon bool
	// Frame is the wrapper on the one path. It is nil for an op gen
	// refuses, and Refused says why (see builder.onePath).
	Frame   *Frame
	Refused string
}

// builder builds the steps of one op.
type builder struct {
	o   *Options
	op  *plan.Op
	out *Op
	arg map[string]*Slot
	ret map[int]*Slot
}

// Build returns the steps of op's checked wrapper: its Frame, or why the
// one path cannot take it (Op.Refused). op is a valid plan's op (see
// plan.Validate). The wrapper's parameters are params, and the Go types of
// its results are results.
func Build(op *plan.Op, params []Param, results []kernels.GoType, o *Options) *Op {
	b := &builder{o: o, op: op, out: &Op{Abandon: len(op.Mutable) > 0}, arg: map[string]*Slot{}, ret: map[int]*Slot{}}
	b.slots(params, results)
	b.adapt()
	b.out.Frame, b.out.Refused = b.onePath()
	return b.out
}

// slots finds the arguments and returns the op's rows name and assigns
// them slots.
func (b *builder) slots(params []Param, results []kernels.GoType) {
	needArg, needRet := map[string]bool{}, map[int]bool{}
	for _, m := range b.op.Mutable {
		needArg[m] = true
	}
	for _, ck := range b.op.Checks {
		needArg[ck.Arg] = true
		if ck.Ret != nil {
			needRet[*ck.Ret] = true
		}
		for _, r := range ck.Rets {
			needRet[r] = true
		}
	}
	out := b.out
	for i, p := range params {
		if !needArg[p.Name] {
			continue
		}
		s := &Slot{K: len(out.Locs), Loc: Loc{Arg: p.Name}, Param: i, Form: p.Form, Type: p.Type,
			List: p.Form == schema.TensorList || p.Form == schema.TensorOptionalList, Identity: b.o.Identity}
		out.Args = append(out.Args, s)
		b.arg[p.Name] = s
		out.Locs = append(out.Locs, s.Loc)
	}
	f := b.op.Src.Func
	for i := range f.Returns {
		if !needRet[i] {
			continue
		}
		form := f.Returns[i].Type.TensorForm()
		s := &Slot{K: len(out.Locs), Loc: Loc{Ret: true, Index: i}, Param: i, Form: form, Type: results[i], List: form == schema.TensorList, Identity: b.o.Identity}
		out.Rets = append(out.Rets, s)
		b.ret[i] = s
		out.Locs = append(out.Locs, s.Loc)
	}
}

// adapt makes the tensors whose type is the foreign Tensor go to the
// helpers as the adapter type, for the kind plan.Memory. That holds for
// single tensors and the elements of lists. A single tensor of it is read
// through its memory (Slot.Identity plan.Memory). Every other tensor of
// the op is read as of the kind plan.OwnIDs, through the adapter's
// methods.
func (b *builder) adapt() {
	if b.o.Identity != plan.Memory {
		return
	}
	f := b.o.Foreign
	for _, s := range append(slices.Clip(b.out.Args), b.out.Rets...) {
		s.Identity = plan.OwnIDs
		switch {
		case s.Type.String() == f.Tensor.String():
			s.Type, s.Adapt = f.Adapter, AdaptOne
			if s.Form == schema.TensorSingle {
				s.Identity = plan.Memory
			}
		case s.Type.Prefix == "[]"+f.Tensor.Prefix && s.Type.Path == f.Tensor.Path && s.Type.Name == f.Tensor.Name:
			s.Type = kernels.GoType{Prefix: "[]" + f.Adapter.Prefix, Path: f.Adapter.Path, Name: f.Adapter.Name}
			s.Adapt = AdaptList
		}
	}
}

// locIndex returns the index of loc in the op's Loc array, adding it.
func (b *builder) locIndex(loc Loc) int {
	for i, l := range b.out.Locs {
		if l == loc {
			return i
		}
	}
	b.out.Locs = append(b.out.Locs, loc)
	return len(b.out.Locs) - 1
}

// anchored reports whether the helpers read the storage anchor of the
// single tensor of slot s themselves. They do when its tensor type
// implements asserts.Anchored (kernels.Set.Anchored). The reads then pass
// the anchor (Read.Anchor). The checks are the same, without a type
// assertion, and memory is compared where the runtime reports it.
func (b *builder) anchored(s *Slot) bool {
	return anchorRead(s) && b.o.AnchoredOf[s.Type.Origin().String()]
}

// anchorRead reports whether the helpers read the storage anchor of slot
// s where its type implements asserts.Anchored. That is a single tensor
// held by handle, and for a runtime with use counts not an optional one.
func anchorRead(s *Slot) bool {
	return !s.List && !s.Type.Interface && !IfaceTensor(s.Type) && (!s.Identity.UseCounts() || s.Form == schema.TensorSingle)
}

// IfaceSuffix is "Tensor" for asserts.Tensor and []asserts.Tensor
// (interface mode without a type map), "" for other types.
func IfaceSuffix(t kernels.GoType) string {
	if t.Path == kernels.AssertsPath && t.Name == "Tensor" && (t.Prefix == "" || t.Prefix == "[]") {
		return "Tensor"
	}
	return ""
}
