package sweep

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
)

// A crashError is a call that panicked with a Go runtime error (an index
// out of range, a nil dereference, a division by zero) or with a nil
// error: a bug of the code that ran (the kernel, its wrapper or the
// runtime's adapter), not its refusal of the sample. No repair reads it:
// the sweep reports it as a crash finding, with the panic's text and the
// place it happened.
type crashError struct {
	// Kind is the kind of crash (crashPanic, crashRelease, ...).
	Kind string `json:"kind"`
	// Text is the panic's text ("runtime error: index out of range [3]
	// with length 3"), or what the panic value was when it has none ("a
	// panic with a nil *mytensor.DimsError").
	Text string `json:"text"`
	// At is the function and line that panicked: the innermost frame
	// outside Go's runtime, package reflect and this package ("" when
	// none is known).
	At string `json:"at,omitempty"`
	// Output is what the crash left: the dead worker's last output (its
	// panic's trace), a hung call's goroutine stacks; normalized
	// (normalizeTrace), "" for a recovered panic.
	Output string `json:"output,omitempty"`
	// Frames are the functions of the crashing goroutine's stack outside
	// Go's runtime and standard library and assertgen's own packages
	// (faultFrame), innermost first, by their full import paths and
	// without file or line: the library's, the binding's, the wrapper's.
	Frames []string `json:"frames,omitempty"`
}

// The kinds of crash ([Crash].Kind).
const (
	// crashPanic: a Go runtime error (or a nil error) on the call's own
	// goroutine, recovered.
	crashPanic = "panic"
	// crashRelease: a panic in the runtime's Release of the call's
	// tensors, after the call, recovered.
	crashRelease = "release"
	// crashGoroutine: a panic on another goroutine (one the kernel
	// started): the worker died.
	crashGoroutine = "goroutine panic"
	// crashFatal: a fatal error of Go's runtime (a deadlock of every
	// goroutine, concurrent map writes, out of memory): the worker died.
	crashFatal = "fatal error"
	// crashSignal: a signal the process did not survive (a segmentation
	// fault in C code, the OOM killer's SIGKILL).
	crashSignal = "signal"
	// crashExit: the worker exited (os.Exit in a kernel) in a call.
	crashExit = "exit"
	// crashHang: a call passed the per-call time limit.
	crashHang = "hang"
	// crashRace: the race detector (-race) reported a data race in the
	// worker; the call went on.
	crashRace = "data race"
	// crashGoexit: the call ended its goroutine with runtime.Goexit (what
	// t.FailNow, t.Fatal, t.SkipNow or a require helper does) and never
	// returned.
	crashGoexit = "goexit"
)

func (e *crashError) Error() string {
	if e.At == "" {
		return "crash: " + e.Text
	}
	return "crash: " + e.Text + " at " + e.At
}

// recovered is the error a panic value r of a call stands for: a
// *crashError for a Go runtime error or an error that is nil (or whose
// Error method itself panics), r itself for another error (a kernel's
// error the bindings panic with), else r's text. Call it in the deferred
// function that recovered r, so that the place of the panic is still on
// the stack.
func recovered(r any) error {
	if re, ok := r.(runtime.Error); ok {
		at, frames := panicSite()
		return &crashError{Kind: crashPanic, Text: errorText(re), At: at, Frames: frames}
	}
	if e, ok := r.(error); ok {
		if isNil(e) {
			at, frames := panicSite()
			return &crashError{Kind: crashPanic, Text: fmt.Sprintf("a panic with a nil %T", e), At: at, Frames: frames}
		}
		if _, ok := textOf(e); !ok {
			at, frames := panicSite()
			return &crashError{Kind: crashPanic, Text: fmt.Sprintf("a panic with a %T whose Error method panics", e), At: at, Frames: frames}
		}
		return e
	}
	return fmt.Errorf("%v", r)
}

// isNil reports whether e holds a nil pointer, map, slice, func or chan.
func isNil(e error) bool {
	v := reflect.ValueOf(e)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// textOf returns e's text, and false when its Error method panics.
func textOf(e error) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			s, ok = "", false
		}
	}()
	return e.Error(), true
}

func errorText(e error) string {
	if s, ok := textOf(e); ok {
		return s
	}
	return fmt.Sprintf("a %T whose Error method panics", e)
}

// panicSite returns the innermost frame of the panicking goroutine's
// stack outside the runtime, reflect and this package, as
// "pkg.Func (file.go:12)", and the stack's frames at fault
// ([crashError].Frames).
func panicSite() (at string, faults []string) {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	self := reflect.TypeFor[crashError]().PkgPath() + "."
	for {
		f, more := frames.Next()
		fn := f.Function
		inSweep := strings.HasPrefix(fn, self) && !strings.HasSuffix(filepath.Base(f.File), "_test.go")
		if at == "" && fn != "" && !strings.HasPrefix(fn, "runtime.") && !strings.HasPrefix(fn, "reflect.") && !inSweep {
			at = fmt.Sprintf("%s (%s:%d)", shortFunc(fn), filepath.Base(f.File), f.Line)
		}
		if faultFrame(fn, f.File) && len(faults) < maxFrames {
			faults = append(faults, fn)
		}
		if !more {
			return at, faults
		}
	}
}

// maxFrames bounds a crash's Frames.
const maxFrames = 32

// faultFrame reports whether function fn, in file, is one whose code
// may be at fault for a crash: the user's (userFunc: not Go's runtime
// and standard library, nor this package's outside its tests) and not
// assertgen's own checks and helpers (asserts, internal, schema).
func faultFrame(fn, file string) bool {
	if fn == "" || !userFunc(fn, file) || fn == "main.main" {
		return false
	}
	root := strings.TrimSuffix(reflect.TypeFor[crashError]().PkgPath(), "/sweep")
	pkg := funcPackage(fn)
	for _, own := range []string{"/asserts", "/internal", "/schema"} {
		if pkg == root+own || strings.HasPrefix(pkg, root+own+"/") {
			return false
		}
	}
	return true
}

// funcPackage is the import path of a function's package, from its full
// name ("gorgonia.org/tensor.(*array).Uintptr": "gorgonia.org/tensor").
func funcPackage(fn string) string {
	slash := strings.LastIndex(fn, "/")
	dot := strings.Index(fn[slash+1:], ".")
	if dot < 0 {
		return fn
	}
	return fn[:slash+1+dot]
}

// goexitCrash is the crash of a call that ended its goroutine with
// runtime.Goexit, at the innermost frame outside Go's standard library
// (testing's FailNow) and this package. Call it in a function the
// goroutine deferred, while the frames that called Goexit are on the
// stack.
func goexitCrash() *crashError {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	at := ""
	var faults []string
	for {
		f, more := frames.Next()
		if at == "" && userFunc(f.Function, f.File) {
			at = fmt.Sprintf("%s (%s:%d)", shortFunc(f.Function), filepath.Base(f.File), f.Line)
		}
		if faultFrame(f.Function, f.File) && len(faults) < maxFrames {
			faults = append(faults, f.Function)
		}
		if !more {
			break
		}
	}
	return &crashError{Kind: crashGoexit, Text: "runtime.Goexit in the call (t.FailNow, t.Fatal, t.SkipNow or a require helper): it never returned", At: at, Frames: faults}
}

// shortFunc cuts a function's import path to its last element:
// "github.com/x/mytensor.(*T).Add" becomes "mytensor.(*T).Add".
func shortFunc(fn string) string {
	if i := strings.LastIndex(fn, "/"); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

// isCrash reports whether err is a *crashError.
func isCrash(err error) bool {
	var ce *crashError
	return errors.As(err, &ce)
}

// A Crash is one op's crash finding: its kind, the panic's (or the
// death's) text and place, the samples it showed in, and how many calls
// crashed so. Kind is one of "panic" (a Go runtime error, or a panic
// with a nil error, on the call's goroutine), "release" (a panic in the
// runtime's Release of the call's tensors, after the call), and, in a
// worker process, "goroutine panic" (a panic on a goroutine the call
// started), "fatal error" (Go's runtime: a deadlock of every goroutine,
// concurrent map writes, out of memory), "signal", "exit" (os.Exit in
// the call), "goexit" (runtime.Goexit in the call: t.FailNow or a
// require helper reached from a kernel or an adapter), "hang" (the call passed its time limit) and "data race" (the
// race detector's report, under -race, in the step that ran when the
// master read it). Output is the
// dead worker's last output, or a hung call's goroutine stacks, with the
// addresses, goroutine numbers and directories that vary between runs
// taken out.
type Crash struct {
	Op       string
	Kind     string
	Text     string
	At       string
	Variants []string
	Count    int
	Output   string
	// Frames are the functions of the crashing goroutine's stack whose
	// code may be at fault, innermost first, by their full import paths
	// (Go's runtime and standard library and assertgen's own packages
	// left out): the library's, then the binding's and the wrapper's;
	// the first sample's, as Text and At are. A crash's [Cause] is read
	// from them.
	Frames []string
}

// of is the crash as a [Crash] of op, with no sample.
func (e *crashError) of(op string) *Crash {
	return &Crash{Op: op, Kind: e.Kind, Text: e.Text, At: e.At, Output: e.Output, Frames: e.Frames}
}

// crash adds a crash of op's named sample: to the op's crash of its key
// (one kind at one function: Crash.Key), whatever its text and line (an
// index past the end reads "[3] with length 3" on one sample, "[1] with
// length 1" on the next), which keeps the first's; else as a new one.
func (r *Report) crash(op, name string, ce *crashError) {
	key := ce.of(op).Key()
	var c *Crash
	for _, x := range r.Crashes {
		if x.Key() == key {
			c = x
			break
		}
	}
	if c == nil {
		c = ce.of(op)
		r.Crashes = append(r.Crashes, c)
	}
	c.Count++
	if len(c.Variants) == 0 || c.Variants[len(c.Variants)-1] != name {
		c.Variants = append(c.Variants, name)
	}
}

// String prints the crash in one line: "crash: op: text at place", with
// the kind before the text when it is not a recovered panic ("crash: op:
// hang: ...").
func (c *Crash) String() string {
	s := "crash: " + c.Op + ": "
	if c.Op == "" {
		s = "crash not attributed to an op: "
	}
	if c.Kind != crashPanic && c.Kind != "" {
		s += c.Kind + ": "
	}
	s += c.Text
	if c.At != "" {
		s += " at " + c.At
	}
	return s
}

// Key names the crash for a library's [Verdicts]: "op crash: kind at
// function", the function without its file and line (which move with
// any edit), or "op crash: kind" when no function is known (an exit, a
// signal in C code). A signal's kind names the signal ("op crash: signal
// SIGSEGV"): a segmentation fault and a floating-point exception of one
// op are two bugs.
func (c *Crash) Key() string {
	k := c.Op + " crash: " + c.Kind
	if sig := signalRE.FindString(c.Text); c.Kind == crashSignal && sig != "" {
		k += " " + sig
	}
	if fn, _, _ := strings.Cut(c.At, " ("); fn != "" {
		k += " at " + fn
	}
	return k
}

// signalRE finds a signal's name in a crash's text ("SIGSEGV:
// segmentation violation", "killed by SIGFPE").
var signalRE = regexp.MustCompile(`\bSIG[A-Z]+\b`)
