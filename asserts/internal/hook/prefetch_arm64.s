//go:build !purego

#include "textflag.h"

// func PrefetchW(p unsafe.Pointer)
TEXT ·PrefetchW(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	PRFM (R0), PSTL1KEEP
	RET
