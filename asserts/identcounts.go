package asserts

// IdentCounter is an optional interface of a [Tensor] handle: it reads the
// handle's [Ident] and its use counts at one instant, in one call. A
// runtime whose every read crosses a foreign-function boundary (a cgo call
// into libtorch costs ~80-110 ns) implements it so that wrap.Call.Result
// snapshots a return with one crossing instead of two.
//
// IdentCounts must return exactly what Ident and UseCounts return when
// called at the same instant; assertstest checks that it agrees with them.
type IdentCounter interface {
	Tensor
	IdentCounts() (id Ident, impl, storage int)
}
