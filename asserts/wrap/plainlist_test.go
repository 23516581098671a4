package wrap

import (
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/internal/shared"
)

// TestPlainListRows: PlainListRows does what the rows it stands for do
// one by one (SameContentList, SaveMetadataList, BindingContextList, in
// the generated order), with the same counts and snapshots, whenever it
// reports that it ran them, and leaves the call and the list untouched
// otherwise; and it runs them for every list a plain call has (at most
// 255 elements, each saved from its memory outside a mode, with storage
// and, for same_metadata's row, a fingerprint; same_content off for its
// row, outside a hermetic context for binding_context's).
func TestPlainListRows(t *testing.T) {
	defer shared.ContentMode.Store(shared.ContentMode.Load())
	type spec struct {
		n                         int
		mode, hermetic, contentOn bool
		noMeta, nilHandle         bool // element 1 without a fingerprint; without a handle
		rows                      ListRows
	}
	var specs []spec
	for _, n := range []int{0, 2, 9, 256} {
		for flags := range 32 {
			for rows := ListRows(1); rows < 8; rows++ {
				specs = append(specs, spec{n: n, mode: flags&1 != 0, hermetic: flags&2 != 0, contentOn: flags&4 != 0,
					noMeta: flags&8 != 0, nilHandle: flags&16 != 0, rows: rows})
			}
		}
	}
	bufs := make([][]float64, 256)
	for i := range bufs {
		bufs[i] = make([]float64, 4)
	}
	ts := make([]*stubTensor, 256)
	for i := range ts {
		ts[i] = &stubTensor{}
	}
	for _, sp := range specs {
		name := fmt.Sprintf("%+v", sp)
		if sp.contentOn {
			shared.ContentMode.Store(shared.ContentOff + 1)
		} else {
			shared.ContentMode.Store(shared.ContentOff)
		}
		// the call and the list as a pre helper has them after saveList
		fill := func() (*Call, *SavedList) {
			c, l := new(Call), new(SavedList)
			c.BeginWith(&Op{Name: "cat"}, asserts.EnvState{ModeActive: sp.mode, Hermetic: sp.hermetic})
			l.Reset(sp.n)
			for i := range sp.n {
				m := asserts.SliceMemory(bufs[i])
				if !(sp.noMeta && i == 1) {
					m = m.Matrix(2, 2, 2, 1)
				}
				h := unsafe.Pointer(ts[i])
				if sp.nilHandle && i == 0 {
					h = nil
				}
				c.SaveMemory(l.At(i), h, &m)
			}
			l.SummarizeSaved()
			return c, l
		}
		ca, la := fill()
		c0, l0 := *ca, snapshotList(la)
		ran := PlainListRows(ca, la, sp.rows)
		if !ran {
			if ca.t != c0.t || !equalLists(snapshotList(la), l0) {
				t.Errorf("%s: refused, but changed the call or the list", name)
			}
		} else {
			cb, lb := fill()
			if sp.rows&ListContent != 0 {
				SameContentList(cb, Arg("tensors"), lb, ts[:sp.n])
			}
			if sp.rows&ListMetadata != 0 {
				SaveMetadataList(cb, lb, ts[:sp.n])
			}
			if sp.rows&ListBinding != 0 {
				BindingContextList(cb, Arg("tensors"), lb, ts[:sp.n])
			}
			if ca.t != cb.t {
				t.Errorf("%s: counts %v, the rows one by one %v", name, ca.t, cb.t)
			}
			if !equalLists(snapshotList(la), snapshotList(lb)) {
				t.Errorf("%s: the list differs from the rows' one by one", name)
			}
		}
		// What it needs of the call and the elements: every element
		// plain with storage, outside a mode, and what each row needs.
		elems := sp.n == 0 || !sp.mode && !sp.nilHandle
		plain := sp.n <= 255 && elems &&
			(sp.rows&ListContent == 0 || !sp.contentOn) &&
			(sp.rows&ListMetadata == 0 || !(sp.noMeta && sp.n > 1)) &&
			(sp.rows&ListBinding == 0 || !sp.hermetic)
		if ran != plain {
			t.Errorf("%s: ran %v, want %v", name, ran, plain)
		}
	}
}

// listState is what a SavedList holds, its elements copied.
type listState struct {
	n, ok int
	opt   bool
	elems []Saved
}

func snapshotList(l *SavedList) listState {
	inl, more := l.parts()
	return listState{n: l.n, ok: int(l.ok), opt: l.opt, elems: append(slices.Clone(inl), more...)}
}

func equalLists(a, b listState) bool {
	return a.n == b.n && a.ok == b.ok && a.opt == b.opt && slices.Equal(a.elems, b.elems)
}
