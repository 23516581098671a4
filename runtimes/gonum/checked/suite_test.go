//go:build debugasserts

package checked_test

import (
	"math"
	"sync"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/gonum/checked"
)

// leastSquares fits y ~ X w by gradient steps through the checked
// wrappers: residual, gradient, an in-place update and an out= product.
func leastSquares(t *testing.T, steps int) *mat.Dense {
	x := mat.NewDense(4, 2, []float64{1, 0, 1, 1, 1, 2, 1, 3})
	y := mat.NewDense(4, 1, []float64{1, 3, 5, 7})
	xt := mat.DenseCopyOf(x.T())
	w := checked.ZerosLike(mat.NewDense(2, 1, []float64{9, 9}), nil, nil, nil, nil, nil)
	pred := mat.NewDense(4, 1, nil)
	for range steps {
		checked.MmOut(x, w, pred)
		r := checked.SubTensor(pred, y, 1)
		g := checked.MulScalar(checked.Mm(xt, r), 0.05)
		checked.Sub_Tensor(w, g, 1)
	}
	return w
}

func TestLeastSquares(t *testing.T) {
	var w *mat.Dense
	if vs := asserts.Collect(func() { w = leastSquares(t, 500) }); len(vs) != 0 {
		t.Fatalf("violations: %v", vs)
	}
	if b, a := w.At(0, 0), w.At(1, 0); math.Abs(b-1) > 1e-3 || math.Abs(a-2) > 1e-3 {
		t.Errorf("fit y = %.4f + %.4f x, want 1 + 2x", b, a)
	}
}

// TestChains multiplies, adds and normalises chains of matrices, with
// views (narrow, select), in-place ops on views and out= equal to an input.
func TestChains(t *testing.T) {
	vs := asserts.Collect(func() {
		a := mat.NewDense(3, 3, []float64{2, 1, 0, 1, 3, 1, 0, 1, 4})
		inv := checked.LinalgInv(a)
		id := checked.Mm(a, inv)
		for i := range 3 {
			if math.Abs(id.At(i, i)-1) > 1e-9 {
				t.Errorf("a * inv(a) [%d,%d] = %v", i, i, id.At(i, i))
			}
		}
		p := checked.Clone(a, nil)
		for range 4 {
			p = checked.Matmul(p, a)
			checked.MulOut(p, p, p) // out= self
			checked.Div_Tensor(p, checked.Add_Tensor(checked.OnesLike(p, nil, nil, nil, nil, nil), p, 1))
		}
		top := checked.Narrow(p, 0, 0, 2)
		checked.Mul_Scalar(top, 2) // in place on a view
		row := checked.SelectInt(p, 0, 2)
		checked.Neg_(row)
		checked.Relu_(checked.SliceTensor(p, 1, nil, nil, 1))
		x := mat.NewDense(2, 2, []float64{1, -1, 2, -2})
		checked.Add_Tensor(x, x, 1) // x.add_(x)
		_ = checked.Cat([]*mat.Dense{x, checked.Abs(x), checked.Sigmoid(x)}, 0)
		_ = checked.Kron(x, x)
		_ = checked.LinalgSolve(a, mat.NewDense(3, 1, []float64{1, 2, 3}), true)
	})
	if len(vs) != 0 {
		t.Fatalf("violations: %v", vs)
	}
}

// TestGoroutines runs the least-squares fit and the chains on 8
// goroutines at once (run it with -race).
func TestGoroutines(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan []asserts.Violation, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- asserts.Collect(func() { leastSquares(t, 200) })
		}()
	}
	wg.Wait()
	close(errs)
	for vs := range errs {
		if len(vs) != 0 {
			t.Errorf("violations: %v", vs)
		}
	}
}
