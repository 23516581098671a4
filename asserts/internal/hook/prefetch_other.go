//go:build !(amd64 || arm64) || purego

package hook

import "unsafe"

// PrefetchW does nothing here (amd64 and arm64 ask the processor to bring
// p's cache line in for writing, see prefetch_asm.go).
func PrefetchW(p unsafe.Pointer) {}
