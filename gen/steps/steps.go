// Package steps decides what an op's checked wrapper runs. From the op's
// plan and the Go types of its tensors, it decides:
//   - the tensors the wrapper reads (slots) and their Locs;
//   - its Frame (the one path, onepath.go): the op's wrap.Shape, the rows
//     as data, and the reads of its two helpers, before the kernel and
//     after it.
//
// It refuses an op it cannot put on the one path, saying why
// (Op.Refused). It reads the facts of each check from the table of checks
// (internal/checktable), never from the engine or asserts/wrap. gen
// prints the Frame. It names each helper and Shape by a hash of its
// canonical text (Frame.Key, Frame.ShapeKey).
package steps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
// its own to the helpers: the kind plan.Memory (Options.Foreign).
type Adapt uint8

const (
	AdaptNone Adapt = iota // as it is
	AdaptOne               // converted to the adapter type
	AdaptList              // a list converted to a list of the adapter type
)

// A Slot is a tensor a wrapper reads: an argument or a return that a row
// of the plan names. The helpers' t<K> is its tensor, the Shape's Locs[K]
// its Loc.
type Slot struct {
	K   int
	Loc Loc
	// Param is the index of the wrapper's parameter (an argument) or
	// result (a return) that holds the tensor.
	Param int
	Form  schema.TensorForm
	List  bool           // a list of tensors (a wrap.ListSlot)
	Type  kernels.GoType // as the helpers take it
	Adapt Adapt
	// Identity is the kind the slot's reads are picked by. It is
	// Options.Identity, except for the kind plan.Memory: only a single
	// tensor of the foreign type is plan.Memory (the helpers read its
	// memory), and the op's other tensors are plan.OwnIDs (see
	// builder.adapt).
	Identity plan.Identity
}

// TypeParamsKey is the text the type parameters tps make in a name's
// hashed content: their names and constraints, or "" for none.
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

// String prints the op's slots and Frame for reading, as a golden file's
// text: its Loc array, its slots, then its Frame or why the op is
// refused.
func (op *Op) String() string {
	var b strings.Builder
	b.WriteString("locs:")
	for i, l := range op.Locs {
		fmt.Fprintf(&b, " l%d=%s", i, l)
	}
	b.WriteString("\n")
	for _, s := range append(slices.Clip(op.Args), op.Rets...) {
		kind := "single"
		if s.List {
			kind = "list"
		}
		fmt.Fprintf(&b, "slot s%d %s %s %s", s.K, s.Loc, kind, s.Type)
		for _, f := range []struct {
			on   bool
			name string
		}{{s.Identity == plan.Memory, "memory"}, {s.Adapt == AdaptOne, "adapted"}, {s.Adapt == AdaptList, "adapted-list"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		b.WriteString("\n")
	}
	if op.Abandon {
		b.WriteString("abandon on panic\n")
	}
	if op.Frame == nil {
		b.WriteString("refused: " + op.Refused + "\n")
		return b.String()
	}
	b.WriteString(op.Frame.String())
	return b.String()
}
