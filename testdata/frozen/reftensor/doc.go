// Package reftensor is a reference tensor runtime in pure Go with the
// TensorImpl/StorageImpl model of PyTorch. It exists to run the asserts
// package for real: every invariant the generated wrappers check (TensorImpl
// and StorageImpl identity, use counts, views, version counters, bindings)
// is implemented here the way PyTorch implements it, with float64 data.
//
// # Handles, TensorImpls and StorageImpls
//
// A [*Tensor] is a handle. It points to a [TensorImpl], which holds the
// sizes, strides and storage offset, and points to a [StorageImpl], which
// holds the data. Several handles may point to one TensorImpl, and several
// TensorImpls (views) to one StorageImpl. Each object counts its owners:
//
//   - A TensorImpl's use count is the number of handles pointing to it. A
//     handle is created owning one reference: by a function that returns a
//     *Tensor, or by [Tensor.Share], which returns a second handle to the
//     same TensorImpl (use count +1). [Tensor.Release] drops the handle's
//     reference and leaves the handle undefined.
//   - A StorageImpl's use count is the number of TensorImpls using it. A
//     view (View, Transpose, Select, ...) is a new TensorImpl that retains
//     its base's StorageImpl (use count +1); when a TensorImpl's last handle
//     is released, it releases its StorageImpl, and a StorageImpl whose last
//     user is gone drops its data.
//
// The rule for callers: arguments are borrowed (a function never releases
// or keeps a reference it was not given), and every *Tensor a function
// returns is owned by the caller, who releases it when done. Copying a
// *Tensor pointer does not create a handle; use Share for that. A released
// handle is undefined, as is the nil *Tensor and [Undefined]().
//
// So a fresh tensor has use counts (1, 1); t.Share() makes the TensorImpl's
// use count 2; a view makes the StorageImpl's use count 2. Those are the
// counts the asserts checks impl_use_count_le_1 and storage_use_count_eq_1
// read.
//
// Identities are IDs from a process-wide counter, never addresses, so a
// StorageImpl allocated after another was freed never looks like it.
//
// # In-place writes and version counters
//
// Every in-place write (SetAt, AddInPlace, CopyFrom, Fill, Resize,
// SetStorage, ...) bumps the tensor's version counter. A view shares the
// version counter of its base, as in PyTorch, so a write through a view is
// visible as a write to the base. Resize keeps the StorageImpl and grows its
// buffer in place; SetStorage (set_) points the TensorImpl at another
// StorageImpl and is the only operation that changes a TensorImpl's storage.
//
// # Kinds of tensors
//
//   - Plain tensors on the CPU device, with data.
//   - Meta tensors ([Meta] device): storage with a size and no data; views
//     share storage, kernels compute shapes only.
//   - Direct subclasses ([AsSubclass], or Options.Subclass): a plain tensor
//     marked as a subclass instance; operations on them return subclass
//     instances, as __torch_function__ does.
//   - Wrapper subclasses ([Wrap]): a TensorImpl holding an inner tensor.
//     Without storage propagation its own storage is a stub; with it, the
//     wrapper uses the inner tensor's StorageImpl, so views of a wrapper
//     share storage. Operations unwrap, run on the inner tensors and wrap.
//   - Functional wrappers ([Functionalize]): tensors whose storage is never
//     written in place. An in-place write replaces the storage's buffer with
//     an updated copy (the StorageImpl stays), which is what
//     functionalization turns mutations into.
//   - A storage-less layout ([ToSparse]): COO sparse tensors with indices
//     and a values tensor and no storage of their own.
//
// # Modes, contexts and bindings
//
// Go has no thread-locals, so the mode state is process-wide: [PushMode]
// and [PopMode] keep a stack of dispatch modes (a [Mode] may keep references
// to tensors, as Python modes do), and [EnterContext] enters an execution
// context, hermetic or not (think of a torch::deploy interpreter). The
// package registers its [Env] with asserts in init.
//
// [Tensor.StorageObject] binds a foreign object to a tensor's storage the
// first time it is asked for, recording the context it was made in (Python's
// PyObject preservation); later calls return the same object. The asserts
// check binding_context reports a storage bound outside the hermetic context
// a call runs in.
//
// # Concurrency
//
// Reference counts, version counters, bindings and the mode state are safe
// for concurrent use, so kernels may run on many goroutines over shared
// inputs. As in PyTorch, a tensor must not be written (in place, Resize,
// SetStorage, Release) while another goroutine uses it.
//
// # The asserts contract
//
// *Tensor implements [asserts.Tensor], [asserts.Bound] and
// [asserts.ImplBound]: Ident reports the TensorImpl and StorageImpl IDs, the
// version counter and the traits; UseCounts the two use counts;
// StorageBinding the binding of the storage; ImplBinding the object bound
// to the TensorImpl ([Tensor.TensorObject], the tensor's PyObject as
// PyTorch 2.14 counts it: one of the TensorImpl's references).
package reftensor
