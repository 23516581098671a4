//go:build (amd64 || arm64) && !purego

package shared

// Getg returns the address of the calling goroutine's runtime descriptor
// (the g the runtime keeps in a register or thread-local slot): a token
// that is the same for every call on one goroutine and differs between
// goroutines alive at the same time. The runtime never frees a g (it
// reuses it for a later goroutine), so the value is never an address
// the collector moves or frees. It costs a call of a few instructions.
// (getg_amd64.s, getg_arm64.s; other architectures: getg_other.go.)
func Getg() uintptr
