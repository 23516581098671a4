package engine

import (
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// benchVec is a tensor of the memory kind for BenchmarkDeclaredMove (the
// file stands alone, so that it builds in an older tree too:
// scripts/bench_callgrind.sh's way of comparing two).
type benchVec struct{ data []float64 }

func (v *benchVec) mem() asserts.Memory {
	return asserts.SliceMemory(v.data).Matrix(1, len(v.data), len(v.data), 1)
}

func (v *benchVec) Ident() asserts.Ident                { return v.mem().Ident(unsafe.Pointer(v)) }
func (v *benchVec) MetadataFingerprint() (uint64, bool) { return v.mem().Metadata() }
func (v *benchVec) StorageAnchor() unsafe.Pointer       { return v.mem().Anchor() }

var benchMoveShape = Shape{Args: 2, Rets: 1, Tensor: func(h unsafe.Pointer) asserts.Identity { return (*benchVec)(h) },
	Locs: []Loc{Arg("self"), Arg("other"), Ret(0)},
	Rows: []Row{
		{Check: checks.SameImpl, T: 0, U: -1}, {Check: checks.SameStorage, T: 0, U: -1}, {Check: checks.SameMetadata, T: 0, U: -1},
		{Check: checks.SameImpl, T: 1, U: -1}, {Check: checks.SameStorage, T: 1, U: -1}, {Check: checks.SameMetadata, T: 1, U: -1},
		{Check: checks.FreshNoAlias, T: 2, U: 0}, {Check: checks.FreshNoAlias, T: 2, U: 1},
	}}

// BenchmarkDeclaredMove is a checked call of the memory kind during which
// the runtime moves both arguments' data, told (asserts.MovedMemory),
// between two arrays each, of the same size ("same": what a direct-mapped
// table judged right too) or one of another size ("grow"): the two
// declarations and the two look-ups, on the rows (a moved anchor takes
// the call off the fast plan). "plain" is the same call without a move.
func BenchmarkDeclaredMove(b *testing.B) {
	for _, tc := range []struct {
		name string
		n    int
		move bool
	}{{"plain", 4, false}, {"same", 4, true}, {"grow", 16, true}} {
		b.Run(tc.name, func(b *testing.B) {
			x, y := &benchVec{make([]float64, 4)}, &benchVec{make([]float64, 4)}
			xs := [2][]float64{x.data, make([]float64, tc.n)[:4]}
			ys := [2][]float64{y.data, make([]float64, tc.n)[:4]}
			r := &benchVec{make([]float64, 1)}
			var op Op
			var bad int
			defer asserts.SetHandler(asserts.SetHandler(asserts.HandlerFunc(func(*asserts.Violation) { bad++ })))
			i := 0
			for b.Loop() {
				var f Frame[[3]Slot, [0]ListSlot]
				f.Open()
				f.ArgMemory(0, unsafe.Pointer(x), x.mem())
				f.ArgMemory(1, unsafe.Pointer(y), y.mem())
				f.BeginMemory(&op, &benchMoveShape)
				if tc.move {
					i++
					bx, by := x.mem(), y.mem()
					x.data, y.data = xs[i&1], ys[i&1]
					asserts.MovedMemory(bx, x.mem())
					asserts.MovedMemory(by, y.mem())
				}
				f.AfterArgMemory(0, unsafe.Pointer(x), x.mem())
				f.AfterArgMemory(1, unsafe.Pointer(y), y.mem())
				f.RetMemory(2, unsafe.Pointer(r), r.mem())
				f.EndMemory()
			}
			if bad != 0 {
				b.Fatalf("%d violations", bad)
			}
		})
	}
}
