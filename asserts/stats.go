package asserts

import (
	"encoding/json"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/shared"
)

// Stats are counts of checked calls.
type Stats struct {
	// Calls is the number of calls that reached End.
	Calls uint64
	// Ran counts the checks that ran, by Check.
	Ran [checks.NumChecks]uint64
	// Violations counts failed checks, by Check.
	Violations [checks.NumChecks]uint64
	// Skipped counts skipped checks, by Reason.
	Skipped [checks.NumReasons]uint64
}

// ReadStats returns the counts of all operators. Counts of calls still
// running may be partly included.
func ReadStats() Stats {
	var c shared.Counts
	if e := shared.Installed(); e != nil {
		e.AddStats(&c)
	}
	return Stats(c)
}

// ResetStats sets every operator's counts to zero.
func ResetStats() {
	if e := shared.Installed(); e != nil {
		e.ResetStats()
	}
}

// Add returns s + o.
func (s Stats) Add(o Stats) Stats { return s.plus(o, 1) }

// Sub returns s - o, for counts since an earlier reading o.
func (s Stats) Sub(o Stats) Stats { return s.plus(o, ^uint64(0)) }

// plus returns s + m*o; m is 1 or -1 (^0: the counts wrap as uint64).
func (s Stats) plus(o Stats, m uint64) Stats {
	s.Calls += m * o.Calls
	for k := range checks.NumChecks {
		s.Ran[k] += m * o.Ran[k]
		s.Violations[k] += m * o.Violations[k]
	}
	for r := range checks.NumReasons {
		s.Skipped[r] += m * o.Skipped[r]
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
	return json.Marshal(struct {
		Calls      uint64            `json:"calls"`
		Ran        map[string]uint64 `json:"checks_run"`
		Violations map[string]uint64 `json:"violations"`
		Skipped    map[string]uint64 `json:"skipped"`
	}{s.Calls, byName[checks.Check](s.Ran[:]), byName[checks.Check](s.Violations[:]), byName[checks.Reason](s.Skipped[:])})
}

// byName returns the counts of ns that are not zero, keyed by the name of
// their index (a Check or a Reason).
func byName[K interface {
	~uint8
	String() string
}](ns []uint64) map[string]uint64 {
	m := map[string]uint64{}
	for k, n := range ns {
		if n != 0 {
			m[K(k).String()] = n
		}
	}
	return m
}
