package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
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
	exe, args, err := workerCommand(t, id.Nth)
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
		m.ty.onStep, m.ty.notGen = onStep, ty.notGen
		if tb := o.Test; tb != nil {
			m.testFailed = func(msg string) {
				mu.Lock()
				defer mu.Unlock()
				tb.Errorf("%s", msg)
			}
		}
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
	m.settle()
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
	// rerun is the last step a fresh worker ran again because a
	// goroutine its call did not start ended the worker in it (once per
	// step); pending is that goroutine's crash when no step started it,
	// until the fresh worker runs the step (the crash is then not
	// attributed to an op) or dies in it again (the step's).
	rerun   *[2]int
	pending *pendingCrash
	// testFailed, when set, fails the sweep's test (Options.Test) with a
	// message: the test failed in a worker.
	testFailed func(msg string)
}

// A pendingCrash is a crash of a goroutine no step's call started, which
// ended a worker while a step ran (while: the op and the step's name).
type pendingCrash struct {
	ce    *crashError
	while string
}

// A proc is a running worker.
type proc struct {
	cmd    *exec.Cmd
	to     *os.File // requests
	from   *os.File // events (the master's end)
	events chan *event
	stderr *tail         // its output (stdout and stderr), read at its end
	tmp    string        // the worker's temporary directory, removed at its end
	exited chan struct{} // closed when the worker has ended (cmd.Wait returned)
	starts []*event      // the steps it started, each with its output's offset
}

// markPrefix starts the lines a worker writes on its stderr for the
// master: "step op step kind g" as a step's calls start on goroutine g
// (the step's output follows), "failed" when they failed the test.
const markPrefix = "\x00sweep "

// drainDelay bounds the wait for a worker's output and channel to close
// once it has ended: a process its code started and that outlives it may
// hold them open (a daemon, forever).
const drainDelay = 2 * time.Second

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
	exited := p.exited
	for {
		var ev *event
		var ok bool
		select {
		case ev, ok = <-p.events:
		case <-exited:
			// what it wrote before it ended is read to the channel's end,
			// which a process it started may hold open: bounded
			p.from.SetReadDeadline(time.Now().Add(drainDelay))
			exited = nil
			continue
		case <-time.After(wait):
			p.cmd.Process.Kill()
			hang = &crashError{Kind: crashHang, Text: fmt.Sprintf("no word from the worker within %v (its watchdog did not report)", wait)}
		case <-m.budgetOut():
			p.kill()
			m.drainTail(p)
			m.outOfBudget()
			return position{op: len(m.ty.es)}, nil
		}
		switch {
		case hang != nil || !ok:
			st := p.wait()
			m.drainTail(p)
			if !ready {
				return pos, fmt.Errorf("sweep: a worker (%s) ended before it reached the sweep, which it runs again from the start of the test or program (see docs/sweep.md, \"Isolation\"): %v\n%s", m.exe, st, lastLines(p.stderr.String(), 200))
			}
			return m.died(pos, hang, st, p.stderr)
		}
		switch ev.T {
		case evReady:
			ready = true
		case evStart:
			m.lastStart, m.startDone, m.opEnded = ev, false, false
			if ev.Out >= 0 {
				p.starts = append(p.starts, ev)
			}
			m.ty.state(ev.Op) // its time starts
		case evHang:
			hang = ev.Crash
		case evDone:
			p.wait()
			m.drainTail(p)
			return position{op: len(m.ty.es)}, nil
		default:
			m.settle() // the step ran again in a fresh worker: the crash was not its
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

// markedStep is the step a mark names ("op step kind"), as the evStart
// that started it, nil when the mark names none of the sweep's steps.
func (m *master) markedStep(mark string) *event {
	ev := &event{T: evStart}
	var kind string
	if _, err := fmt.Sscanf(mark, "%d %d %s", &ev.Op, &ev.Step, &kind); err != nil || ev.Op < 0 || ev.Op >= len(m.ty.es) {
		return nil
	}
	ev.Again, ev.Rebase = kind == kindAgain, kind == kindRebase
	return ev
}

// race records a race detector's report as a crash of the step the
// worker's stderr marked before it, of the step's op, at the report's
// first frame outside the standard library.
func (m *master) race(mark, report string) {
	ev := m.markedStep(mark)
	if ev == nil {
		return // before the first step: the test's own code, not an op's
	}
	m.ty.crashed(ev.Op, ev.Step, m.label(ev), ev.Again, raceCrash(report))
}

// drainTail records the race reports of the worker's stderr and fails
// the test with the failures it marked, once the worker ended.
func (m *master) drainTail(p *proc) {
	p.stderr.mu.Lock()
	races, fails := p.stderr.races, p.stderr.fails
	p.stderr.races, p.stderr.fails = nil, nil
	p.stderr.mu.Unlock()
	for _, r := range races {
		m.race(r[0], r[1])
	}
	for _, f := range fails {
		where := "before its first step"
		if ev := m.markedStep(f[0]); ev != nil {
			where = "in " + m.ty.es[ev.Op].Name + ": " + m.label(ev)
		}
		if m.testFailed != nil {
			m.testFailed(fmt.Sprintf("sweep: the test failed in a worker, %s (its t's Errorf, Fatalf or Fail, called from a kernel or the adapter); the worker's output of that step:\n%s",
				where, strings.TrimRight(f[1], "\n")))
		}
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
	return &crashError{Kind: crashRace, Text: strings.Join(what, ", "), At: firstUserFrame(frames, -1), Output: clip(normalizeTrace(report)), Frames: traceFrames(frames, -1)}
}

// label is the name of the step ev starts in the report.
func (m *master) label(ev *event) string {
	if ev.Rebase {
		return Variants[ev.Step].Name + ", run again as the values' base"
	}
	l := m.ty.stepName(ev.Op, ev.Step)
	if ev.Again {
		l += ", called again"
	}
	return l
}

// died records the crash of the step the worker died in (told: the
// crash the worker told before it ended, a hang) and returns where the
// next worker starts. A crash on a goroutine that another step's call
// started (its trace names it) is that step's, and one on a goroutine no
// step's call started is not attributed to an op unless it ends a fresh
// worker in the same step again: in both cases the step runs again in a
// fresh worker (once).
func (m *master) died(pos position, told *crashError, st *os.ProcessState, out *tail) (position, error) {
	ev := m.lastStart
	if ev == nil {
		return pos, fmt.Errorf("sweep: a worker died before its first step (%v):\n%s", st, lastLines(out.String(), 20))
	}
	ce := told
	if ce == nil {
		trace := out.trace()
		ce = death(trace, out.String(), st)
		if trace != "" && goDeath(st) {
			from := m.markedStep(out.starter(trace))
			if here := [2]int{ev.Op, ev.Step}; (from == nil || from.Op != ev.Op || from.Step != ev.Step) && (m.rerun == nil || *m.rerun != here) {
				m.rerun = &here
				m.settle()
				if from != nil {
					m.ty.crashed(from.Op, from.Step, m.label(from), from.Again, ce)
				} else {
					m.pending = &pendingCrash{ce: ce, while: m.ty.es[ev.Op].Name + ": " + m.label(ev)}
				}
				return m.resume(ev), nil
			}
		}
	}
	if p := m.pending; p != nil {
		// The fresh worker died in the step again, of the same kind in the
		// same function (goroutines of one call racing to panic may say
		// other texts at other lines): the step's crash, not another's.
		m.pending = nil
		if p.ce.Kind != ce.Kind || crashFunc(p.ce) != crashFunc(ce) || crashFunc(ce) == "" && p.ce.Text != ce.Text {
			m.pending = p
			m.settle()
		}
	}
	return m.record(ev, ce)
}

// crashFunc is the function a crash is at, without its file and line
// ("" for none).
func crashFunc(ce *crashError) string {
	fn, _, _ := strings.Cut(ce.At, " (")
	return fn
}

// settle records the pending crash as one not attributed to an op: the
// step it ended a worker in ran in a fresh worker without it.
func (m *master) settle() {
	p := m.pending
	if p == nil {
		return
	}
	m.pending = nil
	c := p.ce.of("")
	c.Variants, c.Count = []string{"while " + p.while + " ran"}, 1
	m.ty.r.Unattributed = append(m.ty.r.Unattributed, c)
	if m.ty.found != nil {
		m.ty.found(c.String() + " (" + c.Variants[0] + ")")
	}
}

// resume returns where a fresh worker starts to run the step ev started
// again (the op's next step when ev's step told its result, the next op
// when its op ended).
func (m *master) resume(ev *event) position {
	ty := m.ty
	if m.opEnded {
		return position{op: m.cur, base: -1, alias: -1}
	}
	s := ty.state(ev.Op)
	if next := m.stepsTold(); next < ty.steps(ev.Op) {
		return position{op: ev.Op, step: next, base: s.base, alias: s.alias}
	}
	ty.apply(&event{T: evOpDone, Op: ev.Op})
	return position{op: m.q.take(), base: -1, alias: -1}
}

// record records ce as the crash of the step ev started and returns
// where the next worker starts.
func (m *master) record(ev *event, ce *crashError) (position, error) {
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
		ty.crashed(ev.Op, ev.Step, m.label(ev), false, ce)
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
	p := &proc{cmd: exec.Command(m.exe, m.args...), to: fromW, from: toR, events: make(chan *event, 64), stderr: newTail(), tmp: tmp, exited: make(chan struct{})}
	rid, wid := passFiles(p.cmd, fromR, toW)
	p.cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d/%d", workerEnv, rid, wid))
	p.cmd.Env = append(p.cmd.Env, "TMPDIR="+tmp, "TMP="+tmp, "TEMP="+tmp) // os.TempDir's variables on Unix and Windows
	p.cmd.Env = append(p.cmd.Env, "GODEBUG="+godebug(os.Getenv("GODEBUG")))
	// its output goes to a file the master reads at its end: a step's
	// mark costs the master nothing while the worker runs (a pipe would
	// wake it at each), and a process a kernel started that holds it
	// open holds nothing up
	out, err := os.Create(filepath.Join(tmp, "output"))
	if err != nil {
		fromR.Close()
		fromW.Close()
		toR.Close()
		toW.Close()
		p.removeTmp()
		return nil, fmt.Errorf("sweep: a worker's output file: %v", err)
	}
	defer out.Close()
	p.cmd.Stdout, p.cmd.Stderr = out, out
	p.cmd.WaitDelay = drainDelay
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
	go func() {
		p.cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// godebug is a worker's GODEBUG: the master's, and tracebacklabels=1, so
// that a goroutine's crash trace names the step whose call started it
// (stepLabel; Go 1.26 and later).
func godebug(env string) string {
	if env == "" {
		return "tracebacklabels=1"
	}
	return env + ",tracebacklabels=1"
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
	<-p.exited
	p.from.SetReadDeadline(time.Now().Add(drainDelay))
	<-done
	if p.tmp != "" {
		if f, err := os.Open(filepath.Join(p.tmp, "output")); err == nil {
			p.readOutput(f)
			f.Close()
		}
	}
	p.removeTmp()
	return p.cmd.ProcessState
}

// readOutput reads the worker's output file into its tail, each step's
// start marked at the offset its evStart told.
func (p *proc) readOutput(f *os.File) {
	var at int64
	for _, ev := range p.starts {
		if ev.Out < at {
			continue
		}
		io.Copy(p.stderr, io.LimitReader(f, ev.Out-at))
		at = ev.Out
		kind := kindStep
		switch {
		case ev.Again:
			kind = kindAgain
		case ev.Rebase:
			kind = kindRebase
		}
		p.stderr.Write([]byte(fmt.Sprintf("%sstep %d %d %s 0\n", markPrefix, ev.Op, ev.Step, kind)))
	}
	io.Copy(p.stderr, f)
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
	select {
	case <-p.exited:
		if p.tmp == "" {
			return // waited for
		}
	default:
		p.cmd.Process.Kill()
	}
	p.wait()
}

// errNoTest is workerCommand's error for a sweep in a test binary whose
// test it cannot tell.
var errNoTest = errors.New("sweep: a sweep in a subtest, or on a goroutine a test started, needs Options.Test (the subtest's t) to run isolated: its workers run that test alone up to the sweep (Options.InProcess runs it in this process)")

// errNoExecutable is workerCommand's error when the process cannot find
// its own executable.
var errNoExecutable = errors.New("sweep: cannot run the program again as a worker: no path to its executable (Options.InProcess runs the sweep in this process)")

// workerCommand is the command that starts a worker of a sweep that its
// test ran nth sweeps before: the program with its arguments, or the test
// binary with the flags a worker inherits, a -test.run that selects the
// test the sweep is in (t's, else the test function on the calling
// goroutine's stack) and -test.v, so that testing prints at once what the
// test's t logs in the worker (a failure's message: see master.drainTail).
// A benchmark's worker runs the benchmark alone (-test.run=^$), as many
// times as reach the sweep: the times it ran the sweep before, and once.
func workerCommand(t testing.TB, nth int) (string, []string, error) {
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
	args := inherited(os.Args[1:], true)
	if strings.HasPrefix(name, "Benchmark") {
		args = append(args, "-test.run=^$", "-test.bench="+testPattern(name), fmt.Sprintf("-test.benchtime=%dx", nth+1))
	} else {
		args = append(args, "-test.run="+testPattern(name))
	}
	return exe, append(args, "-test.v=true"), nil
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
