package engine

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// counted is a tensor of a runtime with use counts, as plain as can be.
type counted struct {
	id     asserts.Ident
	iu, su int
}

func (t *counted) Ident() asserts.Ident        { return t.id }
func (t *counted) UseCounts() (impl, stor int) { return t.iu, t.su }

func countedOf(h unsafe.Pointer) asserts.Identity { return (*counted)(h) }

// unaryShape is a fresh op of one argument: neg(Tensor self) -> Tensor.
var unaryShape = Shape{
	Args: 1, Rets: 1,
	Rows: []Row{
		{Check: checks.BindingContext, T: 0, U: -1}, {Check: checks.SameContent, T: 0, U: -1},
		{Check: checks.SameImpl, T: 0, U: -1}, {Check: checks.SameStorage, T: 0, U: -1}, {Check: checks.NoMutation, T: 0, U: -1},
		{Check: checks.ImplUseCountLE1, T: 1, U: -1}, {Check: checks.NotArgHandle, T: 1, U: 0},
		{Check: checks.StorageUseCountEq1, T: 1, U: -1}, {Check: checks.FreshNoAlias, T: 1, U: 0},
		{Check: checks.FreshOrAlias, Skip: true, T: 2},
	},
	Locs:   []Loc{Arg("self"), Ret(0), Arg("other")},
	Tensor: countedOf,
}

// callUnary runs one call of op through a Frame and reports whether the
// call began on the fast plan and what End left of it.
func callUnary(op *Op, x, r *counted) (fast bool) {
	var f Frame[[2]Slot, [0]ListSlot]
	f.Open()
	f.Arg(0, x.Ident(), unsafe.Pointer(x))
	f.Begin(op, &unaryShape)
	fast = f.frame.fast
	f.AfterArg(0, x.Ident())
	f.Ret(1, r.Ident(), r.iu, r.su, unsafe.Pointer(r))
	f.End()
	return fast
}

// TestFramePlanTakesPlainCalls: a plain call begins on the fast plan; a
// call with same_content on, under a mode, or with an argument that is
// not plain does not; a plain call that fails the plan is counted row by
// row, and what the op counts is the same either way.
func TestFramePlanTakesPlainCalls(t *testing.T) {
	defer asserts.SetEnv(asserts.SetEnv(nil)) // no Env: binding_context skipped under no_env
	p := unaryShape.planOf(false)
	if !p.fast || p.kept != 1 || p.whole != 1 || len(p.rets) != 1 || p.le1 != 2 || p.eq1 != 2 || p.rets[0].apart != 1 || p.rets[0].fresh != 1 || p.binds != 1 {
		t.Fatalf("plan = %+v", p)
	}
	x := &counted{id: asserts.Ident{Impl: 1, Storage: 2, Version: 3, Traits: asserts.Versioned}, iu: 1, su: 1}
	r := &counted{id: asserts.Ident{Impl: 4, Storage: 5, Traits: asserts.Versioned}, iu: 1, su: 1}
	var op Op
	if !callUnary(&op, x, r) {
		t.Errorf("a plain call did not begin on the fast plan")
	}
	st := op.Stats()
	if st.Calls != 1 || st.Ran[checks.SameImpl] != 1 || st.Ran[checks.FreshNoAlias] != 1 || st.Skipped[checks.ReasonNoEnv] != 1 ||
		st.Skipped[checks.ReasonContentOff] != 1 || st.Skipped[checks.ReasonPlan] != 1 {
		t.Errorf("stats of a plain call: %+v", st)
	}
	sub := &counted{id: asserts.Ident{Impl: 1, Storage: 2, Traits: asserts.Versioned | asserts.DirectSubclass}, iu: 1, su: 1}
	if callUnary(&op, sub, r) {
		t.Errorf("a subclass argument began on the fast plan")
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	if callUnary(&op, x, r) {
		t.Errorf("a call with same_content on began on the fast plan")
	}
}

// TestSetRowsOnly: with the switch on, a plain call of a shape whose plan
// was derived before (unaryShape) or is derived under it (sh) runs the
// rows, and counts what the fast plan counts; off, both shapes have their
// fast plan again.
func TestSetRowsOnly(t *testing.T) {
	x := &counted{id: asserts.Ident{Impl: 1, Storage: 2, Version: 3, Traits: asserts.Versioned}, iu: 1, su: 1}
	r := &counted{id: asserts.Ident{Impl: 4, Storage: 5, Traits: asserts.Versioned}, iu: 1, su: 1}
	sh := &Shape{Args: 1, Rets: 1, Rows: unaryShape.Rows, Locs: unaryShape.Locs, Tensor: countedOf}
	call := func(op *Op, sh *Shape) (fast bool) {
		var f Frame[[2]Slot, [0]ListSlot]
		f.Open()
		f.Arg(0, x.Ident(), unsafe.Pointer(x))
		f.Begin(op, sh)
		fast = f.frame.fast
		f.AfterArg(0, x.Ident())
		f.Ret(1, r.Ident(), r.iu, r.su, unsafe.Pointer(r))
		f.End()
		return fast
	}
	var fastOp Op
	if !call(&fastOp, &unaryShape) {
		t.Fatalf("a plain call did not begin on the fast plan")
	}
	derived := unaryShape.plan.Load()
	if was := SetRowsOnly(true); was {
		t.Errorf("SetRowsOnly(true) = %v, want false", was)
	}
	var rowsOp, newOp Op
	for _, c := range []struct {
		op *Op
		sh *Shape
	}{{&rowsOp, &unaryShape}, {&newOp, sh}} {
		if call(c.op, c.sh) {
			t.Errorf("a plain call began on the fast plan with the rows forced")
		}
		if c.op.Stats() != fastOp.Stats() {
			t.Errorf("stats with the rows forced %+v, on the fast plan %+v", c.op.Stats(), fastOp.Stats())
		}
	}
	if was := SetRowsOnly(false); !was {
		t.Errorf("SetRowsOnly(false) = %v, want true", was)
	}
	if unaryShape.plan.Load() != derived {
		t.Errorf("the plan derived before the switch is not back")
	}
	if !call(&fastOp, &unaryShape) || !call(&fastOp, sh) {
		t.Errorf("a plain call did not begin on the fast plan with the switch off")
	}
}

// inPlaceListShape writes a single argument and a list argument:
// op(Tensor(a!) self, Tensor(b!)[] out) -> Tensor(a!).
var inPlaceListShape = Shape{
	Args: 2, Rets: 1,
	Lists: 1 << 1,
	Rows: []Row{
		{Check: checks.SameImpl, T: 0, U: -1}, {Check: checks.SameStorage, T: 0, U: -1},
		{Check: checks.SameImpl, Form: FormArgList, T: 1, U: -1}, {Check: checks.SameStorage, Form: FormArgList, T: 1, U: -1},
		{Check: checks.ReturnsArg, T: 2, U: 0},
	},
	Locs:   []Loc{Arg("self"), Arg("out"), Ret(0)},
	Writes: []int8{0, 1},
	Tensor: countedOf,
	Elem:   func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**counted)(h), i+1)[i] },
}

// declared reports how many writes are in flight on st's slot.
func declared(st asserts.ID) int {
	w := slotOf(st)
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.active)
}

// TestFrameEndsItsWrites: the writes a Frame declares (a single argument
// and a list's elements) are in flight during the kernel and ended by
// End, whether the call passes the fast plan, fails it, began off it, or
// its kernel panicked (Abandon).
func TestFrameEndsItsWrites(t *testing.T) {
	self := &counted{id: asserts.Ident{Impl: 101, Storage: 102, Traits: asserts.Versioned}, iu: 1, su: 1}
	outs := []*counted{
		{id: asserts.Ident{Impl: 103, Storage: 104, Traits: asserts.Versioned}},
		{id: asserts.Ident{Impl: 105, Storage: 106, Traits: asserts.Versioned}},
	}
	sts := []asserts.ID{102, 104, 106}
	var op Op
	// ended counts the writes in flight right after End, before the
	// deferred Abandon
	var ended []int
	call := func(ret *counted, panics bool) (fast bool, during []int) {
		ended = nil
		var f Frame[[2]Slot, [1]ListSlot]
		defer func() { _ = recover() }()
		defer f.Abandon()
		f.Open()
		f.Arg(0, self.Ident(), unsafe.Pointer(self))
		f.List(0, len(outs), unsafe.Pointer(unsafe.SliceData(outs)))
		for j, e := range outs {
			f.Elem(0, j, e.Ident())
		}
		f.Begin(&op, &inPlaceListShape)
		fast = f.frame.fast
		for _, st := range sts {
			during = append(during, declared(st))
		}
		if panics {
			panic("kernel")
		}
		f.AfterArg(0, self.Ident())
		f.AfterList(0, len(outs))
		for j, e := range outs {
			f.AfterElem(0, j, e.Ident())
		}
		f.Ret(1, ret.Ident(), ret.iu, ret.su, unsafe.Pointer(ret))
		f.End()
		for _, st := range sts {
			ended = append(ended, declared(st))
		}
		return fast, during
	}
	other := &counted{id: asserts.Ident{Impl: 107, Storage: 108, Traits: asserts.Versioned}, iu: 1, su: 1}
	for _, c := range []struct {
		name    string
		ret     *counted
		content bool
		panics  bool
		fast    bool
	}{
		{"passes", self, false, false, true},
		{"fails", other, false, false, true},
		{"off the plan", self, true, false, false},
		{"panics", self, false, true, true},
		{"panics off the plan", self, true, true, false},
	} {
		prev := asserts.SetContentCheck(c.content)
		col := asserts.NewCollector()
		prevH := asserts.SetHandler(col)
		fast, during := call(c.ret, c.panics)
		asserts.SetHandler(prevH)
		asserts.SetContentCheck(prev)
		if fast != c.fast {
			t.Errorf("%s: began on the fast plan %v, want %v", c.name, fast, c.fast)
		}
		for i, st := range sts {
			if during[i] != 1 {
				t.Errorf("%s: %d writes of storage %d in flight during the kernel, want 1", c.name, during[i], st)
			}
			if n := declared(st); n != 0 || !c.panics && ended[i] != 0 {
				t.Errorf("%s: writes of storage %d in flight after End: %v, after the call: %d", c.name, st, ended, n)
			}
		}
		if vs := col.Violations(); (len(vs) != 0) != (c.ret == other) {
			t.Errorf("%s: violations %v", c.name, vs)
		}
	}
}

// TestRowStepsDispatch: run sends every step to the function that runs it
// (its ranges of step IDs: runOne's, runPair's, runTensor's), none to the
// misuse of a step no function runs.
func TestRowStepsDispatch(t *testing.T) {
	x0 := &counted{id: asserts.Ident{Impl: 1, Storage: 2, Traits: asserts.Versioned}, iu: 1, su: 1}
	xs := []*counted{x0, x0}
	sh := &Shape{Args: 2, Rets: 2, Lists: 1<<1 | 1<<3, Locs: []Loc{Arg("a"), Arg("b"), Ret(0), Ret(1)}, Tensor: countedOf,
		Elem: func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**counted)(h), i+1)[i] }}
	f := &frame{op: &Op{Name: "dispatch"}, p: sh.planOf(false)}
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	for id := stepNone + 1; id <= stepFreshNotHeldOf; id++ {
		func() {
			defer func() {
				if v := recover(); v != nil && strings.Contains(fmt.Sprint(v), "not a row this runtime runs") {
					t.Errorf("step %d: %v", id, v)
				}
			}()
			s := []Slot{{id: x0.id, h: unsafe.Pointer(x0)}, {id: x0.id, h: unsafe.Pointer(x0)}}
			ls := []ListSlot{{n: 2, h: unsafe.Pointer(unsafe.SliceData(xs))}, {n: 2, h: unsafe.Pointer(unsafe.SliceData(xs))}}
			c := &Call{op: f.op}
			var buf elemsBuf
			x := rowCtx{f: f, c: c, s: s, ls: ls, buf: &buf}
			x.runAll([]rowRef{{r: &Row{T: 0, U: 1, Set: 1 << 2}, id: id, t: 0, u: 1}})
		}()
	}
}

// TestKeptDiff: an element whose TensorImpl or StorageImpl, version or
// traits moved differs, whatever bits the other identities hold (^ and |
// are of one precedence in Go: a missing parenthesis let a StorageImpl
// whose bits cover the TensorImpl's change hide it).
func TestKeptDiff(t *testing.T) {
	id := asserts.Ident{Impl: 6, Storage: 7, Version: 3, Traits: asserts.Versioned}
	for _, after := range []asserts.Ident{
		{Impl: 7, Storage: 7, Version: 3, Traits: asserts.Versioned},
		{Impl: 6, Storage: 6, Version: 3, Traits: asserts.Versioned},
		{Impl: 6, Storage: 7, Version: 2, Traits: asserts.Versioned},
		{Impl: 6, Storage: 7, Version: 3, Traits: asserts.Versioned | 2},
	} {
		es := []Slot{{id: id, after: id}, {id: id, after: after}}
		if keptDiff(es, ^uint64(0), ^uint64(0)) == 0 {
			t.Errorf("%+v after %+v: no difference", id, after)
		}
	}
	if d := keptDiff([]Slot{{id: id, after: id}}, ^uint64(0), ^uint64(0)); d != 0 {
		t.Errorf("an element kept differs: %#x", d)
	}
}

// TestPairHolds: a return against a list argument fails its pair when an
// element has its TensorImpl (not_arg_handle) or its StorageImpl
// (fresh_no_alias), each only when the plan has that test, inline or past
// listInline.
func TestPairHolds(t *testing.T) {
	r := Slot{id: asserts.Ident{Impl: 50, Storage: 60, Traits: asserts.Versioned}}
	for _, c := range []struct {
		impl, storage asserts.ID
		pr            pair
		want          bool
	}{
		{1, 2, pair{impl: true, storage: true}, true},
		{50, 2, pair{impl: true, storage: true}, false},
		{1, 60, pair{impl: true, storage: true}, false},
		{50, 2, pair{storage: true}, true},
		{1, 60, pair{impl: true}, true},
	} {
		for _, at := range []int{3, listInline + 1} {
			l := ListSlot{n: listInline + 2, more: make([]Slot, 2)}
			for j := range l.n {
				l.at(j).id = asserts.Ident{Impl: asserts.ID(100 + j), Storage: asserts.ID(200 + j), Traits: asserts.Versioned}
			}
			l.at(at).id.Impl, l.at(at).id.Storage = c.impl, c.storage
			if got := c.pr.holds([]Slot{r}, []ListSlot{l}); got != c.want {
				t.Errorf("element %d of %d/%d, pair %+v: holds %v, want %v", at, c.impl, c.storage, c.pr, got, c.want)
			}
		}
	}
}

// metaCounted is a counted tensor that reports a metadata fingerprint.
type metaCounted struct {
	counted
	fp   uint64
	noFP bool
}

func (t *metaCounted) MetadataFingerprint() (uint64, bool) { return t.fp, !t.noFP }

// catMetaShape is cat(Tensor[] tensors) -> Tensor with same_metadata on
// the list's elements.
var catMetaShape = Shape{
	Args: 1, Rets: 1,
	Lists: 1 << 0,
	Rows: []Row{
		{Check: checks.SameImpl, Form: FormArgList, T: 0, U: -1},
		{Check: checks.SameMetadata, Form: FormArgList, T: 0, U: -1},
		{Check: checks.ImplUseCountLE1, T: 1, U: -1},
	},
	Locs:   []Loc{Arg("tensors"), Ret(0)},
	Tensor: func(h unsafe.Pointer) asserts.Identity { return (*metaCounted)(h) },
	Elem:   func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**metaCounted)(h), i+1)[i] },
}

// TestFramePlanTakesListMetadata: the counted kind's helpers read no
// fingerprint of a list's elements; the runtime reads them, so that a
// call of a list argument with same_metadata stays on the fast plan
// while every element reports one and keeps it, and leaves it otherwise
// (counted as the rows count it).
func TestFramePlanTakesListMetadata(t *testing.T) {
	if p := catMetaShape.planOf(false); !p.fast || len(p.metaList) != 1 {
		t.Fatalf("plan = %+v", p)
	}
	mk := func(fp uint64) *metaCounted {
		return &metaCounted{counted: counted{id: asserts.Ident{Impl: asserts.ID(fp), Storage: asserts.ID(fp + 100), Traits: asserts.Versioned}, iu: 1, su: 1}, fp: fp}
	}
	for _, tt := range []struct {
		name     string
		noFP     bool // the second element reports no fingerprint
		change   bool // the kernel changes the second element's metadata
		fast     bool // the call begins on the fast plan
		violates bool
	}{
		{"kept", false, false, true, false},
		{"changed", false, true, true, true},
		{"no fingerprint", true, false, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			col := asserts.NewCollector()
			defer asserts.SetHandler(asserts.SetHandler(col))
			var op Op
			ts := []*metaCounted{mk(1), mk(2)}
			ts[1].noFP = tt.noFP
			r := mk(9)
			var f Frame[[1]Slot, [1]ListSlot]
			f.Open()
			f.List(0, len(ts), unsafe.Pointer(unsafe.SliceData(ts)))
			for j, e := range ts {
				f.Elem(0, j, e.Ident())
			}
			f.Begin(&op, &catMetaShape)
			if f.frame.fast != tt.fast {
				t.Errorf("began on the fast plan: %v, want %v", f.frame.fast, tt.fast)
			}
			if tt.change {
				ts[1].fp = 77
			}
			f.AfterList(0, len(ts))
			for j, e := range ts {
				f.AfterElem(0, j, e.Ident())
			}
			f.Ret(0, r.Ident(), r.iu, r.su, unsafe.Pointer(r))
			f.End()
			st := op.Stats()
			if got := len(col.Violations()) != 0; got != tt.violates {
				t.Errorf("violations %v, want any: %v", col.Violations(), tt.violates)
			}
			want := uint64(2)
			if tt.noFP {
				want = 1
			}
			if st.Ran[checks.SameMetadata] != want {
				t.Errorf("same_metadata ran %d times, want %d (stats %+v)", st.Ran[checks.SameMetadata], want, st)
			}
		})
	}
}

// TestFrameItypes checks that the tensors read as interfaces
// (Frame.Iface) are made again with their own type words, which the frame
// keeps out of the slots: two shared type words, and a slot of a third
// type, which takes the overflow array; a list element, and a slot read
// by its handle, are no interface.
func TestFrameItypes(t *testing.T) {
	type third struct{ counted }
	var f Frame[[4]Slot, [1]ListSlot]
	a := &counted{id: asserts.Ident{Impl: 1, Storage: 2, Traits: asserts.Versioned}}
	b := &metaCounted{counted: counted{id: asserts.Ident{Impl: 3, Storage: 4, Traits: asserts.Versioned}}}
	c := &third{counted{id: asserts.Ident{Impl: 5, Storage: 6, Traits: asserts.Versioned}}}
	d := &counted{id: asserts.Ident{Impl: 7, Storage: 8, Traits: asserts.Versioned}}
	f.Iface(0, a)
	f.Iface(1, b)
	f.Iface(2, c)
	f.Iface(3, d)
	for i, want := range []asserts.Identity{a, b, c, d} {
		if got := f.frame.tensorOf(&f.s[i]); got != want {
			t.Errorf("slot %d: tensorOf = %v, want %v", i, got, want)
		}
	}
	if f.frame.more == nil || f.frame.more[2] == nil || f.frame.more[0] != nil || f.frame.more[1] != nil || f.frame.more[3] != nil {
		t.Errorf("overflow type words = %v, want slot 2's only", f.frame.more)
	}
	f.l[0].n = 1
	if it := f.frame.itypeOf(f.l[0].at(0)); it != nil {
		t.Errorf("itypeOf(list element) = %p, want nil", it)
	}
	var g Frame[[2]Slot, [0]ListSlot]
	g.Iface(0, a)
	g.s[1].h = unsafe.Pointer(a)
	if it := g.frame.itypeOf(&g.s[1]); it != nil {
		t.Errorf("itypeOf(slot read by its handle) = %p, want nil", it)
	}
}
