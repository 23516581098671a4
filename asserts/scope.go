package asserts

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/assertgen/assertgen/internal/shared"
)

// Scoped collection: the violations of one test, kept apart from every
// other goroutine's.
//
// The installed [Handler] is process-wide, so a test that asserts "this call
// reports exactly check X" cannot run in parallel with other tests while it
// swaps the handler. [Collect] instead binds a collector to the calling
// goroutine: a violation reported on that goroutine (by the call under test
// or by any checked call it makes in turn) goes to the scope and not to the
// handler, while violations on other goroutines go where they always went.
// The generated wrappers take no context, so the binding is by goroutine;
// work a test starts on other goroutines joins the scope through [Go].
//
// Looking the goroutine up costs a microsecond, but only when a violation is
// reported while some scope is open: the checked-call path never looks.

// A scope holds the violations reported on the goroutines bound to it.
type scope struct {
	mu     sync.Mutex
	vs     []Violation
	parent *scope // the scope this one is nested in, on the same goroutine
}

var (
	openScopes atomic.Int32 // goroutine bindings in scopes (0: the fast test in handle)
	scopesMu   sync.Mutex
	scopes     = map[uintptr]*scope{} // goroutine token (shared.Getg) -> innermost scope
)

// Collect runs f and returns the violations that checked calls reported on
// f's goroutine while it ran (and on goroutines f started with [Go]), in
// the order they were reported. They do not reach the installed handler.
// Collect may be nested: the innermost scope gets a violation. It is safe
// to call from parallel tests; each sees only its own violations.
//
// If f panics, the scope is closed and the panic goes on.
func Collect(f func()) []Violation {
	s := &scope{}
	bind(shared.Getg(), s)
	defer unbind(shared.Getg(), s)
	f()
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.vs)
}

// Go runs f on a new goroutine that reports into the calling goroutine's
// scope, if it is in one (see [Collect]); otherwise it is a plain go
// statement. The scope must outlive f: wait for f before Collect returns.
func Go(f func()) {
	s := current()
	if s == nil {
		go f()
		return
	}
	go func() {
		id := shared.Getg()
		bind(id, s)
		defer unbind(id, s)
		f()
	}()
}

func bind(id uintptr, s *scope) {
	scopesMu.Lock()
	if s.parent == nil {
		s.parent = scopes[id]
	}
	scopes[id] = s
	scopesMu.Unlock()
	openScopes.Add(1)
}

func unbind(id uintptr, s *scope) {
	scopesMu.Lock()
	if scopes[id] == s {
		if s.parent != nil {
			scopes[id] = s.parent
		} else {
			delete(scopes, id)
		}
	}
	scopesMu.Unlock()
	openScopes.Add(-1)
}

// current returns the calling goroutine's innermost scope, or nil.
func current() *scope {
	if openScopes.Load() == 0 {
		return nil
	}
	id := shared.Getg()
	scopesMu.Lock()
	defer scopesMu.Unlock()
	return scopes[id]
}

// scoped hands v to the calling goroutine's scope, reporting whether there
// was one.
func scoped(v *Violation) bool {
	s := current()
	if s == nil {
		return false
	}
	s.mu.Lock()
	s.vs = append(s.vs, *v)
	s.mu.Unlock()
	return true
}
