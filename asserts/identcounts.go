package asserts

// IdentCounter is an optional interface of a [Tensor] handle: it reads the
// handle's [Ident] and its use counts at one instant, in one call. For a
// runtime whose every read crosses a foreign-function boundary (a cgo call
// into libtorch costs ~80-110 ns), that is one crossing instead of two.
// asserts/assertstest's checked calls read a return through it where the
// handle implements it.
//
// IdentCounts must return exactly what Ident and UseCounts return when
// called at the same instant; assertstest checks that it agrees with them.
type IdentCounter interface {
	Tensor
	IdentCounts() (id Ident, impl, storage int)
}
