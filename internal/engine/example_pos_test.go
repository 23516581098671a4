package engine_test

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// negInPlace is a neg_ kernel that replaces its argument's TensorImpl.
func negInPlace(self *handle) *handle {
	self.Impl = 0x99
	return self
}

// The Op of a wrapper names its kernel function (Kernel), as gen writes
// it: a violation then starts with the kernel's declaration, file (from
// the module's root), line and the column of its name, which editors and
// CI annotations jump to;
// its JSON holds the same as pos. The runtime finds it from the function's
// PC when it reports the violation, never on a call that passes.
func ExampleOp_kernel() {
	op := engine.Op{Name: "neg_", Kernel: negInPlace}
	self := &handle{Impl: 0x40, Storage: 0x41, Uses: 1}
	sh := engine.Shape{Args: 1, Rows: []engine.Row{row(checks.SameImpl, 0, -1)},
		Locs: []engine.Loc{engine.Arg("self")}, Tensor: handleOf, Elem: handleElem}
	vs := asserts.Collect(func() {
		var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Arg(0, self.Ident(), unsafe.Pointer(self))
		f.Begin(&op, &sh)
		negInPlace(self)
		f.AfterArg(0, self.Ident())
		f.End()
	})
	fmt.Println(vs[0].Pos)
	line, _, _ := strings.Cut(vs[0].Error(), ": kernel replaced")
	fmt.Println(line)
	// Output:
	// internal/engine/example_pos_test.go:14:6
	// internal/engine/example_pos_test.go:14:6: neg_: same_impl: argument self
}
