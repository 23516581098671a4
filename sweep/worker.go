package sweep

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/assertgen/assertgen/asserts"
)

// The worker: a process the master started (the program or test binary
// run again, workerEnv in its environment) runs until it reaches the
// sweep it is a worker of, serves it, and exits; the other sweeps it
// reaches before return an empty report at once.

// workerEnv marks a worker: "FROM/TO", the descriptors (Windows:
// handles) of the channel from the master and to it. The package's init
// takes it out of the environment, so that no process the worker starts
// (a nested go test) inherits it.
const workerEnv = "ASSERTGEN_SWEEP_WORKER"

// isolationEnv chooses where sweeps run: "inprocess", or "isolated" (the
// default).
const isolationEnv = "ASSERTGEN_SWEEP"

// marker is workerEnv's value at the process's start ("": not a worker).
var marker = os.Getenv(workerEnv)

func init() { os.Unsetenv(workerEnv) }

// A sweepID tells a sweep of a process from the others, the same in the
// master and its workers: a hash of its table, runtime type and options,
// and how many sweeps the test (its goroutine and name: examples share
// one goroutine) ran before it.
type sweepID struct {
	Hash string
	Nth  int
	key  string // the test: its goroutine and name
}

// A past sweep is one a goroutine ran: its hash, and its report (gob) or
// error; a worker's sweeps before the one it serves return them.
type past struct {
	Hash   string
	Report []byte `json:",omitempty"`
	Err    string `json:",omitempty"`
}

// history keeps, per test (sweepID.key), the sweeps it ran.
var history struct {
	sync.Mutex
	m map[string][]past
}

// identify returns the identity of a sweep starting on this goroutine, in
// test t (nil: the test on the stack, if any).
func identify(t testing.TB, es []entry, rt Runtime, o Options) sweepID {
	h := sha256.New()
	fmt.Fprintf(h, "%T %d %t %t %t\n", rt, o.Samples, o.Content, o.NoValues, o.InProcess)
	for _, e := range es {
		fmt.Fprintf(h, "%s %s\n", e.Func, reflect.TypeOf(e.Fn))
	}
	name := testName(t)
	if name == "" {
		name, _ = testOnStack()
	}
	key := strconv.FormatUint(goid(), 10) + " " + name
	history.Lock()
	defer history.Unlock()
	return sweepID{Hash: hex.EncodeToString(h.Sum(nil))[:16], Nth: len(history.m[key]), key: key}
}

// remember records the end of a sweep of this goroutine, for its workers'
// later sweeps.
func remember(id sweepID, rep *Report, err error) {
	p := past{Hash: id.Hash}
	if err != nil {
		p.Err = err.Error()
	} else {
		p.Report = rep.encode()
	}
	history.Lock()
	defer history.Unlock()
	if history.m == nil {
		history.m = map[string][]past{}
	}
	history.m[id.key] = append(history.m[id.key], p)
}

// before returns the sweeps test key ran.
func before(key string) []past {
	history.Lock()
	defer history.Unlock()
	return slices.Clone(history.m[key])
}

// goid is the calling goroutine's number, from its stack's header.
func goid() uint64 {
	var buf [64]byte
	s := string(buf[:runtime.Stack(buf[:], false)])
	s = strings.TrimPrefix(s, "goroutine ")
	n, _ := strconv.ParseUint(s[:max(strings.IndexByte(s, ' '), 0)], 10, 64)
	return n
}

// A handshake is what the master tells a worker when it starts: the sweep
// to serve, the sweeps its goroutine ran before (which the worker's
// return as they did in the master), where to start.
type handshake struct {
	Target sweepID
	Before []past
	Req    request
}

// A request is where a worker starts: op Op's step Step (base and alias:
// that op's variants that ran before it), each call within Limit. When
// it ends an op, the worker reads the next request, the next op to run
// from its start (Op -1: none, the worker is done).
type request struct {
	Op, Step, Base, Alias int
	Limit                 time.Duration
}

// A worker is this process as a worker of one sweep.
type worker struct {
	hs     handshake
	in     *bufio.Reader // the channel from the master
	served bool
	mu     sync.Mutex // the channel's writer
	enc    *json.Encoder
	out    *bufio.Writer
}

var (
	workerOnce sync.Once
	self       *worker
)

// theWorker returns this process as a worker, nil when it is none; it
// reads the master's handshake once.
func theWorker() *worker {
	workerOnce.Do(func() {
		if marker == "" {
			return
		}
		var from, to uintptr
		if _, err := fmt.Sscanf(marker, "%d/%d", &from, &to); err != nil {
			fmt.Fprintf(os.Stderr, "sweep: %s=%q: want FROM/TO\n", workerEnv, marker)
			os.Exit(2)
		}
		privateChannel(from, to) // a process the worker's code starts does not inherit it
		w := &worker{in: bufio.NewReader(os.NewFile(from, "sweep-from-master"))}
		line, err := w.in.ReadBytes('\n')
		if err == nil {
			err = json.Unmarshal(line, &w.hs)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "sweep: worker: no handshake from the master:", err)
			os.Exit(2)
		}
		w.out = bufio.NewWriterSize(os.NewFile(to, "sweep-to-master"), 64<<10)
		w.enc = json.NewEncoder(w.out)
		self = w
	})
	return self
}

// serve serves the sweep id when it is this worker's, and exits the
// process; a sweep the goroutine ran before in the master returns its
// report from there, and another sweep an empty report.
func (w *worker) serve(id sweepID, es []entry, rt Runtime, n int, o Options) (*Report, error) {
	if b := w.hs.Before; id.Nth < len(b) && b[id.Nth].Hash == id.Hash && !w.served {
		if b[id.Nth].Err != "" {
			return nil, errors.New(b[id.Nth].Err)
		}
		return decodeReport(b[id.Nth].Report)
	}
	if w.served || id.Hash != w.hs.Target.Hash || id.Nth != w.hs.Target.Nth {
		return newReport(0), nil
	}
	w.served = true
	running.Lock()
	asserts.SetContentCheck(o.Content)
	asserts.SetHandler(asserts.HandlerFunc(func(v *asserts.Violation) {
		w.emit(&event{T: evHandler, Violation: v})
	}))
	w.emit(&event{T: evReady})
	w.flush()
	onShallowStack(func() {
		startWatchdog(w, w.hs.Req.Limit) // watching this goroutine
		w.run(es, rt, n, o, w.hs.Req)
	})
	w.emit(&event{T: evDone})
	w.flush()
	os.Exit(0)
	return nil, nil
}

// run runs the op of the request from its step, then each op the
// master hands out, telling the master each step, and each op's checks
// when it is done.
func (w *worker) run(es []entry, rt Runtime, n int, o Options, req request) {
	var excluded asserts.Stats
	d := &driver{es: es, rt: rt, n: n, noValues: o.NoValues, skipFn: o.Skip, notGen: notGeneratedOf(rt, n), emit: w.emit, quiet: func(f func()) {
		before := asserts.ReadStats()
		asserts.Collect(f)
		excluded = excluded.Add(asserts.ReadStats().Sub(before))
	}, wrap: func(mark string, g uint64, f func()) { w.step(o.Test, mark, g, f) }}
	defer d.close()
	last := asserts.ReadStats()
	for req.Op >= 0 && req.Op < len(es) {
		d.runOp(req.Op, req.Step, req.Base, req.Alias)
		now := asserts.ReadStats()
		st := now.Sub(last).Sub(excluded)
		last, excluded = now, asserts.Stats{}
		w.emit(&event{T: evOpDone, Op: req.Op, Stats: toWire(st)})
		w.flush()
		req = w.next()
	}
}

// stepLabel is the pprof label a step's goroutine has, and every
// goroutine its calls start (labels are inherited): "op step kind". A
// worker runs with GODEBUG tracebacklabels=1, so that a goroutine's crash
// names in its trace the step that started it.
const stepLabel = "sweep.step"

// step runs f, the calls of the step mark names, on the calling goroutine
// (the driver's call goroutine, number g): it labels the goroutine with the step, tells
// the watchdog which goroutine to show, and marks the step's start in the
// worker's output, which the master reads a death's cause from, and the
// goroutine's number, which a crash's trace names as the creator of the
// goroutines the calls start ("created by ... in goroutine N"). A test t
// (Options.Test) that the calls fail (t.Errorf, t.Fatalf of a kernel or
// an adapter that holds it) is marked in the output after the messages
// testing printed, for the master to fail its test with them.
func (w *worker) step(t testing.TB, mark string, g uint64, f func()) {
	if wd := watch.Load(); wd != nil {
		wd.g.Store(g)
	}
	pprof.SetGoroutineLabels(pprof.WithLabels(context.Background(), pprof.Labels(stepLabel, mark)))
	if outputOffset() < 0 {
		fmt.Fprintf(os.Stderr, "%sstep %s %d\n", markPrefix, mark, g) // no offset in its evStart
	}
	if t == nil {
		f()
		return
	}
	failed := hasFailed(t)
	defer func() {
		if !failed && hasFailed(t) {
			fmt.Fprintf(os.Stderr, "%sfailed\n", markPrefix)
		}
	}()
	f()
}

// hasFailed is t.Failed(), false for a stand-in testing.TB that panics.
func hasFailed(t testing.TB) (failed bool) {
	defer func() {
		if recover() != nil {
			failed = false
		}
	}()
	return t.Failed()
}

// next reads the master's next request (Op -1 when the channel ends).
func (w *worker) next() request {
	req := request{Op: -1}
	line, err := w.in.ReadBytes('\n')
	if err == nil {
		err = json.Unmarshal(line, &req)
	}
	if err != nil {
		return request{Op: -1}
	}
	return req
}

// emit writes ev to the master; an evStart goes out at once, before its
// step runs, so that the master knows the step a death happened in.
func (w *worker) emit(ev *event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ev.T == evStart {
		ev.Out = outputOffset() // before Encode: the master cuts the output there
	}
	if err := w.enc.Encode(ev); err != nil {
		os.Exit(2) // the master is gone
	}
	if ev.T == evStart {
		w.out.Flush()
	}
}

func (w *worker) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.out.Flush()
}

// The watchdog: a goroutine of the worker that ends it, telling the
// master the goroutines' stacks, when a call passes its limit (SIGQUIT
// would do the first on Unix only, and not tell the master).
type watchdog struct {
	limit time.Duration
	depth atomic.Int32
	since atomic.Int64  // the armed call's start, UnixNano
	g     atomic.Uint64 // the goroutine the calls run on: the step's
}

var watch atomic.Pointer[watchdog]

// watchCall arms the watchdog, in a worker, for the call that starts, and
// returns its disarming.
func watchCall() func() {
	wd := watch.Load()
	if wd == nil {
		return func() {}
	}
	if wd.depth.Add(1) == 1 {
		wd.since.Store(time.Now().UnixNano())
	}
	return func() { wd.depth.Add(-1) }
}

// startWatchdog starts w's watchdog with limit.
func startWatchdog(w *worker, limit time.Duration) {
	wd := &watchdog{limit: limit}
	wd.g.Store(goid())
	watch.Store(wd)
	tick := min(max(limit/20, 10*time.Millisecond), time.Second)
	go func() {
		for {
			time.Sleep(tick)
			if wd.depth.Load() == 0 || time.Since(time.Unix(0, wd.since.Load())) < limit {
				continue
			}
			w.hang(wd)
		}
	}()
}

// hang tells the master the call hung, with every goroutine's stack, and
// ends the worker.
func (w *worker) hang(wd *watchdog) {
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	ce := &crashError{Kind: crashHang, Text: fmt.Sprintf("no return within %v", wd.limit),
		At: firstUserFrame(strings.Split(stacks, "\n"), int(wd.g.Load())), Output: clip(normalizeTrace(stacks)),
		Frames: traceFrames(strings.Split(stacks, "\n"), int(wd.g.Load()))}
	w.emit(&event{T: evHang, Crash: ce})
	w.flush()
	os.Exit(3)
}
