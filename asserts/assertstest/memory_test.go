package assertstest_test

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
)

// A pooling runtime small enough to break: storages take buffers from a
// free list and tensors report their memory (asserts.Anchored).
type mpool struct {
	ids     atomic.Uint64
	mu      sync.Mutex // the suite shares and releases from several goroutines
	free    [][]byte
	donate  bool // New hands out the last tensor's buffer under a new storage, alive or not
	silent  bool // the pool does not call asserts.Recycled
	lastBuf []byte
}

type mstorage struct {
	id   asserts.ID
	refs atomic.Int64
	buf  []byte
}

type mtensor struct {
	id   asserts.ID
	refs atomic.Int64
	st   *mstorage
}

func (t *mtensor) Ident() asserts.Ident {
	if t == nil {
		return asserts.Ident{}
	}
	return asserts.Ident{Impl: t.id, Storage: t.st.id}
}

func (t *mtensor) UseCounts() (int, int) {
	if t == nil {
		return 0, 0
	}
	return int(t.refs.Load()), int(t.st.refs.Load())
}

func (t *mtensor) StorageAnchor() unsafe.Pointer {
	if t == nil {
		return nil
	}
	return asserts.SliceMemory(t.st.buf).Anchor()
}

func (p *mpool) put(b []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.silent {
		asserts.Recycled(asserts.SliceMemory(b).Anchor())
	}
	p.free = append(p.free, b)
}

func (p *mpool) get() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.donate && p.lastBuf != nil {
		return p.lastBuf
	}
	if n := len(p.free); n > 0 {
		b := p.free[n-1]
		p.free = p.free[:n-1]
		asserts.Reused(asserts.SliceMemory(b).Anchor())
		return b
	}
	return make([]byte, 16)
}

func (p *mpool) runtime() assertstest.Runtime {
	id := func() asserts.ID { return asserts.ID(p.ids.Add(1)) }
	return assertstest.Runtime{
		New: func() asserts.Tensor {
			st := &mstorage{id: id(), buf: p.get()}
			st.refs.Store(1)
			p.mu.Lock()
			p.lastBuf = st.buf
			p.mu.Unlock()
			t := &mtensor{id: id(), st: st}
			t.refs.Store(1)
			return t
		},
		Undefined: func() asserts.Tensor { return (*mtensor)(nil) },
		Share:     func(t asserts.Tensor) asserts.Tensor { t.(*mtensor).refs.Add(1); return t },
		Release: func(t asserts.Tensor) {
			x := t.(*mtensor)
			if x == nil {
				return
			}
			if x.refs.Add(-1) == 0 && x.st.refs.Add(-1) == 0 {
				p.put(x.st.buf)
			}
		},
		View: func(t asserts.Tensor) asserts.Tensor {
			st := t.(*mtensor).st
			st.refs.Add(1)
			v := &mtensor{id: id(), st: st}
			v.refs.Store(1)
			return v
		},
		Recycle: func(t asserts.Tensor) { p.put(t.(*mtensor).st.buf); t.(*mtensor).st.refs.Add(1 << 20) },
	}
}

// TestRunMemory: the suite's memory case passes a pool whose storage
// identities follow its memory and that reports its take-backs, and fails
// one that hands a live buffer out under a new storage, and one whose
// take-backs are not reported (in the debug build, where they are
// checked).
func TestRunMemory(t *testing.T) {
	rec := &recorder{TB: t}
	assertstest.Check(rec, (&mpool{}).runtime())
	if len(rec.errs) > 0 {
		t.Errorf("the correct pool fails:\n%s", strings.Join(rec.errs, "\n"))
	}
	for _, tt := range []struct {
		name string
		p    *mpool
		want string
	}{
		{"a live buffer under a new storage", &mpool{donate: true}, "storage identities must follow memory"},
		{"take-backs not reported", &mpool{silent: true}, "a kernel that gives its argument's buffer back to the pool and keeps it: 0 violations"},
	} {
		if tt.p.silent && !asserts.Compiled {
			continue
		}
		rec := &recorder{TB: t}
		assertstest.Check(rec, tt.p.runtime())
		if all := strings.Join(rec.errs, "\n"); !strings.Contains(all, tt.want) {
			t.Errorf("%s: no failure containing %q; failures:\n%s", tt.name, tt.want, all)
		}
	}
}
