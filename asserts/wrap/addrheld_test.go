package wrap

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/assertgen/assertgen/asserts"
)

// TestAddrPendingJudgedAsTable hands out more addresses than a shard keeps
// pending, so that some reach the table and some do not, and checks that
// every lookup answers as if each hand-out had been written at once: a
// repeat of each is reported with the op that handed it out first, a
// neighbour in the same granule is not, a forgotten one is no longer
// found, whether it was pending or in the table.
func TestAddrPendingJudgedAsTable(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	observeGC()
	var h heldRegistry
	const base = 0xc000000000
	// 16 bytes apart: distinct granules of one 8 KiB page, one shard
	addr := func(i int) asserts.ID { return asserts.ID(base + uintptr(i)*16) }
	const n = 5*addrPending + 7
	var prev handout
	for i := range n {
		if h.handOutAddr(addr(i), 1, Ret(0), 0, &prev, nil) {
			t.Fatalf("address %d reported on its first hand-out", i)
		}
	}
	a := h.shards[(addr(0)>>13)%heldShards].addr
	if a.npend == 0 || a.npend == addrPending {
		t.Fatalf("%d hand-outs pending: want some, not all (the test needs both kinds)", a.npend)
	}
	for _, i := range []int{0, n / 2, n - 1} {
		if _, ok := h.findAddr(addr(i)); !ok {
			t.Errorf("address %d not found", i)
		}
		if !h.handOutAddr(addr(i), 2, Ret(0), 0, &prev, nil) {
			t.Errorf("address %d handed out again: not reported", i)
		} else if prev.op != 1 || prev.st != addr(i) {
			t.Errorf("address %d: earlier hand-out %+v, want op 1 of the same address", i, prev)
		}
	}
	// a neighbour in the granule of a pending and of a flushed hand-out
	for _, i := range []int{1, n - 2} {
		if h.handOutAddr(addr(i)+8, 3, Ret(0), 0, &prev, nil) {
			t.Errorf("neighbour of address %d reported", i)
		}
	}
	// forgotten: a pending one and one in the table
	for _, i := range []int{2, n - 3} {
		h.forgetAddr(addr(i))
		if _, ok := h.findAddr(addr(i)); ok {
			t.Errorf("address %d found after forget", i)
		}
		if h.handOutAddr(addr(i), 4, Ret(0), 0, &prev, nil) {
			t.Errorf("address %d reported after forget", i)
		}
	}
}
