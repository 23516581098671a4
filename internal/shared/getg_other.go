//go:build !(amd64 || arm64) || purego

package shared

// Getg returns a token of the calling goroutine: here its id, read from
// its stack trace (about a microsecond; amd64 and arm64 read the
// runtime's goroutine descriptor instead, see getg_asm.go). Ids are never
// reused.
func Getg() uintptr { return uintptr(Goid()) }
