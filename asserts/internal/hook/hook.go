// Package hook is what packages asserts and asserts/wrap share and neither
// can import from the other: wrap imports asserts, so the state a runtime
// author's calls in asserts change and wrap's checks read (the content
// check's switch), and the calls asserts passes on to wrap's registries
// (counts, pooled memory) meet here. It imports only the standard library
// and names no type of either package.
package hook

import (
	"runtime"
	"strconv"
	"sync/atomic"
	"unsafe"
)

// The content check's switch (asserts.SetContentCheck): off, on for every
// op, or on for the ops in ContentOps.
const (
	ContentOff int32 = iota
	ContentAll
	ContentSome
)

var (
	// ContentMode is the switch.
	ContentMode atomic.Int32
	// ContentOps are the ops the check is on for under ContentSome,
	// by full name ("add.Tensor") or base name ("add_").
	ContentOps atomic.Pointer[map[string]bool]
)

// What wrap sets in its init for asserts to call, and asserts for wrap.
// A program that links asserts without wrap runs no checked call, so
// the calls asserts passes on have nothing to tell while these are nil.
var (
	// Stats adds the counts of every op to dst, an *asserts.Stats.
	Stats func(dst any)
	// ResetStats sets every op's counts to zero.
	ResetStats func()
	// Released forgets a storage handed out fresh (asserts.Released):
	// its ID, and whether the ID is an address.
	Released func(storage uint64, address bool)
	// Recycled and Reused record the runtime's pool taking memory back and
	// handing it out again (asserts.Recycled, asserts.Reused).
	Recycled, Reused func(anchor unsafe.Pointer)
	// Detail returns the message of a violation (v, an *asserts.Violation)
	// of check k, when the check's row of the table of checks has one.
	Detail func(k uint8, v any) (string, bool)
	// Handle is set by asserts: it hands v, an *asserts.Violation, to the
	// calling goroutine's scope or to the installed handler.
	Handle func(v any)
)

// Goid returns the calling goroutine's id, read from the first line of its
// stack trace ("goroutine 42 [running]:").
func Goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	const prefix = "goroutine "
	if len(b) < len(prefix) {
		return 0
	}
	b = b[len(prefix):]
	n := 0
	for n < len(b) && b[n] >= '0' && b[n] <= '9' {
		n++
	}
	id, _ := strconv.ParseUint(string(b[:n]), 10, 64)
	return id
}
