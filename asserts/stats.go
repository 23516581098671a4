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
func (s Stats) Add(o Stats) Stats {
	s.Calls += o.Calls
	for k := range checks.NumChecks {
		s.Ran[k] += o.Ran[k]
		s.Violations[k] += o.Violations[k]
	}
	for r := range checks.NumReasons {
		s.Skipped[r] += o.Skipped[r]
	}
	return s
}

// Sub returns s - o, for counts since an earlier reading o.
func (s Stats) Sub(o Stats) Stats {
	s.Calls -= o.Calls
	for k := range checks.NumChecks {
		s.Ran[k] -= o.Ran[k]
		s.Violations[k] -= o.Violations[k]
	}
	for r := range checks.NumReasons {
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
	for k := range checks.Check(checks.NumChecks) {
		if s.Ran[k] != 0 {
			out.Ran[k.String()] = s.Ran[k]
		}
		if s.Violations[k] != 0 {
			out.Violations[k.String()] = s.Violations[k]
		}
	}
	for r := range checks.Reason(checks.NumReasons) {
		if s.Skipped[r] != 0 {
			out.Skipped[r.String()] = s.Skipped[r]
		}
	}
	return json.Marshal(out)
}
