package base

import "errors"

// ErrUsage marks an error in the user's invocation, not in the input. It
// has been printed, and the command exits 2.
var ErrUsage = errors.New("usage")

// ErrFindings reports that a command found problems it has printed
// already: the command exits 1.
var ErrFindings = errors.New("findings")

// A UsageError is a problem of the command line rather than of a file. The
// command reports it as a usage error (exit 2).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }
