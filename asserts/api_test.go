package asserts_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// checkedCall makes one checked call of op through a Frame, as generated
// code does, under the registered Env: arg (nil: none) is read before
// kernel (nil: none) runs and again after it, ret (nil: none) after it.
// The rows name arg by slot 0 and ret by slot 1, or 0 without an
// argument; locs are their places.
func checkedCall(op *engine.Op, rows []engine.Row, locs []engine.Loc, arg, ret *handle, kernel func()) {
	sh := &engine.Shape{Rows: rows, Locs: locs, Tensor: handleOf, Slots: 2}
	var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
	f.Open()
	if arg != nil {
		sh.Args = 1
		f.Arg(0, arg.Ident(), unsafe.Pointer(arg))
	}
	if ret != nil {
		sh.Rets = 1
	}
	f.Begin(op, sh)
	if kernel != nil {
		kernel()
	}
	if arg != nil {
		f.AfterArg(0, arg.Ident())
	}
	if ret != nil {
		iu, su := ret.UseCounts()
		f.Ret(sh.Args, ret.Ident(), iu, su, unsafe.Pointer(ret))
	}
	f.End()
}

func TestPanicHandler(t *testing.T) {
	prev := asserts.SetHandler(nil) // the default
	defer asserts.SetHandler(prev)
	if asserts.CurrentHandler() != asserts.Panic {
		t.Fatal("default handler is not Panic")
	}
	x := &handle{Impl: 0x51, Storage: 0x52, Uses: 1}
	before := x.Impl
	defer func() {
		r := recover()
		err, ok := r.(error)
		var v *asserts.Violation
		if !ok || !errors.As(err, &v) || v.Check != checks.SameImpl || v.OpName() != "p.q" {
			t.Fatalf("recovered %v", r)
		}
		if !strings.HasPrefix(err.Error(), "p.q: same_impl: argument self: kernel replaced the TensorImpl (before "+
			before.String()+", after ") {
			t.Errorf("message %q", err.Error())
		}
	}()
	defer asserts.SetEnv(asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{} })))
	checkedCall(&engine.Op{Name: "p", Overload: "q"}, []engine.Row{row(checks.SameImpl, 0, -1)}, []engine.Loc{engine.Arg("self")}, x, nil, func() { x.Impl = 0x53 })
	t.Fatal("no panic")
}

// recorder is a testing.TB that records Errorf.
type recorder struct {
	testing.TB
	msgs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func TestTestingHandler(t *testing.T) {
	rec := &recorder{TB: t}
	prev := asserts.SetHandler(asserts.Testing(rec))
	defer asserts.SetHandler(prev)
	defer asserts.SetEnv(asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{} })))
	checkedCall(&engine.Op{Name: "add"}, []engine.Row{row(checks.ImplUseCountLE1, 0, -1)}, []engine.Loc{engine.Ret(0)}, nil, &handle{Impl: 0x54, Storage: 0x55, Uses: 3}, nil)
	if len(rec.msgs) != 1 || !strings.HasPrefix(rec.msgs[0], "add: impl_use_count_le_1: return 0: TensorImpl use count is 3, want <= 1; hint: ") {
		t.Errorf("recorded %q", rec.msgs)
	}
}

func TestCollectorReport(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	op := &engine.Op{Name: "mul", Overload: "Tensor"}
	defer asserts.SetEnv(asserts.SetEnv(nil))
	for i := range 3 {
		asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: i == 2} }))
		x := &handle{Impl: 0x56, Storage: 0x57, Version: 3, Uses: 1}
		checkedCall(op, []engine.Row{row(checks.NoMutation, 0, -1), row(checks.ImplUseCountLE1, 1, -1)},
			[]engine.Loc{engine.Arg("other"), engine.Ret(0)}, x, &handle{Impl: 0x58, Storage: 0x59, Uses: 1}, func() { x.Version++ })
	}
	rep := col.Report()
	if rep.Calls != 3 || rep.ViolationCount != 3 || len(rep.Violations) != 3 ||
		rep.ByOp["mul.Tensor"]["no_mutation"] != 3 || rep.Skipped["mode_active"] != 1 ||
		rep.ChecksRun["impl_use_count_le_1"] != 2 {
		t.Errorf("report %+v", rep)
	}
	var buf bytes.Buffer
	if err := col.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back asserts.Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back.Violations[0].Check != checks.NoMutation ||
		back.Violations[0].Arg != "other" || back.Violations[0].Ret != -1 || back.Violations[0].Policy != checks.Strict {
		t.Errorf("JSON round trip: %v, %+v\n%s", err, back.Violations, buf.String())
	}
	sum := col.Summary()
	for _, want := range []string{
		"asserts: 3 calls, 5 checks run, 1 skipped, 3 violations\n",
		"  no_mutation ", "violations by op:\n  mul.Tensor               no_mutation              3\n",
		"skipped by reason:\n  mode_active                  1\n",
		"  mul.Tensor: no_mutation: argument other: kernel wrote an argument the schema does not mark mutable (version 3 before, 4 after)",
	} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	col.Reset()
	if r := col.Report(); r.Calls != 0 || len(r.Violations) != 0 {
		t.Errorf("after Reset: %+v", r)
	}
}

func TestEnabled(t *testing.T) {
	defer asserts.SetEnabled(asserts.SetEnabled(false))
	if asserts.Checking() {
		t.Error("checking on after SetEnabled(false)")
	}
	if asserts.SetEnabled(true) || !asserts.Checking() {
		t.Error("SetEnabled(true): want the previous setting false, and checking on")
	}
}

type envFunc func() asserts.EnvState

func (f envFunc) State() asserts.EnvState { return f() }

// TestTraitNames: traits print as their names joined by "|".
func TestTraitNames(t *testing.T) {
	if s := (asserts.WrapperSubclass | asserts.PropagatesStorage).String(); s != "wrapper_subclass|propagates_storage" {
		t.Errorf("traits %q", s)
	}
	if s := asserts.Plain.String(); s != "plain" {
		t.Errorf("plain %q", s)
	}
}

// TestViolationValuePrints: the violations Collect returns are values, and
// a test prints them as they come (t.Error(v)), so a Violation prints as
// its one line, not as a struct of its fields.
func TestViolationValuePrints(t *testing.T) {
	v := asserts.Violation{Op: "alias", Check: checks.SharesStorage, Ret: 0, Index: -1,
		Other: "argument self", Want: 1, Got: 2, Pos: "tensor/kernels.go:9:6"}
	want := "tensor/kernels.go:9:6: alias: shares_storage: return 0: does not share the StorageImpl of argument self (want 0x1, got 0x2)"
	for _, got := range []string{fmt.Sprint(v), fmt.Sprint(&v), fmt.Sprintf("%v", []asserts.Violation{v})} {
		if !strings.Contains(got, want) {
			t.Errorf("printed %q, want it to hold %q", got, want)
		}
	}
}

func TestHiddenStorageRefsTraitText(t *testing.T) {
	tr := asserts.Versioned | asserts.HiddenStorageRefs
	if s := tr.String(); s != "versioned|hidden_storage_refs" {
		t.Errorf("String %q", s)
	}
	var back asserts.Traits
	if err := back.UnmarshalText([]byte(tr.String())); err != nil || back != tr {
		t.Errorf("UnmarshalText: %v, %v", back, err)
	}
}
