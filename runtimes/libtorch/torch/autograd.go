package torch

/*
#include "autograd.h"
*/
import "C"

import (
	"runtime"
	"sync/atomic"
	"unsafe"
)

// TrackSavedTensors makes autograd keep every tensor it saves for backward
// through hooks that this package accounts for, so that UseCounts leaves
// out the storage references the autograd graph holds, as PyTorch's own
// debug asserts do (they check a VariableType kernel's result before the
// graph saves it). Idempotent; debug builds (-tags debugasserts) call it at
// init. The hooks keep a tensor_data() copy of each saved tensor and check
// its version when backward unpacks it, as SavedVariable does without
// hooks. See autograd.cpp.
func TrackSavedTensors() { C.ag_track_saved() }

// SavedTensorRefs is the number of references to t's StorageImpl that
// autograd's saved tensors hold (0 unless TrackSavedTensors was called).
func (t *Tensor) SavedTensorRefs() int {
	if t == nil || t.p == nil || atomic.LoadInt64((*int64)(unsafe.Pointer(&C.ag_saved_live))) == 0 {
		return 0
	}
	return int(C.ag_saved_storage_refs(t.p))
}

// NoGrad calls f with grad mode off (c10::GradMode, torch.no_grad()) on
// the calling OS thread, where libtorch keeps the mode, and restores the
// mode after f, whatever f does (a panic included).
func NoGrad(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	was := C.ag_set_grad_enabled(0)
	defer C.ag_set_grad_enabled(was)
	return f()
}
