//go:build debugasserts

package ops_test

import (
	"fmt"
	"testing"
	"unsafe"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/asserts/wrap"
	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

func dense(n int) *tensor.Dense {
	b := make([]float64, n)
	for i := range b {
		b[i] = float64(i)
	}
	return tensor.New(tensor.WithShape(n), tensor.WithBacking(b))
}

// of is d's memory beside d's handle, as the generated adapter has them.
func of(d *tensor.Dense) bound { return bound{ops.Memory(d), unsafe.Pointer(d)} }

type bound struct {
	m asserts.Memory
	h unsafe.Pointer
}

func (b bound) Ident() asserts.Ident   { return b.m.Ident(b.h) }
func (b bound) Anchor() unsafe.Pointer { return b.m.Anchor() }

func slice(t *testing.T, d *tensor.Dense, s ...tensor.Slice) *tensor.Dense {
	t.Helper()
	v, err := d.Slice(s...)
	if err != nil {
		t.Fatal(err)
	}
	return v.(*tensor.Dense)
}

// The identities ops.Memory gives, on gorgonia's own operations: the
// Dense's address and its array's last byte; views (Slice, ShallowClone,
// T) on their base's storage, copies on their own, an empty tensor
// without storage, a 0-dim one with.
func TestMemoryIdentities(t *testing.T) {
	a, b := dense(6), dense(6)
	ia, ib := of(a).Ident(), of(b).Ident()
	if ia != of(a).Ident() || ia.Impl != asserts.ID(uintptr(unsafe.Pointer(a))) || ia.Storage == 0 {
		t.Errorf("identity %+v of the Dense at %p", ia, a)
	}
	if ia.Impl == ib.Impl || ia.Storage == ib.Storage {
		t.Errorf("two tensors share identities: %+v, %+v", ia, ib)
	}
	if ia.Traits != asserts.AddressIdentity || ia.Version != 0 {
		t.Errorf("traits %v, version %d: want address_identity and no version counter", ia.Traits, ia.Version)
	}
	tr := tensor.New(tensor.WithShape(2, 3), tensor.WithBacking(make([]float64, 6)))
	tv := tr.ShallowClone()
	if err := tv.T(); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string][2]*tensor.Dense{
		"Slice": {a, slice(t, a, tensor.S(2, 4))}, "ShallowClone": {a, a.ShallowClone()}, "T": {tr, tv},
	} {
		base, v := of(c[0]), of(c[1])
		if id := v.Ident(); id.Impl == base.Ident().Impl || id.Storage != base.Ident().Storage || v.Anchor() != base.Anchor() {
			t.Errorf("%s: %+v, base %+v: want a new Impl on the base's storage and anchor", name, id, base.Ident())
		}
	}
	c := a.Clone().(*tensor.Dense)
	if of(c).Ident().Storage == ia.Storage || of(c).Anchor() == of(a).Anchor() {
		t.Error("Clone shares the storage")
	}
	e := tensor.New(tensor.WithShape(0), tensor.WithBacking([]float64{}))
	if of(e).Ident().Storage != 0 || of(e).Anchor() != nil {
		t.Errorf("an empty tensor has storage %v", of(e).Ident().Storage)
	}
	if s := tensor.New(tensor.FromScalar(2.0)); of(s).Ident().Storage == 0 {
		t.Error("a 0-dim tensor has no storage")
	}
}

// The fingerprint moves with the shape, the strides and the window's
// start on the array: two slices of one array with the same shape differ.
func TestMemoryMetadata(t *testing.T) {
	fp := func(d *tensor.Dense) uint64 {
		f, ok := ops.Memory(d).Metadata()
		if !ok {
			t.Fatal("no metadata")
		}
		return f
	}
	m := tensor.New(tensor.WithShape(2, 3), tensor.WithBacking(make([]float64, 6)))
	f0 := fp(m)
	if fp(m) != f0 || fp(m.ShallowClone()) != f0 {
		t.Error("unstable fingerprint")
	}
	tv := m.ShallowClone()
	if err := tv.T(); err != nil {
		t.Fatal(err)
	}
	rv := m.ShallowClone()
	if err := rv.Reshape(3, 2); err != nil {
		t.Fatal(err)
	}
	if fp(tv) == f0 || fp(rv) == f0 || fp(tv) == fp(rv) {
		t.Error("a transpose or a reshape left the fingerprint")
	}
	a := dense(6)
	if fp(slice(t, a, tensor.S(0, 3))) == fp(slice(t, a, tensor.S(3, 6))) {
		t.Error("two windows of one array with one shape have one fingerprint")
	}
}

// The digest is stable while untouched and moves with a write, also one
// through a view; an empty tensor has none.
func TestMemoryDigest(t *testing.T) {
	a := dense(6)
	d0, ok := ops.Memory(a).Digest()
	if d1, _ := ops.Memory(a).Digest(); !ok || d0 != d1 {
		t.Fatal("unstable digest")
	}
	if err := slice(t, a, tensor.S(1, 3)).Memset(9.0); err != nil {
		t.Fatal(err)
	}
	if d2, _ := ops.Memory(a).Digest(); d2 == d0 {
		t.Error("a write through a view did not move the digest")
	}
	if _, ok := ops.Memory(tensor.New(tensor.WithShape(0), tensor.WithBacking([]float64{}))).Digest(); ok {
		t.Error("an empty tensor has a digest")
	}
}

// memDense is *tensor.Dense with the contract the rows read from a
// handle (its identities and anchor, from ops.Memory), as the generated
// shape helpers' adapter gives them.
type memDense tensor.Dense

func (d *memDense) Ident() asserts.Ident {
	return ops.Memory((*tensor.Dense)(d)).Ident(unsafe.Pointer(d))
}

func (d *memDense) StorageAnchor() unsafe.Pointer { return ops.Memory((*tensor.Dense)(d)).Anchor() }

var (
	opRebind    = wrap.Op{Name: "rebind"}
	shapeRebind = wrap.Shape{
		Args:   1,
		Rows:   []wrap.Row{{Check: checks.SameStorage, Form: wrap.FormOne, T: 0, U: -1}},
		Locs:   []wrap.Loc{wrap.Arg("out")},
		Tensor: func(h unsafe.Pointer) asserts.Identity { return (*memDense)(h) },
	}
)

// A kernel that points a Dense at new memory of the same size (as a
// broken out= kernel would) is seen by same_storage: the anchor moves.
func TestMemoryRebind(t *testing.T) {
	x := dense(4)
	vs := asserts.Collect(func() {
		var f wrap.Frame[[1]wrap.Slot, [0]wrap.ListSlot]
		f.Open()
		f.ArgMemory(0, unsafe.Pointer(x), ops.Memory(x))
		f.BeginMemory(&opRebind, &shapeRebind)
		x.Header.Raw = append([]byte(nil), x.Header.Raw...)
		f.AfterArgMemory(0, unsafe.Pointer(x), ops.Memory(x))
		f.EndMemory()
	})
	if len(vs) != 1 || vs[0].Check != checks.SameStorage {
		t.Errorf("violations %v, want one same_storage", vs)
	}
}

// A gorgonia tensor, a view of it (Slice) and a copy: the view's memory
// is on its base's storage (the same anchor), the copy's is not; the
// view's geometry is its own.
func ExampleMemory() {
	x := tensor.New(tensor.WithShape(2, 3), tensor.WithBacking([]float64{1, 2, 3, 4, 5, 6}))
	v, err := x.Slice(tensor.S(1))
	if err != nil {
		panic(err)
	}
	row := v.(*tensor.Dense)
	cp := x.Clone().(*tensor.Dense)
	mx, mr := ops.Memory(x), ops.Memory(row)
	fmt.Println("the view's storage is its base's:", mr.Anchor() == mx.Anchor())
	fmt.Println("the copy's is:", ops.Memory(cp).Anchor() == mx.Anchor())
	fx, _ := mx.Metadata()
	fr, _ := mr.Metadata()
	fmt.Println("the view's geometry is the base's:", fx == fr)
	// Output:
	// the view's storage is its base's: true
	// the copy's is: false
	// the view's geometry is the base's: false
}
