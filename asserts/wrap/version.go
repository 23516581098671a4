package wrap

// Version2 is the version of the API that generated code is written
// against. Generated files reference it,
//
//	const _ = wrap.Version2 // re-run assertgen if this does not compile
//
// so that code generated for an API this package no longer provides fails
// to compile instead of misbehaving. Version 1 was the same API in package
// asserts, before this package took what only generated code calls. A
// future incompatible API will add Version3 and, once no supported
// generator emits Version2, remove it.
const Version2 = 2
