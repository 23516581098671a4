//go:build !purego

#include "textflag.h"

// func PrefetchW(p unsafe.Pointer)
TEXT ·PrefetchW(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	// PREFETCHW (AX), which the assembler does not spell: part of every
	// x86-64 processor since AMD's first and Intel's Broadwell; earlier
	// Intel processors run it as a no-op.
	BYTE $0x0F; BYTE $0x0D; BYTE $0x08
	RET
