package wrap

import "github.com/assertgen/assertgen/internal/engine"

// The entries of version-4 generated code (testdata/frozen/ENTRIES): each
// is an alias of the engine's type, value or function, so that a
// generated wrapper compiles to the same calls as if it named the engine
// (the aliases cost nothing at run time).

// A Frame holds one checked call's tensors: S its single tensors' slots,
// L its lists'. A wrapper declares one per call and its shape's helpers
// fill it ([Frame.Open], [Frame.Arg]...) and hand it the op's [Shape]
// ([Frame.Begin], [Frame.End]).
type Frame[S Slots, L ListSlots] = engine.Frame[S, L]

// Slots are the sizes of a Frame's single tensors' slots, ListSlots its
// lists'.
type (
	Slots     = engine.Slots
	ListSlots = engine.ListSlots
)

// A Slot holds one tensor of a call, a ListSlot one list.
type (
	Slot     = engine.Slot
	ListSlot = engine.ListSlot
)

// An Op is an operator a wrapper checks: its kernel, names and profile,
// and the statistics of its calls. It must be a package-level variable.
type Op = engine.Op

// A Shape is the rows of the plan of the ops of one shape, as data; a Row
// one row (a check, its form and its tensors' slots); a Loc names a
// tensor of the call (an argument by name, a return by index).
type (
	Shape = engine.Shape
	Row   = engine.Row
	Loc   = engine.Loc
)

// The forms of a row's tensors (Row.Form).
const (
	FormOne     = engine.FormOne
	FormRetList = engine.FormRetList
	FormArgList = engine.FormArgList
	FormLists   = engine.FormLists
	FormOf      = engine.FormOf
)

// Arg is the Loc of the argument name.
func Arg(name string) Loc { return engine.Arg(name) }

// Ret is the Loc of the i-th return.
func Ret(i int) Loc { return engine.Ret(i) }
