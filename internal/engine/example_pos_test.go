package engine_test

import (
	"fmt"
	"strings"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/engine"
)

// negInPlace is a neg_ kernel that replaces its argument's TensorImpl.
func negInPlace(self *handle) *handle {
	self.impl = 0x99
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
	self := &handle{impl: 0x40, storage: 0x41, uses: 1}
	vs := asserts.Collect(func() {
		var c engine.Call
		c.Begin(&op)
		var a0 engine.Slot
		c.Save(&a0, self)
		negInPlace(self)
		c.After(&a0, self)
		c.SameImpl(engine.Arg("self"), &a0)
		c.End()
	})
	fmt.Println(vs[0].Pos)
	line, _, _ := strings.Cut(vs[0].Error(), ": kernel replaced")
	fmt.Println(line)
	// Output:
	// internal/engine/example_pos_test.go:12:6
	// internal/engine/example_pos_test.go:12:6: neg_: same_impl: argument self
}
