package asserts

import (
	"encoding/json"
	"sync"
	"sync/atomic"
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
	// quick is the state of quickDelta, the counts the op learned for its
	// plain calls (learned.go).
	quick      atomic.Uint32
	quickDelta tally
	quickN     uint32 // the list length quickDelta is for
	// quickBase is sig less quickDelta, set once both are (learned.go's
	// setQuickBase; quickBaseSet while a call sets it, quickBaseReady
	// once it is written).
	quickBase      tally
	quickBaseSet   atomic.Bool
	quickBaseReady atomic.Bool
	// shardCalls counts, beside sigCalls, the learned calls counted by
	// their hand-out (Call.FreshNotHeldLearned): element i under the lock
	// of the registry's shard i (fresh.shards), so without an atomic add.
	shardCalls [heldShards]uint64
	calls      atomic.Uint64
	ran        [NumChecks]atomic.Uint64
	skipped    [NumReasons]atomic.Uint64
	violations [NumChecks]atomic.Uint64
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

// registeredOp returns the registered Op with index idx (op.st.idx), or nil.
func registeredOp(idx uint32) *Op {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	if idx == 0 || int(idx) > len(registry.ops) {
		return nil
	}
	return registry.ops[idx-1]
}

// Stats are counts of checked calls.
type Stats struct {
	// Calls is the number of calls that reached End.
	Calls uint64
	// Ran counts the checks that ran, by Check.
	Ran [NumChecks]uint64
	// Violations counts failed checks, by Check.
	Violations [NumChecks]uint64
	// Skipped counts skipped checks, by Reason.
	Skipped [NumReasons]uint64
}

// Stats returns the operator's counts.
func (op *Op) Stats() Stats {
	var s Stats
	st := &op.st
	if st.state.Load() == sigReady {
		n := st.sigCalls.Load() + st.lockedCalls()
		s.Calls = n
		for k := range NumChecks {
			if l := checkLane[k]; l != laneNone {
				s.Ran[k] = n * st.sig.lane(l)
			}
		}
		for r := range NumReasons {
			if l := reasonLane[r]; l != laneNone {
				s.Skipped[r] = n * st.sig.lane(l)
			}
		}
	}
	s.Calls += st.calls.Load()
	for k := range NumChecks {
		s.Ran[k] += st.ran[k].Load()
		s.Violations[k] = st.violations[k].Load()
	}
	for r := range NumReasons {
		s.Skipped[r] += st.skipped[r].Load()
	}
	return s
}

// lockedCalls is the sum of shardCalls, each read under its shard's lock.
func (st *opStats) lockedCalls() uint64 {
	var n uint64
	for i := range fresh.shards {
		s := &fresh.shards[i]
		s.mu.Lock()
		n += st.shardCalls[i]
		s.mu.Unlock()
	}
	return n
}

func (op *Op) resetStats() {
	st := &op.st
	st.sigCalls.Store(0)
	for i := range fresh.shards {
		s := &fresh.shards[i]
		s.mu.Lock()
		st.shardCalls[i] = 0
		s.mu.Unlock()
	}
	st.calls.Store(0)
	for k := range NumChecks {
		st.ran[k].Store(0)
		st.violations[k].Store(0)
	}
	for r := range NumReasons {
		st.skipped[r].Store(0)
	}
}

// Ops returns every operator that has been called, in first-call order.
func Ops() []*Op {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	return append([]*Op(nil), registry.ops...)
}

// ReadStats returns the counts of all operators. Counts of calls still
// running may be partly included.
func ReadStats() Stats {
	var s Stats
	for _, op := range Ops() {
		s = s.Add(op.Stats())
	}
	return s
}

// ResetStats sets every operator's counts to zero.
func ResetStats() {
	for _, op := range Ops() {
		op.resetStats()
	}
}

// Add returns s + o.
func (s Stats) Add(o Stats) Stats {
	s.Calls += o.Calls
	for k := range NumChecks {
		s.Ran[k] += o.Ran[k]
		s.Violations[k] += o.Violations[k]
	}
	for r := range NumReasons {
		s.Skipped[r] += o.Skipped[r]
	}
	return s
}

// Sub returns s - o, for counts since an earlier reading o.
func (s Stats) Sub(o Stats) Stats {
	s.Calls -= o.Calls
	for k := range NumChecks {
		s.Ran[k] -= o.Ran[k]
		s.Violations[k] -= o.Violations[k]
	}
	for r := range NumReasons {
		s.Skipped[r] -= o.Skipped[r]
	}
	return s
}

// TotalRan returns the number of checks run.
func (s Stats) TotalRan() uint64 { return sum(s.Ran[:]) }

// TotalSkipped returns the number of checks skipped.
func (s Stats) TotalSkipped() uint64 { return sum(s.Skipped[:]) }

// TotalViolations returns the number of violations.
func (s Stats) TotalViolations() uint64 { return sum(s.Violations[:]) }

func sum(ns []uint64) uint64 {
	var t uint64
	for _, n := range ns {
		t += n
	}
	return t
}

// MarshalJSON encodes the counts keyed by check and reason names, leaving
// zeros out.
func (s Stats) MarshalJSON() ([]byte, error) {
	out := struct {
		Calls      uint64            `json:"calls"`
		Ran        map[string]uint64 `json:"checks_run"`
		Violations map[string]uint64 `json:"violations"`
		Skipped    map[string]uint64 `json:"skipped"`
	}{s.Calls, map[string]uint64{}, map[string]uint64{}, map[string]uint64{}}
	for k := range Check(NumChecks) {
		if s.Ran[k] != 0 {
			out.Ran[k.String()] = s.Ran[k]
		}
		if s.Violations[k] != 0 {
			out.Violations[k.String()] = s.Violations[k]
		}
	}
	for r := range Reason(NumReasons) {
		if s.Skipped[r] != 0 {
			out.Skipped[r.String()] = s.Skipped[r]
		}
	}
	return json.Marshal(out)
}
