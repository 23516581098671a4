package steps

import (
	"fmt"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// The one path (docs/DESIGN.md, "One path in generated code"):
//   - a wrapper declares a wrap.Frame sized by its slots;
//   - its Before helper reads the arguments and begins the call with the
//     op's Shape;
//   - its After helper reads the arguments again and the returns, and
//     ends the call.
//
// The rows are data (a Shape's Rows). Nothing the helpers do depends on a
// condition or names a check's entry.

// A Frame is an op's wrapper on the one path: its Shape (the rows as
// data) and its helpers' reads.
type Frame struct {
	// Singles and Lists are the sizes of the wrapper's wrap.Frame: its
	// slots of single tensors and of lists. They are in Slot.K's order,
	// each kind numbered apart (Index).
	Singles, Lists int
	Shape          Shape
	// Before are the reads of the Before helper, After the After
	// helper's.
	Before, After []Read
	// Args and Rets are the op's slots (Op.Args, Op.Rets).
	Args, Rets []*Slot
	// Elem is the element type of the tensors, a pointer type. The
	// Shape's Tensor and Elem functions make it from a handle.
	Elem kernels.GoType
	// Abandon: the call declares writes; the wrapper defers Abandon.
	Abandon bool
	// Memory: the runtime's identity kind is plan.Memory. Its helpers read
	// the tensors' memory, and begin and end the call with BeginMemory and
	// EndMemory.
	Memory bool
	// TypeParams are the type parameters the tensors' type names, for a
	// generic type. The helpers are generic in them, and the Shape has no
	// Tensor and Elem functions. The Before helper begins the call with a
	// nil of Elem (wrap.Frame.BeginOf).
	TypeParams []kernels.TypeParam
	// Guard is set for tensors held as an interface: asserts.Tensor or a
	// runtime's own interface type (Elem). It is the function that hands
	// one over, a nil one as the undefined tensor (Names.Guard). The
	// helpers read the guarded tensors, and pass each single tensor's two
	// words (wrap.Frame.Iface); the rows make the tensor again from them.
	// The Shape's Elem function reads a list's element through it. Guard
	// is "" for the others.
	Guard string
}

// IfaceTensor reports whether t holds its tensors as an interface:
// asserts.Tensor, or a runtime's own interface type. t is a single
// tensor's type, or a list's element type.
func IfaceTensor(t kernels.GoType) bool {
	return t.Prefix == "" && (t.Interface || IfaceSuffix(t) == "Tensor")
}

// A Shape is the data of a wrap.Shape: the slots' counts, which are
// lists, the rows, the Locs and the slots written.
type Shape struct {
	Args, Rets      int
	Lists, OptLists uint64
	Rows            []ShapeRow
	Locs            []Loc
	Writes          []int
	// NoUseCounts: the runtime's tensors have ids and no use counts
	// (plan.OwnIDs): the returns are read without them.
	NoUseCounts bool
	// Anchored: the tensors' type reports its storage's anchor
	// (asserts.Anchored), which the reads pass.
	Anchored bool
	// Unanchored: the tensors' type had no StorageAnchor as the kernels
	// package showed it, and the reads would pass a slot's anchor if it
	// had one. A type that has it at run time means the generated code is
	// out of date.
	Unanchored bool
}

// A ShapeRow is a wrap.Row: a row of the plan as its check, its form and
// the slots it names. A plan skip is one too (Skip, at Locs[T]).
type ShapeRow struct {
	Check checks.Check
	Form  checktable.Form
	Skip  bool
	T, U  int
	Set   uint64
}

// ReadKind is the kind of a read of a helper of the one path.
type ReadKind uint8

const (
	ReadArg          ReadKind = iota // f.Arg(I, t.Ident(), unsafe.Pointer(t))
	ReadArgOpt                       // f.ArgOpt(I, t.Ident(), unsafe.Pointer(t), t != nil)
	ReadList                         // f.List(I, len(t), data); for j, e := range t { f.Elem(I, j, e.Ident()) }
	ReadMeta                         // f.Meta(I, t.MetadataFingerprint())
	ReadViewBase                     // _, su := A.UseCounts(); f.ViewBase(I, AI, su)
	ReadViewBaseList                 // _, su := A.UseCounts(); f.ViewBaseList(I, AI, su)
	ReadAfterArg                     // f.AfterArg(I, t.Ident())
	ReadAfterList                    // f.AfterList(I, len(t)); for j, e := range t { f.AfterElem(I, j, e.Ident()) }
	ReadMetaAfter                    // f.MetaAfter(I, t.MetadataFingerprint())
	ReadRet                          // iu, su := t.UseCounts(); f.Ret(I, t.Ident(), iu, su, unsafe.Pointer(t))
	ReadRetList                      // f.List(I, len(t), data); each: f.RetElem(I, j, ...); f.RetListRead(I)
	// The memory kind's reads, of a tensor's handle and memory:
	ReadArgMemory       // f.ArgMemory(I, unsafe.Pointer(t), t.Memory())
	ReadListMemory      // f.List(I, len(t), data); for j, e := range t { f.ElemMemory(I, j, unsafe.Pointer(e), e.Memory()) }
	ReadAfterArgMemory  // f.AfterArgMemory(I, unsafe.Pointer(t), t.Memory())
	ReadAfterListMemory // f.AfterList(I, len(t)); for j, e := range t { f.AfterElemMemory(I, j, unsafe.Pointer(e), e.Memory()) }
	ReadRetMemory       // f.RetMemory(I, unsafe.Pointer(t), t.Memory())
	// The reads of a runtime without use counts (plan.OwnIDs), with the
	// storage anchor where the type reports it (Read.Anchor; nil else).
	ReadArgIdent     // f.ArgIdent(I, t.Ident(), t.StorageAnchor(), unsafe.Pointer(t))
	ReadListIdent    // f.List(I, len(t), data); for j, e := range t { f.ElemIdent(I, j, e.Ident()) }
	ReadAfterIdent   // f.AfterIdent(I, t.Ident(), t.StorageAnchor())
	ReadRetIdent     // f.RetIdent(I, t.Ident(), t.StorageAnchor(), unsafe.Pointer(t))
	ReadRetListIdent // f.List(I, len(t), data); each: f.RetElemIdent(I, j, e.Ident(), e.StorageAnchor()); f.RetListRead(I)
	// The reads of an anchored type of a runtime with use counts.
	ReadAnchor        // f.Anchor(I, t.StorageAnchor()): an argument's before the kernel, a return's
	ReadAfterRecycled // f.AfterRecycled(I, t.Ident(), t.StorageAnchor())
)

var readNames = [...]string{"Arg", "ArgOpt", "List", "Meta", "ViewBase", "ViewBaseList", "AfterArg", "AfterList", "MetaAfter", "Ret", "RetList",
	"ArgMemory", "ListMemory", "AfterArgMemory", "AfterListMemory", "RetMemory",
	"ArgIdent", "ListIdent", "AfterIdent", "RetIdent", "RetListIdent", "Anchor", "AfterRecycled"}

// Method is the Frame's method a read of a single tensor calls.
func (k ReadKind) Method() string { return readNames[k] }

// A Read is a read of a helper: of slot Slot (index I among its kind's),
// and for a view base, of argument A (index AI).
type Read struct {
	Kind  ReadKind
	Slot  *Slot
	I     int
	A     *Slot
	AI    int
	Ident string // the tensor type's method that reads the identities
	// Anchor: the tensor's type reports its storage anchor
	// (asserts.Anchored), which the read passes (nil otherwise).
	Anchor bool
}

func (r Read) String() string {
	s := fmt.Sprintf("%s(%d,t%d", readNames[r.Kind], r.I, r.Slot.K)
	if r.Anchor {
		s += ",anchor"
	}
	if r.A != nil {
		s += fmt.Sprintf(",%d,t%d", r.AI, r.A.K)
	}
	return s + ")"
}

// Index returns the index of slot s among the Frame's singles or lists.
func (fr *Frame) Index(s *Slot) int {
	n := 0
	for _, o := range append(append([]*Slot(nil), fr.Args...), fr.Rets...) {
		if o == s {
			return n
		}
		if o.List == s.List {
			n++
		}
	}
	return -1
}

// Key is the canonical text of a helper of the Frame; after selects the
// After helper. It holds its Frame's sizes, its tensors' types and its
// reads, which name it.
func (fr *Frame) Key(after bool) string {
	var b strings.Builder
	reads, tensors := fr.Before, fr.Args
	if after {
		b.WriteString("After")
		reads, tensors = fr.After, append(append([]*Slot(nil), fr.Args...), fr.Rets...)
	} else {
		b.WriteString("Before")
	}
	ds, dl := fr.Declared()
	fmt.Fprintf(&b, "%s[%d,%d](", TypeParamsKey(fr.TypeParams), ds, dl)
	if fr.Memory {
		b.WriteString("memory ")
	}
	if fr.Guard != "" {
		b.WriteString("iface ")
	}
	for _, s := range tensors {
		fmt.Fprintf(&b, "t%d %s,", s.K, s.Type)
	}
	b.WriteString(")")
	for _, r := range reads {
		b.WriteString(r.String() + ";")
	}
	return b.String()
}

// ShapeKey is the canonical text of the Frame's Shape, which names it.
// Unanchored is left out, so that the mark renames no shape. gen tells two
// shapes apart by it all the same (gen's shapeVar).
func (fr *Frame) ShapeKey() string {
	sh := &fr.Shape
	var b strings.Builder
	fmt.Fprintf(&b, "A%d R%d L%x O%x E%s locs", sh.Args, sh.Rets, sh.Lists, sh.OptLists, fr.Elem)
	for _, l := range sh.Locs {
		b.WriteString(" " + l.String())
	}
	b.WriteString(" rows")
	for _, r := range sh.Rows {
		fmt.Fprintf(&b, " %v/%v/%v/%d/%d/%x", r.Check, r.Form, r.Skip, r.T, r.U, r.Set)
	}
	fmt.Fprintf(&b, " writes %v", sh.Writes)
	return b.String() + sh.marks(false)
}

// marks spells the Shape's marks for its texts: " uncounted", " anchored"
// and, with unanchored, " unanchored".
func (sh *Shape) marks(unanchored bool) string {
	var s string
	for _, m := range []struct {
		on   bool
		name string
	}{{sh.NoUseCounts, " uncounted"}, {sh.Anchored, " anchored"}, {unanchored && sh.Unanchored, " unanchored"}} {
		if m.on {
			s += m.name
		}
	}
	return s
}

// String prints the Frame for reading (a golden file's text).
func (fr *Frame) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "frame [%d]Slot [%d]ListSlot elem %s", fr.Singles, fr.Lists, fr.Elem)
	if ds, dl := fr.Declared(); ds != fr.Singles || dl != fr.Lists {
		fmt.Fprintf(&b, " declared [%d]Slot [%d]ListSlot", ds, dl)
	}
	if fr.Memory {
		b.WriteString(" memory")
	}
	if fr.Guard != "" {
		b.WriteString(" guard " + fr.Guard)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "shape args %d rets %d lists %x optlists %x writes %v%s\n", fr.Shape.Args, fr.Shape.Rets, fr.Shape.Lists, fr.Shape.OptLists, fr.Shape.Writes, fr.Shape.marks(true))
	for _, r := range fr.Shape.Rows {
		if r.Skip {
			fmt.Fprintf(&b, "\tskip %v at l%d\n", r.Check, r.T)
			continue
		}
		fmt.Fprintf(&b, "\trow %v %v T%d U%d", r.Check, r.Form, r.T, r.U)
		if r.Set != 0 {
			fmt.Fprintf(&b, " set %x", r.Set)
		}
		b.WriteString("\n")
	}
	for _, part := range []struct {
		name  string
		reads []Read
	}{{"before", fr.Before}, {"after", fr.After}} {
		b.WriteString(part.name + ":")
		for _, r := range part.reads {
			b.WriteString(" " + r.String())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Declared returns the lengths of the arrays of the wrap.Frame the wrapper
// declares: its slots' counts, rounded up so that the shapes of a set
// share few Frame types. Each Frame type's methods are compiled again in
// every package that declares it. For the 3,103 wrappers of the default
// schema, exact counts make 58 types and 9.5 s of user CPU in each of the
// two packages; rounded up, 20 types. A call zeroes the slots past its
// own, which none reads. The rounding:
//   - without lists, up to 6 single tensors keep their count (the ops of
//     the benchmarks, and most ops);
//   - with lists, the lists are rounded to 1, 4 or 16, and the single
//     tensors to 1, 2, 4, 16 or 32.
//
// The Shape says the rounded lengths (wrap.Shape.Slots, ListSlots) where
// they are more than its counts.
func (fr *Frame) Declared() (singles, lists int) {
	if fr.Lists == 0 {
		return roundUp(fr.Singles, 0, 1, 2, 3, 4, 5, 6, 8, 16, maxSingles), 0
	}
	return roundUp(fr.Singles, 1, 2, 4, 16, maxSingles), roundUp(fr.Lists, 1, 4, maxLists)
}

// roundUp returns the first of sizes that is at least n (n: none is).
func roundUp(n int, sizes ...int) int {
	for _, s := range sizes {
		if s >= n {
			return s
		}
	}
	return n
}

// maxSingles and maxLists are the largest Frame asserts/wrap declares
// (wrap.Slots, wrap.ListSlots).
const (
	maxSingles = 32
	maxLists   = 16
)

// onePath returns the op's Frame, or why the one path cannot take the op.
// gen refuses such an op, at its place in the schema. The cases:
//   - a schema reaches a tensor form no Frame reads (Tensor[][]), and more
//     tensors than a Frame holds;
//   - a type map of gen's Go API (Options.Types) reaches the type cases;
//     the command refuses those at the config's types: entry;
//   - only a hand-made plan reaches the kind and rows cases.
func (b *builder) onePath() (*Frame, string) {
	o, op := b.o, b.out
	mem := o.Identity == plan.Memory
	if !mem && o.Identity != plan.Counted && o.Identity != plan.OwnIDs {
		return nil, fmt.Sprintf("the runtime's identity kind %s is none of counted, own_ids and memory", o.Identity)
	}
	fr := &Frame{Args: op.Args, Rets: op.Rets, Abandon: op.Abandon, Memory: mem}
	all := append(append([]*Slot(nil), op.Args...), op.Rets...)
	var first *Slot
	for _, s := range all {
		elem := s.Type
		if s.List {
			if !strings.HasPrefix(elem.Prefix, "[]") {
				return nil, fmt.Sprintf("%s has Go type %s, which is no slice: a wrapper reads a list of tensors as a slice of the tensor type", b.where(s), short(s.Type.String()))
			}
			elem.Prefix = strings.TrimPrefix(elem.Prefix, "[]")
		}
		iface := IfaceTensor(elem)
		switch {
		case s.Form == schema.TensorOtherForm:
			return nil, fmt.Sprintf("%s holds tensors in another form than a tensor, an optional one or a list of either, which no wrap.Frame reads: leave the op out of ops:", b.where(s))
		case !iface && (elem.Prefix != "*" || elem.Interface):
			return nil, fmt.Sprintf("%s has Go type %s, whose tensors are neither pointers nor interfaces: a wrapper holds a tensor as one", b.where(s), short(s.Type.String()))
		case iface && mem:
			return nil, fmt.Sprintf("%s has Go type %s, an interface: the memory kind (memory:) checks a pointer type", b.where(s), short(s.Type.String()))
		case iface && len(elem.Params()) > 0:
			return nil, fmt.Sprintf("%s has Go type %s, a generic interface: a wrapper holds a generic tensor type as a pointer", b.where(s), short(s.Type.String()))
		case mem && s.Adapt == AdaptNone:
			return nil, fmt.Sprintf("%s has Go type %s, not the Tensor type %s the memory function reads (memory:)", b.where(s), s.Type, o.Foreign.Tensor)
		case mem && len(elem.Params()) > 0:
			return nil, fmt.Sprintf("%s has Go type %s, a generic type: the memory kind (memory:) checks a type that is not generic", b.where(s), short(s.Type.String()))
		case !mem && s.Adapt != AdaptNone:
			return nil, fmt.Sprintf("%s is adapted to %s, and only the memory kind adapts tensors", b.where(s), short(s.Type.String()))
		}
		fr.Shape.Anchored = fr.Shape.Anchored || !mem && b.anchored(s)
		fr.Shape.Unanchored = fr.Shape.Unanchored || !mem && anchorRead(s) && b.o.Scanned[elem.Path] && !b.o.AnchoredOf[elem.Origin().String()]
		if first == nil {
			first, fr.Elem = s, elem
		} else if fr.Elem.String() != elem.String() {
			return nil, fmt.Sprintf("%s has Go type %s and %s %s: a wrapper takes tensors of one type", b.where(first), first.Type, b.where(s), short(s.Type.String()))
		}
		if s.List {
			fr.Lists++
		} else {
			fr.Singles++
		}
	}
	// The memory kind's calibration holds the lengths of 8 lists: a call
	// of more runs the rows (wrap's memLens). maxSingles + maxLists < 64,
	// the bits of a Shape's masks.
	if fr.Singles > maxSingles || fr.Lists > maxLists {
		return nil, fmt.Sprintf("%d single tensors and %d lists to check, more than a wrap.Frame holds (%d single tensors and %d lists): leave the op out of ops:", fr.Singles, fr.Lists, maxSingles, maxLists)
	}
	if why := b.shapeRows(fr); why != "" {
		return nil, why
	}
	ts := make([]kernels.GoType, len(all))
	for i, s := range all {
		ts[i] = s.Type
	}
	fr.TypeParams = TypeParamsOf(b.o.TypeParams, ts...)
	if IfaceTensor(fr.Elem) {
		fr.Guard = b.o.Names.Guard(fr.Elem)
	}
	b.reads(fr)
	return fr, ""
}

// where names slot s in a message: "argument self (Tensor)", "return 0
// (Tensor[])". A type of more than 60 characters is cut short.
func (b *builder) where(s *Slot) string {
	f := b.op.Src.Func
	if s.Loc.Ret {
		return fmt.Sprintf("return %d (%s)", s.Loc.Index, short(f.Returns[s.Loc.Index].Type.String()))
	}
	return fmt.Sprintf("argument %s (%s)", s.Loc.Arg, short(f.Arg(s.Loc.Arg).Type.String()))
}

// short cuts a type's text of more than 60 characters short.
func short(t string) string {
	if len(t) > 60 {
		return t[:57] + "..."
	}
	return t
}

// rowLoc is the Loc a row names: its return's, or its argument's.
func rowLoc(arg string, ret *int) Loc {
	if ret != nil {
		return Loc{Ret: true, Index: *ret}
	}
	return Loc{Arg: arg}
}

// shapeRows fills the Frame's Shape from the plan's rows and skips. It
// says why the runtime cannot run one of them, or "" when it runs them
// all.
func (b *builder) shapeRows(fr *Frame) string {
	sh := &fr.Shape
	sh.Args, sh.Rets = len(fr.Args), len(fr.Rets)
	sh.NoUseCounts = b.o.Identity == plan.OwnIDs
	for _, s := range append(append([]*Slot(nil), fr.Args...), fr.Rets...) {
		if s.List {
			sh.Lists |= 1 << s.K
			if s.Form == schema.TensorOptionalList {
				sh.OptLists |= 1 << s.K
			}
		}
	}
	for _, m := range b.op.Mutable {
		sh.Writes = append(sh.Writes, b.arg[m].K)
	}
	for i := range b.op.Checks {
		ck := &b.op.Checks[i]
		if ck.NeverFires {
			sh.Rows = append(sh.Rows, ShapeRow{Check: ck.Name, Skip: true, T: b.locIndex(rowLoc(ck.Arg, ck.Ret)), U: -1})
			continue
		}
		r := ShapeRow{Check: ck.Name, T: -1, U: -1}
		var rs *Slot
		if ck.Ret != nil {
			rs = b.ret[*ck.Ret]
		}
		as := b.arg[ck.Arg] // nil for none
		switch {
		case checktable.ShapeOf(ck.Name) == checktable.OnRets:
			for _, i := range ck.Rets {
				r.Set |= 1 << b.ret[i].K
				if r.T < 0 {
					r.T = b.ret[i].K
				}
			}
		case rs != nil && as != nil:
			r.T, r.U = rs.K, as.K
		case rs != nil:
			r.T = rs.K
		default:
			r.T = as.K
		}
		f, ok := checktable.FormFor(ck.Name, as != nil, rs != nil && rs.List, as != nil && as.List)
		if !ok {
			return fmt.Sprintf("its row %s has no form a wrap.Frame runs", ck.Name) // plan.Validate refuses it
		}
		if b.o.Identity.UseCounts() && (f == checktable.FormOf || checktable.BeginsOnce(ck.Name)) {
			// fresh_not_held's hand-outs (the runtime notes the call's
			// start before the kernel): a kind without use counts
			return fmt.Sprintf("its row %s is of a runtime without use counts, and the plan's runtime has them", ck.Name)
		}
		r.Form = f
		sh.Rows = append(sh.Rows, r)
	}
	for _, sk := range b.op.Skipped {
		if sk.Name >= checks.NumChecks { // not_arg_handle: counted with another check
			continue
		}
		sh.Rows = append(sh.Rows, ShapeRow{Check: sk.Name, Skip: true, T: b.locIndex(rowLoc(sk.Arg, sk.Ret)), U: -1})
	}
	sh.Locs = b.out.Locs
	return ""
}

// reads fills the Frame's helpers' reads:
//   - before the kernel, the arguments, with metadata fingerprints and
//     views' bases;
//   - after it, the arguments again and the returns.
//
// Each is read by the reads of the slot's kind: a tensor's memory, or its
// identities without use counts, with the storage anchor where the type
// reports one.
func (b *builder) reads(fr *Frame) {
	uncounted := fr.Shape.NoUseCounts
	meta := map[*Slot]bool{}
	for i := range b.op.Checks {
		ck := &b.op.Checks[i]
		// An interface's fingerprint the runtime reads through it
		// (ifaceMeta), as for a type without one: the helpers read none.
		if a := b.arg[ck.Arg]; checktable.BatchOf(ck.Name) == checktable.BatchMetadata && !ck.NeverFires && a != nil && !a.List && !fr.Memory && fr.Guard == "" && b.o.MetadataOf[a.Type.Origin().String()] {
			meta[a] = true
		}
	}
	for _, s := range fr.Args {
		r := Read{Kind: ReadArg, Slot: s, I: fr.Index(s)}
		switch {
		case s.List && fr.Memory:
			r.Kind = ReadListMemory
		case s.List && uncounted:
			r.Kind = ReadListIdent
		case s.List:
			r.Kind = ReadList
		case s.Form == schema.TensorOptional:
			r.Kind = ReadArgOpt // saved without its anchor (an optional argument)
		case s.Identity == plan.Memory:
			r.Kind = ReadArgMemory
		case uncounted:
			r.Kind, r.Anchor = ReadArgIdent, b.anchored(s)
		}
		fr.Before = append(fr.Before, r)
		if r.Kind == ReadArg && !fr.Memory && b.anchored(s) {
			fr.Before = append(fr.Before, Read{Kind: ReadAnchor, Slot: s, I: r.I, Anchor: true})
		}
		if meta[s] {
			fr.Before = append(fr.Before, Read{Kind: ReadMeta, Slot: s, I: r.I})
		}
	}
	for i := range b.op.Checks {
		ck := &b.op.Checks[i]
		if !checktable.ReadsBase(ck.Name) || ck.NeverFires || ck.Ret == nil || !b.o.Identity.UseCounts() {
			continue
		}
		rs, as := b.ret[*ck.Ret], b.arg[ck.Arg]
		k := ReadViewBase
		if rs.List {
			k = ReadViewBaseList
		}
		fr.Before = append(fr.Before, Read{Kind: k, Slot: rs, I: fr.Index(rs), A: as, AI: fr.Index(as)})
	}
	for _, s := range fr.Args {
		r := Read{Kind: ReadAfterArg, Slot: s, I: fr.Index(s)}
		switch {
		case s.List && fr.Memory:
			r.Kind = ReadAfterListMemory
		case s.List:
			r.Kind = ReadAfterList
		case s.Form != schema.TensorOptional && s.Identity == plan.Memory:
			r.Kind = ReadAfterArgMemory
		case uncounted && s.Form != schema.TensorOptional:
			r.Kind, r.Anchor = ReadAfterIdent, b.anchored(s)
		case !fr.Memory && b.anchored(s):
			// a moved anchor is a resize; memory taken back during the
			// call is a violation (as AfterRecycled)
			r.Kind, r.Anchor = ReadAfterRecycled, true
		}
		fr.After = append(fr.After, r)
		if meta[s] {
			fr.After = append(fr.After, Read{Kind: ReadMetaAfter, Slot: s, I: r.I})
		}
	}
	for _, s := range fr.Rets {
		r := Read{Kind: ReadRet, Slot: s, I: fr.Index(s)}
		switch {
		case s.List && (uncounted || fr.Memory):
			// The elements' anchors, for fresh_not_held's hand-outs. For
			// the memory kind, its adapter's, of its elements' memory, as
			// the Frame's RetElemIdent reads them.
			r.Kind, r.Anchor = ReadRetListIdent, b.o.AnchoredOf[fr.Elem.Origin().String()]
		case s.List:
			r.Kind = ReadRetList
		case fr.Memory:
			r.Kind = ReadRetMemory
		case uncounted:
			r.Kind, r.Anchor = ReadRetIdent, b.anchored(s)
		}
		fr.After = append(fr.After, r)
		if r.Kind == ReadRet && !fr.Memory && b.anchored(s) {
			fr.After = append(fr.After, Read{Kind: ReadAnchor, Slot: s, I: r.I, Anchor: true})
		}
	}
}
