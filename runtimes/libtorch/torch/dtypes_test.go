package torch_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// Int8 is made on every release, Uint64 from libtorch 2.3 on; on 1.13
// Makes says no and the constructors refuse it (a panic with libtorch's
// error), rather than making another dtype.
func TestMakesDtypes(t *testing.T) {
	x := torch.FromFloat64s(torch.Int8, []float64{1, -2}, 2)
	defer x.Release()
	if !torch.Makes(torch.Int8) || x.Describe().Dtype != torch.Int8 || !slices.Equal(x.Float64s(), []float64{1, -2}) {
		t.Errorf("int8: Makes %v, made %v %v", torch.Makes(torch.Int8), x.Describe().Dtype, x.Float64s())
	}
	has := torch.Series() != "1.13"
	if torch.Makes(torch.Uint64) != has {
		t.Fatalf("libtorch %s: Makes(Uint64) = %v, want %v", torch.Series(), torch.Makes(torch.Uint64), has)
	}
	if has {
		u := torch.FromFloat64s(torch.Uint64, []float64{3, 4}, 2)
		defer u.Release()
		if u.Describe().Dtype != torch.Uint64 || !slices.Equal(u.Float64s(), []float64{3, 4}) {
			t.Errorf("uint64: made %v %v", u.Describe().Dtype, u.Float64s())
		}
		return
	}
	defer func() {
		var e *torch.Error
		if r, _ := recover().(error); !errors.As(r, &e) {
			t.Errorf("FromFloat64s(Uint64) on libtorch %s: recovered %v, want a *torch.Error", torch.Series(), r)
		}
	}()
	torch.FromFloat64s(torch.Uint64, []float64{3}, 1)
}

// NoGrad turns grad mode off for f only: a clone of a requires_grad leaf
// made inside does not require grad, one made after (also after f
// panicked) does.
func TestNoGrad(t *testing.T) {
	x := torch.FromFloat64s(torch.Float32, []float64{1, 2}, 2)
	defer x.Release()
	x.SetRequiresGrad(true)
	requires := func() bool {
		c := x.Clone()
		defer c.Release()
		return c.Info().RequiresGrad
	}
	var inside bool
	if err := torch.NoGrad(func() error { inside = requires(); return nil }); err != nil || inside {
		t.Errorf("inside NoGrad: err %v, clone requires grad %v", err, inside)
	}
	if !requires() {
		t.Error("after NoGrad: the clone does not require grad")
	}
	func() {
		defer func() { _ = recover() }()
		_ = torch.NoGrad(func() error { panic("in f") })
	}()
	if !requires() {
		t.Error("after a panic in NoGrad: grad mode stayed off")
	}
}

// The blocked layouts' copies read as c10's SparseBsr (5) and SparseBsc
// (6); _coalesce takes a COO tensor only once MarkUncoalesced cleared its
// flag.
func TestBlockedAndUncoalesced(t *testing.T) {
	x := torch.FromFloat64s(torch.Float32, []float64{0, 1, 2, 0, 3, 0}, 2, 3)
	defer x.Release()
	for _, c := range []struct {
		make func(*torch.Tensor) *torch.Tensor
		want string
	}{{(*torch.Tensor).ToSparseBSR, "c10 Layout 5"}, {(*torch.Tensor).ToSparseBSC, "c10 Layout 6"}} {
		b := c.make(x)
		if got := b.Info().Layout.String(); got != c.want {
			t.Errorf("layout %s, want %s", got, c.want)
		}
		b.Release()
	}
	coalesce := func(s *torch.Tensor) (err error) {
		defer func() {
			if r, ok := recover().(error); ok {
				err = r
			}
		}()
		for _, r := range torch.Call("aten::_coalesce", "", []*torch.Tensor{s}) {
			r.Release()
		}
		return nil
	}
	s := x.ToSparse()
	defer s.Release()
	if coalesce(s) == nil {
		t.Error("_coalesce of a coalesced tensor ran; want its assert")
	}
	s.MarkUncoalesced()
	if err := coalesce(s); err != nil {
		t.Errorf("_coalesce of an uncoalesced tensor: %v", err)
	}
}
