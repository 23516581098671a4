package reftensor

import "github.com/assertgen/assertgen/asserts"

// TensorObject returns the foreign object bound to t's TensorImpl, binding
// a new one made in the current context if there is none: the tensor's
// PyObject, as PyTorch 2.14 keeps it (c10's intrusive_ptr, "PyObject
// preservation"). The object holds one reference to the TensorImpl, which
// its use count includes, until [Tensor.ReleaseTensorObject]: a fresh
// tensor with an object has use count 2, the handle's and the object's.
func (t *Tensor) TensorObject() *Object {
	i := t.must("tensor_object")
	if o := i.object.Load(); o != nil {
		return o
	}
	o := &Object{id: objectIDs.Add(1), ctx: CurrentContext()}
	i.retain() // before the object is visible: its reference is always counted
	if !i.object.CompareAndSwap(nil, o) {
		i.release()
		return i.object.Load()
	}
	return o
}

// ReleaseTensorObject unbinds the object bound to t's TensorImpl and drops
// the reference it held (the PyObject died). It does nothing when no
// object is bound.
func (t *Tensor) ReleaseTensorObject() {
	i := t.must("release_tensor_object")
	if o := i.object.Swap(nil); o != nil {
		i.release()
	}
}

// ImplBinding implements asserts.ImplBound: the context of the object
// bound to the tensor's TensorImpl, if any.
func (t *Tensor) ImplBinding() (asserts.Binding, bool) {
	if t == nil || t.impl == nil {
		return asserts.Binding{}, false
	}
	o := t.impl.object.Load()
	if o == nil {
		return asserts.Binding{}, false
	}
	return asserts.Binding{Context: o.ctx.id, Hermetic: o.ctx.hermetic}, true
}
