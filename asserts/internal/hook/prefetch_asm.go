//go:build (amd64 || arm64) && !purego

package hook

import "unsafe"

// PrefetchW asks the processor to bring the cache line at p into its
// cache, ready to be written, without waiting for it: a hint that neither
// reads nor writes memory (an address of nothing is harmless). It costs a
// call of a few instructions. (prefetch_amd64.s, prefetch_arm64.s; other
// architectures: prefetch_other.go.)
//
//go:noescape
func PrefetchW(p unsafe.Pointer)
