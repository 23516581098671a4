package asserts

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts/checks"
)

// A Handler receives violations. Handle may be called from several
// goroutines at once. If it returns, checking goes on.
type Handler interface {
	Handle(v *Violation)
}

// HandlerFunc adapts a function to a Handler.
type HandlerFunc func(v *Violation)

// Handle calls f(v).
func (f HandlerFunc) Handle(v *Violation) { f(v) }

// Panic is the default handler: it panics with the *Violation (an error), so
// that the first broken kernel stops the program where it broke.
var Panic Handler = panicHandler{}

type panicHandler struct{}

func (panicHandler) Handle(v *Violation) { panic(v) }

type handlerBox struct{ h Handler }

var curHandler atomic.Pointer[handlerBox]

// SetHandler installs h and returns the previous handler. A nil h restores
// [Panic].
func SetHandler(h Handler) (prev Handler) {
	var b *handlerBox
	if h != nil {
		b = &handlerBox{h}
	}
	if old := curHandler.Swap(b); old != nil {
		return old.h
	}
	return Panic
}

// CurrentHandler returns the installed handler.
func CurrentHandler() Handler {
	if b := curHandler.Load(); b != nil {
		return b.h
	}
	return Panic
}

// Handle hands v to the calling goroutine's scope ([Collect]), if it is
// in one, and otherwise to the installed handler: what a failed check
// does with its violation (generated wrappers' checks call it, through
// internal/engine).
func Handle(v *Violation) {
	if openScopes.Load() != 0 && scoped(v) {
		scopedViolations.Add(1)
		return
	}
	CurrentHandler().Handle(v)
}

// scopedViolations counts the violations [Collect] took (so never handed
// to a handler), for a Collector's summary.
var scopedViolations atomic.Uint64

// Testing returns a handler that reports each violation with t.Errorf, so a
// test run lists every broken kernel and goes on. A violation identical to
// one reported before but for the numbers that move from call to call
// (see [Deduplicate]) is counted, not printed again;
// if t has Cleanup (a *testing.T has), the counts are reported at its end.
// t is a *testing.T, a *testing.B, or anything with the two methods of
// testing.TB the handler uses.
func Testing(t interface {
	Helper()
	Errorf(format string, args ...any)
}) Handler {
	var (
		mu     sync.Mutex
		seen   = map[string]int{}
		firsts []*Violation
	)
	if c, ok := t.(interface{ Cleanup(func()) }); ok {
		c.Cleanup(func() {
			mu.Lock()
			defer mu.Unlock()
			for _, v := range firsts {
				if n := seen[v.dedupKey()]; n > 1 {
					t.Errorf("%s: %s: %s: the violation above %d times in all (%s differ)", v.OpName(), v.Check, v.Where(), n, v.moving())
				}
			}
		})
	}
	return HandlerFunc(func(v *Violation) {
		t.Helper()
		k := v.dedupKey()
		mu.Lock()
		seen[k]++
		first := seen[k] == 1
		if first {
			firsts = append(firsts, v)
		}
		mu.Unlock()
		if first {
			t.Errorf("%v", v)
		}
	})
}

// A Collector is a handler that keeps violations for a report, as a CI suite
// wants: a JSON document and a human summary, both with the statistics of the
// calls made since the collector was created (or Reset).
type Collector struct {
	mu    sync.Mutex
	base  Stats
	vs    []Violation
	limit int
	// n and byOp count every violation this collector handled, those
	// beyond limit included; the global statistics would also count
	// violations that went to another handler meanwhile.
	n    uint64
	byOp map[string]map[string]int
	// scoped is scopedViolations when the statistics started.
	scoped uint64
}

// NewCollector returns a collector whose statistics start now. It keeps at
// most 10000 violations (all are counted).
func NewCollector() *Collector {
	return &Collector{base: ReadStats(), scoped: scopedViolations.Load(), limit: 10000}
}

// Handle records v.
func (c *Collector) Handle(v *Violation) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	if c.byOp == nil {
		c.byOp = map[string]map[string]int{}
	}
	m := c.byOp[v.OpName()]
	if m == nil {
		m = map[string]int{}
		c.byOp[v.OpName()] = m
	}
	m[v.Check.String()]++
	if len(c.vs) < c.limit {
		c.vs = append(c.vs, *v)
	}
}

// Reset drops the recorded violations and restarts the statistics.
func (c *Collector) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vs = nil
	c.n = 0
	c.byOp = nil
	c.base = ReadStats()
	c.scoped = scopedViolations.Load()
}

// Violations returns a copy of the recorded violations, in arrival order.
func (c *Collector) Violations() []Violation {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.vs)
}

// Report is a collector's findings, as [Collector.WriteJSON] encodes them.
type Report struct {
	// Calls is the number of checked calls.
	Calls uint64 `json:"calls"`
	// ChecksRun counts the checks that ran, by check name.
	ChecksRun map[string]uint64 `json:"checks_run"`
	// Skipped counts the skipped checks, by reason.
	Skipped map[string]uint64 `json:"skipped"`
	// ViolationCount is the number of violations the collector handled
	// (Violations may hold fewer).
	ViolationCount uint64 `json:"violation_count"`
	// Collected is the number of violations [Collect] returned to the code
	// that collected them meanwhile (which never reach a handler): the
	// run's violations are ViolationCount + Collected.
	Collected uint64 `json:"collected"`
	// ByOp counts violations by operator ("add.Tensor") and check.
	ByOp map[string]map[string]int `json:"violations_by_op"`
	// Violations lists the recorded violations.
	Violations []Violation `json:"violations"`
}

// Report returns the collector's findings.
func (c *Collector) Report() Report {
	c.mu.Lock()
	st := ReadStats().Sub(c.base)
	vs := slices.Clone(c.vs)
	r := Report{
		Calls:          st.Calls,
		ChecksRun:      byName[checks.Check](st.Ran[:]),
		Skipped:        byName[checks.Reason](st.Skipped[:]),
		ByOp:           map[string]map[string]int{},
		Violations:     vs,
		ViolationCount: c.n,
		Collected:      scopedViolations.Load() - c.scoped,
	}
	for op, m := range c.byOp {
		r.ByOp[op] = maps.Clone(m)
	}
	c.mu.Unlock()
	if r.Violations == nil {
		r.Violations = []Violation{}
	}
	return r
}

// WriteJSON writes the report as indented JSON.
func (c *Collector) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(c.Report())
}

// Summary returns the report for people: totals, checks run, violations by
// operator and check, skips by reason, then each violation on its line.
func (c *Collector) Summary() string {
	r := c.Report()
	var b strings.Builder
	ran, skipped := sum(slices.Collect(maps.Values(r.ChecksRun))), sum(slices.Collect(maps.Values(r.Skipped)))
	fmt.Fprintf(&b, "asserts: %d calls, %d checks run, %d skipped, %d violations",
		r.Calls, ran, skipped, r.ViolationCount+r.Collected)
	if r.Collected > 0 {
		fmt.Fprintf(&b, " (%d collected by asserts.Collect, reported by the tests that collected them; %d here)", r.Collected, r.ViolationCount)
	}
	b.WriteString("\n")
	if len(r.ChecksRun) > 0 {
		b.WriteString("checks run:\n")
		for k := range checks.Check(checks.NumChecks) {
			if n := r.ChecksRun[k.String()]; n != 0 {
				fmt.Fprintf(&b, "  %-24s %d\n", k, n)
			}
		}
	}
	if len(r.ByOp) > 0 {
		b.WriteString("violations by op:\n")
		for _, op := range slices.Sorted(maps.Keys(r.ByOp)) {
			for _, k := range slices.Sorted(maps.Keys(r.ByOp[op])) {
				fmt.Fprintf(&b, "  %-24s %-24s %d\n", op, k, r.ByOp[op][k])
			}
		}
	}
	if len(r.Skipped) > 0 {
		b.WriteString("skipped by reason:\n")
		for rs := range checks.Reason(checks.NumReasons) {
			if n := r.Skipped[rs.String()]; n != 0 {
				fmt.Fprintf(&b, "  %-28s %d\n", rs, n)
			}
		}
	}
	if len(r.Violations) > 0 {
		b.WriteString("violations:\n")
		for _, g := range Deduplicate(r.Violations) {
			fmt.Fprintf(&b, "  %v\n", g)
		}
		if n := r.ViolationCount - uint64(len(r.Violations)); r.ViolationCount > uint64(len(r.Violations)) {
			fmt.Fprintf(&b, "  ... and %d more\n", n)
		}
	}
	return b.String()
}
