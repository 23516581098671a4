// This file reports a long command's progress on a terminal.

package base

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progressEvery is how often gen reports progress on a terminal.
const progressEvery = 2 * time.Second

// Progress returns the gen.Options.Progress of a run that started at
// start. On a terminal, it prints a line "assertgen: 12000/120000 ops" at
// most every progressEvery, so a run shorter than that prints none. It
// prints nothing when stderr is not a terminal, so that CI logs and tests
// stay quiet.
func Progress(stderr io.Writer, start time.Time) func(done, total int) {
	if !isTerminal(stderr) {
		return nil
	}
	return progressTo(stderr, start, time.Now)
}

func progressTo(w io.Writer, start time.Time, now func() time.Time) func(done, total int) {
	last := start
	return func(done, total int) {
		t := now()
		if t.Sub(last) < progressEvery || done == total {
			return
		}
		last = t
		fmt.Fprintf(w, "assertgen: %d/%d ops (%d%%), %.0f s\n", done, total, done*100/total, t.Sub(start).Seconds())
	}
}

// Steps returns the progress function of a command cmd that started at
// start: on a terminal, it prints each line it is given as
// "assertgen CMD: LINE (N s)"; elsewhere it is nil and prints nothing,
// so that CI logs and tests stay quiet.
func Steps(stderr io.Writer, cmd string, start time.Time) func(line string) {
	if !isTerminal(stderr) {
		return nil
	}
	return stepsTo(stderr, cmd, start, time.Now)
}

func stepsTo(w io.Writer, cmd string, start time.Time, now func() time.Time) func(line string) {
	var mu sync.Mutex
	return func(line string) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, "assertgen %s: %s (%.0f s)\n", cmd, line, now().Sub(start).Seconds())
	}
}

// isTerminal reports whether w is a character device (a terminal), from
// its file mode. It needs no dependency beyond os.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
