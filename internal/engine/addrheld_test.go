package engine

import (
	"math/rand/v2"
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
		if h.handOutAddr(addr(i), false, 1, Ret(0), 0, &prev, nil) {
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
		if !h.handOutAddr(addr(i), false, 2, Ret(0), 0, &prev, nil) {
			t.Errorf("address %d handed out again: not reported", i)
		} else if prev.op != 1 || prev.st != addr(i) {
			t.Errorf("address %d: earlier hand-out %+v, want op 1 of the same address", i, prev)
		}
	}
	// a neighbour in the granule of a pending and of a flushed hand-out
	for _, i := range []int{1, n - 2} {
		if h.handOutAddr(addr(i)+8, false, 3, Ret(0), 0, &prev, nil) {
			t.Errorf("neighbour of address %d reported", i)
		}
	}
	// forgotten: a pending one and one in the table
	for _, i := range []int{2, n - 3} {
		h.forgetAddr(addr(i))
		if _, ok := h.findAddr(addr(i)); ok {
			t.Errorf("address %d found after forget", i)
		}
		if h.handOutAddr(addr(i), false, 4, Ret(0), 0, &prev, nil) {
			t.Errorf("address %d reported after forget", i)
		}
	}
}

// TestAddrJudgedAsModel hands out, forgets and hands out again storages of
// many sizes laid out one after the other (as an allocator's spans hold
// them), wide and narrow, across collection cycles and in one region or
// two, and compares every judgement with a model that remembers every
// hand-out of the cycle: nothing is ever reported that the model does not
// hold; a storage whose hand-outs in the cycle are all wide is reported
// exactly when the model holds it, and so is a narrow one alone in its
// granule in one region (whose table slots no other granule shares); a
// report names the op of the storage's latest hand-out not reported, when
// it names one.
func TestAddrJudgedAsModel(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	sizes := []uintptr{1, 4, 8, 12, 16, 24, 32, 48, 128, 1000}
	for _, regions := range []int{1, 2} {
		for seed := range uint64(4) {
			rng := rand.New(rand.NewPCG(seed, uint64(regions)))
			type storage struct {
				start, size uintptr
			}
			var sts []storage
			for r := range regions {
				at := uintptr(0xc000000000) + uintptr(r)<<addrRegionShift + uintptr(r)*40960
				for range 3000 {
					sz := sizes[rng.IntN(len(sizes))]
					sts = append(sts, storage{at, sz})
					at += sz + uintptr(rng.IntN(2))*16
				}
			}
			// the granules of more than one anchor
			shared := map[uintptr]int{}
			for _, s := range sts {
				shared[(s.start+s.size-1)>>4]++
			}
			var h heldRegistry
			type held struct {
				op          uint32
				wide, mixed bool
			}
			model := map[int]*held{}
			newCycle := func() {
				runtime.GC()
				observeGC()
				clear(model)
			}
			newCycle()
			for step := range 40000 {
				switch x := rng.IntN(1000); {
				case x < 2:
					newCycle()
				case x < 60:
					i := rng.IntN(len(sts))
					h.forgetAddr(asserts.ID(sts[i].start + sts[i].size - 1))
					delete(model, i)
				default:
					i := rng.IntN(len(sts))
					s := sts[i]
					// a storage of 16 bytes or more may come out as a short
					// window at its end (narrow) one time in eight
					wide := s.size >= 16 && rng.IntN(8) != 0
					op := uint32(step + 1)
					var prev handout
					got := h.handOutAddr(asserts.ID(s.start+s.size-1), wide, op, Ret(0), 0, &prev, nil)
					m := model[i]
					switch {
					case got && m == nil:
						t.Fatalf("regions %d seed %d step %d: storage %d (%d bytes, wide %v) reported, never handed out in the cycle", regions, seed, step, i, s.size, wide)
					case got && prev.seq != 0 && prev.op != m.op:
						t.Fatalf("regions %d seed %d step %d: storage %d reported as from op %d, last recorded from op %d", regions, seed, step, i, prev.op, m.op)
					case !got && m != nil && !m.mixed && m.wide == wide && (wide || regions == 1 && shared[(s.start+s.size-1)>>4] == 1):
						t.Fatalf("regions %d seed %d step %d: storage %d (%d bytes, wide %v) handed out again, not reported", regions, seed, step, i, s.size, wide)
					}
					switch {
					case m == nil:
						model[i] = &held{op: op, wide: wide}
					case !got:
						m.op = op // a missed repeat is recorded anew
					}
					if m != nil && m.wide != wide {
						m.mixed = true
					}
				}
			}
		}
	}
}

// TestAddrWideSince checks the judgement of a wide storage against the
// call that hands it out again (since): a hand-out during the call is
// not reported, one before it is, and one the ring no longer holds is
// reported, without details, only when the ring holds every hand-out
// since the call began.
func TestAddrWideSince(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	observeGC()
	var h heldRegistry
	// 64-byte storages in one page: one shard
	addr := func(i int) asserts.ID { return asserts.ID(0xc000000000 + uintptr(i)*64 + 63) }
	var prev handout
	seqs := make([]uint64, 0, 2*addrRing)
	for i := range 2 * addrRing {
		seqs = append(seqs, handSeq.Load()+1)
		if h.handOutAddr(addr(i), true, uint32(i+1), Ret(0), 0, &prev, nil) {
			t.Fatalf("storage %d reported on its first hand-out", i)
		}
	}
	last := 2*addrRing - 1
	// in the ring: before the call, and during it (recorded again)
	if !h.handOutAddr(addr(last-1), true, 999, Ret(0), seqs[last-1]+1, &prev, nil) || prev.op != uint32(last) || prev.seq != seqs[last-1] {
		t.Errorf("a hand-out before the call: reported with %+v, want op %d", prev, last)
	}
	if h.handOutAddr(addr(last), true, 999, Ret(0), seqs[last], &prev, nil) {
		t.Errorf("a hand-out during the call reported")
	}
	// evicted from the ring: storages 0 to addrRing (addr(last) came
	// out again)
	if !h.handOutAddr(addr(0), true, 999, Ret(0), 0, &prev, nil) || prev.seq != 0 {
		t.Errorf("an evicted hand-out, no call: want reported without details, got %+v", prev)
	}
	if !h.handOutAddr(addr(0), true, 999, Ret(0), seqs[addrRing]+1, &prev, nil) {
		t.Errorf("an evicted hand-out, the call begun after every evicted one: not reported")
	}
	if h.handOutAddr(addr(1), true, 999, Ret(0), seqs[addrRing], &prev, nil) {
		t.Errorf("an evicted hand-out, the call begun at the newest evicted one: reported")
	}
	if h.handOutAddr(addr(2), true, 999, Ret(0), seqs[1], &prev, nil) {
		t.Errorf("an evicted hand-out, the call begun before some evicted ones: reported")
	}
	// a narrow hand-out in a wide storage's granule, another anchor: not
	// the same storage
	if h.handOutAddr(addr(last)-4, false, 999, Ret(0), 0, &prev, nil) {
		t.Errorf("a narrow neighbour of a wide storage reported")
	}
	// after a collection nothing is judged
	runtime.GC()
	observeGC()
	if h.handOutAddr(addr(last), true, 999, Ret(0), 0, &prev, nil) {
		t.Errorf("a hand-out after a collection reported")
	}
}
