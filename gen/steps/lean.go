package steps

import (
	"fmt"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/plan"
)

// LeanPath is the lean path of a wrapper (asserts' lean.go): for a runtime
// without identities of its own whose post helper has a learned path, a
// call of a plain op skips the Call and the rows: its lean pre helper
// keeps each argument's handle and memory in a wrap.Lean, its lean post
// helper runs the learned path's tests on them and on the memory read
// after the kernel, then fresh_not_held, and counts the call; when a test
// fails, the replay runs the pre helper's steps from the kept memory and
// then the post helper, whose rows report.
type LeanPath struct {
	// Index is each argument's place in the Lean: the single tensors in
	// the order of the arguments, then the list's elements from Off on.
	Index map[*Slot]int
	// List is the list argument, if any; Off its first element's place.
	List *Slot
	Off  int
	// Reads are the post helper's memory reads, Learned its learned path.
	Reads   []Stmt
	Learned Stmt
	// Replay is the pre helper's steps with each argument's memory, and a
	// list's elements, taken from the Lean (ReadLean, SaveListLean).
	Replay []Stmt
	// Args are the argument slots, Tensors the post helper's (the
	// arguments', then the returns').
	Args, Tensors []*Slot
	NLocs         int
}

// leanSlots is how many tensors a wrap.Lean keeps.
const leanSlots = 4

// lean returns the lean path of op, whose helpers are built, or nil: the
// post helper has a learned path (steps.Learned) and the call declares no
// writes (no Mutable: the lean path keeps no registry of writes), no
// return is named before the kernel, and its single tensor arguments fit
// a Lean.
func (b *builder) lean() *LeanPath {
	out := b.out
	if out.Abandon {
		return nil
	}
	var learned *Stmt
	var reads []Stmt
	for i := range out.Post.Body {
		st := &out.Post.Body[i]
		if st.Kind == Learned {
			learned = st
			break
		}
		if st.Kind != ReadMemory {
			return nil
		}
		reads = append(reads, *st)
	}
	if learned == nil {
		return nil
	}
	lp := &LeanPath{Index: map[*Slot]int{}, Reads: reads, Learned: *learned, Args: out.Args, Tensors: out.Post.Tensors, NLocs: len(out.Locs)}
	for _, s := range out.Args {
		switch {
		case s.Identity == plan.Memory:
			lp.Index[s] = lp.Off
			lp.Off++
		case s == learned.Slot:
			lp.List = s
		default:
			return nil
		}
	}
	for _, s := range out.Rets {
		if s.Early {
			return nil
		}
	}
	if lp.Off > leanSlots {
		return nil
	}
	if lp.List != nil {
		lp.Index[lp.List] = lp.Off
	}
	for _, st := range out.Pre.Body {
		switch {
		case st.Kind == ReadMemory && st.Of == nil:
			st.Kind, st.N = ReadLean, lp.Index[st.Slot]
		case st.Kind == CallList && st.Slot == lp.List && st.List == ListSave:
			st = Stmt{Kind: SaveListLean, Slot: st.Slot, N: lp.Off}
		}
		lp.Replay = append(lp.Replay, st)
	}
	return lp
}

// PreKey, PostKey and ReplayKey are the canonical texts of the lean
// helpers, which name them.
func (lp *LeanPath) PreKey(typeParams string) string {
	var b strings.Builder
	b.WriteString("LeanPre" + typeParams + "(op")
	for _, s := range lp.Args {
		fmt.Fprintf(&b, ",t%d %s@%d", s.K, s.Type, lp.Index[s])
	}
	b.WriteString(")")
	return b.String()
}

func (lp *LeanPath) PostKey(typeParams string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "LeanPost%s(L%d", typeParams, lp.NLocs)
	for _, s := range lp.Tensors {
		fmt.Fprintf(&b, ",t%d %s", s.K, s.Type)
		if i, ok := lp.Index[s]; ok {
			fmt.Fprintf(&b, "@%d", i)
		}
	}
	b.WriteString(")")
	formatStmts(&b, lp.Reads)
	lp.Learned.format(&b)
	return b.String()
}

func (lp *LeanPath) ReplayKey(typeParams, pre, post string) string {
	var b strings.Builder
	b.WriteString("LeanReplay" + typeParams + "(" + pre + "," + post + ")")
	formatStmts(&b, lp.Replay)
	return b.String()
}

// ArgsInOrder are the argument slots in the Lean's order: the single
// tensors, then the list.
func (lp *LeanPath) ArgsInOrder() []*Slot {
	out := slices.Clone(lp.Args)
	slices.SortStableFunc(out, func(a, b *Slot) int { return lp.Index[a] - lp.Index[b] })
	return out
}
