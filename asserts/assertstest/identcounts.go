package assertstest

import "github.com/assertgen/assertgen/asserts"

// testIdentCounts checks the optional asserts.IdentCounter: its one read
// must give what Ident and UseCounts give, on an undefined handle, a fresh
// tensor, a shared one and a view (wrap.Call.Result snapshots every
// return with it).
func testIdentCounts(r *reporter, rt Runtime) {
	u := rt.Undefined()
	defer rt.Release(u)
	if _, ok := u.(asserts.IdentCounter); !ok {
		r.Logf("tensors do not implement asserts.IdentCounter: a checked call reads a return with Ident and UseCounts")
		return
	}
	x := rt.New()
	defer rt.Release(x)
	y := rt.Share(x)
	defer rt.Release(y)
	v := rt.View(x)
	defer rt.Release(v)
	for _, c := range []struct {
		what string
		t    asserts.Tensor
	}{{"an undefined handle", u}, {"a tensor with two handles", x}, {"a view", v}} {
		id, iu, su := c.t.(asserts.IdentCounter).IdentCounts()
		wid := c.t.Ident()
		wiu, wsu := c.t.UseCounts()
		if id != wid || iu != wiu || su != wsu {
			r.Errorf("%s: IdentCounts reports %+v, use counts [%d %d]; Ident and UseCounts report %+v, [%d %d]",
				c.what, id, iu, su, wid, wiu, wsu)
		}
	}
}
