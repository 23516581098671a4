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
// context: gen.Write then either undoes its staging (the old files stay)
// or, past its commit point, finishes (the new files are complete); the
// command then exits with the signal's code.
type guard struct {
	ch     chan os.Signal
	ctx    context.Context
	cancel context.CancelFunc
	stderr io.Writer

	mu      sync.Mutex
	writing bool
	sig     os.Signal
}

func catchSignals(stderr io.Writer) *guard {
	g := &guard{ch: make(chan os.Signal, 2), stderr: stderr}
	g.ctx, g.cancel = context.WithCancel(context.Background())
	signal.Notify(g.ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		for s := range g.ch {
			g.mu.Lock()
			if g.sig == nil {
				g.sig = s
			}
			if !g.writing {
				fmt.Fprintf(g.stderr, "assertgen: stopped by %v; nothing written\n", s)
				os.Exit(signalCode(s))
			}
			g.cancel()
			g.mu.Unlock()
		}
	}()
	return g
}

// write runs w, which writes into dir under ctx, and reports a signal
// that came meanwhile as a *signalError.
func (g *guard) write(dir string, w func(ctx context.Context) error) error {
	g.mu.Lock()
	g.writing = true
	g.mu.Unlock()
	err := w(g.ctx)
	g.mu.Lock()
	sig := g.sig
	g.mu.Unlock()
	if sig == nil {
		return err
	}
	if err == nil {
		return &signalError{sig, dir + " holds the complete new files"}
	}
	return &signalError{sig, dir + " keeps its previous files"}
}

// stop restores the default handling of the signals.
func (g *guard) stop() {
	signal.Stop(g.ch)
	close(g.ch)
	g.cancel()
}
