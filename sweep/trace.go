package sweep

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"syscall"
)

// What a dead worker left: the kind, text and place of its crash, read
// from Go's traceback on its stderr and its exit status.

// maxOutput bounds a crash's Output.
const maxOutput = 16 << 10

// death names what ended a worker that did not finish: from trace, the
// output of the step it died in from the last line that starts Go's
// report of a death, the panic's or fatal error's first line and the
// innermost frame of the goroutine it names, or the signal; else (no such
// line, or an exit status Go's runtime does not end a process with after
// one: a kernel printed it) a signal that killed it, or its exit status.
// out is the step's output (its tail).
func death(trace, out string, st *os.ProcessState) *crashError {
	if trace != "" && goDeath(st) {
		lines := strings.Split(trace, "\n")
		kind, text := "", ""
		switch l := lines[0]; {
		case strings.HasPrefix(l, "panic: "):
			kind, text = crashGoroutine, strings.TrimSuffix(strings.TrimPrefix(l, "panic: "), " [recovered]")
		case strings.HasPrefix(l, "fatal error: "):
			kind, text = crashFatal, strings.TrimPrefix(l, "fatal error: ")
		default:
			kind, text = crashSignal, l
		}
		return &crashError{Kind: kind, Text: normalizeTrace(text), At: firstUserFrame(lines[1:], -1), Output: clip(normalizeTrace(trace)), Frames: traceFrames(lines[1:], -1)}
	}
	tail := clip(normalizeTrace(lastLines(out, 20)))
	if st != nil {
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return &crashError{Kind: crashSignal, Text: "killed by " + signalName(ws.Signal()), Output: tail}
		}
		return &crashError{Kind: crashExit, Text: fmt.Sprintf("the process exited with status %d in the call", st.ExitCode()), Output: tail}
	}
	return &crashError{Kind: crashExit, Text: "the process ended in the call", Output: tail}
}

// goDeath reports whether a process that ended so can have been ended by
// Go's runtime after a panic, a fatal error or a signal: exit status 2,
// or a signal (GOTRACEBACK=crash aborts); true when st is unknown.
func goDeath(st *os.ProcessState) bool {
	if st == nil {
		return true
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return true
	}
	return st.ExitCode() == 2
}

// sigLine is the line Go's runtime prints for a signal it cannot turn
// into a panic ("SIGSEGV: segmentation violation").
var sigLine = regexp.MustCompile(`^SIG[A-Z]+: `)

// firstUserFrame returns, from a traceback's lines, the innermost frame
// of the first goroutine (of goroutine id, when it is not -1) outside
// Go's runtime and standard library, reflect, testing and this package
// (its tests apart), as "pkg.Func (file.go:12)"; "" when there is none,
// or when the goroutine was in a cgo call (its innermost frame
// runtime.cgocall in a crash's traceback, the cgo stub in
// runtime.Stack's, which a hung call's stacks are): the function that
// crashed or hung is C's, which the traceback does not name, and the Go
// frame that called it is not it.
func firstUserFrame(lines []string, id int) string {
	in, top := false, false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "goroutine ") {
			if in {
				return "" // the goroutine's frames are all the runtime's
			}
			var g int
			fmt.Sscanf(l, "goroutine %d", &g)
			in, top = id < 0 || g == id, true
			continue
		}
		if !in || l == "" || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "created by ") || i+1 >= len(lines) {
			continue
		}
		fn := l
		if j := strings.LastIndex(fn, "("); j > 0 && strings.HasSuffix(fn, ")") {
			fn = fn[:j]
		}
		if top && (fn == "runtime.cgocall" || fn == "runtime.asmcgocall" || cgoStub(fn, lines[i+1])) {
			return ""
		}
		top = false
		file := strings.TrimPrefix(lines[i+1], "\t")
		if j := strings.LastIndex(file, " +0x"); j >= 0 {
			file = file[:j]
		}
		if userFunc(fn, file) {
			return fmt.Sprintf("%s (%s)", shortFunc(fn), filepath.Base(file))
		}
	}
	return ""
}

// traceFrames returns, from a traceback's lines, the functions of the
// first goroutine (of goroutine id, when it is not -1) whose code may be
// at fault (faultFrame), innermost first, the function that created the
// goroutine last ("created by"): a crash's Frames.
func traceFrames(lines []string, id int) []string {
	var out []string
	in := false
	for i := 0; i+1 < len(lines) && len(out) < maxFrames; i++ {
		l := lines[i]
		if strings.HasPrefix(l, "goroutine ") {
			if in {
				break
			}
			var g int
			fmt.Sscanf(l, "goroutine %d", &g)
			in = id < 0 || g == id
			continue
		}
		if !in || l == "" || strings.HasPrefix(l, "\t") {
			continue
		}
		fn := strings.TrimPrefix(l, "created by ")
		if j := strings.Index(fn, " in goroutine "); j > 0 {
			fn = fn[:j]
		}
		if j := strings.LastIndex(fn, "("); j > 0 && strings.HasSuffix(fn, ")") {
			fn = fn[:j]
		}
		file := strings.TrimPrefix(lines[i+1], "\t")
		if j := strings.LastIndex(file, " +0x"); j >= 0 {
			file = file[:j]
		}
		file, _, _ = strings.Cut(file, ":")
		if faultFrame(fn, file) {
			out = append(out, fn)
		}
	}
	return out
}

// cgoStub reports whether function fn, whose file line is fileLine, is a
// stub cgo wrote for a call of C (pkg._Cfunc_name, in _cgo_gotypes.go).
func cgoStub(fn, fileLine string) bool {
	return strings.Contains(fn, "._Cfunc_") || strings.Contains(fn, "._C2func_") ||
		strings.HasPrefix(strings.TrimSpace(fileLine), "_cgo_gotypes.go:")
}

// userFunc reports whether function fn, in file (path:line), is the
// user's: not Go's standard library (an import path whose first element
// has no dot), nor this package's outside its tests.
func userFunc(fn, file string) bool {
	if fn == "panic" || fn == "main.main" {
		return fn == "main.main"
	}
	path := fn
	if j := strings.LastIndex(path, "/"); j >= 0 {
		if !strings.Contains(path[:strings.Index(path, "/")], ".") {
			return false // std: internal/..., runtime/...
		}
	} else if !strings.HasPrefix(path, "main.") {
		return false // std: runtime., sync., reflect., testing.
	}
	self := reflect.TypeFor[crashError]().PkgPath() + "."
	base, _, _ := strings.Cut(filepath.Base(file), ":")
	return !strings.HasPrefix(fn, self) || strings.HasSuffix(base, "_test.go")
}

// Patterns of what varies between runs of a traceback.
var (
	traceArgs   = regexp.MustCompile(`\([^()]*\)$`)
	traceOffset = regexp.MustCompile(` \+0x[0-9a-f]+$`)
	traceGoid   = regexp.MustCompile(`^goroutine \d+(?: gp=\S+ m=\S+(?: mp=\S+)?)? \[([^,\]]*)[^\]]*\]:$`)
	traceSignal = regexp.MustCompile(`^PC=(\S+) m=\d+ sigcode=\d+`)
	traceLabels = regexp.MustCompile(` labels:\{.*\}\]:$`)
	traceBy     = regexp.MustCompile(` in goroutine \d+$`)
	traceHex    = regexp.MustCompile(`0x[0-9a-f]+`)
)

// normalizeTrace takes out of a traceback what varies between runs and
// machines: arguments, offsets, goroutine numbers, waits and labels (a
// step's number in its shard's share of the table), directories,
// addresses, and a signal's thread and code.
func normalizeTrace(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "\t"):
			l = traceOffset.ReplaceAllString(l, "")
			l = "\t" + filepath.Base(strings.TrimPrefix(l, "\t"))
		case strings.HasPrefix(l, "goroutine ") && traceGoid.MatchString(traceLabels.ReplaceAllString(l, "]:")):
			l = traceGoid.ReplaceAllString(traceLabels.ReplaceAllString(l, "]:"), "goroutine [$1]:")
		case traceSignal.MatchString(l): // a signal's: the thread it arrived on, its code
			l = traceSignal.ReplaceAllString(l, "PC=$1 m=? sigcode=?")
		case strings.HasPrefix(l, "created by "):
			l = traceBy.ReplaceAllString(l, "")
		case !strings.HasPrefix(l, "\t") && strings.HasSuffix(l, ")") && strings.Contains(l, "."):
			l = traceArgs.ReplaceAllString(l, "(...)")
		}
		lines[i] = traceHex.ReplaceAllString(l, "0x?")
	}
	return strings.Join(lines, "\n")
}

// clip keeps the first maxOutput bytes of s, at a line's end.
func clip(s string) string {
	if len(s) <= maxOutput {
		return s
	}
	s = s[:maxOutput]
	if i := strings.LastIndexByte(s, '\n'); i > 0 {
		s = s[:i]
	}
	return s + "\n..."
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}

// signalName is sig's name as Go's runtime prints it ("SIGSEGV").
func signalName(sig syscall.Signal) string {
	for _, s := range []struct {
		sig  syscall.Signal
		name string
	}{{syscall.SIGABRT, "SIGABRT"}, {syscall.SIGBUS, "SIGBUS"}, {syscall.SIGFPE, "SIGFPE"}, {syscall.SIGILL, "SIGILL"},
		{syscall.SIGKILL, "SIGKILL"}, {syscall.SIGSEGV, "SIGSEGV"}, {syscall.SIGTERM, "SIGTERM"}, {syscall.SIGTRAP, "SIGTRAP"}} {
		if s.sig == sig {
			return s.name
		}
	}
	return fmt.Sprintf("signal %d (%v)", int(sig), sig)
}
