package torch_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

// runtimeOf is the contract's Runtime of TestAssertsContract with New
// making tensors of another kind.
func runtimeOf(newFn func() *torch.Tensor) assertstest.Runtime {
	var resize func(asserts.Tensor)
	if resizeBumpsVersion() {
		resize = func(t asserts.Tensor) { h(t).Resize(10, 10) }
	}
	return assertstest.Runtime{
		New:        func() asserts.Tensor { return newFn() },
		Undefined:  func() asserts.Tensor { return torch.Undefined() },
		Share:      func(t asserts.Tensor) asserts.Tensor { return h(t).Share() },
		Release:    func(t asserts.Tensor) { h(t).Release() },
		View:       func(t asserts.Tensor) asserts.Tensor { return h(t).Detach() },
		Write:      func(t asserts.Tensor) { h(t).Fill(7) },
		SetStorage: func(dst, src asserts.Tensor) { h(dst).SetStorage(h(src)) },
		RawWrite:   func(t asserts.Tensor) { h(t).RawWrite() },
		Resize:     resize,
	}
}

// detached returns f(x).detach() of a fresh complex [2,3] x, with x and
// f(x) released: a tensor with f's bits (conj, neg) that is no autograd
// view and owns its storage alone.
func detached(dt torch.Dtype, f func(*torch.Tensor) *torch.Tensor) *torch.Tensor {
	x := torch.FromFloat64s(dt, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	v := f(x)
	d := v.Detach()
	x.Release()
	v.Release()
	return d
}

// TestDenseKindsContract: complex64 and complex128 tensors, and complex
// tensors with the conjugate or the negative bit, pass the whole contract
// as plain dense tensors: the bits change how kernels read the bytes, not
// the TensorImpl, the StorageImpl, their use counts or the version counter.
func TestDenseKindsContract(t *testing.T) {
	for _, k := range []struct {
		name string
		new  func() *torch.Tensor
		info torch.Info
	}{
		{"complex64", func() *torch.Tensor { return torch.Zeros(torch.Complex64, torch.CPU, 2, 3) }, torch.Info{Leaf: true}},
		{"complex128", func() *torch.Tensor { return torch.Zeros(torch.Complex128, torch.CPU, 2, 3) }, torch.Info{Leaf: true}},
		{"conj", func() *torch.Tensor { return detached(torch.Complex64, (*torch.Tensor).Conj) }, torch.Info{Conj: true, Leaf: true}},
		{"neg", func() *torch.Tensor { return detached(torch.Complex128, (*torch.Tensor).NegView) }, torch.Info{Neg: true, Leaf: true}},
	} {
		t.Run(k.name, func(t *testing.T) {
			x := k.new()
			if got := x.Info(); got != k.info {
				t.Errorf("Info %+v, want %+v", got, k.info)
			}
			x.Release()
			assertstest.Run(t, runtimeOf(k.new))
		})
	}
}

// TestLayoutKinds: the kinds whose reading differs say so with the
// contract's own means. Sparse COO and CSR and mkldnn tensors have no
// storage (Storageless, storage use count 0, no digest); a quantized tensor
// has a storage of integers and reads as plain, but its digest is refused
// (its value is the bytes and the quantizer's scale and zero point), so
// same_content skips it.
func TestLayoutKinds(t *testing.T) {
	dense := func() *torch.Tensor { return torch.FromFloat64s(torch.Float32, []float64{1, 0, 0, 4, 0, 6}, 2, 3) }
	from := func(f func(*torch.Tensor) *torch.Tensor) func() asserts.Tensor {
		return func() asserts.Tensor {
			d := dense()
			defer d.Release()
			return f(d)
		}
	}
	kinds := []assertstest.Kind{
		{Name: "sparse_coo", Traits: asserts.Storageless, New: from((*torch.Tensor).ToSparse)},
		{Name: "sparse_csr", Traits: asserts.Storageless, New: from((*torch.Tensor).ToSparseCSR)},
		{Name: "quantized", Traits: asserts.Plain, New: from(func(d *torch.Tensor) *torch.Tensor { return d.QuantizePerTensor(0.5, 2, torch.QUInt8) })},
	}
	if torch.HasMkldnn() {
		kinds = append(kinds, assertstest.Kind{Name: "mkldnn", Traits: asserts.Storageless, New: from((*torch.Tensor).ToMkldnn)})
	} else {
		t.Logf("libtorch %s was built without mkldnn: no mkldnn kind", torch.Series())
	}
	rt := runtimeOf(func() *torch.Tensor { return torch.Zeros(torch.Float32, torch.CPU, 2, 3) })
	rt.Kinds = kinds
	assertstest.Run(t, rt)

	layouts := map[string]torch.Info{
		"sparse_coo": {Layout: torch.SparseCOO, Leaf: true},
		"sparse_csr": {Layout: torch.SparseCSR, Leaf: true},
		"quantized":  {Quantized: true, Leaf: true},
		"mkldnn":     {Layout: torch.Mkldnn, Leaf: true},
	}
	for _, k := range kinds {
		x := h(k.New())
		if got := x.Info(); got != layouts[k.Name] {
			t.Errorf("%s: Info %+v, want %+v", k.Name, got, layouts[k.Name])
		}
		if _, ok := x.ContentDigest(); ok {
			t.Errorf("%s: ContentDigest reports ok=true", k.Name)
		}
		x.Release()
	}
}

// TestQuantizedContract: a quantized tensor's storage, views, use counts
// and version counter behave as a dense tensor's (what the contract's
// plain kind needs), and fill_ writes through the version counter.
func TestQuantizedContract(t *testing.T) {
	d := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer d.Release()
	q := d.QuantizePerTensor(0.5, 2, torch.QUInt8)
	defer q.Release()
	id := q.Ident()
	if !id.HasStorage() || id.Traits != asserts.Versioned {
		t.Fatalf("quantized tensor: Ident %+v, want a storage and traits versioned", id)
	}
	if i, s := q.UseCounts(); i != 1 || s != 1 {
		t.Errorf("fresh quantized tensor: use counts [%d %d], want [1 1]", i, s)
	}
	v := q.Detach()
	if v.Ident().Storage != id.Storage {
		t.Errorf("a detached view of a quantized tensor has StorageImpl %v, want %v", v.Ident().Storage, id.Storage)
	}
	if _, s := q.UseCounts(); s != 2 {
		t.Errorf("quantized tensor with a view: storage use count %d, want 2", s)
	}
	v.Fill(3)
	if got := q.Ident().Version; got == id.Version {
		t.Errorf("fill_ through a view of a quantized tensor left the version at %d", got)
	}
	v.Release()
	back := q.Dequantize()
	defer back.Release()
	if got := back.Float64s(); got[0] != 3 || got[5] != 3 {
		t.Errorf("after fill_(3) the quantized tensor dequantizes to %v", got)
	}
}

// TestNames: SetNames names a tensor's dims in place (the same TensorImpl,
// the names read back) and removes them; a release without named tensors
// refuses with an error, not a crash.
func TestNames(t *testing.T) {
	x := torch.FromFloat64s(torch.Float32, []float64{1, 2, 3, 4, 5, 6}, 2, 3)
	defer x.Release()
	if !torch.HasNames() {
		defer func() {
			if r := recover(); r == nil {
				t.Errorf("SetNames on a release without named tensors did not refuse")
			}
		}()
		x.SetNames("N", "C")
		return
	}
	id := x.Ident()
	if got := x.Names(); got != nil {
		t.Fatalf("a fresh tensor has names %q, want none", got)
	}
	x.SetNames("N", "C")
	if got := x.Names(); len(got) != 2 || got[0] != "N" || got[1] != "C" {
		t.Errorf("after SetNames(N, C): names %q", got)
	}
	if x.Ident().Impl != id.Impl {
		t.Errorf("SetNames made a new TensorImpl")
	}
	func() {
		defer func() {
			if r := recover(); r == nil {
				t.Errorf("SetNames with 1 name for 2 dims did not refuse")
			}
		}()
		x.SetNames("N")
	}()
	x.SetNames()
	if got := x.Names(); got != nil {
		t.Errorf("after SetNames(): names %q, want none", got)
	}
}
