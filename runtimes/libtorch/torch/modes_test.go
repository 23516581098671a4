package torch_test

import (
	"errors"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// Tensors made in inference mode are inference tensors, without the
// Versioned trait; the mode ends with f, also when f panics.
func TestInference(t *testing.T) {
	made := func() (inference, versioned bool) {
		x := torch.FromFloat64s(torch.Float32, []float64{1, 2}, 2)
		defer x.Release()
		return x.IsInference(), x.Ident().Traits&asserts.Versioned != 0
	}
	var inf, ver bool
	if err := torch.Inference(func() error { inf, ver = made(); return nil }); err != nil || !inf || ver {
		t.Errorf("inside Inference: err %v, inference %v, versioned %v; want nil, true, false", err, inf, ver)
	}
	if inf, ver = made(); inf || !ver {
		t.Errorf("after Inference: inference %v, versioned %v; want false, true", inf, ver)
	}
	want := errors.New("from f")
	if err := torch.Inference(func() error { return want }); err != want {
		t.Errorf("Inference returned %v, want f's error", err)
	}
	func() {
		defer func() { _ = recover() }()
		_ = torch.Inference(func() error { panic("in f") })
	}()
	if inf, _ = made(); inf {
		t.Error("after a panic in Inference: still in inference mode")
	}
	var u *torch.Tensor
	if u.IsInference() {
		t.Error("a nil tensor is an inference tensor")
	}
}

// A forward-AD level is open during f only; libtorch keeps one at a time,
// so a nested DualLevel fails, and a panic in f closes the level.
func TestDualLevel(t *testing.T) {
	var first int64 = -1
	err := torch.DualLevel(func(level int64) error {
		first = level
		nested := torch.DualLevel(func(int64) error { return nil })
		var te *torch.Error
		if !errors.As(nested, &te) {
			t.Errorf("DualLevel inside DualLevel: %v, want a libtorch error", nested)
		}
		return nil
	})
	if err != nil || first < 0 {
		t.Fatalf("DualLevel: err %v, level %d", err, first)
	}
	func() {
		defer func() { _ = recover() }()
		_ = torch.DualLevel(func(int64) error { panic("in f") })
	}()
	if err := torch.DualLevel(func(level int64) error {
		if level != first {
			t.Errorf("after two closed levels the next is %d, want %d again", level, first)
		}
		return nil
	}); err != nil {
		t.Errorf("DualLevel after a panic in f: %v (the level stayed open?)", err)
	}
}
