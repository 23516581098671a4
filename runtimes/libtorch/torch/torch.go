// Package torch is a Go handle over libtorch's at::Tensor that implements
// the asserts tensor contract with PyTorch's own c10 objects: the identities
// are those of the TensorImpl and StorageImpl, the use counts are their
// reference counts, and the version counter is c10's. Traits: Versioned
// (every tensor outside inference mode), Meta, Storageless (sparse and
// other layouts without storage), FunctionalWrapper (functionalization
// wrappers) and, from libtorch 2 on, HiddenStorageRefs (a view of a view
// whose chained view function may keep the intermediate view captured,
// where no count tells it from a user's handle: svd's V of a complex
// input); libtorch has no Python subclasses. A functionalization wrapper's
// StorageImpl is its FunctionalStorageImpl, the alias group of the wrapper
// and its views; when c10 replaces it because a resize_ grew the wrapper
// (maybe_replace_storage, which first checks that nothing else holds it),
// the new one keeps the old one's identity: the group goes on.
//
// A *Tensor owns one at::Tensor (one reference to its TensorImpl). Release
// drops it; a handle that is never released is dropped by a cleanup after
// the garbage collector finds it unreachable, but code that cares about use
// counts (all checked code does) must release explicitly. Every libtorch
// error comes back as an *Error; no C++ exception crosses into Go.
package torch

// The adapter compiles against every release the runtime binds (1.13.1 on
// the host, 2.6.0 and 2.14.1 in release.sh's chroots), so its C++ standard
// is the compiler's default: gnu++17 with bookworm's g++ 12 and trixie's
// g++ 14, gnu++20 with sid's g++ 16, which libtorch 2.14's headers need.

/*
#cgo CXXFLAGS: -O2 -g0 -I${SRCDIR}/../include -I/usr/include/torch/csrc/api/include
#cgo LDFLAGS: -ltorch_cpu -lc10 -lstdc++
#cgo noescape ag_ident
#cgo nocallback ag_ident
#cgo noescape ag_content_digest
#cgo nocallback ag_content_digest
#include <stdlib.h>
#include "tensor.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"strings"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
)

func init() { C.ag_init() }

// series is the libtorch release series the package was compiled against,
// from its headers' TORCH_VERSION_MAJOR and _MINOR: "1.13", "2.6", "2.14".
// (Debian's 1.13.1 headers say 1.13.0, so the patch level is not told.)
func series() string {
	v := int(C.ag_version())
	return fmt.Sprintf("%d.%d", v/100, v%100)
}

// SetNumThreads sets libtorch's intra-op thread count. Every Go thread that
// enters a parallel kernel gets its own OpenMP team, so the sweep and the
// tests run with 1.
func SetNumThreads(n int) { C.ag_set_num_threads(C.int(n)) }

// Error is a libtorch error: the C++ exception's class (c10's Error,
// IndexError, ValueError, TypeError, NotImplementedError, LinAlgError, or
// std::exception) and its message, without a backtrace.
type Error struct {
	Op    string // the operator, when an op binding failed
	Class string
	Msg   string
}

func (e *Error) Error() string {
	if e.Op != "" {
		return fmt.Sprintf("%s: %s: %s", e.Op, e.Class, e.Msg)
	}
	return e.Class + ": " + e.Msg
}

// ErrorFrom converts the error string a C function returned (and frees it);
// nil for NULL.
func ErrorFrom(op string, p unsafe.Pointer) *Error {
	if p == nil {
		return nil
	}
	s := C.GoString((*C.char)(p))
	C.free(p)
	cls, msg, ok := strings.Cut(s, "\n")
	if !ok {
		cls, msg = "unknown", s
	}
	return &Error{Op: op, Class: cls, Msg: msg}
}

func check(p *C.char) {
	if e := ErrorFrom("", unsafe.Pointer(p)); e != nil {
		panic(e)
	}
}

// Tensor is a handle on an at::Tensor. The zero handle and a nil *Tensor
// are undefined tensors.
type Tensor struct {
	p       unsafe.Pointer // *at::Tensor on the C heap; nil once released
	cleanup runtime.Cleanup
}

// FromPtr takes ownership of p, a heap at::Tensor* made by the C++ side.
func FromPtr(p unsafe.Pointer) *Tensor {
	t := &Tensor{p: p}
	t.cleanup = runtime.AddCleanup(t, func(p unsafe.Pointer) { C.ag_free(p) }, p)
	return t
}

// Ptr returns the handle's at::Tensor*, or nil for a nil or released handle.
// It stays valid until Release.
func (t *Tensor) Ptr() unsafe.Pointer {
	if t == nil {
		return nil
	}
	return t.p
}

// Release drops the handle's reference. Releasing a nil or released handle
// does nothing.
func (t *Tensor) Release() {
	if t == nil || t.p == nil {
		return
	}
	t.cleanup.Stop()
	C.ag_free(t.p)
	t.p = nil
}

// Undefined returns a handle on an undefined at::Tensor.
func Undefined() *Tensor { return FromPtr(C.ag_undefined()) }

// Share returns a second handle on t's TensorImpl.
func (t *Tensor) Share() *Tensor {
	if t == nil || t.p == nil {
		return Undefined()
	}
	return FromPtr(C.ag_share(t.p))
}

func (t *Tensor) ident() C.ag_ident_t {
	var id C.ag_ident_t
	if t != nil && t.p != nil {
		C.ag_ident(t.p, &id)
	}
	return id
}

// Ident implements asserts.Tensor: one call reads the TensorImpl and
// StorageImpl identities, the version counter and the traits.
func (t *Tensor) Ident() asserts.Ident {
	return identOf(t.ident())
}

// identOf is the identity part of one read.
func identOf(r C.ag_ident_t) asserts.Ident {
	return asserts.Ident{Impl: asserts.ID(r.impl), Storage: asserts.ID(r.storage),
		Version: uint64(r.version), Traits: asserts.Traits(r.traits)}
}

// countsOf is the use-count part of one read of t: the storage count
// leaves out the references autograd's saved tensors hold. Every reader of
// t's counts goes through it, so the two stay one reading.
func (t *Tensor) countsOf(r C.ag_ident_t) (impl, storage int) {
	return int(r.impl_uses), int(r.storage_uses) - t.SavedTensorRefs()
}

// UseCounts implements asserts.Tensor: the TensorImpl's and the
// StorageImpl's reference counts, without the references autograd's saved
// tensors hold (see TrackSavedTensors).
func (t *Tensor) UseCounts() (impl, storage int) {
	return t.countsOf(t.ident())
}

// IdentCounts implements asserts.IdentCounter: Ident and UseCounts from one
// read (one cgo call, a second only while autograd holds saved tensors),
// for asserts' snapshot of a checked call's return. Its counts are
// UseCounts', saved tensors left out.
func (t *Tensor) IdentCounts() (id asserts.Ident, impl, storage int) {
	r := t.ident()
	impl, storage = t.countsOf(r)
	return identOf(r), impl, storage
}

// Defined reports whether t refers to a TensorImpl.
func (t *Tensor) Defined() bool { return t.Ident().Defined() }

// registrySize is the number of TensorImpls and StorageImpls the identity
// table currently remembers (live ones and dead ones not yet pruned).
func registrySize() int { return int(C.ag_registry_size()) }

// ContentDigest implements asserts.Contents: one cgo call hashes the bytes
// of t's storage from its offset to the farthest element its sizes and
// strides reach, gaps included. ok is false for undefined, meta, storageless
// (sparse, nested), quantized, functionalization-wrapper and non-CPU
// tensors, and for a range that does not fit in the storage.
func (t *Tensor) ContentDigest() (digest uint64, ok bool) {
	if t == nil || t.p == nil {
		return 0, false
	}
	var d C.uint64_t
	ok = C.ag_content_digest(t.p, &d) != 0
	return uint64(d), ok
}

// RawWrite adds 1 to the first byte t reaches, through the data pointer:
// the version counter does not move (what a kernel writing below the
// autograd layer does). For tests of the content check.
func (t *Tensor) RawWrite() { check(C.ag_raw_write(t.p)) }

var (
	_ asserts.Tensor       = (*Tensor)(nil)
	_ asserts.IdentCounter = (*Tensor)(nil)
	_ asserts.Contents     = (*Tensor)(nil)
)
