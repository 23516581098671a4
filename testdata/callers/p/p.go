// Package p has an exported name of each kind TestUncalledNames tells apart.
package p

import "errors"

// Used is called by package q.
func Used() *Ret { return &Ret{} }

func Unused() {}

func OnlyTested() {}

// Shown is called by an Example of p only.
func Shown() {}

// CalledByOtherTest is called by q's tests only: no caller either.
func CalledByOtherTest() {}

// Ret is never named outside p, but q holds a value of it.
type Ret struct{}

// T's M is called through q.I, its String through fmt.Stringer, its Error
// and Unwrap through error and package errors.
type T struct{}

func (T) M()             {}
func (T) Uncalled()      {}
func (T) String() string { return "t" }
func (T) Error() string  { return "t" }
func (T) Unwrap() error  { return errors.ErrUnsupported }

// CalledByGenerated is called by a generated file only.
func CalledByGenerated() {}

// Exported is an interface q names; nobody calls its method.
type Exported interface {
	// Helper is never called.
	Helper()
}

// Old has no caller, and needs none: its doc says what replaced it.
//
// Deprecated: use Used.
func Old() {}

// Former names, kept for their callers elsewhere.
//
// Deprecated: use Used.
const (
	FormerA = 1
	FormerB = 2
)
