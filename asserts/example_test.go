package asserts_test

import (
	"fmt"
	"hash/fnv"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	rt "github.com/assertgen/assertgen/examples/reftensor"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/internal/engine/enginetest"
)

// A runtime implements the contract on its tensor handle. This one is a
// toy with fixed identities; examples/reftensor is a real one.
type handle = enginetest.Handle

// A kernel of neg that forgot to allocate: it negates in place and returns
// its input.
func brokenNeg(self *handle) *handle {
	self.Version++ // the in-place write
	self.Uses++    // the caller gets a second handle to the same TensorImpl
	return self
}

// neg(Tensor self) -> Tensor, wrapped as assertgen does.
var opNeg = engine.Op{Name: "neg"}

var shapeNeg = engine.Shape{
	Args: 1, Rets: 1,
	Rows:   []engine.Row{row(checks.SameImpl, 0, -1), row(checks.NoMutation, 0, -1), row(checks.ImplUseCountLE1, 1, -1)},
	Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
	Tensor: handleOf,
}

func handleOf(h unsafe.Pointer) asserts.Identity { return (*handle)(h) }

// row is a Row of a check on single tensors: those of slots t and u (-1:
// none).
func row(k checks.Check, t, u int8) engine.Row {
	return engine.Row{Check: k, Form: engine.FormOne, T: t, U: u}
}

func checkedNeg(self *handle) *handle {
	var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.Arg(0, self.Ident(), unsafe.Pointer(self))
	f.Begin(&opNeg, &shapeNeg)
	r0 := brokenNeg(self)
	f.AfterArg(0, self.Ident())
	iu, su := r0.UseCounts()
	f.Ret(1, r0.Ident(), iu, su, unsafe.Pointer(r0))
	f.End()
	return r0
}

// The violations a broken kernel produces, one line each.
func Example() {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))

	checkedNeg(&handle{Impl: 0x10, Storage: 0x11, Uses: 1})

	for _, v := range col.Violations() {
		fmt.Println(v.Error())
	}
	// Output:
	// neg: no_mutation: argument self: kernel wrote an argument the schema does not mark mutable (version 0 before, 1 after); hint: write to a new tensor instead, or mark the argument mutable in the schema (Tensor(a!)); if an unannotated write is intended (batch_norm's running stats), add a no_mutation skip with its reason to the allowlist
	// neg: impl_use_count_le_1: return 0: TensorImpl use count is 2, want <= 1; hint: a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles
}

// What the contract reports for reftensor's handles: a fresh tensor, a
// second handle to its TensorImpl, a view of it.
func Example_contract() {
	show := func(what string, t asserts.Tensor) {
		i, s := t.UseCounts()
		id := t.Ident()
		fmt.Printf("%-8s defined=%v storage=%v impl uses=%d storage uses=%d version=%d traits=%v\n",
			what, id.Defined(), id.HasStorage(), i, s, id.Version, id.Traits)
	}
	x := rt.Zeros(2, 3)
	show("fresh", x)
	y := x.Share()
	show("shared", x)
	v := x.Transpose(0, 1)
	show("view", v)
	v.SetAt(1, 0, 0)
	show("written", x)
	y.Release()
	v.Release()
	show("alone", x)
	x.Release()
	show("released", x)
	// Output:
	// fresh    defined=true storage=true impl uses=1 storage uses=1 version=0 traits=versioned
	// shared   defined=true storage=true impl uses=2 storage uses=1 version=0 traits=versioned
	// view     defined=true storage=true impl uses=1 storage uses=2 version=0 traits=versioned
	// written  defined=true storage=true impl uses=2 storage uses=2 version=1 traits=versioned
	// alone    defined=true storage=true impl uses=1 storage uses=1 version=1 traits=versioned
	// released defined=false storage=false impl uses=0 storage uses=0 version=0 traits=plain
}

// A collector's summary after a run with one broken call and one call under
// a mode.
func ExampleCollector_Summary() {
	asserts.ResetStats()
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))

	op := engine.Op{Name: "relu"}
	sh := engine.Shape{
		Args: 1, Rets: 1,
		Rows:   []engine.Row{row(checks.SameImpl, 0, -1), row(checks.ImplUseCountLE1, 1, -1)},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Tensor: handleOf,
	}
	for _, mode := range []bool{false, true} {
		prev := asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: mode} }))
		self := &handle{Impl: 0x30, Storage: 0x31, Uses: 1}
		var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Arg(0, self.Ident(), unsafe.Pointer(self))
		f.Begin(&op, &sh)
		r := &handle{Impl: 0x32, Storage: 0x33, Uses: 2} // held twice
		f.AfterArg(0, self.Ident())
		f.Ret(1, r.Ident(), r.Uses, 1, unsafe.Pointer(r))
		f.End()
		asserts.SetEnv(prev)
	}
	fmt.Print(col.Summary())
	// Output:
	// asserts: 2 calls, 3 checks run, 1 skipped, 1 violations
	// checks run:
	//   same_impl                2
	//   impl_use_count_le_1      1
	// violations by op:
	//   relu                     impl_use_count_le_1      1
	// skipped by reason:
	//   mode_active                  1
	// violations:
	//   relu: impl_use_count_le_1: return 0: TensorImpl use count is 2, want <= 1; hint: a kernel that is neither in-place nor out= must return a new tensor nobody else holds: do not return an input or a cached tensor, and release the kernel's own extra handles
}

// bytesHandle is a handle whose bytes asserts can read (asserts.Contents).
type bytesHandle struct {
	handle
	data []byte
}

func (h *bytesHandle) ContentDigest() (uint64, bool) {
	f := fnv.New64a()
	f.Write(h.data)
	return f.Sum64(), true
}

// The opt-in content check: a kernel that writes its read-only input
// without bumping the version counter passes unseen while same_content is
// off (the default; its row counts under content_check_off), and is caught
// once it is switched on.
func ExampleSetContentCheck() {
	op := engine.Op{Name: "add", Overload: "Tensor"}
	sh := engine.Shape{
		Args:   1,
		Rows:   []engine.Row{row(checks.SameContent, 0, -1), row(checks.NoMutation, 0, -1)},
		Locs:   []engine.Loc{engine.Arg("other")},
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*bytesHandle)(h) },
	}
	call := func() {
		other := &bytesHandle{handle{Impl: 0x40, Storage: 0x41, Uses: 1}, []byte{1, 2}}
		var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Arg(0, other.Ident(), unsafe.Pointer(other))
		f.Begin(&op, &sh)
		other.data[0] = 9 // the kernel's scribble: no version bump
		f.AfterArg(0, other.Ident())
		f.End()
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(false))
	for _, on := range []bool{false, true} {
		asserts.SetContentCheck(on)
		vs := asserts.Collect(call)
		fmt.Printf("content check %v: %d violation(s)", on, len(vs))
		if len(vs) > 0 {
			fmt.Printf(": %s: %s", vs[0].Check, vs[0].Where())
		}
		fmt.Println()
	}
	st := op.Stats()
	fmt.Println("skipped under content_check_off:", st.Skipped[checks.ReasonContentOff])
	// Output:
	// content check false: 0 violation(s)
	// content check true: 1 violation(s): same_content: argument other
	// skipped under content_check_off: 1
}

// A test that collects the violations of a loop prints each distinct one
// once, with its count: one broken kernel called 399 times is one line.
func ExampleDeduplicate() {
	var vs []asserts.Violation
	for i := range uint64(399) {
		vs = append(vs, asserts.Violation{Op: "alias", Check: checks.SharesStorage, Ret: 0, Index: -1,
			Other: "argument self", Want: 2*i + 1, Got: 2*i + 2})
	}
	for _, g := range asserts.Deduplicate(vs) {
		fmt.Println(g) // in a test: t.Error(g)
	}
	// Output:
	// alias: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x1, got 0x2) (399 times; identities differ)
}
