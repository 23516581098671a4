package torch

// #include <stdlib.h>
// #include "modes.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Inference calls f in inference mode (c10::InferenceMode,
// torch.inference_mode()) on the calling OS thread, where libtorch keeps
// the mode, and leaves it after f, whatever f does (a panic included).
// Tensors made inside are inference tensors: no version counter (the
// asserts see no Versioned trait and skip the checks that read it, by
// name), no autograd history. Some ops run only so: _fw_primal_copy and
// _make_dual_copy, whose one kernel asserts that it is reached in
// inference mode on inference tensors.
func Inference(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := C.ag_inference_enter()
	defer C.ag_inference_exit(g)
	return f()
}

// IsInference tells whether t is an inference tensor (made in inference
// mode).
func (t *Tensor) IsInference() bool {
	return t != nil && t.p != nil && C.ag_is_inference(t.p) != 0
}

// DualLevel calls f inside a new forward-AD level
// (torch.autograd.forward_ad.dual_level) with the level's index, the
// level argument of _make_dual and _fw_primal, and closes the level after
// f, whatever f does (a panic included). libtorch keeps one level at a
// time for the whole process: DualLevel inside DualLevel, or in two
// goroutines at once, is an error for the second, as it is in PyTorch.
func DualLevel(f func(level int64) error) (err error) {
	var level C.int64_t
	if e := ErrorFrom("", unsafe.Pointer(C.ag_dual_level_enter(&level))); e != nil {
		return e
	}
	defer func() {
		if e := ErrorFrom("", unsafe.Pointer(C.ag_dual_level_exit(level))); e != nil && err == nil {
			err = e
		}
	}()
	return f(int64(level))
}
