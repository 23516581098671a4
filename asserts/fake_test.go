package asserts_test

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

// outcome is what one checked call produced.
type outcome struct {
	violations []asserts.Violation
	stats      asserts.Stats
}

// run runs body as a checked call of a fresh op with the given profile and
// mode state, collecting violations.
func run(t *testing.T, p checks.Policy, env asserts.EnvState, body func(c *engine.Call)) outcome {
	t.Helper()
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	op := &engine.Op{Name: "op", Overload: "ov", Policy: p}
	var c engine.Call
	c.BeginWith(op, env)
	body(&c)
	c.End()
	return outcome{violations: col.Violations(), stats: op.Stats()}
}
