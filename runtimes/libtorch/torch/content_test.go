package torch_test

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

func digestOK(t *testing.T, x *torch.Tensor, what string) uint64 {
	t.Helper()
	d, ok := x.ContentDigest()
	if !ok {
		t.Fatalf("%s: ContentDigest reports ok=false", what)
	}
	return d
}

// TestContentDigest: the digest follows the bytes (stable when untouched,
// moved by a write through the tensor, a view of it, or the data pointer
// without a version bump) and is refused where there are no bytes to read.
func TestContentDigest(t *testing.T) {
	x := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer x.Release()
	d0 := digestOK(t, x, "x")
	if d := digestOK(t, x, "x again"); d != d0 {
		t.Errorf("untouched tensor: digest %#x, then %#x", d0, d)
	}
	y := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer y.Release()
	if d := digestOK(t, y, "y"); d != d0 {
		t.Errorf("equal bytes in another storage digest %#x, want %#x", d, d0)
	}
	v := x.Transpose(0, 1)
	defer v.Release()
	if d := digestOK(t, v, "transposed view"); d != d0 {
		t.Errorf("a transpose reaches the same bytes but digests %#x, want %#x", d, d0)
	}
	v.Fill(9)
	d1 := digestOK(t, x, "x after a write through its view")
	if d1 == d0 {
		t.Errorf("a write through a view left the base's digest at %#x", d1)
	}
	ver := x.Ident().Version
	x.RawWrite()
	if d := digestOK(t, x, "x after RawWrite"); d == d1 {
		t.Errorf("a raw write left the digest at %#x", d)
	}
	if got := x.Ident().Version; got != ver {
		t.Errorf("RawWrite moved the version %d -> %d", ver, got)
	}

	e := torch.Zeros(torch.Float32, torch.CPU, 0, 3)
	defer e.Release()
	digestOK(t, e, "an empty tensor")

	m := torch.Zeros(torch.Float32, torch.Meta, 2, 3)
	defer m.Release()
	s := y.ToSparse()
	defer s.Release()
	f := y.ToFunctional()
	defer f.Release()
	for _, c := range []struct {
		name string
		x    *torch.Tensor
	}{{"undefined", torch.Undefined()}, {"nil", nil}, {"meta", m}, {"sparse", s}, {"functional wrapper", f}} {
		if _, ok := c.x.ContentDigest(); ok {
			t.Errorf("%s tensor: ContentDigest reports ok=true", c.name)
		}
	}
}

// TestContentDigestCoversGaps: a column of a 2x3 tensor (stride 3) reaches
// elements 0..3; a write to element 1, in the gap between its two
// elements, changes its digest, and a write to element 5, past its range,
// does not.
func TestContentDigestCoversGaps(t *testing.T) {
	x := torch.Zeros(torch.Float32, torch.CPU, 2, 3)
	defer x.Release()
	col := x.Select(1, 0)
	defer col.Release()
	row0, row1 := x.Select(0, 0), x.Select(0, 1)
	defer rel(row0, row1)
	d0 := digestOK(t, col, "column")
	e5 := row1.Select(0, 2)
	e5.Fill(5)
	e5.Release()
	if d := digestOK(t, col, "column after a write past its range"); d != d0 {
		t.Errorf("a write to element 5 moved the column's digest %#x -> %#x: it reaches elements 0..3 only", d0, d)
	}
	e1 := row0.Select(0, 1)
	e1.Fill(5)
	e1.Release()
	if d := digestOK(t, col, "column after a write into its gap"); d == d0 {
		t.Errorf("a write to element 1, between the column's elements, left its digest at %#x", d)
	}
}

func rel(ts ...*torch.Tensor) {
	for _, x := range ts {
		x.Release()
	}
}
