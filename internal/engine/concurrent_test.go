package engine_test

import (
	"runtime"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// The windows of two calls interleaved by hand: a read-only call of x (no_mutation and
// same_storage on it) and a call on another goroutine that declares a
// write to x's storage (Mutable) and moves x's version, or replaces its
// StorageImpl (set_). (The same calls on one goroutine nest: see
// nested_test.go.)
func TestConcurrentWriteWindow(t *testing.T) {
	type step int
	const (
		writerBegins step = iota // Begin and Mutable
		writerEnds
	)
	cases := []struct {
		name string
		// before: writer steps taken before the reader's Begin; during:
		// between the reader's Save and After.
		before, during []step
		otherStorage   bool // the writer declares another storage
		setStorage     bool // the write replaces x's StorageImpl instead
		want           string
	}{
		{name: "write declared and ended inside the window", during: []step{writerBegins, writerEnds}, want: "concurrent_write"},
		{name: "write declared inside, still in flight", during: []step{writerBegins}, want: "concurrent_write"},
		{name: "write declared before the window, ended inside", before: []step{writerBegins}, during: []step{writerEnds}, want: "concurrent_write"},
		{name: "write declared before the window, still in flight", before: []step{writerBegins}, want: "concurrent_write"},
		{name: "set_ declared inside the window", during: []step{writerBegins, writerEnds}, setStorage: true, want: "concurrent_write"},
		{name: "declared write over before the reader began", before: []step{writerBegins, writerEnds}, want: "violation"},
		{name: "declared write to another storage", during: []step{writerBegins, writerEnds}, otherStorage: true, want: "violation"},
		{name: "set_ over before the reader began", before: []step{writerBegins, writerEnds}, setStorage: true, want: "violation"},
		{name: "no write at all", want: "violation"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := newFake(kPlain)
			other := newFake(kPlain)
			declared := x
			if tc.otherStorage {
				declared = other
			}
			wop := &engine.Op{Name: "t_", Policy: checks.Strict}
			rop := &engine.Op{Name: "sum", Policy: checks.Strict}
			// The writer runs on a goroutine of its own; its kernel holds
			// its call open from writerBegins to writerEnds.
			began, release, ended := make(chan struct{}), make(chan struct{}), make(chan struct{})
			do := func(s step) {
				switch s {
				case writerBegins:
					go func() {
						w := tcall{args: []any{declared}, writes: []int8{0}, kernel: func() { close(began); <-release }}
						w.frame(wop)
						close(ended)
					}()
					<-began
				case writerEnds:
					close(release)
					<-ended
				}
			}
			for _, s := range tc.before {
				do(s)
			}
			col := asserts.NewCollector()
			defer asserts.SetHandler(asserts.SetHandler(col))
			tcall{args: []any{x}, rows: []engine.Row{row(checks.SameStorage, 0, -1), row(checks.NoMutation, 0, -1)}, kernel: func() {
				for _, s := range tc.during {
					do(s)
				}
				// The reader's state moved: by the writer's legal call, or
				// by the reader's kernel.
				if tc.setStorage {
					x.id.Storage = fid()
				} else {
					x.id.Version++
				}
			}}.call(rop, asserts.EnvState{})
			if len(tc.during)+len(tc.before) == 1 {
				do(writerEnds) // the writer still in flight ends now
			}
			st := rop.Stats()
			vs := col.Violations()
			switch tc.want {
			case "concurrent_write":
				if len(vs) != 0 {
					t.Errorf("blamed the reader: %v", &vs[0])
				}
				if st.Skipped[checks.ReasonConcurrentWrite] != 1 {
					t.Errorf("stats %+v: want one row skipped under concurrent_write", st)
				}
			case "violation":
				if len(vs) != 1 || st.Skipped[checks.ReasonConcurrentWrite] != 0 {
					t.Fatalf("want one violation and no concurrent_write skip, got %d, stats %+v", len(vs), st)
				}
				want := checks.NoMutation
				if tc.setStorage {
					want = checks.SameStorage
				}
				if vs[0].Check != want {
					t.Errorf("violation %v, want %v", &vs[0], want)
				}
			}
			if got := st.Ran[checks.NoMutation] + st.Ran[checks.SameStorage] + st.TotalSkipped(); got != 2 {
				t.Errorf("rows run or skipped: %d, want 2 (stats %+v)", got, st)
			}
		})
	}
}

// A call's own declared writes are not another's: an argument whose
// storage shares the registry's slot with the storage the call writes is
// still checked (storages 5 and 1028 fall in one slot).
func TestConcurrentWriteOwnSlot(t *testing.T) {
	self := &fake{id: asserts.Ident{Impl: fid(), Storage: 5, Version: 1, Traits: asserts.Versioned}, implUses: 1, storageUses: 1}
	other := &fake{id: asserts.Ident{Impl: fid(), Storage: 1028, Version: 1, Traits: asserts.Versioned}, implUses: 1, storageUses: 1}
	out := tcall{args: []any{self, other}, writes: []int8{0}, rows: []engine.Row{row(checks.NoMutation, 1, -1)}, kernel: func() {
		self.id.Version++
		other.id.Version++ // the kernel also writes other: the bug
	}}.run(t, checks.Strict, asserts.EnvState{})
	if len(out.violations) != 1 || out.violations[0].Check != checks.NoMutation {
		t.Errorf("violations %v, want no_mutation on other", out.violations)
	}
}

// A call that declared a write and whose violation the handler turns into
// a panic (the default handler) never reaches End: its declaration must
// not outlive it, or every later row on that storage would be
// inconclusive.
func TestConcurrentWriteReleasedOnPanic(t *testing.T) {
	x := newFake(kPlain)
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("no panic")
			}
		}()
		defer asserts.SetHandler(asserts.SetHandler(asserts.Panic))
		op := &engine.Op{Name: "add_", Policy: checks.Strict}
		tcall{args: []any{x}, writes: []int8{0}, rows: []engine.Row{row(checks.SameImpl, 0, -1)},
			kernel: func() { x.id.Impl = fid() }}.call(op, asserts.EnvState{}) // the kernel replaces self's TensorImpl
	}()
	out := tcall{args: []any{x}, rows: []engine.Row{row(checks.NoMutation, 0, -1)}, kernel: func() { x.id.Version++ }}.
		run(t, checks.Strict, asserts.EnvState{})
	if len(out.violations) != 1 || out.stats.Skipped[checks.ReasonConcurrentWrite] != 0 {
		t.Errorf("after the panicking call: %d violations, stats %+v; want the write reported", len(out.violations), out.stats)
	}
}

// Real goroutines: readers of x beside writers that declare x's storage
// and move its version (a metadata-only in-place op on an alias). Run with
// -race; no reader may be blamed, and a reader whose version moved is
// counted under concurrent_write.
func TestConcurrentWritersRace(t *testing.T) {
	var version sync.Mutex
	x := newFake(kPlain)
	ident := func() asserts.Ident {
		version.Lock()
		defer version.Unlock()
		return x.id
	}
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	rop := &engine.Op{Name: "sum", Policy: checks.Strict}
	wop := &engine.Op{Name: "t_", Policy: checks.Strict}
	locs := []engine.Loc{engine.Arg("self")}
	tensor := func(h unsafe.Pointer) asserts.Identity { return (*lockedFake)(h) }
	reader := &engine.Shape{Args: 1, Rows: []engine.Row{row(checks.SameStorage, 0, -1), row(checks.NoMutation, 0, -1)}, Locs: locs, Tensor: tensor}
	writer := &engine.Shape{Args: 1, Writes: []int8{0}, Locs: locs, Tensor: tensor}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := &lockedFake{ident: ident}
			for range 2000 {
				var f engine.Frame[[1]engine.Slot, [0]engine.ListSlot]
				f.Open()
				f.Arg(0, h.Ident(), unsafe.Pointer(h))
				if g%2 == 0 {
					f.Begin(rop, reader)
					runtime.Gosched() // the kernel: let the writers run
				} else {
					f.Begin(wop, writer)
					version.Lock()
					x.id.Version++
					version.Unlock()
					runtime.Gosched()
				}
				f.AfterArg(0, h.Ident())
				f.End()
			}
		}()
	}
	wg.Wait()
	for _, v := range col.Violations() {
		t.Errorf("false alarm: %v", &v)
	}
	st := rop.Stats()
	t.Logf("reader rows: %d no_mutation run, %d skipped under concurrent_write", st.Ran[checks.NoMutation], st.Skipped[checks.ReasonConcurrentWrite])
	if n := st.Ran[checks.NoMutation] + st.Ran[checks.SameStorage] + st.TotalSkipped(); n != 2*4*2000 {
		t.Errorf("%d rows counted, want %d", n, 2*4*2000)
	}
}

// lockedFake reads its identities through a function (the fake's state is
// shared by goroutines).
type lockedFake struct{ ident func() asserts.Ident }

func (f *lockedFake) Ident() asserts.Ident  { return f.ident() }
func (f *lockedFake) UseCounts() (int, int) { return 1, 1 }

// binding_context where the runtime registered no Env: no call can run in
// a hermetic context, so the check is counted as skipped (no_env), not as
// run; with an Env it runs.
func TestBindingContextWithoutEnv(t *testing.T) {
	prev := asserts.SetEnv(nil)
	defer asserts.SetEnv(prev)
	count := func() asserts.Stats {
		op := &engine.Op{Name: "neg", Policy: checks.Strict}
		x := newFake(kPlain)
		xs := []*fake{newFake(kPlain), newFake(kPlain), newFake(kUndefined)}
		call := tcall{args: []any{x, xs}, rows: []engine.Row{row(checks.BindingContext, 0, -1),
			{Check: checks.BindingContext, Form: engine.FormArgList, T: 1, U: -1}}}
		call.frame(op)
		return op.Stats()
	}
	st := count()
	if st.Ran[checks.BindingContext] != 0 || st.Skipped[checks.ReasonNoEnv] != 4 || st.TotalSkipped() != 4 {
		t.Errorf("no Env: stats %+v; want binding_context skipped 4 times under no_env", st)
	}
	asserts.SetEnv(envFunc(func() asserts.EnvState { return asserts.EnvState{} }))
	st = count()
	if st.Ran[checks.BindingContext] != 3 || st.Skipped[checks.ReasonUndefined] != 1 || st.Skipped[checks.ReasonNoEnv] != 0 {
		t.Errorf("with an Env: stats %+v; want binding_context run 3 times, 1 undefined", st)
	}
	if !strings.Contains(engine.Rules(checks.Strict)[checks.ReasonNoEnv].Why, "no Env") {
		t.Error("no_env has no rule")
	}
}

// A storageless tensor (sparse: its own version counter, no StorageImpl)
// is treated as a dense one: a legal declared write by another goroutine
// inside a reader's window makes the reader's no_mutation inconclusive,
// not a violation; an undeclared write is still reported.
func TestConcurrentWriteStorageless(t *testing.T) {
	for _, declared := range []bool{true, false} {
		x := newFake(kSparse)
		wop := &engine.Op{Name: "add_", Policy: checks.Strict}
		rop := &engine.Op{Name: "sum", Policy: checks.Strict}
		col := asserts.NewCollector()
		prev := asserts.SetHandler(col)
		tcall{args: []any{x}, rows: []engine.Row{row(checks.NoMutation, 0, -1)}, kernel: func() {
			// The writer runs on another goroutine inside the reader's window.
			done := make(chan struct{})
			go func() {
				defer close(done)
				w := tcall{args: []any{x}, kernel: func() { x.id.Version++ }}
				if declared {
					w.writes = []int8{0}
				}
				w.frame(wop)
			}()
			<-done
		}}.call(rop, asserts.EnvState{})
		asserts.SetHandler(prev)
		vs, st := col.Violations(), rop.Stats()
		if declared && (len(vs) != 0 || st.Skipped[checks.ReasonConcurrentWrite] != 1) {
			t.Errorf("declared write: violations %v, stats %+v; want the row counted under concurrent_write", vs, st)
		}
		if !declared && (len(vs) != 1 || vs[0].Check != checks.NoMutation) {
			t.Errorf("undeclared write: violations %v; want no_mutation", vs)
		}
	}
}
