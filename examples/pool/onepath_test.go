//go:build debugasserts

package pool_test

import (
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/examples/pool/catalog"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/onepath"
)

// onePathOps are the catalog's ops, by full name.
var onePathOps = []string{"add.Tensor", "add_.Tensor", "add.out", "mul.Tensor", "mul.out", "neg", "clone", "select.int",
	"transpose.int", "zero_"}

// TestOnePathCountsAsRowsPath holds the one path of a runtime with use
// counts whose tensors report their storage anchors (pool's recycled
// memory) to testdata/onepath.golden, written from the rows path of
// version 3: on each of the catalog's bugs and legal runs, plain, under a
// mode, in a hermetic context, in a context, with same_content off and
// on, the ops' statistics (check by check, skip by reason) and the
// violations are the golden's, on the fast plan and with every call
// forced onto the rows (engine.SetRowsOnly).
func TestOnePathCountsAsRowsPath(t *testing.T) {
	var names []string
	for _, b := range poolBugs {
		names = append(names, b.name)
	}
	onepath.Compare(t, filepath.Join("testdata", "onepath.golden"), names, func(t *testing.T, i int, _ string, _ bool) string {
		b := poolBugs[i]
		k := catalog.Checked(b.k)
		vs := onepath.Violations(func() {
			for range 3 {
				b.run(k)
			}
		})
		return onepath.Text(onePathOps, vs)
	})
}

// TestOnePathLateBug: mul turning into returning self after 1,000 good
// calls is reported at its call, on the fast plan as with every call
// forced onto the rows.
func TestOnePathLateBug(t *testing.T) {
	for _, rows := range []bool{false, true} {
		prev := engine.SetRowsOnly(rows)
		n := 0
		ks := kernels{mul: func(self, other f32) f32 {
			if n++; n > 1000 {
				return pool.MulReturnsSelf(self, other)
			}
			return pool.MulTensor(self, other)
		}}
		k := catalog.Checked(ks)
		asserts.ResetStats()
		x := vec(4)
		at, count := -1, 0
		for i := range 1010 {
			vs := asserts.Collect(func() { k.MulTensor(x, x).Release() })
			if len(vs) > 0 && at < 0 {
				at = i
			}
			count += len(vs)
		}
		x.Release()
		engine.SetRowsOnly(prev)
		if at != 1000 || count != 10 {
			t.Errorf("rows=%v: first violation at call %d, %d in all; want 1000 and 10", rows, at, count)
		}
		if n := onepath.Calls("mul.Tensor"); n != 1010 {
			t.Errorf("rows=%v: %d calls", rows, n)
		}
	}
}
