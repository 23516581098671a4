//go:build !(amd64 || arm64) || purego

package shared

import (
	"runtime"
	"strconv"
)

// Getg returns a token of the calling goroutine: here its id, read from
// its stack trace (about a microsecond; amd64 and arm64 read the
// runtime's goroutine descriptor instead, see getg_asm.go). Ids are never
// reused.
func Getg() uintptr { return uintptr(goid()) }

// goid returns the calling goroutine's id, read from the first line of its
// stack trace ("goroutine 42 [running]:").
func goid() uint64 {
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
