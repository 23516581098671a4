package sweep

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// A tail keeps what a worker wrote on its stdout and stderr (one file)
// as the master needs it, by the step it came in: the worker marks the
// start of each step's calls (markPrefix's lines, kept out of the
// output). It keeps the step's output (before the first mark: all of it),
// its last 64 KiB; from the step's last line that starts Go's report of a
// death ("panic: ", "fatal error: ", "SIGSEGV: "), the first maxTrace
// bytes, however much output came before it or comes after (every
// goroutine's stack, under GOTRACEBACK=all); each step's goroutine; the
// race detector's reports and the test's failures, with the step they
// came in.
type tail struct {
	mu sync.Mutex
	b  bytes.Buffer
	// tr is the step's output from its last line that starts a death's
	// report; head holds the start of the line under way (up to
	// headLen bytes) until it tells whether it starts one (decided).
	tr      []byte
	tracing bool
	head    []byte
	decided bool
	mark    string         // the last step mark: "op step kind"
	gs      map[int]string // the goroutine each step's calls ran on: its mark
	pending string         // what may hold a race report's start, waiting for its end
	races   [][2]string    // the step mark and the report
	fails   [][2]string    // the step mark and the step's output
	partial string         // a mark's start, cut at the end of a write
}

// headLen is how much of a line tells whether it starts a death's
// report (the longest signal's name and more).
const headLen = 24

// maxTrace bounds the trace a tail keeps from a death's first line.
const maxTrace = 64 << 10

func newTail() *tail { return &tail{gs: map[int]string{}} }

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.partial + string(p)
	t.partial = ""
	for s != "" {
		i := strings.Index(s, markPrefix)
		if i < 0 {
			if j := strings.LastIndexByte(s, 0); j >= 0 && len(s)-j < len(markPrefix) && strings.HasPrefix(markPrefix, s[j:]) {
				t.partial, s = s[j:], s[:j] // a mark's start cut in two
			}
			t.output(s)
			break
		}
		t.output(s[:i])
		line, rest, ok := strings.Cut(s[i:], "\n")
		if !ok && len(s)-i < 256 {
			t.partial = s[i:]
			break
		}
		t.marked(strings.TrimPrefix(line, markPrefix))
		s = rest
	}
	return len(p), nil
}

// marked reads a mark's line: a step's start ("step op step kind g"),
// which starts its output, or the test's failure in the step under way.
func (t *tail) marked(m string) {
	if rest, ok := strings.CutPrefix(m, "step "); ok {
		f := strings.Fields(rest)
		if len(f) != 4 {
			return
		}
		t.mark = strings.Join(f[:3], " ")
		if g, err := strconv.Atoi(f[3]); err == nil {
			t.gs[g] = t.mark
		}
		t.b.Reset()
		t.tr, t.tracing, t.head, t.decided = nil, false, t.head[:0], false
		return
	}
	if m == "failed" {
		t.fails = append(t.fails, [2]string{t.mark, t.b.String()})
	}
}

// output keeps s, output of the step under way.
func (t *tail) output(s string) {
	if s == "" {
		return
	}
	t.findRaces(s)
	t.b.WriteString(s)
	if t.b.Len() > 64<<10 {
		rest := bytes.Clone(t.b.Bytes()[t.b.Len()-32<<10:])
		t.b.Reset()
		t.b.Write(rest)
	}
	for s != "" {
		piece := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			piece = s[:i+1]
		}
		s = s[len(piece):]
		ends := strings.HasSuffix(piece, "\n")
		if !t.decided {
			n := min(headLen-len(t.head), len(piece))
			t.head = append(t.head, piece[:n]...)
			piece = piece[n:]
			if len(t.head) == headLen || ends && piece == "" {
				t.decided = true
				if deathLine(string(t.head)) {
					t.tr, t.tracing = append(t.tr[:0], t.head...), true
				} else {
					t.traced(string(t.head))
				}
			}
		}
		if t.decided {
			t.traced(piece)
		}
		if ends {
			t.head, t.decided = t.head[:0], false
		}
	}
}

// traced adds s to the trace under way, up to maxTrace.
func (t *tail) traced(s string) {
	if t.tracing && len(t.tr) < maxTrace {
		t.tr = append(t.tr, s[:min(len(s), maxTrace-len(t.tr))]...)
	}
}

// deathLine reports whether a line (its start) is the first of Go's
// report of a death: a panic, a fatal error, a signal.
func deathLine(l string) bool {
	return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || sigLine.MatchString(l)
}

// findRaces keeps the race reports that end in p, their starts in the
// writes before it (the race detector writes a report in pieces).
func (t *tail) findRaces(p string) {
	t.pending += p
	for {
		i := strings.Index(t.pending, raceStart)
		if i < 0 {
			t.pending = t.pending[max(len(t.pending)-len(raceStart), 0):] // a start cut in two
			return
		}
		j := strings.Index(t.pending[i+len(raceStart):], raceEnd)
		if j < 0 {
			t.pending = t.pending[i:min(len(t.pending), i+maxOutput)]
			return
		}
		end := i + len(raceStart) + j
		t.races = append(t.races, [2]string{t.mark, t.pending[i:end]})
		t.pending = t.pending[end+len(raceEnd):]
	}
}

// String is the output of the step under way (all the output before the
// first step), its last 64 KiB.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}

// trace is the step's output from its last line that starts Go's report
// of a death, "" when none does.
func (t *tail) trace() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.tr)
}

// labelRE finds a step's label in a goroutine's header (GODEBUG
// tracebacklabels=1: `goroutine 7 [running labels:{"sweep.step": "3 0
// step"}]:`).
var labelRE = regexp.MustCompile(`"` + regexp.QuoteMeta(stepLabel) + `": "([^"]*)"`)

// starter returns the mark of the step whose calls started the goroutine
// a death's trace is of (its first goroutine): by the step's label the
// goroutine inherited, else by its number or its creator's among the
// steps' goroutines; "" when the trace does not tell (a goroutine no
// step's call started, or one of a goroutine's it started, before Go
// 1.26).
func (t *tail) starter(trace string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	in := false
	for _, l := range strings.Split(trace, "\n") {
		if strings.HasPrefix(l, "goroutine ") {
			if in {
				return ""
			}
			in = true
			if m := labelRE.FindStringSubmatch(l); m != nil {
				return m[1]
			}
			var g int
			if _, err := fmt.Sscanf(l, "goroutine %d", &g); err == nil && t.gs[g] != "" {
				return t.gs[g]
			}
			continue
		}
		if by, ok := strings.CutPrefix(l, "created by "); ok && in {
			if _, n, ok := strings.Cut(by, " in goroutine "); ok {
				g, _ := strconv.Atoi(n)
				return t.gs[g]
			}
			return ""
		}
	}
	return ""
}
