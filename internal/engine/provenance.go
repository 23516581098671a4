package engine

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/shared"
)

// Provenance: the history a violation's memory has, for the victims of a
// pool bug. A kernel that gives a buffer back while a tensor still uses it
// is reported at its own call when the tensor is one of its arguments
// ([Frame.AfterRecycled]); when it is not (a tensor the kernel keeps out of
// sight, a take-back the table forgot), the bug shows later, on an
// innocent call: same_content on an op whose read-only input changed
// because another tensor now writes its memory. That report then says
// where its memory has been: which checked call the runtime took it back
// during ([Recycled]), which it handed it out again during ([Reused]),
// and, for a runtime without use counts, which call returned its storage
// fresh (fresh_not_held's registry), each with how long ago.
//
// The runtime reports a take-back or a hand-out from inside a kernel (its
// pool's Put and Get) and does not know the call; the event is logged with
// its goroutine and the write clock, and the innermost checked call that
// was running on that goroutine when it happened claims it at its End:
// calls nest, so the innermost one ends first. Events outside any checked
// call (a program releasing a tensor) are never claimed. This costs
// nothing until a runtime first calls Recycled or Reused, then one load
// at End while no event happened during the call.

// poolEvent is one take-back or hand-out, waiting for its call.
type poolEvent struct {
	anchor uintptr
	tok    uintptr // the goroutine (getg)
	clock  uint64  // the write clock the event set
	n      uint64  // the event's number (poolLog.n)
	reused bool    // a hand-out ([Reused]); else a take-back
}

// poolLog holds the events not yet claimed by a call: a ring of the
// latest, so a burst pushes the oldest out (they lose their call, nothing
// else).
var poolLog struct {
	used    atomic.Bool // Recycled or Reused ran once
	mu      sync.Mutex
	n       uint64 // events so far
	pending [256]poolEvent
}

// logPoolEvent logs a take-back or hand-out of the memory anchored at p
// (under the recycled table's shard lock: clock is the write clock it
// set) and returns its number.
func logPoolEvent(p uintptr, clock uint64, reused bool) uint64 {
	if !poolLog.used.Load() {
		poolLog.used.Store(true)
	}
	tok := shared.Getg()
	poolLog.mu.Lock()
	poolLog.n++
	n := poolLog.n
	poolLog.pending[n%uint64(len(poolLog.pending))] = poolEvent{anchor: p, tok: tok, clock: clock, n: n, reused: reused}
	poolLog.mu.Unlock()
	return n
}

// claimPoolEvents gives the call the events its goroutine logged since it
// began and no nested call claimed: their memory's record names the call.
//
//go:noinline
func (c *Call) claimPoolEvents() {
	tok := shared.Getg()
	var mine [8]poolEvent
	k := 0
	poolLog.mu.Lock()
	for i := range poolLog.pending {
		e := &poolLog.pending[i]
		if e.n != 0 && e.tok == tok && e.clock > c.since {
			if k < len(mine) {
				mine[k] = *e
				k++
			}
			*e = poolEvent{}
		}
	}
	poolLog.mu.Unlock()
	if k == 0 {
		return
	}
	c.op.register()
	for _, e := range mine[:k] {
		recycledClaim(e.anchor, e.n, e.reused, c.op.st.idx)
	}
}

// provenance returns what is known of the history of v's tensors: their
// storages' fresh hand-outs and their memory's take-backs and hand-outs,
// "" if nothing; and the op during which the runtime took the located
// tensor's memory back before it handed it out again, if it did.
func provenance(v *violation) (text, takenBack string) {
	var parts []string
	seen := map[uint64]bool{}
	sts := [...]uint64{v.GotStorage, v.WantStorage, 0, 0}
	if checktable.StorageIDs(v.Check) {
		sts[2], sts[3] = v.Got, v.Want // StorageImpl IDs
	}
	for _, st := range sts {
		if st == 0 || seen[st] {
			continue
		}
		seen[st] = true
		// an ID from a counter, or an address (AddressIdentity, which
		// a violation's traits do not keep)
		e, ok := fresh.find(asserts.ID(st), false)
		if !ok {
			e, ok = fresh.find(asserts.ID(st), true)
		}
		if ok {
			parts = append(parts, "StorageImpl "+asserts.ID(st).String()+" came out fresh from "+opName(e.op)+
				" ("+Loc{ret: e.ret, index: e.index}.String()+"), "+ago(handSeq.Load()-e.seq+1, "fresh output"))
		}
	}
	if poolLog.used.Load() {
		for i, a := range [...]uintptr{v.anchor, v.otherAnchor} {
			if a == 0 || i == 1 && a == v.anchor {
				continue
			}
			// its history only if no collection completed since the
			// record's latest event: else the memory at the address may
			// be another object's (silence, never another's history)
			r, ok := recycledRecord(a)
			if now, exact := observeGC(); !ok || !exact || now.gc != r.gc {
				continue
			}
			who := "its memory "
			if i == 1 {
				who = "the memory of " + v.Other + " "
			}
			parts = append(parts, who+memoryHistory(&r))
			if i == 0 && r.backOp != 0 && r.outN > r.backN {
				takenBack = opName(r.backOp)
			}
		}
	}
	return strings.Join(parts, "; "), takenBack
}

// memoryHistory is the record r of a memory: "was taken back by the
// runtime (asserts.Recycled) during add.out, 3 pool events ago, and
// handed out again (asserts.Reused) during neg, the latest pool event".
func memoryHistory(r *recycledEntry) string {
	poolLog.mu.Lock()
	now := poolLog.n
	poolLog.mu.Unlock()
	if r.backN == 0 {
		return "was handed out (asserts.Reused)" + during(r.outOp) + ", " + ago(now-r.outN+1, "pool event")
	}
	h := "was taken back by the runtime (asserts.Recycled)" + during(r.backOp) + ", " + ago(now-r.backN+1, "pool event")
	if r.outN > r.backN {
		h += ", and handed out again (asserts.Reused)" + during(r.outOp) + ", " + ago(now-r.outN+1, "pool event")
	}
	return h
}

// during names the checked call an event happened in (" during
// add.out"), "" for an event no call claimed (outside any checked call,
// or pushed out of the log before its call ended).
func during(op uint32) string {
	if op == 0 {
		return ""
	}
	return " during " + opName(op)
}

// ago says how long ago an event was, in events of its kind: n counts
// the event and those after it ("the latest pool event", "3 pool events
// ago"). Pool events are the take-backs and hand-outs runtimes report.
func ago(n uint64, what string) string {
	if n <= 1 {
		return "the latest " + what
	}
	return strconv.FormatUint(n, 10) + " " + what + "s ago"
}
