package reftensor

import (
	"sync/atomic"
)

// An Object is a foreign object bound to a StorageImpl, the way PyTorch
// binds a Python storage object (PyObject preservation): made the first time
// the storage's object is asked for, in the context current then, and
// returned again by later requests for as long as the binding holds.
type Object struct {
	id      uint64
	ctx     *Context
	freedIn atomic.Pointer[Context]
}

var objectIDs atomic.Uint64

// ID returns the object's identity.
func (o *Object) ID() uint64 { return o.id }

// Context returns the context the object was made in.
func (o *Object) Context() *Context { return o.ctx }

// Freed reports whether the object was deallocated; a freed object still
// bound to a storage is the dangling binding of the PyObject-preservation
// bug.
func (o *Object) Freed() bool { return o.freedIn.Load() != nil }

// FreedIn returns the context the object was deallocated in, or nil.
func (o *Object) FreedIn() *Context { return o.freedIn.Load() }

func (o *Object) free(in *Context) { o.freedIn.CompareAndSwap(nil, in) }

// StorageObject returns the foreign object bound to t's storage, binding a
// new one made in the current context if there is none. It returns nil for
// a tensor without storage.
func (t *Tensor) StorageObject() *Object {
	i := t.must("storage_object")
	st := i.storage.Load()
	if st == nil {
		return nil
	}
	if o := st.binding.Load(); o != nil {
		return o
	}
	ctx := CurrentContext()
	o := &Object{id: objectIDs.Add(1), ctx: ctx}
	if !st.binding.CompareAndSwap(nil, o) {
		return st.binding.Load()
	}
	ctx.mu.Lock()
	if ctx.exited {
		o.free(ctx)
	} else {
		ctx.objects = append(ctx.objects, o)
	}
	ctx.mu.Unlock()
	return o
}

// DropStorageObject deallocates the object bound to t's storage in the
// current context, leaving the binding in place: the wrong step of the
// PyObject-preservation bug, where a storage's object made in the main
// interpreter was deallocated inside a torch::deploy interpreter and a later
// request returned freed memory.
func (t *Tensor) DropStorageObject() {
	i := t.must("drop_storage_object")
	if st := i.storage.Load(); st != nil {
		if o := st.binding.Load(); o != nil {
			o.free(CurrentContext())
		}
	}
}

// UnbindStorage removes the binding of t's storage (a clean handover, for example
// before moving a tensor into a hermetic context).
func (t *Tensor) UnbindStorage() {
	i := t.must("unbind_storage")
	if st := i.storage.Load(); st != nil {
		st.binding.Store(nil)
	}
}
