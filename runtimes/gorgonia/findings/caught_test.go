//go:build debugasserts

package findings

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/gorgonia/gt"
	"github.com/assertgen/assertgen/runtimes/gorgonia/ops"
)

// The first binding of permute (ShallowClone, then T) on a permuted 3-d
// view moved the shared data; same_content, the check a runtime without
// version counters has for writes, catches it. The call is written out
// with asserts' API as the generated permute wrapper runs it.
func TestPermuteOfPermuteCaught(t *testing.T) {
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	op := asserts.Op{Name: "permute"}
	base := gt.From(newDense(2, 3, 4))
	v := ops.Permute(base, []int64{1, 0, 2})
	unguarded := func(self *gt.Tensor) *gt.Tensor {
		w := self.D().ShallowClone()
		if err := w.T(2, 1, 0); err != nil {
			t.Fatal(err)
		}
		return gt.From(w)
	}
	vs := asserts.Collect(func() {
		var c asserts.Call
		var s, r asserts.Saved
		self := asserts.Arg("self")
		c.Begin(&op)
		c.Save(&s, v)
		c.SameContent(self, &s, v)
		out := unguarded(v)
		c.After(&s, v)
		c.ResultIdent(&r, out)
		c.SharesStorage(asserts.Ret(0), &r, self, &s)
		c.SameContentAfter(self, &s, v)
		c.End()
	})
	if len(vs) != 1 || vs[0].Check != asserts.CheckSameContent {
		t.Fatalf("violations %v, want one same_content on self", vs)
	}
	t.Log(vs[0].Error())
}
