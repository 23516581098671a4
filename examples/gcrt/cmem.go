//go:build cgo

package gcrt

// #include <stdlib.h>
import "C"

import "unsafe"

// InC returns a fresh tensor of n zeros over memory allocated by C's
// calloc (outside the Go heap, as a runtime that shares buffers with a C
// library has them), and the function that frees it.
func InC(n int) (*Tensor, func()) {
	p := C.calloc(C.size_t(max(n, 1)), 8)
	if p == nil {
		panic("gcrt: calloc failed")
	}
	data := unsafe.Slice((*float64)(p), n)
	return Over(data, n), func() { C.free(p) }
}
