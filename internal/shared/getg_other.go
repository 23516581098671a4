//go:build !(amd64 || arm64) || purego

package shared

import (
	"bytes"
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
	b := bytes.TrimPrefix(buf[:runtime.Stack(buf[:], false)], []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i >= 0 {
		b = b[:i]
	}
	id, _ := strconv.ParseUint(string(b), 10, 64)
	return id
}
