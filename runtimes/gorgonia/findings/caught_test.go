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

func (d *checkedDense) StorageAnchor() unsafe.Pointer { return d.memory().Anchor() }

func checkedOf(h unsafe.Pointer) asserts.Identity { return (*checkedDense)(h) }

// permute's rows that see the move: same_content on self, shares_storage
// of the return with self.
var shapePermute = wrap.Shape{
	Args: 1, Rets: 1,
	Rows: []wrap.Row{
		{Check: checks.SameContent, Form: wrap.FormOne, T: 0, U: -1},
		{Check: checks.SharesStorage, Form: wrap.FormOne, T: 1, U: 0},
	},
	Locs:   []wrap.Loc{wrap.Arg("self"), wrap.Ret(0)},
	Tensor: checkedOf,
}

// The first binding of permute (ShallowClone, then T) on a permuted 3-d
// view moved the shared data; same_content, the check a runtime without
// version counters has for writes, catches it. The call is written out
// with asserts/wrap's Frame as the generated permute wrapper makes it.
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
		var f wrap.Frame[[2]wrap.Slot, [0]wrap.ListSlot]
		cv := (*checkedDense)(v)
		f.Open()
		f.ArgMemory(0, unsafe.Pointer(cv), cv.memory())
		f.BeginMemory(&op, &shapePermute)
		out := (*checkedDense)(unguarded(v))
		f.AfterArgMemory(0, unsafe.Pointer(cv), cv.memory())
		f.RetMemory(1, unsafe.Pointer(out), out.memory())
		f.EndMemory()
	})
	if len(vs) != 1 || vs[0].Check != checks.SameContent {
		t.Fatalf("violations %v, want one same_content on self", vs)
	}
	t.Log(vs[0].Error())
}
