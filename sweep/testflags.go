package sweep

import (
	"flag"
	"regexp"
	"runtime"
	"strings"
	"time"
)

// The flags a worker of a test binary inherits: the user's own (the test
// runs again up to the sweep, and may read them), -test.short and
// -test.parallel. The other -test. flags are not passed on: the profiles
// and coverage (-coverprofile, -cpuprofile...; the workers would write
// over the master's files), -json and -v (a worker's output is the
// master's to read), -count, -shuffle, -failfast, -run and -skip (the
// worker runs the sweep's test once, selected by -test.run), -timeout
// (the master keeps the time), -paniconexit0 (the worker ends with
// os.Exit(0)), the test log the go command caches by, and the fuzzing and
// benchmark flags. -race is in the binary.
var keptTestFlags = map[string]bool{"short": true, "parallel": true}

// inherited returns the flags of args a worker inherits; run and skip too
// unless the worker gets a -test.run of its own (replaced).
func inherited(args []string, replaced bool) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, eq := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		test, isTest := strings.CutPrefix(name, "test.")
		if !strings.HasPrefix(a, "-") || !isTest {
			out = append(out, a)
			continue
		}
		keep := keptTestFlags[test] || !replaced && (test == "run" || test == "skip")
		takesNext := !eq && !isBoolFlag(name) && i+1 < len(args)
		if keep {
			out = append(out, a)
			if takesNext {
				out = append(out, args[i+1])
			}
		}
		if takesNext {
			i++
		}
	}
	return out
}

// isBoolFlag reports whether the flag named is a boolean one.
func isBoolFlag(name string) bool {
	f := flag.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// testPattern is the -test.run pattern that selects the test (or
// subtest) named, alone.
func testPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// testOnStack returns the name of the top-level test, example, fuzz
// target or benchmark whose function testing's runner called on the calling
// goroutine, and whether the goroutine is one: false for a subtest (the
// runner called a function literal, or a function that is no test), or a
// goroutine no runner started.
func testOnStack() (string, bool) {
	pcs := make([]uintptr, 256)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	callee := ""
	for {
		f, more := frames.Next()
		if f.Function == "testing.tRunner" || f.Function == "testing.runExample" || f.Function == "testing.runFuzzTests" || f.Function == "testing.(*B).runN" {
			name := callee[strings.LastIndex(callee, "/")+1:]
			_, name, _ = strings.Cut(name, ".")
			for _, p := range []string{"Test", "Example", "Fuzz", "Benchmark"} {
				if strings.HasPrefix(name, p) && !strings.Contains(name, ".") {
					return name, true
				}
			}
			return "", false
		}
		callee = f.Function
		if !more {
			return "", false
		}
	}
}

// testTimeout is the test binary's -test.timeout (0: none).
func testTimeout() time.Duration {
	f := flag.Lookup("test.timeout")
	if f == nil {
		return 0
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return 0
	}
	d, _ := g.Get().(time.Duration)
	return d
}
