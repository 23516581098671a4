// Package steps decides what an op's checked wrapper runs: from the op's
// plan and the Go types of its tensors, the tensors it snapshots (slots),
// their Locs, and the steps of its two shape helpers (before the kernel
// and after it), each a typed value: a call of asserts with its
// arguments, a read of a tensor's memory, or a test with the steps it
// guards. The decisions live here: which rows run merged
// (SameImplStorageVersion), which are batched behind one test
// (binding_context, not_arg_handle, fresh_no_alias, same_content), which
// take a fast path (same_metadata), which form of each check's function
// a tensor's type takes. The facts of each check (its steps, phases and
// function names, how its rows batch) are the table of checks'
// (internal/checktable: StepsOf, BatchOf, LearnedBy); this package reads
// them and never imports the engine (asserts/wrap). gen only prints the steps, and names each shape
// helper by a hash of its steps' canonical text (Helper.Key).
package steps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// A Loc is where a tensor is in an op's schema: an argument, by name, or
// a return, by index (wrap.Arg, wrap.Ret).
type Loc struct {
	Ret   bool
	Arg   string // the argument's name (Ret false)
	Index int    // the return's index (Ret true)
}

// String is the Loc's canonical text: "a:self" or "r:0".
func (l Loc) String() string {
	if l.Ret {
		return "r:" + strconv.Itoa(l.Index)
	}
	return "a:" + l.Arg
}

// Adapt says how a wrapper hands a tensor of a type without identities of
// its own (the kind plan.Memory: Options.Foreign) to the helpers.
type Adapt uint8

const (
	AdaptNone Adapt = iota // as it is
	AdaptOne               // converted to the adapter type
	AdaptList              // a list converted to a list of the adapter type
)

// A Slot is a tensor a wrapper snapshots: an argument or a return that a
// row of the plan names. The helpers' s<K> is its snapshot, t<K> its
// tensor, l[K] its Loc.
type Slot struct {
	K   int
	Loc Loc
	// Param is the index of the wrapper's parameter (an argument) or
	// result (a return) that holds the tensor.
	Param int
	Form  schema.TensorForm
	List  bool           // a SavedList rather than a Saved
	Type  kernels.GoType // as the helpers take it
	Adapt Adapt
	// Identity is the kind the slot's snapshot entries are picked by:
	// Options.Identity, but for the kind plan.Memory only a single tensor
	// of the foreign type is plan.Memory (the helpers read its memory
	// once, into m<K>, and save and check from it), and the op's other
	// tensors plan.OwnIDs (see builder.adapt).
	Identity plan.Identity
	// Guard is the function that hands a single tensor of an interface
	// type to asserts (a nil is the undefined tensor); "" for other types.
	Guard string
	// Early: a return a step before the kernel names (a state it saves
	// for the row after it, checktable.Step): the wrapper declares its
	// snapshot and passes it to both helpers.
	Early bool
}

// snap is the slot's snapshot as a helper names it: s<K>.
func (s *Slot) snap() string { return "s" + strconv.Itoa(s.K) }

// tensor is the slot's tensor as a helper names it: t<K>.
func (s *Slot) tensor() string { return "t" + strconv.Itoa(s.K) }

// SavedType is the asserts type of the slot's snapshot.
func (s *Slot) SavedType() string {
	if s.List {
		return "SavedList"
	}
	return "Saved"
}

// ArgKind is the kind of an argument of a step's call.
type ArgKind uint8

const (
	ArgCall      ArgKind = iota // the Call: c
	ArgSnap                     // the slot's snapshot: s<K>, or &s<K> for a return's local
	ArgTensor                   // the slot's tensor as asserts takes it: t<K>, or Guard(t<K>)
	ArgRawTensor                // the helper's parameter t<K> itself
	ArgAnchor                   // the tensor's storage anchor: t<K>.StorageAnchor(), or m<K>.Anchor()
	ArgDefined                  // t<K> != nil
	ArgPointer                  // unsafe.Pointer(t<K>)
	ArgMemory                   // &m<K>
	ArgLoc                      // l[N]
	ArgInt                      // the integer N
	ArgCheck                    // the check's asserts constant
	ArgOut                      // asserts.Name(l[K], s<K>): Out or OutList
)

// An Arg is an argument of a step's call.
type Arg struct {
	Kind  ArgKind
	Slot  *Slot
	N     int
	Check checks.Check
	Name  string // ArgOut's function
}

// Addr reports whether a snapshot argument is the address of a return's
// snapshot, a local of the post helper (not early).
func (a Arg) Addr() bool { return a.Slot.Loc.Ret && !a.Slot.Early }

func (a Arg) format(b *strings.Builder) {
	switch a.Kind {
	case ArgCall:
		b.WriteString("c")
	case ArgSnap:
		if a.Addr() {
			b.WriteString("&")
		}
		b.WriteString(a.Slot.snap())
	case ArgTensor:
		if a.Slot.Guard != "" && !a.Slot.List {
			b.WriteString(a.Slot.Guard + "(" + a.Slot.tensor() + ")")
			return
		}
		b.WriteString(a.Slot.tensor())
	case ArgRawTensor:
		b.WriteString(a.Slot.tensor())
	case ArgAnchor:
		if a.Slot.Identity == plan.Memory {
			b.WriteString("m" + strconv.Itoa(a.Slot.K) + ".Anchor()")
			return
		}
		b.WriteString(a.Slot.tensor() + ".StorageAnchor()")
	case ArgDefined:
		b.WriteString(a.Slot.tensor() + "!=nil")
	case ArgPointer:
		b.WriteString("unsafe.Pointer(" + a.Slot.tensor() + ")")
	case ArgMemory:
		b.WriteString("&m" + strconv.Itoa(a.Slot.K))
	case ArgLoc:
		b.WriteString("l" + strconv.Itoa(a.N))
	case ArgInt:
		b.WriteString(strconv.Itoa(a.N))
	case ArgCheck:
		b.WriteString(a.Check.GoName())
	case ArgOut:
		formatCall(b, a.Name, []Arg{{Kind: ArgLoc, N: a.Slot.K}, {Kind: ArgSnap, Slot: a.Slot}})
	}
}

func formatCall(b *strings.Builder, name string, args []Arg) {
	b.WriteString(name)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		a.format(b)
	}
	b.WriteByte(')')
}

// StmtKind is the kind of a step.
type StmtKind uint8

const (
	CallMethod StmtKind = iota // c.Name(Args...)
	CallFunc                   // asserts.Name(Args...): a generic function that takes the Call first
	CallList                   // Name(c, s<K>, t<K>): the package's list function (Namer.List) for Slot's type
	ReadMemory                 // m<K> := t<K>.Memory()
	If                         // if Cond { Then } else { Else }
)

// ListKind is the kind of a list snapshot function: it fills a
// SavedList element by element as the generic function of asserts of
// the same name does.
type ListKind uint8

const (
	ListSave        ListKind = iota // wrap.SaveList
	ListSaveOpt                     // wrap.SaveOptList
	ListAfter                       // wrap.AfterList
	ListResult                      // wrap.ResultList
	ListResultIdent                 // wrap.ResultIdentList
)

// A Stmt is one step of a shape helper.
type Stmt struct {
	Kind StmtKind
	Name string // the function or method called; CallList: the list function's name
	Args []Arg
	Slot *Slot // CallList, ReadMemory
	// List is a CallList's kind.
	List ListKind
	Cond Cond   // If
	Then []Stmt // If
	Else []Stmt // If: nil for none
	// Row: a call that is a step of a row of the plan (Builder.step): its
	// check and the form of the check's function it calls; nil for the
	// other calls.
	Row *Row
}

// A Row says which check's step a call is, and in which form.
type Row struct {
	Check checks.Check
	Form  checktable.Form
}

// CondKind is the kind of an If's test.
type CondKind uint8

const (
	CondHermetic      CondKind = iota // c.Hermetic()
	CondHasDigests                    // c.HasDigests()
	CondContentOff                    // wrap.ContentCheckOff()
	CondPlain                         // !c.Hermetic() && s<K>.Plain() for each slot
	CondImplApart                     // !(s<R>.ImplApart(s<A>) && ...): Slots[0] is the return R
	CondFreshFrom                     // s<R>.FreshFrom(s<A>) && ...: Slots[0] is the return R
	CondMetadataTaken                 // fp, ok := <fingerprint of Slots[0]>; !c.TakeMetadata(s<K>, fp, ok)
	CondMetadataKept                  // fp, ok := <fingerprint of Slots[0]>; !s<K>.MetadataKept(fp, ok)
)

// A Cond is an If's test.
type Cond struct {
	Kind  CondKind
	Slots []*Slot
}

// Read is the method a metadata test reads the fingerprint with: the
// memory's m<K>.Metadata() for a slot whose memory the helper read
// (Slot.Identity plan.Memory), the tensor's MetadataFingerprint() otherwise.
func (c Cond) Read() string {
	if c.Slots[0].Identity == plan.Memory {
		return "Metadata"
	}
	return "MetadataFingerprint"
}

func (c Cond) format(b *strings.Builder) {
	switch c.Kind {
	case CondHermetic:
		b.WriteString("c.Hermetic()")
	case CondHasDigests:
		b.WriteString("c.HasDigests()")
	case CondContentOff:
		b.WriteString("wrap.ContentCheckOff()")
	case CondPlain:
		b.WriteString("!c.Hermetic()")
		for _, s := range c.Slots {
			fmt.Fprintf(b, "&&s%d.Plain()", s.K)
		}
	case CondImplApart, CondFreshFrom:
		// each pair's test followed by "&&", the last one's too: the text
		// the helpers' names have always been hashed from
		test := "FreshFrom"
		if c.Kind == CondImplApart {
			test = "ImplApart"
			b.WriteString("!(")
		}
		r := c.Slots[0]
		for _, a := range c.Slots[1:] {
			fmt.Fprintf(b, "s%d.%s(s%d)&&", r.K, test, a.K)
		}
		if c.Kind == CondImplApart {
			b.WriteString(")")
		}
	case CondMetadataTaken, CondMetadataKept:
		s := c.Slots[0]
		b.WriteString("fp,ok:=")
		if s.Identity == plan.Memory {
			b.WriteString("m" + strconv.Itoa(s.K))
		} else {
			Arg{Kind: ArgTensor, Slot: s}.format(b)
		}
		b.WriteString("." + c.Read() + "();!")
		if c.Kind == CondMetadataTaken {
			b.WriteString("c.TakeMetadata(")
			Arg{Kind: ArgSnap, Slot: s}.format(b)
			b.WriteString(",fp,ok)")
		} else {
			Arg{Kind: ArgSnap, Slot: s}.format(b)
			b.WriteString(".MetadataKept(fp,ok)")
		}
	}
}

// format writes the step's canonical text, ended by ';'.
func (s *Stmt) format(b *strings.Builder) {
	switch s.Kind {
	case CallMethod:
		formatCall(b, "c."+s.Name, s.Args)
	case CallFunc:
		formatCall(b, s.Name, s.Args)
	case CallList:
		formatCall(b, s.Name, []Arg{{Kind: ArgCall}, {Kind: ArgSnap, Slot: s.Slot}, {Kind: ArgRawTensor, Slot: s.Slot}})
	case ReadMemory:
		b.WriteString("m" + strconv.Itoa(s.Slot.K) + ":=t" + strconv.Itoa(s.Slot.K) + ".Memory()")
	case If:
		b.WriteString("if ")
		s.Cond.format(b)
		b.WriteByte('{')
		formatStmts(b, s.Then)
		b.WriteByte('}')
		if s.Else != nil {
			b.WriteString("else{")
			formatStmts(b, s.Else)
			b.WriteByte('}')
		}
	}
	b.WriteByte(';')
}

func formatStmts(b *strings.Builder, ss []Stmt) {
	for i := range ss {
		ss[i].format(b)
	}
}

// String is the step's canonical text.
func (s Stmt) String() string {
	var b strings.Builder
	s.format(&b)
	return b.String()
}

// A Helper is a shape helper: Pre begins the call, saves the arguments
// and runs the steps before the kernel; Post completes the snapshots,
// runs the steps after it and ends the call. Ops whose helpers have one
// Key share them.
type Helper struct {
	Post       bool
	TypeParams []kernels.TypeParam // those the tensors' types name
	NLocs      int                 // the length of the op's Loc array, l
	Snaps      []*Slot             // the parameters s<K>: the snapshots the wrapper declares
	Tensors    []*Slot             // the parameters t<K>
	Once       []string            // Pre: the Call's methods called once, after Begin
	Decls      []*Slot             // Post: the returns' snapshots, locals of the helper
	Body       []Stmt
}

// Key is the helper's canonical text, which names it: its kind, type
// parameters and parameters, its steps, then (the order its names have
// always been hashed in) its locals and its calls made once.
func (h *Helper) Key() string {
	var b strings.Builder
	if h.Post {
		b.WriteString("Post")
	} else {
		b.WriteString("Pre")
	}
	b.WriteString(TypeParamsKey(h.TypeParams))
	b.WriteString("(")
	if !h.Post {
		b.WriteString("op,")
	}
	fmt.Fprintf(&b, "L%d", h.NLocs)
	for _, s := range h.Snaps {
		fmt.Fprintf(&b, ",s%d %s", s.K, s.SavedType())
	}
	for _, s := range h.Tensors {
		fmt.Fprintf(&b, ",t%d %s", s.K, s.Type)
	}
	b.WriteString(")")
	formatStmts(&b, h.Body)
	for _, s := range h.Decls {
		fmt.Fprintf(&b, "var s%d %s;", s.K, s.SavedType())
	}
	for _, m := range h.Once {
		b.WriteString("+" + m)
	}
	return b.String()
}

// TypeParamsKey is the text the type parameters tps make in a name's
// hashed content: their names and constraints; "" for none.
func TypeParamsKey(tps []kernels.TypeParam) string {
	if len(tps) == 0 {
		return ""
	}
	parts := make([]string, len(tps))
	for i, p := range tps {
		parts[i] = p.Name
		for _, t := range p.Constraint {
			parts[i] += fmt.Sprintf(" %v%s", t.Tilde, t.Type)
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// TypeParamsOf returns the type parameters of all that the types ts
// name, in all's order.
func TypeParamsOf(all []kernels.TypeParam, ts ...kernels.GoType) []kernels.TypeParam {
	var names []string
	for _, t := range ts {
		names = append(names, t.Params()...)
	}
	var out []kernels.TypeParam
	for _, p := range all {
		for _, n := range names {
			if p.Name == n {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// String prints the op's steps for reading (a golden file's text): its
// Loc array, its slots, then each helper's parameters and steps, one a
// line, in their canonical text, with the steps a test guards indented
// below it.
func (op *Op) String() string {
	var b strings.Builder
	b.WriteString("locs:")
	for i, l := range op.Locs {
		fmt.Fprintf(&b, " l%d=%s", i, l)
	}
	b.WriteString("\n")
	for _, s := range append(slices.Clip(op.Args), op.Rets...) {
		fmt.Fprintf(&b, "slot s%d %s %s %s", s.K, s.Loc, s.SavedType(), s.Type)
		for _, f := range []struct {
			on   bool
			name string
		}{{s.Early, "early"}, {s.Identity == plan.Memory, "memory"}, {s.Adapt == AdaptOne, "adapted"}, {s.Adapt == AdaptList, "adapted-list"}, {s.Guard != "", "guard=" + s.Guard}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		b.WriteString("\n")
	}
	if op.Abandon {
		b.WriteString("abandon on panic\n")
	}
	for _, h := range []*Helper{&op.Pre, &op.Post} {
		key := h.Key()
		b.WriteString(key[:strings.IndexByte(key, ')')+1] + ":\n")
		for _, m := range h.Once {
			b.WriteString("\tonce c." + m + "()\n")
		}
		for _, s := range h.Decls {
			fmt.Fprintf(&b, "\tvar s%d %s\n", s.K, s.SavedType())
		}
		writeLines(&b, h.Body, "\t")
	}
	if op.Frame != nil {
		b.WriteString(op.Frame.String())
	}
	return b.String()
}

// writeLines writes steps one a line, a test's steps indented below it.
func writeLines(b *strings.Builder, sts []Stmt, indent string) {
	for i := range sts {
		s := &sts[i]
		if s.Kind != If {
			b.WriteString(indent + strings.TrimSuffix(s.String(), ";") + "\n")
			continue
		}
		b.WriteString(indent + "if ")
		s.Cond.format(b)
		b.WriteString(" {\n")
		writeLines(b, s.Then, indent+"\t")
		if s.Else != nil {
			b.WriteString(indent + "} else {\n")
			writeLines(b, s.Else, indent+"\t")
		}
		b.WriteString(indent + "}\n")
	}
}
