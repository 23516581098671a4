package reftensor

import (
	"sync"
	"sync/atomic"

	"github.com/assertgen/assertgen/asserts"
)

// A Mode is a dispatch mode, such as a Python TorchDispatchMode. While a
// mode is on the stack, the asserts checks that read use counts are skipped,
// because a mode may keep references to the tensors it sees: [Mode.Keep]
// does that.
type Mode struct {
	Name string

	mu   sync.Mutex
	kept []*Tensor
}

// Keep makes the mode hold a handle to t (t.Share()) until it is popped.
func (m *Mode) Keep(t *Tensor) {
	h := t.Share()
	m.mu.Lock()
	m.kept = append(m.kept, h)
	m.mu.Unlock()
}

// Kept returns the number of handles the mode holds.
func (m *Mode) Kept() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.kept)
}

func (m *Mode) releaseAll() {
	m.mu.Lock()
	kept := m.kept
	m.kept = nil
	m.mu.Unlock()
	for _, h := range kept {
		h.Release()
	}
}

// A Context is an execution context, such as an interpreter. Hermetic
// contexts are isolated from the rest of the process (a torch::deploy
// interpreter): foreign objects made outside them must not be used inside.
type Context struct {
	id       asserts.ContextID
	hermetic bool
	parent   *Context

	mu      sync.Mutex
	objects []*Object
	exited  bool
}

// ID returns the context's identity; the root context has ID 0.
func (c *Context) ID() asserts.ContextID { return c.id }

// Hermetic reports whether the context is hermetic.
func (c *Context) Hermetic() bool { return c.hermetic }

// Env is reftensor's mode state: the mode stack and the current context.
// There is one per process ([DefaultEnv]), registered with asserts in init.
type Env struct {
	mu     sync.Mutex
	modes  []*Mode
	nmodes atomic.Int32
	cur    atomic.Pointer[Context]
	ids    atomic.Uint64
	root   *Context
}

var defaultEnv = newEnv()

func newEnv() *Env {
	e := &Env{root: &Context{}}
	e.cur.Store(e.root)
	return e
}

func init() { asserts.SetEnv(defaultEnv) }

// DefaultEnv returns the process's Env.
func DefaultEnv() *Env { return defaultEnv }

// State implements asserts.Env.
func (e *Env) State() asserts.EnvState {
	c := e.cur.Load()
	return asserts.EnvState{ModeActive: e.nmodes.Load() > 0, Context: c.id, Hermetic: c.hermetic}
}

// PushMode pushes m on the mode stack.
func PushMode(m *Mode) {
	e := defaultEnv
	e.mu.Lock()
	defer e.mu.Unlock()
	e.modes = append(e.modes, m)
	e.nmodes.Store(int32(len(e.modes)))
}

// PopMode pops the top mode, releases the handles it kept and returns it;
// nil if the stack is empty.
func PopMode() *Mode {
	e := defaultEnv
	e.mu.Lock()
	n := len(e.modes)
	if n == 0 {
		e.mu.Unlock()
		return nil
	}
	m := e.modes[n-1]
	e.modes = e.modes[:n-1]
	e.nmodes.Store(int32(n - 1))
	e.mu.Unlock()
	m.releaseAll()
	return m
}

// ModeActive reports whether a mode is on the stack.
func ModeActive() bool { return defaultEnv.nmodes.Load() > 0 }

// EnterContext enters a new context inside the current one and returns it.
func EnterContext(hermetic bool) *Context {
	e := defaultEnv
	e.mu.Lock()
	defer e.mu.Unlock()
	c := &Context{id: asserts.ContextID(e.ids.Add(1)), hermetic: hermetic, parent: e.cur.Load()}
	e.cur.Store(c)
	return c
}

// Exit leaves the context, which must be the current one, and returns to
// its parent. A context's foreign objects die with it: bindings to them
// dangle, as they did in the PyObject-preservation bug.
func (c *Context) Exit() {
	e := defaultEnv
	e.mu.Lock()
	if e.cur.Load() != c || c.parent == nil {
		e.mu.Unlock()
		panic("reftensor: exit of a context that is not the current one")
	}
	e.cur.Store(c.parent)
	e.mu.Unlock()
	c.mu.Lock()
	c.exited = true
	objs := c.objects
	c.objects = nil
	c.mu.Unlock()
	for _, o := range objs {
		o.free(c)
	}
}

// CurrentContext returns the current context.
func CurrentContext() *Context { return defaultEnv.cur.Load() }
