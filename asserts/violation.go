package asserts

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
)

// A Violation is one failed check: which operator, which check, which
// argument or return, what was wanted and what was found, and a hint for the
// op author. It implements error.
//
// Want and Got depend on the check: its row of the table of checks says
// what they hold (internal/checktable; the table of docs/asserts.md shows it).
//
// For a check on an argument whose handle the kernel released or left
// undefined (Released), Want is the argument's TensorImpl before the
// kernel and Got is 0, whatever the check.
type Violation struct {
	Op       string `json:"op"`
	Overload string `json:"overload,omitempty"`
	// Pos is where the code that broke the schema is, "file:line:col" of
	// the name in the kernel function's declaration ("file:line" when
	// its source file cannot be read), or "assertgen.yaml:line:col" of a
	// bound op's binding; the file is relative to the root of the module
	// under test (a kernel of another module is named by its package's
	// import path). "" when the wrapper does not know (code generated
	// before positions, interface mode). Error starts with it.
	Pos    string        `json:"pos,omitempty"`
	Policy checks.Policy `json:"policy"` // the skip policy the op ran under
	Check  checks.Check  `json:"check"`
	// Arg is the argument's name; empty for a return.
	Arg string `json:"arg,omitempty"`
	// Ret is the return's index; -1 for an argument.
	Ret int `json:"ret"`
	// Index is the list element's index; -1 if not a list element.
	Index int `json:"index"`
	// Other is the second tensor of a two-tensor check, e.g. "argument self"
	// for shares_storage or "return 1" for distinct_outputs.
	Other string `json:"other,omitempty"`
	// OtherIsList reports that Other is a list argument, any element of
	// which would have satisfied the check (SharesStorageOf, FreshOrAliasOf).
	OtherIsList bool `json:"other_is_list,omitempty"`

	Want        uint64 `json:"want"`
	Got         uint64 `json:"got"`
	WantStorage uint64 `json:"want_storage,omitempty"`
	GotStorage  uint64 `json:"got_storage,omitempty"`
	ImplUses    int    `json:"impl_uses,omitempty"`
	StorageUses int    `json:"storage_uses,omitempty"`
	Traits      Traits `json:"traits"`
	// Released reports, for a check on an argument, that its handle was
	// released or undefined after the kernel (it had a TensorImpl before).
	Released bool `json:"released,omitempty"`
	// WhileCalled reports, for binding_context, that the kernel bound the
	// argument's storage (or changed its binding) during the call; Want and
	// Got are then the binding's context before and after (Want 0: none).
	WhileCalled bool `json:"while_called,omitempty"`
	// AnchorMoved reports, for same_storage, that the argument kept its
	// StorageImpl ID but its storage anchor ([Anchored]) moved: the kernel
	// rebound the tensor to other memory without a new storage identity.
	AnchorMoved bool `json:"anchor_moved,omitempty"`
	// SameMemory reports, for fresh_no_alias, that the return has a
	// StorageImpl ID of its own but the argument's memory (the same
	// storage anchor, [Anchored]): one buffer under two storages.
	SameMemory bool `json:"same_memory,omitempty"`
	// Recycled reports, for same_storage, that the runtime took the
	// argument's memory back during the call ([Recycled]) while the
	// argument still points at it.
	Recycled bool `json:"recycled,omitempty"`
	// Binding and Env are set for binding_context; Binding also for
	// impl_use_count_eq_fresh on a return with a bound foreign object
	// (ImplBound).
	Binding *Binding  `json:"binding,omitempty"`
	Env     *EnvState `json:"env,omitempty"`

	// Provenance is what the checks know of the history of the tensors'
	// storages and memory: the call that returned a storage fresh
	// (runtimes without use counts), the calls during which the runtime
	// took the memory back ([Recycled]) and handed it out again
	// ([Reused]), with how long ago; "" when nothing is known. It names
	// the kernel that gave a buffer away when its victim trips a check.
	Provenance string `json:"provenance,omitempty"`

	// Hint tells the op author what to fix.
	Hint string `json:"hint"`
}

// Where returns the located tensor, e.g. "argument self" or "return 0[2]".
func (v *Violation) Where() string {
	var s string
	if v.Ret >= 0 {
		s = "return " + strconv.Itoa(v.Ret)
	} else {
		s = "argument " + v.Arg
	}
	if v.Index >= 0 {
		s += "[" + strconv.Itoa(v.Index) + "]"
	}
	return s
}

// OpName returns "op.overload" (or the op alone for a default overload).
func (v *Violation) OpName() string {
	if v.Overload == "" {
		return v.Op
	}
	return v.Op + "." + v.Overload
}

// Error returns the violation as one line, starting with the position
// of the code that broke the schema (Pos) when it is known, in the form
// compilers print, which editors and CI annotations jump to:
//
//	kernels/add.go:42:6: add.Tensor: same_impl: argument self: kernel replaced the TensorImpl (before 0x1, after 0x7); hint: ...
func (v *Violation) Error() string {
	var b strings.Builder
	if v.Pos != "" {
		b.WriteString(v.Pos + ": ")
	}
	fmt.Fprintf(&b, "%s: %s: %s: %s", v.OpName(), v.Check, v.Where(), v.detail())
	if v.Traits&^Versioned != 0 {
		fmt.Fprintf(&b, " [%s]", v.Traits&^Versioned)
	}
	if v.Provenance != "" {
		b.WriteString("; provenance: " + v.Provenance)
	}
	if v.Hint != "" {
		b.WriteString("; hint: " + v.Hint)
	}
	return b.String()
}

// String is Error. Its receiver is a value, so that the violations
// [Collect] returns print as their one line where they are printed as
// they come (t.Error(v), fmt.Println(vs)).
func (v Violation) String() string { return v.Error() }

func (v *Violation) detail() string {
	if v.Released {
		return fmt.Sprintf("kernel released the argument's handle or left it undefined (TensorImpl before %v, now none)", ID(v.Want))
	}
	if msg, ok := checktable.Message(v.Check, v.report()); ok {
		return msg
	}
	return fmt.Sprintf("want %d, got %d", v.Want, v.Got)
}

// report is what the check's row of the table of checks reads of v for
// its message (internal/engine makes the same for its hint).
func (v *Violation) report() *checktable.Report {
	r := &checktable.Report{Other: v.Other, OtherIsList: v.OtherIsList, Want: v.Want, Got: v.Got,
		WantStorage: v.WantStorage, GotStorage: v.GotStorage, ImplUses: v.ImplUses, StorageUses: v.StorageUses,
		WhileCalled: v.WhileCalled, AnchorMoved: v.AnchorMoved, SameMemory: v.SameMemory, Recycled: v.Recycled,
		DirectSubclass: v.Traits&DirectSubclass != 0, WrapperSubclass: v.Traits&WrapperSubclass != 0}
	if v.Binding != nil {
		r.Bound, r.BindingHermetic, r.BindingContext = true, v.Binding.Hermetic, uint64(v.Binding.Context)
	}
	if v.Env != nil {
		r.EnvContext = uint64(v.Env.Context)
	}
	return r
}

// Repeated is a violation and how many times it was reported, counting
// those that differ from it only in numbers that move from call to call
// (see [Deduplicate]).
type Repeated struct {
	Violation
	Count int
}

// String is the violation's line, followed by "(N times; identities
// differ)" when Count is more than 1 (versions, for no_mutation; see
// [Deduplicate]).
func (r Repeated) String() string {
	if r.Count <= 1 {
		return r.Violation.Error()
	}
	return fmt.Sprintf("%s (%d times; %s differ)", r.Violation.Error(), r.Count, r.Violation.moving())
}

// Deduplicate returns vs with the violations that repeat an earlier one
// left out and counted: the same op, check, argument or return, and the
// same message once the numbers that move from call to call are masked:
// identities (TensorImpl and StorageImpl IDs, digests, fingerprints: the
// 0x numbers), the version counter of an argument written against its
// schema (no_mutation), and the contexts of a binding (binding_context,
// impl_use_count_eq_fresh). One bug in a loop reports one line, with its
// count. The order is that of each group's first violation.
func Deduplicate(vs []Violation) []Repeated {
	var out []Repeated
	at := map[string]int{}
	for i := range vs {
		k := vs[i].dedupKey()
		if j, ok := at[k]; ok {
			out[j].Count++
			continue
		}
		at[k] = len(out)
		out = append(out, Repeated{Violation: vs[i], Count: 1})
	}
	return out
}

// moving names the numbers of v's line that dedupKey masks, for the line
// of a group: "identities", "versions", "identities or contexts".
func (v *Violation) moving() string {
	switch m := checktable.Moving(v.Check); {
	case v.Released:
		return "identities"
	case m == "contexts", v.Binding != nil:
		return "identities or contexts"
	case m != "":
		return m
	}
	return "identities"
}

// dedupKey is the violation's line with the numbers that move from call
// to call masked (see Deduplicate): the versions and contexts zeroed
// before the line is made, then every 0x number masked.
func (v *Violation) dedupKey() string {
	w := *v
	if !w.Released && checktable.Moving(w.Check) != "" {
		w.Want, w.Got = 0, 0 // versions; contexts
	}
	if w.Binding != nil {
		b := *w.Binding
		b.Context = 0
		w.Binding = &b
	}
	if w.Env != nil {
		e := *w.Env
		e.Context = 0
		w.Env = &e
	}
	w.Provenance = "" // how long ago moves; the group keeps its first's
	s := w.Error()
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '0' && i+2 < len(s) && s[i+1] == 'x' && isHex(s[i+2]) && (i == 0 || !isHex(s[i-1])) {
			b.WriteString("0x_")
			for i += 2; i+1 < len(s) && isHex(s[i+1]); i++ {
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }
