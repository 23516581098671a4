package engine_test

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/engine"
)

// posKernel, posGeneric and (*posRuntime).kernel are kernels whose
// violations must name their lines.
func posKernel(self *handle) *handle {
	self.Impl++ // replaces the TensorImpl: same_impl
	return self
}

func posGeneric[T any](self *handle) *handle {
	self.Impl++
	return self
}

type posRuntime struct{ calls int }

func (*posRuntime) kernel(self *handle) *handle {
	self.Impl++
	return self
}

// inlined is small enough for the compiler to inline into the wrapper a
// method value (r.inlined) calls.
func (r *posRuntime) inlined(self *handle) *handle {
	r.calls++
	self.Impl++
	return self
}

// called is a method the wrapper of a method value calls.
//
//go:noinline
func (r *posRuntime) called(self *handle) *handle {
	r.calls++
	self.Impl++
	return self
}

// posLiteral is a function literal, alone on its line.
var posLiteral = func(self *handle) *handle {
	self.Impl++
	return self
}

// declPos returns "file:line:col" of the name in the declaration that
// starts with decl in this file (its "func" for a literal): where a
// violation of the kernel declared there must point.
func declPos(t *testing.T, decl, name string) string {
	t.Helper()
	src, err := os.ReadFile("pos_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, decl) {
			col := strings.Index(line, name)
			return "internal/engine/pos_test.go:" + strconv.Itoa(i+1) + ":" + strconv.Itoa(col+1)
		}
	}
	t.Fatalf("no line starts with %q", decl)
	return ""
}

// sameImplCall runs kernel through a checked call of op whose same_impl
// row fails, and returns the violation.
func sameImplCall(t *testing.T, op *engine.Op, kernel func(*handle) *handle) asserts.Violation {
	t.Helper()
	self := &handle{Impl: 0x10, Storage: 0x11, Uses: 1}
	vs := asserts.Collect(func() {
		var c engine.Call
		c.Begin(op)
		var a0 engine.Slot
		c.Save(&a0, self)
		kernel(self)
		c.After(&a0, self)
		c.SameImpl(engine.Arg("self"), &a0)
		c.End()
	})
	if len(vs) != 1 {
		t.Fatalf("%d violations, want 1: %v", len(vs), vs)
	}
	return vs[0]
}

func TestViolationPos(t *testing.T) {
	rt := &posRuntime{}
	for _, tc := range []struct {
		name   string
		op     *engine.Op
		kernel func(*handle) *handle
		want   string
	}{
		{"kernel function", &engine.Op{Name: "neg_", Kernel: posKernel}, posKernel, declPos(t, "func posKernel(", "posKernel")},
		{"generic kernel", &engine.Op{Name: "neg_", Kernel: posGeneric[float32]}, posGeneric[float32], declPos(t, "func posGeneric[", "posGeneric")},
		{"method expression", &engine.Op{Name: "neg_", Kernel: (*posRuntime).kernel}, (&posRuntime{}).kernel, declPos(t, "func (*posRuntime) kernel(", "kernel")},
		{"method value, inlined by its wrapper", &engine.Op{Name: "neg_", Kernel: rt.inlined}, rt.inlined, declPos(t, "func (r *posRuntime) inlined(", "inlined")},
		// The wrapper calls the method: no exported API of package
		// runtime gives the method's entry.
		{"method value, called by its wrapper", &engine.Op{Name: "neg_", Kernel: rt.called}, rt.called, ""},
		{"function literal", &engine.Op{Name: "neg_", Kernel: posLiteral}, posLiteral, declPos(t, "var posLiteral = func(", "func")},
		{"binding", &engine.Op{Name: "neg_", Kernel: posKernel, Pos: "assertgen.yaml:12:9"}, posKernel, "assertgen.yaml:12:9"},
		{"none (code generated before positions)", &engine.Op{Name: "neg_"}, posKernel, ""},
		{"not a function", &engine.Op{Name: "neg_", Kernel: 3}, posKernel, ""},
		{"nil function", &engine.Op{Name: "neg_", Kernel: (func())(nil)}, posKernel, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			v := sameImplCall(t, tc.op, tc.kernel)
			if v.Pos != want {
				t.Errorf("Pos = %q, want %q", v.Pos, want)
			}
			msg := v.Error()
			if want != "" && !strings.HasPrefix(msg, want+": neg_: same_impl: argument self: ") {
				t.Errorf("Error() = %q, want it to start with %q", msg, want+": ")
			}
			if want == "" && !strings.HasPrefix(msg, "neg_: same_impl: ") {
				t.Errorf("Error() = %q, want no position", msg)
			}
			js, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if has := strings.Contains(string(js), `"pos":`); has != (want != "") || want != "" && !strings.Contains(string(js), `"pos":"`+want+`"`) {
				t.Errorf("JSON %s, want pos %q", js, want)
			}
		})
	}
}
