package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// The master: it starts a worker for the sweep, reads what each step did,
// and when the worker dies (or hangs), records the crash at the step it
// died in and starts a fresh worker at the next step.

// defaultCallLimit is a call's time limit when Options.CallLimit is 0:
// far above any call of a sweep's small samples, under -race, on a
// loaded machine.
const defaultCallLimit = 60 * time.Second

// inProcess reports whether the sweep runs in this process: the option,
// or the environment's choice.
func (o Options) inProcess() (bool, error) {
	switch v := os.Getenv(isolationEnv); v {
	case "", "isolated":
		return o.InProcess, nil
	case "inprocess":
		return true, nil
	default:
		return false, fmt.Errorf("sweep: %s=%q: want inprocess or isolated", isolationEnv, v)
	}
}

// budget is the time a sweep has: the test's deadline (t.Deadline, else
// -test.timeout from the process's start), zero when there is none.
func budget(t testing.TB) time.Time {
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if dl, ok := d.Deadline(); ok {
			return dl
		}
		return time.Time{}
	}
	if timeout := testTimeout(); timeout > 0 {
		return started.Add(timeout)
	}
	return time.Time{}
}

// started is about when the process started.
var started = time.Now()

// A position is where a worker starts: an op, its step, and the variants
// of the op that ran before it.
type position struct{ op, step, base, alias int }

// A queue hands out a sweep's ops, in the table's order, to its workers.
type queue struct {
	mu   sync.Mutex
	next int
	n    int
}

// take returns the next op no worker took, n when none is left.
func (q *queue) take() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	op := q.next
	q.next = min(q.next+1, q.n)
	return op
}

// isolate runs the sweep id in o.Workers workers at once, adding what
// they did to ty: each worker's master keeps a tally of its own, and the
// tallies' reports are added up at the end (the same whichever worker
// ran which op).
func isolate(t testing.TB, id sweepID, ty *tally, o Options) error {
	exe, args, err := workerCommand(t)
	if err != nil {
		return err
	}
	limit := o.CallLimit
	if limit <= 0 {
		limit = defaultCallLimit
	}
	deadline := budget(t)
	if !deadline.IsZero() {
		limit = min(limit, max(time.Until(deadline)/4, time.Second))
		deadline = deadline.Add(-time.Until(deadline) / 10)
	}
	q := &queue{n: len(ty.es)}
	var mu sync.Mutex // the callbacks are called from one worker's master at a time
	var found func(string)
	var onStep func(Step)
	if ty.found != nil {
		found = func(line string) {
			mu.Lock()
			defer mu.Unlock()
			ty.found(line)
		}
	}
	if ty.onStep != nil {
		onStep = func(s Step) {
			mu.Lock()
			defer mu.Unlock()
			ty.onStep(s)
		}
	}
	lanes := make([]*master, max(o.Workers, 1))
	errs := make([]error, len(lanes))
	var wg sync.WaitGroup
	for i := range lanes {
		m := &master{ty: newTally(ty.es, ty.n, ty.probes, found), q: q, id: id, before: before(id.key), exe: exe, args: args, limit: limit, deadline: deadline}
		m.ty.onStep = onStep
		lanes[i] = m
		wg.Go(func() { errs[i] = m.run() })
	}
	wg.Wait()
	for i, m := range lanes {
		if errs[i] != nil {
			return errs[i]
		}
		ty.r.merge(m.ty.r)
	}
	return nil
}

// run runs workers until the queue has no op left.
func (m *master) run() error {
	pos := position{op: m.q.take(), base: -1, alias: -1}
	var err error
	for pos.op < len(m.ty.es) {
		if pos, err = m.runWorker(pos); err != nil {
			return err
		}
	}
	m.ty.endOp()
	return nil
}

// A master runs one sweep's workers, one at a time.
type master struct {
	ty        *tally
	q         *queue
	id        sweepID
	before    []past // the sweeps the goroutine ran before this one
	exe       string
	args      []string
	limit     time.Duration
	deadline  time.Time // the sweep's budget (zero: none)
	cur       int       // the op the current worker runs, or is told to run
	lastStart *event    // the step under way in the current worker
	// startDone: lastStart's step told its result (a death after it is
	// a goroutine's it left behind); opEnded: its op told its end.
	startDone, opEnded bool
}

// A proc is a running worker.
type proc struct {
	cmd    *exec.Cmd
	to     *os.File // requests
	events chan *event
	stderr *tail
	tmp    string // the worker's temporary directory, removed at its end
}

// stepMark starts the line a worker built with -race writes on its stderr
// as a step starts: "op step again".
const stepMark = "\x00sweep step "

// raceStart and raceEnd frame a report of Go's race detector.
const (
	raceStart = "WARNING: DATA RACE\n"
	raceEnd   = "==================\n"
)

// runWorker runs a worker from pos and returns where the next one starts
// (past the last op when the sweep is done).
func (m *master) runWorker(pos position) (position, error) {
	p, err := m.start()
	if err != nil {
		return pos, err
	}
	defer p.kill()
	hs, err := json.Marshal(handshake{Target: m.id, Before: m.before,
		Req: request{Op: pos.op, Step: pos.step, Base: pos.base, Alias: pos.alias, Limit: m.limit}})
	if err != nil {
		return pos, err
	}
	go func() { // a worker that ends before it reads it breaks the pipe
		p.to.Write(append(hs, '\n'))
	}()
	m.lastStart, m.cur = nil, pos.op
	ready := false
	var hang *crashError
	wait := m.limit*time.Duration(maxRepairs+2) + 30*time.Second // the watchdog's backstop
	for {
		var ev *event
		var ok bool
		select {
		case ev, ok = <-p.events:
		case <-time.After(wait):
			p.cmd.Process.Kill()
			hang = &crashError{Kind: crashHang, Text: fmt.Sprintf("no word from the worker within %v (its watchdog did not report)", wait)}
		case <-m.budgetOut():
			p.kill()
			m.drainRaces(p)
			m.outOfBudget()
			return position{op: len(m.ty.es)}, nil
		}
		switch {
		case hang != nil || !ok:
			st := p.wait()
			m.drainRaces(p)
			if !ready {
				return pos, fmt.Errorf("sweep: a worker (%s) ended before it reached the sweep, which it runs again from the start of the test or program (see docs/sweep.md, \"Isolation\"): %v\n%s", m.exe, st, lastLines(p.stderr.String(), 200))
			}
			return m.died(pos, hang, st, p.stderr.String())
		}
		switch ev.T {
		case evReady:
			ready = true
		case evStart:
			m.lastStart, m.startDone, m.opEnded = ev, false, false
			m.ty.state(ev.Op) // its time starts
		case evHang:
			hang = ev.Crash
		case evDone:
			p.wait()
			m.drainRaces(p)
			return position{op: len(m.ty.es)}, nil
		default:
			m.ty.apply(ev)
			m.ended(ev)
			if ev.T == evOpDone {
				m.cur = m.q.take()
				m.handOut(p, m.cur)
			}
		}
	}
}

// handOut tells the worker the next op to run, n (none) to end.
func (m *master) handOut(p *proc, op int) {
	req := request{Op: op, Base: -1, Alias: -1, Limit: m.limit}
	if op >= len(m.ty.es) {
		req.Op = -1
	}
	b, _ := json.Marshal(req)
	p.to.Write(append(b, '\n')) // a worker that died meanwhile: its death tells
}

// ended notes the end of lastStart's step, or of its op, that ev tells.
func (m *master) ended(ev *event) {
	s := m.lastStart
	if s == nil || ev.Op != s.Op {
		return
	}
	switch ev.T {
	case evStep:
		m.startDone = m.startDone || ev.Step == s.Step && !s.Again
	case evAgain:
		m.startDone = m.startDone || ev.Step == s.Step && s.Again
	case evOpDone:
		m.opEnded = true
	}
}

// stepsTold is how many steps of the op under way have told their
// result: the step the next worker starts at.
func (m *master) stepsTold() int { return m.ty.cur.told }

// budgetOut is a channel that closes when the sweep's budget runs out
// (nil: no budget).
func (m *master) budgetOut() <-chan time.Time {
	if m.deadline.IsZero() {
		return nil
	}
	return time.After(time.Until(m.deadline))
}

// outOfBudget marks every step not run yet not run, and the ops none of
// whose steps ran not reached: the rest of the op under way, and every
// op no worker took.
func (m *master) outOfBudget() {
	ty := m.ty
	if m.cur < len(ty.es) {
		ty.state(m.cur)
		m.notRun(m.cur, m.stepsTold())
	}
	for op := m.q.take(); op < len(ty.es); op = m.q.take() {
		m.notRun(op, 0)
	}
}

// notRun marks op's steps from k on not run, and the op not reached when
// none ran.
func (m *master) notRun(op, k int) {
	ty := m.ty
	for ; k < ty.steps(op); k++ {
		ty.skip(op, k)
	}
	ty.endOp()
	if _, ok := ty.r.Exercised[ty.es[op].Name]; !ok {
		ty.r.NotReached[ty.es[op].Name] = "not run: the sweep's budget (the test's deadline) ran out"
	}
}

// race records a race detector's report as a crash of the step the
// worker's stderr marked before it (mark: "op step again"), of the step's
// op, at the report's first frame outside the standard library.
func (m *master) race(mark, report string) {
	ev := &event{T: evStart}
	if _, err := fmt.Sscanf(mark, "%d %d %t", &ev.Op, &ev.Step, &ev.Again); err != nil || ev.Op >= len(m.ty.es) {
		return // before the first step: the test's own code, not an op's
	}
	ce := raceCrash(report)
	m.ty.crashed(ev.Op, ev.Step, m.label(ev), ev.Again, ce)
}

// drainRaces records the race reports of the worker's stderr, once it
// ended.
func (m *master) drainRaces(p *proc) {
	p.stderr.mu.Lock()
	races := p.stderr.races
	p.stderr.races = nil
	p.stderr.mu.Unlock()
	for _, r := range races {
		m.race(r[0], r[1])
	}
}

// raceCrash is the crash of a race detector's report: the two accesses
// ("Write, Previous read"), at the first one's innermost frame outside
// the standard library.
func raceCrash(report string) *crashError {
	var frames, what []string
	for _, l := range strings.Split(report, "\n") {
		switch {
		case strings.HasPrefix(l, "      "):
			frames = append(frames, "\t"+strings.TrimSpace(l))
		case strings.HasPrefix(l, "  "):
			frames = append(frames, strings.TrimSpace(l))
		case strings.Contains(l, " at 0x") && strings.HasSuffix(l, ":"):
			access, _, _ := strings.Cut(l, " at 0x")
			what = append(what, access)
			frames = append(frames, "goroutine 0 [race]:")
		}
	}
	return &crashError{Kind: crashRace, Text: strings.Join(what, ", "), At: firstUserFrame(frames, -1), Output: clip(normalizeTrace(report))}
}

// label is the name of the step ev starts in the report.
func (m *master) label(ev *event) string {
	l := m.ty.stepName(ev.Op, ev.Step)
	if ev.Again {
		l += ", called again"
	}
	return l
}

// died records the crash of the step the worker died in (a hang when
// hang is set) and returns where the next worker starts.
func (m *master) died(pos position, hang *crashError, st *os.ProcessState, stderr string) (position, error) {
	ev := m.lastStart
	if ev == nil {
		return pos, fmt.Errorf("sweep: a worker died before its first step (%v):\n%s", st, lastLines(stderr, 20))
	}
	ce := hang
	if ce == nil {
		ce = death(stderr, st)
	}
	res := &result{Err: "crash", Crash: ce, Text: (&crashError{Text: ce.Text, At: ce.At}).Error()}
	ty := m.ty
	if m.opEnded {
		// a goroutine the op's last step left behind: its crash, and the
		// op the worker was told to run next
		ty.crashed(ev.Op, ev.Step, m.label(ev), ev.Again, ce)
		return position{op: m.cur, base: -1, alias: -1}, nil
	}
	steps := ty.steps(ev.Op)
	switch {
	case m.startDone:
		ty.crashed(ev.Op, ev.Step, m.label(ev), ev.Again, ce) // after its step: a goroutine's it left
	case ev.Rebase:
		// the values' base, run again, crashed: no given sample nor
		// value runs on it
		ty.crashed(ev.Op, ev.Step, Variants[ev.Step].Name+", run again as the values' base", false, ce)
		for k := max(ty.n, m.stepsTold()); k < steps; k++ {
			ty.apply(&event{T: evStep, Op: ev.Op, Step: k, Res: &result{NotRun: '_'}})
		}
	case ev.Again:
		ty.apply(&event{T: evAgain, Op: ev.Op, Step: ev.Step, Res: res})
	default:
		ty.apply(&event{T: evStep, Op: ev.Op, Step: ev.Step, Res: res})
	}
	ty.state(ev.Op)
	next := m.stepsTold()
	if ce.Kind == crashHang {
		for k := next; k < steps; k++ {
			ty.skip(ev.Op, k)
		}
		next = steps
	}
	if next >= steps {
		ty.apply(&event{T: evOpDone, Op: ev.Op})
		return position{op: m.q.take(), base: -1, alias: -1}, nil
	}
	s := ty.state(ev.Op)
	return position{op: ev.Op, step: next, base: s.base, alias: s.alias}, nil
}

// start starts a worker.
func (m *master) start() (*proc, error) {
	fromR, fromW, err := os.Pipe() // master to worker
	if err != nil {
		return nil, err
	}
	toR, toW, err := os.Pipe() // worker to master
	if err != nil {
		fromR.Close()
		fromW.Close()
		return nil, err
	}
	// A worker re-runs the test up to its sweep and leaves by os.Exit
	// (or is killed): the test's t.TempDir directories and whatever its
	// kernels put in the temporary directory are never cleaned up by it.
	// It gets a temporary directory of its own, which wait removes; a
	// sweep that cannot make one stops rather than leave its workers'
	// files where nothing removes them.
	tmp, err := os.MkdirTemp("", "sweep-worker-")
	if err != nil {
		fromR.Close()
		fromW.Close()
		toR.Close()
		toW.Close()
		return nil, fmt.Errorf("sweep: a worker's temporary directory: %v", err)
	}
	p := &proc{cmd: exec.Command(m.exe, m.args...), to: fromW, events: make(chan *event, 64), stderr: &tail{}, tmp: tmp}
	rid, wid := passFiles(p.cmd, fromR, toW)
	p.cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d/%d", workerEnv, rid, wid))
	p.cmd.Env = append(p.cmd.Env, "TMPDIR="+tmp, "TMP="+tmp, "TEMP="+tmp) // os.TempDir's variables on Unix and Windows
	p.cmd.Stdout, p.cmd.Stderr = p.stderr, p.stderr
	err = p.cmd.Start()
	fromR.Close()
	toW.Close()
	if err != nil {
		fromW.Close()
		toR.Close()
		p.removeTmp()
		return nil, fmt.Errorf("sweep: starting a worker: %v", err)
	}
	go readEvents(toR, p.events)
	return p, nil
}

// readEvents decodes the worker's events until its channel ends (or
// breaks: a worker that died in the middle of a line).
func readEvents(r io.ReadCloser, events chan<- *event) {
	defer close(events)
	defer r.Close()
	dec := json.NewDecoder(r)
	for {
		ev := &event{}
		if err := dec.Decode(ev); err != nil {
			return
		}
		events <- ev
	}
}

// wait waits for the worker's end and returns its state.
func (p *proc) wait() *os.ProcessState {
	p.to.Close()
	done := make(chan struct{})
	go func() {
		for range p.events { // the channel's rest, unread
		}
		close(done)
	}()
	p.cmd.Wait()
	<-done
	p.removeTmp()
	return p.cmd.ProcessState
}

// removeTmp removes the worker's temporary directory.
func (p *proc) removeTmp() {
	if p.tmp != "" {
		os.RemoveAll(p.tmp)
		p.tmp = ""
	}
}

// kill ends the worker, if it still runs.
func (p *proc) kill() {
	if p.cmd.ProcessState == nil {
		p.cmd.Process.Kill()
		p.wait()
	}
}

// A tail keeps the last 64 KiB written to it: a worker's output. It keeps
// each race detector's report in it with the step mark before it
// (stepMark's line), which it keeps out of the output.
type tail struct {
	mu      sync.Mutex
	b       bytes.Buffer
	pending string // what may hold a race report's start, waiting for its end
	mark    string // the last step mark: "op step again"
	races   [][2]string
	partial string // a step mark's start
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.partial + string(p)
	t.partial = ""
	var out strings.Builder
	for s != "" {
		i := strings.Index(s, stepMark)
		if i < 0 {
			out.WriteString(s)
			break
		}
		out.WriteString(s[:i])
		line, rest, ok := strings.Cut(s[i:], "\n")
		if !ok {
			t.partial = s[i:]
			break
		}
		t.findRaces(out.String())
		t.b.WriteString(out.String())
		out.Reset()
		t.mark = strings.TrimPrefix(line, stepMark)
		s = rest
	}
	t.findRaces(out.String())
	t.b.WriteString(out.String())
	if t.b.Len() > 64<<10 {
		rest := bytes.Clone(t.b.Bytes()[t.b.Len()-32<<10:])
		t.b.Reset()
		t.b.Write(rest)
	}
	return len(p), nil
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

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}

// errNoTest is workerCommand's error for a sweep in a test binary whose
// test it cannot tell.
var errNoTest = errors.New("sweep: a sweep in a subtest, or on a goroutine a test started, needs Options.Test (the subtest's t) to run isolated: its workers run that test alone up to the sweep (Options.InProcess runs it in this process)")

// errNoExecutable is workerCommand's error when the process cannot find
// its own executable.
var errNoExecutable = errors.New("sweep: cannot run the program again as a worker: no path to its executable (Options.InProcess runs the sweep in this process)")

// workerCommand is the command that starts a worker: the program with its
// arguments, or the test binary with the flags a worker inherits and a
// -test.run that selects the test the sweep is in (t's, else the test
// function on the calling goroutine's stack, else the process's own).
func workerCommand(t testing.TB) (string, []string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", nil, errNoExecutable
	}
	if !testing.Testing() {
		return exe, os.Args[1:], nil
	}
	name := testName(t)
	if name == "" {
		top, ok := testOnStack()
		if !ok {
			return "", nil, errNoTest
		}
		name = top
	}
	run := ""
	if name != "" {
		run = testPattern(name)
	}
	args := inherited(os.Args[1:], run != "")
	if run != "" {
		args = append(args, "-test.run="+run)
	}
	return exe, args, nil
}

// testName is t's name, "" when t is nil or a stand-in without one (a
// testing.TB of a test's own that embeds a nil one).
func testName(t testing.TB) (name string) {
	if t == nil {
		return ""
	}
	defer func() {
		if recover() != nil {
			name = ""
		}
	}()
	return t.Name()
}
