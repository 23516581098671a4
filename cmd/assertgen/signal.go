package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// A signalError reports that a command stopped on SIGINT or SIGTERM; the
// exit code is 128 plus the signal's number, as a shell reports it.
type signalError struct {
	sig  os.Signal
	note string // what became of the output
}

func (e *signalError) Error() string { return fmt.Sprintf("stopped by %v; %s", e.sig, e.note) }

func signalCode(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitFail
}

// A guard catches SIGINT and SIGTERM for a command that writes files.
// Before the command starts writing, a signal ends the process at once
// (nothing was written). While it writes, the signal cancels the write's
// context: output.Write then either undoes its staging (the old files stay)
// or, past its commit point, finishes (the new files are complete); the
// command then exits with the signal's code. After the guard is stopped a
// signal still ends the process with its code (the files are complete):
// the handler is installed once per process and never removed, so that
// no signal can fall in a gap where the default action (death without an
// exit code of our choosing) applies.
type guard struct {
	ctx     context.Context
	cancel  context.CancelFunc
	stderr  io.Writer
	writing bool      // guarded by sigMu
	sig     os.Signal // guarded by sigMu
}

var (
	sigOnce sync.Once
	sigMu   sync.Mutex
	current *guard // the active guard, guarded by sigMu
)

func catchSignals(stderr io.Writer) *guard {
	sigOnce.Do(func() {
		ch := make(chan os.Signal, 2)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		go handleSignals(ch)
	})
	g := &guard{stderr: stderr}
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
			os.Exit(signalCode(s))
		case !g.writing:
			fmt.Fprintf(g.stderr, "assertgen: stopped by %v; nothing written\n", s)
			os.Exit(signalCode(s))
		}
		if g.sig == nil {
			g.sig = s
		}
		g.cancel()
		sigMu.Unlock()
	}
}

// write runs w, which writes into dir under ctx, and reports a signal
// that came meanwhile as a *signalError.
func (g *guard) write(dir string, w func(ctx context.Context) error) error {
	sigMu.Lock()
	g.writing = true
	sigMu.Unlock()
	err := w(g.ctx)
	sigMu.Lock()
	sig := g.sig
	sigMu.Unlock()
	if sig == nil {
		return err
	}
	if err == nil {
		return &signalError{sig, dir + " holds the complete new files"}
	}
	return &signalError{sig, dir + " keeps its previous files"}
}

// stop ends the guard; see guard for signals after it.
func (g *guard) stop() {
	sigMu.Lock()
	if current == g {
		current = nil
	}
	sigMu.Unlock()
	g.cancel()
}
