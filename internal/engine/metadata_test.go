package engine_test

import (
	"sync"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/engine"
)

// metaCall runs a checked call of foo(Tensor(a!) self, Tensor other) on
// the given handles: the kernel moves the metadata of the tensors in
// moved, as a t_ on self would (and, broken, on other). It returns the
// violations and the op's statistics.
func metaCall(t *testing.T, self, other metaFake, moved ...*fake) outcome {
	t.Helper()
	sh := &engine.Shape{Args: 2, Rows: []engine.Row{row(checks.SameMetadata, 1, -1)},
		Locs: []engine.Loc{engine.Arg("self"), engine.Arg("other")}, Writes: []int8{0},
		Tensor: func(h unsafe.Pointer) asserts.Identity { return metaFake{(*fake)(h)} }}
	return runFrame(t, checks.Strict, asserts.EnvState{}, func(op *engine.Op) {
		var f engine.Frame[[2]engine.Slot, [0]engine.ListSlot]
		f.Open()
		f.Arg(0, self.Ident(), unsafe.Pointer(self.fake))
		f.Arg(1, other.Ident(), unsafe.Pointer(other.fake))
		fp, ok := other.MetadataFingerprint()
		f.Meta(1, fp, ok)
		f.Begin(op, sh)
		for _, m := range moved {
			m.meta++
		}
		f.AfterArg(0, self.Ident())
		f.AfterArg(1, other.Ident())
		fp, ok = other.MetadataFingerprint()
		f.MetaAfter(1, fp, ok)
		f.End()
	})
}

// same_metadata exempts an argument that is (a handle of) the TensorImpl
// of an argument the call may write, and only that.
func TestSameMetadataAliasesMutable(t *testing.T) {
	x := newFake(kPlain)
	second := &fake{id: x.id} // another handle of x's TensorImpl
	view := newFake(kPlain)   // a view of x: its own TensorImpl, x's storage
	view.id.Storage = x.id.Storage
	cases := []struct {
		name          string
		other         *fake
		moved         []*fake
		want, skipped int
	}{
		{"foo(x, x): t_ on self moves other", x, []*fake{x}, 0, 1},
		{"foo(x, second handle of x)", second, []*fake{x, second}, 0, 1},
		{"foo(x, x): nothing moves", x, nil, 0, 0},
		{"foo(x, view of x): the kernel moved the view's geometry", view, []*fake{x, view}, 1, 0},
		{"foo(x, y): the kernel moved y's geometry", newFake(kPlain), nil, 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			moved := tc.moved
			if tc.want == 1 && len(moved) == 0 {
				moved = []*fake{tc.other}
			}
			out := metaCall(t, metaFake{x}, metaFake{tc.other}, moved...)
			if len(out.violations) != tc.want {
				t.Errorf("%d violations, want %d: %v", len(out.violations), tc.want, out.violations)
			}
			if got := int(out.stats.Skipped[checks.ReasonAliasesMutable]); got != tc.skipped {
				t.Errorf("%d skips under aliases_mutable_arg, want %d", got, tc.skipped)
			}
		})
	}
}

// A metadata change by another goroutine's checked call that declared a
// write to the tensor (t_ on a shared tensor) makes the row inconclusive,
// counted under concurrent_write; without a declared write it is
// reported.
func TestSameMetadataConcurrentWrite(t *testing.T) {
	for _, declared := range []bool{true, false} {
		x := newFake(kPlain)
		col := asserts.NewCollector()
		prev := asserts.SetHandler(col)
		rop := &engine.Op{Name: "sum", Policy: checks.Strict}
		sameMeta := []engine.Row{row(checks.SameMetadata, 0, -1)}
		reader := tcall{args: []any{x}, rows: sameMeta, meta: true, tensor: asMeta, kernel: func() {
			if !declared {
				x.meta++ // the reader's own kernel
				return
			}
			// The writer runs on another goroutine inside the reader's
			// window (on the reader's own goroutine it would be a nested
			// call of the reader's kernel, which the row must report).
			done := make(chan struct{})
			go func() {
				defer close(done)
				writer := tcall{args: []any{x}, writes: []int8{0}, kernel: func() { x.meta++ }} // t_ swaps x's sizes and strides
				writer.frame(&engine.Op{Name: "t_", Policy: checks.Strict})
			}()
			<-done
		}}
		reader.frame(rop)
		asserts.SetHandler(prev)
		st := rop.Stats()
		if declared && (len(col.Violations()) != 0 || st.Skipped[checks.ReasonConcurrentWrite] != 1 || st.Ran[checks.SameMetadata] != 0) {
			t.Errorf("declared t_: %d violations, stats %+v; want none, one concurrent_write skip", len(col.Violations()), st)
		}
		if !declared && (len(col.Violations()) != 1 || st.Skipped[checks.ReasonConcurrentWrite] != 0) {
			t.Errorf("undeclared change: %d violations, stats %+v; want one", len(col.Violations()), st)
		}
	}
}

// Goroutines reading x while others run declared in-place metadata ops
// on views of it and on x itself stay silent; under -race the check reads
// nothing the fakes do not synchronize.
func TestSameMetadataEightGoroutines(t *testing.T) {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	x := newFake(kPlain)
	rop := &engine.Op{Name: "add", Overload: "Tensor", Policy: checks.Strict}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			y := newFake(kPlain)
			call := tcall{args: []any{x, y}, rows: []engine.Row{row(checks.SameMetadata, 0, -1), row(checks.SameMetadata, 1, -1)},
				meta: true, tensor: asMeta}
			if g%2 == 1 {
				call.writes = []int8{0} // the call declares a write to x
			}
			call.sh = call.shape(nil)
			for range 1000 {
				call.frame(rop)
			}
		}()
	}
	wg.Wait()
	if vs := col.Violations(); len(vs) != 0 {
		t.Fatalf("%d violations on legal calls, first %v", len(vs), &vs[0])
	}
	if st := rop.Stats(); st.Ran[checks.SameMetadata] != 16000 {
		t.Errorf("same_metadata ran %d times, want 16000", st.Ran[checks.SameMetadata])
	}
}

// asMeta is the rows' tensor of f: metaFake, which reports its geometry.
func asMeta(f *fake) asserts.Identity { return metaFake{f} }
