// This file makes the command's writes safe to stop. SIGINT or SIGTERM
// before a write ends the process at once. During a write, it lets the
// write finish or undo itself (output.Write), then reports the signal. So
// an output directory holds either its previous files or the complete new
// ones. The command also waits its turn when another assertgen writes into
// the same directory.

package base

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/assertgen/assertgen/output"
)

// A StopError reports that a command stopped on SIGINT or SIGTERM. The exit
// code is 128 plus the signal's number, as a shell reports it.
type StopError struct {
	sig  os.Signal
	note string // what became of the output
}

func (e *StopError) Error() string { return fmt.Sprintf("stopped by %v; %s", e.sig, e.note) }

// Code is the exit code of the stop: 128 plus the signal's number.
func (e *StopError) Code() int { return code(e.sig) }

func code(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// A Guard catches SIGINT and SIGTERM for a command that writes files:
//   - Before the command starts writing, a signal ends the process at once;
//     nothing was written.
//   - While it writes, the signal cancels the write's context. output.Write
//     then either undoes its staging (the old files stay) or, past its
//     commit point, finishes (the new files are complete). The command then
//     exits with the signal's code.
//   - After the guard is stopped, a signal still ends the process with its
//     code; the files are complete.
//
// The handler is installed once per process and never removed. So no
// signal can fall in a gap where the default action applies: death
// without an exit code of the command's choosing.
type Guard struct {
	ctx     context.Context
	cancel  context.CancelFunc
	stderr  io.Writer
	writing bool      // guarded by sigMu
	sig     os.Signal // guarded by sigMu
}

var (
	sigOnce sync.Once
	sigMu   sync.Mutex
	current *Guard // the active guard, guarded by sigMu
)

// Catch starts a guard; messages go to stderr.
func Catch(stderr io.Writer) *Guard {
	sigOnce.Do(func() {
		ch := make(chan os.Signal, 2)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		go handleSignals(ch)
	})
	g := &Guard{stderr: stderr}
	g.ctx, g.cancel = context.WithCancel(context.Background())
	sigMu.Lock()
	current = g
	sigMu.Unlock()
	return g
}

func handleSignals(ch <-chan os.Signal) {
	for s := range ch {
		sigMu.Lock()
		g := current
		switch {
		case g == nil:
			os.Exit(code(s))
		case !g.writing:
			fmt.Fprintf(g.stderr, "assertgen: stopped by %v; nothing written\n", s)
			os.Exit(code(s))
		}
		if g.sig == nil {
			g.sig = s
		}
		g.cancel()
		sigMu.Unlock()
	}
}

// WriteSet writes a generated set into dir (output.Write). It reports a
// signal that came meanwhile as a *StopError. While another assertgen
// writes into dir, it says so once and waits for it. So two gens into one
// directory take their turns, and the directory holds the complete set of
// the one that wrote last.
func (g *Guard) WriteSet(dir, prefix string, files []output.File) error {
	return g.write(dir, func(ctx context.Context) error { return output.Write(ctx, dir, prefix, files) })
}

// WriteNew writes new files into dir as WriteSet writes a set
// (output.WriteNew: all or none, no file replaced). A signal meanwhile is
// a *StopError, and it waits its turn behind another assertgen.
func (g *Guard) WriteNew(dir string, files []output.File) error {
	return g.write(dir, func(ctx context.Context) error { return output.WriteNew(ctx, dir, files) })
}

// write runs a write into dir under the guard.
func (g *Guard) write(dir string, write func(context.Context) error) error {
	sigMu.Lock()
	g.writing = true
	sigMu.Unlock()
	err := writeWaiting(g.ctx, g.stderr, dir, write)
	sigMu.Lock()
	sig := g.sig
	sigMu.Unlock()
	if sig == nil {
		return err
	}
	if err == nil {
		return &StopError{sig, dir + " holds the complete new files"}
	}
	return &StopError{sig, dir + " keeps its previous files"}
}

// writeWaiting runs write (output.Write or WriteNew), waiting (until ctx
// is done) while another assertgen writes into dir.
func writeWaiting(ctx context.Context, stderr io.Writer, dir string, write func(context.Context) error) error {
	told := false
	for {
		err := write(ctx)
		if !errors.Is(err, output.ErrLocked) {
			return err
		}
		if !told {
			fmt.Fprintf(stderr, "assertgen: %s: another assertgen is writing into it; waiting for it to finish\n", dir)
			told = true
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Stop ends the guard; see Guard for signals after it.
func (g *Guard) Stop() {
	sigMu.Lock()
	if current == g {
		current = nil
	}
	sigMu.Unlock()
	g.cancel()
}

// WriteFile writes what write makes to the file path, which is not a
// directory. A regular file, or a new one, is replaced whole, atomically
// and under a guard, as WriteSet writes a set. Through a device, a FIFO or
// a symbolic link (/dev/stdout is one), it writes as a shell's > does,
// since there is no file to replace.
func WriteFile(stderr io.Writer, path string, write func(io.Writer) error) error {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return writeThrough(path, write)
	}
	g := Catch(stderr)
	defer g.Stop()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return g.WriteSet(filepath.Dir(path), "", []output.File{{Name: filepath.Base(path), Data: buf.Bytes()}})
}

// writeThrough opens path, which is not a regular file, and writes to it.
func writeThrough(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
