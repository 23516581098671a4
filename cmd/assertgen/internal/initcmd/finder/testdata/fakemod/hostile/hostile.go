// Package hostile is a library's matrix type for package finder's tests
// whose methods do what a value check must survive: Neg prints (lines
// that look like the check's own) and is right, Exp calls log.Fatal, Sin
// panics on a goroutine of its own, Tan calls os.Exit(0), Cos starts a
// child process and stops its whole program (it never returns, nor does
// anything else in the program), Sqrt starts one and blocks forever; Abs
// and MulElem are right.
package hostile

import (
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"syscall"
)

// H is a dense row-major matrix.
type H struct {
	r, c int
	data []float64
}

// A Raw is where a matrix's elements are.
type Raw struct {
	Rows, Cols, Stride int
	Data               []float64
}

// New returns the r x c matrix of data.
func New(r, c int, data []float64) *H { return &H{r, c, data} }

// Raw returns m's elements.
func (m *H) Raw() Raw { return Raw{m.r, m.c, m.c, m.data} }

func (m *H) each(a *H, f func(i int, v float64) float64) {
	vals := append([]float64(nil), a.data...)
	if m.r == 0 {
		m.r, m.c, m.data = a.r, a.c, make([]float64, a.r*a.c)
	}
	for i, v := range vals {
		m.data[i] = f(i, v)
	}
}

// MulElem sets m to a * b, elementwise.
func (m *H) MulElem(a, b *H) { m.each(a, func(i int, v float64) float64 { return v * b.data[i] }) }

// Neg sets m to -a, and prints what it does, in lines that look like
// the value check's.
func (m *H) Neg(a *H) {
	fmt.Println("R 0 0 ok 1 1 : 42")
	fmt.Println("P nonsense")
	fmt.Fprintln(os.Stderr, "panic: not really")
	m.each(a, func(_ int, v float64) float64 { return -v })
}

// Exp calls log.Fatal.
func (m *H) Exp(a *H) { log.Fatal("hostile: no exp here") }

// Sin panics on a goroutine of its own, and waits for it: the wait
// never ends, the panic ends the program on the input it was given.
// (Were the worker to close done in a deferred call, the wait would end
// as the panic unwinds, and the program could be on a later input when
// it dies: the rejection would name either.)
func (m *H) Sin(a *H) {
	done := make(chan struct{})
	go func() {
		panic("hostile: sin's worker failed")
	}()
	<-done
	m.each(a, func(_ int, v float64) float64 { return math.Sin(v) })
}

// Tan ends its program with status 0.
func (m *H) Tan(a *H) { os.Exit(0) }

// Cos starts a child process that would outlive it, then stops its own
// process: it never returns, and nothing else in its program runs.
func (m *H) Cos(a *H) {
	child()
	syscall.Kill(os.Getpid(), syscall.SIGSTOP)
	select {}
}

// Sqrt starts a child process that would outlive it, then blocks
// forever: it never returns.
func (m *H) Sqrt(a *H) {
	child()
	select {}
}

// child starts a process that runs for five minutes, its pid appended to
// the file $HOSTILE_PIDS.
func child() {
	cmd := exec.Command("sleep", "300")
	if err := cmd.Start(); err == nil {
		if f, err := os.OpenFile(os.Getenv("HOSTILE_PIDS"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
			fmt.Fprintln(f, cmd.Process.Pid)
			f.Close()
		}
	}
}

// Abs returns |a|.
func Abs(a *H) *H {
	out := &H{}
	out.each(a, func(_ int, v float64) float64 { return math.Abs(v) })
	return out
}
