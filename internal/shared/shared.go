// Package shared is what packages asserts and internal/engine share, typed.
// The engine imports asserts, so asserts cannot import the engine; what
// both need stands here:
//
//   - the content check's switch, which asserts' calls set and the
//     engine's checks read.
//   - the [Engine] asserts' calls reach: the counts of every op, and the
//     registries of fresh hand-outs and pooled memory. internal/engine
//     installs it.
//   - the goroutine token ([Getg]).
//
// Violations go the other way, by asserts.Handle.
package shared

import (
	"sync/atomic"
	"unsafe"

	"github.com/assertgen/assertgen/asserts/checks"
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

// Counts are the counts of checked calls: asserts.Stats, which converts
// to and from them (the same fields).
type Counts struct {
	Calls      uint64
	Ran        [checks.NumChecks]uint64
	Violations [checks.NumChecks]uint64
	Skipped    [checks.NumReasons]uint64
}

// An Engine is the checks' engine as package asserts reaches it: the
// counts of every op, and the registries of fresh hand-outs and of pooled
// memory that asserts' Released, Recycled and Reused feed. internal/engine
// implements it and installs it in its init; a program that links asserts
// without it runs no checked call, so there is nothing to count or tell.
type Engine interface {
	// AddStats adds the counts of every op to dst.
	AddStats(dst *Counts)
	// ResetStats sets every op's counts to zero.
	ResetStats()
	// Released forgets a storage handed out fresh: its ID, and whether
	// the ID is an address.
	Released(storage uint64, address bool)
	// Recycled and Reused record the runtime's pool taking the memory
	// whose anchor is anchor back and handing it out again.
	Recycled(anchor unsafe.Pointer)
	Reused(anchor unsafe.Pointer)
	// Moved records the runtime moving a storage's data from the memory
	// whose anchor is from to the memory whose anchor is to, legally.
	// shift is what the move adds to a window's distance to its anchor
	// (asserts.MovedMemory: the new memory's size less the old one's; 0
	// from asserts.Moved, which has the anchors alone).
	Moved(from, to unsafe.Pointer, shift uintptr)
}

// installed is the engine; nil until internal/engine's init.
var installed Engine

// Install makes e the engine (internal/engine's init calls it).
func Install(e Engine) { installed = e }

// Installed returns the engine, nil if none is linked.
func Installed() Engine { return installed }

// ShiftMetadata adds to a fingerprint of asserts.Memory's geometry (odd)
// the place of the tensor's window, shift bytes before its anchor: by a
// multiple of an even constant, so that the fingerprint stays odd (never
// 0, which is none), a change of the place alone always changes it (the
// constant is 2 times an odd number: only a change by a multiple of 2^63
// bytes would not), and a fingerprint taken before a declared move to
// memory of another size is made the one the new memory gives by adding
// the move's shift (engine's movedAfter).
func ShiftMetadata(fp uint64, shift uintptr) uint64 { return fp + uint64(shift)*metaShiftMul<<1 }

// metaShiftMul is ShiftMetadata's constant: 2 times an odd number with
// bits spread over the word.
const metaShiftMul = 0xc2b2ae3d27d4eb4f
