package engine

import (
	"sync"
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// Statistics are kept per Op, in atomics. A call adds its counts (checks run
// by check, skips by reason) to its Op once, in End. Nearly every call of an
// operator runs the same checks, so the first call's counts are kept as the
// Op's signature and a later call with the same counts adds 1 to one
// counter; other calls add their counts one by one.

const (
	sigNone = iota
	sigWriting
	sigReady
)

type opStats struct {
	state    atomic.Uint32
	sig      tally // written once, before state becomes sigReady
	sigCalls atomic.Uint64
	// cal is the fast plan, binding mode and list lengths whose counts
	// the op's signature is, nil before: a call that passes the plan
	// under them then adds one to sigCalls without comparing its counts
	// (frame.endFast). Set once.
	cal atomic.Pointer[fastCal]
	// shardCalls counts, beside sigCalls, the calls on the fast plan
	// counted by their return's hand-out (fresh_not_held): element i under the lock
	// of the registry's shard i (fresh.shards), so without an atomic add.
	shardCalls [heldShards]uint64
	calls      atomic.Uint64
	ran        [checks.NumChecks]atomic.Uint64
	skipped    [checks.NumReasons]atomic.Uint64
	violations [checks.NumChecks]atomic.Uint64
	registered atomic.Bool
	idx        uint32 // 1 + the Op's index in registry.ops, set with registered
}

var registry struct {
	mu  sync.Mutex
	ops []*Op
}

func (op *Op) register() {
	if op.st.registered.Load() {
		return
	}
	registry.mu.Lock()
	defer registry.mu.Unlock()
	if !op.st.registered.Load() {
		registry.ops = append(registry.ops, op)
		op.st.idx = uint32(len(registry.ops))
		op.st.registered.Store(true)
	}
}

// opName is the full name of the registered Op with index idx
// (op.st.idx), "an op" for none.
func opName(idx uint32) string {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	if idx == 0 || int(idx) > len(registry.ops) {
		return "an op"
	}
	return registry.ops[idx-1].FullName()
}

// Stats returns the operator's counts.
func (op *Op) Stats() asserts.Stats {
	st := &op.st
	var n uint64 // the calls that counted the signature, sig
	var sig tally
	if st.state.Load() == sigReady {
		n, sig = st.sigCalls.Load()+st.lockedCalls(false), st.sig
	}
	s := asserts.Stats{Calls: n + st.calls.Load()}
	for k := range checks.NumChecks {
		s.Ran[k] = n*sig[k] + st.ran[k].Load()
		s.Violations[k] = st.violations[k].Load()
	}
	for r := range checks.NumReasons {
		s.Skipped[r] = n*sig[checks.NumChecks+r] + st.skipped[r].Load()
	}
	return s
}

// lockedCalls is the sum of shardCalls, each read (and with reset
// zeroed) under its shard's lock.
func (st *opStats) lockedCalls(reset bool) uint64 {
	var n uint64
	for i := range fresh.shards {
		s := &fresh.shards[i]
		s.mu.Lock()
		n += st.shardCalls[i]
		if reset {
			st.shardCalls[i] = 0
		}
		s.mu.Unlock()
	}
	return n
}

func (op *Op) resetStats() {
	st := &op.st
	st.sigCalls.Store(0)
	st.lockedCalls(true)
	st.calls.Store(0)
	for k := range checks.NumChecks {
		st.ran[k].Store(0)
		st.violations[k].Store(0)
	}
	for r := range checks.NumReasons {
		st.skipped[r].Store(0)
	}
}

// Ops returns every operator that has been called, in first-call order.
func Ops() []*Op {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	return append([]*Op(nil), registry.ops...)
}
