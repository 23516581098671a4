//go:build debugasserts

package findings

import (
	"testing"
	"unsafe"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/asserts/wrap"
	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

// checkedDense is *tensor.Dense with the contract methods the call below
// needs, from ops.Memory, as the generated shape helpers' adapter
// (ForeignDense, internal to package checked) gives them.
type checkedDense tensor.Dense

func (d *checkedDense) memory() asserts.Memory {
	return ops.Memory((*tensor.Dense)(d))
}

func (d *checkedDense) Ident() asserts.Ident { return d.memory().Ident(unsafe.Pointer(d)) }

func (d *checkedDense) ContentDigest() (uint64, bool) { return d.memory().Digest() }

// The first binding of permute (ShallowClone, then T) on a permuted 3-d
// view moved the shared data; same_content, the check a runtime without
// version counters has for writes, catches it. The call is written out
// with asserts' API as the generated permute wrapper runs it.
func TestPermuteOfPermuteCaught(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	op := wrap.Op{Name: "permute"}
	base := newDense(2, 3, 4)
	v := ops.Permute(base, []int64{1, 0, 2})
	unguarded := func(self *tensor.Dense) *tensor.Dense {
		w := self.ShallowClone()
		if err := w.T(2, 1, 0); err != nil {
			t.Fatal(err)
		}
		return w
	}
	vs := asserts.Collect(func() {
		var c wrap.Call
		var s, r wrap.Saved
		self := wrap.Arg("self")
		cv := (*checkedDense)(v)
		c.Begin(&op)
		m := cv.memory()
		c.SaveMemory(&s, unsafe.Pointer(cv), &m)
		c.SameContent(self, &s, cv)
		out := (*checkedDense)(unguarded(v))
		m = cv.memory()
		c.AfterMemory(&s, unsafe.Pointer(cv), &m)
		mr := out.memory()
		c.ResultMemory(&r, unsafe.Pointer(out), &mr)
		c.SharesStorage(wrap.Ret(0), &r, self, &s)
		c.SameContentAfter(self, &s, cv)
		c.End()
	})
	if len(vs) != 1 || vs[0].Check != checks.SameContent {
		t.Fatalf("violations %v, want one same_content on self", vs)
	}
	t.Log(vs[0].Error())
}
