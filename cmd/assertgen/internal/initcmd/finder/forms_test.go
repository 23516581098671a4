package finder

import "testing"

// TestBindViewNotFresh: a method whose values are clone's but whose
// result is on its input's memory (dtlib's ShallowClone, a view of all of
// self) is bound, by its values alone, to alias and detach, whose result
// is a view, and not to clone, whose result is a tensor of its own: bound
// to it, the sweep would report clone's fresh_no_alias on every sample of
// a library that has no such bug. Abs, clone's name's fit aside, is
// abs.
func TestBindViewNotFresh(t *testing.T) {
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/dtlib", Name: "T"})
	f := bindSome(t, dir, l, "clone", "alias", "detach", "abs")
	got := map[string]string{}
	for _, b := range f.Bindings {
		got[b.Op] = b.Callable
	}
	for op, want := range map[string]string{"alias": "T.ShallowClone", "detach": "T.ShallowClone", "abs": "T.Abs", "abs_": "T.Abs", "clone": ""} {
		if got[op] != want {
			t.Errorf("%s bound to %q, want %q", op, got[op], want)
		}
	}
}
