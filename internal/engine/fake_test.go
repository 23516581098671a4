package engine_test

import (
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// fake is a tensor whose state a test sets directly.
type fake struct {
	id           asserts.Ident
	implUses     int
	storageUses  int
	binding      asserts.Binding
	bindingIsSet bool
	content      uint64 // what contentFake digests
	implBinding  asserts.Binding
	implBound    bool   // what implBoundFake reports
	meta         uint64 // what metaFake reports as its metadata fingerprint
}

func (f *fake) Ident() asserts.Ident {
	if f == nil {
		return asserts.Ident{}
	}
	return f.id
}

func (f *fake) UseCounts() (int, int) {
	if f == nil {
		return 0, 0
	}
	return f.implUses, f.storageUses
}

// boundFake also implements asserts.Bound.
type boundFake struct{ *fake }

func (b boundFake) StorageBinding() (asserts.Binding, bool) { return b.binding, b.bindingIsSet }

// implBoundFake also implements asserts.ImplBound.
type implBoundFake struct{ *fake }

func (b implBoundFake) ImplBinding() (asserts.Binding, bool) { return b.implBinding, b.implBound }

// contentFake also implements asserts.Contents: its bytes are the fake's
// content word, readable when the tensor has storage and is not meta.
type contentFake struct{ *fake }

func (c contentFake) ContentDigest() (uint64, bool) {
	if c.fake == nil || c.id.Storage == 0 || c.id.Traits&asserts.Meta != 0 {
		return 0, false
	}
	return c.content, true
}

// metaFake also implements asserts.Metadata: its fingerprint is the
// fake's meta word, reported for every defined tensor.
type metaFake struct{ *fake }

func (m metaFake) MetadataFingerprint() (uint64, bool) {
	if m.fake == nil || m.id.Impl == 0 {
		return 0, false
	}
	return m.meta, true
}

// uncountedFake is a tensor of a runtime without use counts: it
// implements only asserts.Identity.
type uncountedFake struct{ f *fake }

func (u uncountedFake) Ident() asserts.Ident { return u.f.Ident() }

// anchoredFake is an uncounted tensor with a storage anchor
// (asserts.Anchored): the storage's bytes.
type anchoredFake struct {
	f      *fake
	anchor *[16]byte
}

func (a anchoredFake) Ident() asserts.Ident { return a.f.Ident() }

func (a anchoredFake) StorageAnchor() unsafe.Pointer {
	if a.f == nil || a.f.id.Storage == 0 {
		return nil
	}
	return unsafe.Pointer(&a.anchor[15])
}

var nextFakeID atomic.Uint64

func fid() asserts.ID { return asserts.ID(100 + nextFakeID.Add(1)) }

// Kinds of fake tensors.
const (
	kPlain = iota
	kNoVersion
	kSubclass
	kWrapStub
	kWrapProp
	kMeta
	kFunctional
	kSparse
	kUndefined
)

var kindNames = []string{"plain", "no_version", "subclass", "wrapper_stub", "wrapper_prop",
	"meta", "functional", "sparse", "undefined"}

func newFake(kind int) *fake {
	f := &fake{id: asserts.Ident{Impl: fid(), Storage: fid(), Version: 3, Traits: asserts.Versioned},
		implUses: 1, storageUses: 1}
	switch kind {
	case kNoVersion:
		f.id.Traits, f.id.Version = asserts.Plain, 0
	case kSubclass:
		f.id.Traits |= asserts.DirectSubclass
	case kWrapStub:
		f.id.Traits |= asserts.WrapperSubclass
	case kWrapProp:
		f.id.Traits |= asserts.WrapperSubclass | asserts.PropagatesStorage
	case kMeta:
		f.id.Traits |= asserts.Meta
	case kFunctional:
		f.id.Traits |= asserts.FunctionalWrapper
	case kSparse:
		f.id.Traits |= asserts.Storageless
		f.id.Storage, f.storageUses = 0, 0
	case kUndefined:
		*f = fake{}
	}
	return f
}

// envFunc is an Env that reports what its function returns.
type envFunc func() asserts.EnvState

func (f envFunc) State() asserts.EnvState { return f() }

// outcome is what one checked call produced.
type outcome struct {
	violations []asserts.Violation
	stats      asserts.Stats
}

// runFrame runs body, a checked call through a Frame, on a fresh op with
// the given profile under the given mode state (the current Env),
// collecting violations.
func runFrame(t *testing.T, p checks.Policy, env asserts.EnvState, body func(op *engine.Op)) outcome {
	t.Helper()
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	defer asserts.SetEnv(asserts.SetEnv(envFunc(func() asserts.EnvState { return env })))
	op := &engine.Op{Name: "op", Overload: "ov", Policy: p}
	body(op)
	return outcome{violations: col.Violations(), stats: op.Stats()}
}

func fakeOf(h unsafe.Pointer) asserts.Identity { return (*fake)(h) }

// viewShape is a view op whose rows are view_holds_storage's alone:
// op(Tensor(a) self) -> Tensor(a); viewShapeUnc the same of a runtime
// without use counts; viewListShape the op returning a list of views,
// op(Tensor(a) self) -> Tensor(a)[].
var (
	viewShape = engine.Shape{
		Args: 1, Rets: 1,
		Rows:   []engine.Row{{Check: checks.ViewHoldsStorage, T: 1, U: 0}},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Tensor: fakeOf,
	}
	viewShapeUnc = engine.Shape{
		Args: 1, Rets: 1,
		Rows:        []engine.Row{{Check: checks.ViewHoldsStorage, T: 1, U: 0}},
		Locs:        []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Tensor:      fakeOf,
		NoUseCounts: true,
	}
	viewListShape = engine.Shape{
		Args: 1, Rets: 1,
		Lists:  1 << 1,
		Rows:   []engine.Row{{Check: checks.ViewHoldsStorage, Form: engine.FormRetList, T: 1, U: 0}},
		Locs:   []engine.Loc{engine.Arg("self"), engine.Ret(0)},
		Tensor: fakeOf,
		Elem:   func(h unsafe.Pointer, i int) asserts.Identity { return unsafe.Slice((**fake)(h), i+1)[i] },
	}
)

// viewCall calls a view op of op on x (absent unless present) through a
// Frame, as generated code does: the storage's use count read before the
// kernel (Frame.ViewBase), the return r of the kernel read after it.
func viewCall(op *engine.Op, x *fake, present bool, kernel func() *fake) {
	var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.ArgOpt(0, x.Ident(), unsafe.Pointer(x), present)
	_, su := x.UseCounts()
	f.ViewBase(1, 0, su)
	f.Begin(op, &viewShape)
	r := kernel()
	f.AfterArg(0, x.Ident())
	iu, su := r.UseCounts()
	f.Ret(1, r.Ident(), iu, su, unsafe.Pointer(r))
	f.End()
}

// viewCallUnc is viewCall for a runtime without use counts: no base use
// count, the return without use counts.
func viewCallUnc(op *engine.Op, x *fake, kernel func() *fake) {
	var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
	f.Open()
	f.ArgIdent(0, x.Ident(), nil, unsafe.Pointer(x))
	f.Begin(op, &viewShapeUnc)
	r := kernel()
	f.AfterIdent(0, x.Ident(), nil)
	f.RetIdent(1, r.Ident(), nil, unsafe.Pointer(r))
	f.End()
}

// viewListCall is viewCall for an op returning a list of views.
func viewListCall(op *engine.Op, x *fake, kernel func() []*fake) {
	var f engine.Frame[[1]engine.Slot, [1]engine.ListSlot]
	f.Open()
	f.Arg(0, x.Ident(), unsafe.Pointer(x))
	_, su := x.UseCounts()
	f.ViewBaseList(0, 0, su)
	f.Begin(op, &viewListShape)
	rs := kernel()
	f.AfterArg(0, x.Ident())
	f.List(0, len(rs), unsafe.Pointer(unsafe.SliceData(rs)))
	for j, r := range rs {
		iu, su := r.UseCounts()
		f.RetElem(0, j, r.Ident(), iu, su)
	}
	f.RetListRead(0)
	f.End()
}
