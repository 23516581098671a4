// Package ops binds PyTorch operators to gorgonia.org/tensor: each
// exported function has the Go signature of its op's schema (the names
// assertgen gives them, `assertgen vet` checks them) and runs gorgonia's
// own API: functional ops return what gorgonia allocates, in-place ops
// pass tensor.UseUnsafe(), out= ops tensor.WithReuse(out), views use
// Slice, ShallowClone with T, and Reshape. README.md has the table of how
// each op maps and where gorgonia's semantics differ.
//
// A kernel panics with an *Error when gorgonia rejects its arguments (a
// dtype or shape it does not support): the schema's signatures have no
// error result. The sweep counts those samples as rejected, not as
// violations.
package ops

import (
	"fmt"
	"math"

	"gorgonia.org/tensor"
)

// Error is the panic value of a kernel whose arguments gorgonia (or the
// binding) rejects.
type Error struct {
	Op  string
	Err error
}

func (e *Error) Error() string { return "ops: " + e.Op + ": " + e.Err.Error() }

func fail(op string, err error) { panic(&Error{op, err}) }

func failf(op, format string, args ...any) { fail(op, fmt.Errorf(format, args...)) }

// dense returns the result of a gorgonia call as a *tensor.Dense.
func dense(op string, t tensor.Tensor, err error) *tensor.Dense {
	if err != nil {
		fail(op, err)
	}
	d, ok := t.(*tensor.Dense)
	if !ok {
		failf(op, "gorgonia returned a %T", t)
	}
	return d
}

func view(op string, v tensor.View, err error) *tensor.Dense {
	if err != nil {
		fail(op, err)
	}
	return dense(op, v, nil)
}

// scalar converts v to self's dtype, as gorgonia's scalar operands need.
func scalar(op string, self *tensor.Dense, v float64) any {
	switch self.Dtype() {
	case tensor.Float64:
		return v
	case tensor.Float32:
		return float32(v)
	case tensor.Int:
		return int(v)
	case tensor.Int64:
		return int64(v)
	case tensor.Int32:
		return int32(v)
	}
	failf(op, "no scalar of dtype %v", self.Dtype())
	return nil
}

// scaled returns other*alpha for alpha != 1 (a new tensor), else other.
func scaled(op string, other *tensor.Dense, alpha float64) tensor.Tensor {
	if alpha == 1 {
		return other
	}
	r, err := tensor.Mul(other, scalar(op, other, alpha))
	return dense(op, r, err)
}

type unFn func(a tensor.Tensor, opts ...tensor.FuncOpt) (tensor.Tensor, error)

// AddTensor is add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor: tensor.Add.
func AddTensor(self, other *tensor.Dense, alpha float64) *tensor.Dense {
	r, err := tensor.Add(self, scaled("add", other, alpha))
	return dense("add", r, err)
}

// SubTensor is sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor: tensor.Sub.
func SubTensor(self, other *tensor.Dense, alpha float64) *tensor.Dense {
	r, err := tensor.Sub(self, scaled("sub", other, alpha))
	return dense("sub", r, err)
}

// MulTensor is mul.Tensor(Tensor self, Tensor other) -> Tensor: tensor.Mul.
func MulTensor(self, other *tensor.Dense) *tensor.Dense {
	r, err := tensor.Mul(self, other)
	return dense("mul", r, err)
}

// DivTensor is div.Tensor(Tensor self, Tensor other) -> Tensor: tensor.Div.
func DivTensor(self, other *tensor.Dense) *tensor.Dense {
	r, err := tensor.Div(self, other)
	return dense("div", r, err)
}

// Maximum is maximum(Tensor self, Tensor other) -> Tensor: tensor.MaxBetween.
func Maximum(self, other *tensor.Dense) *tensor.Dense {
	r, err := tensor.MaxBetween(self, other)
	return dense("maximum", r, err)
}

// Minimum is minimum(Tensor self, Tensor other) -> Tensor: tensor.MinBetween.
func Minimum(self, other *tensor.Dense) *tensor.Dense {
	r, err := tensor.MinBetween(self, other)
	return dense("minimum", r, err)
}

func unary(op string, f unFn, self *tensor.Dense, opts ...tensor.FuncOpt) *tensor.Dense {
	r, err := f(self, opts...)
	return dense(op, r, err)
}

// Neg is neg(Tensor self) -> Tensor: tensor.Neg.
func Neg(self *tensor.Dense) *tensor.Dense { return unary("neg", tensor.Neg, self) }

// Abs is abs(Tensor self) -> Tensor: tensor.Abs.
func Abs(self *tensor.Dense) *tensor.Dense { return unary("abs", tensor.Abs, self) }

// Exp is exp(Tensor self) -> Tensor: tensor.Exp.
func Exp(self *tensor.Dense) *tensor.Dense { return unary("exp", tensor.Exp, self) }

// Log is log(Tensor self) -> Tensor: tensor.Log.
func Log(self *tensor.Dense) *tensor.Dense { return unary("log", tensor.Log, self) }

// Sqrt is sqrt(Tensor self) -> Tensor: tensor.Sqrt.
func Sqrt(self *tensor.Dense) *tensor.Dense { return unary("sqrt", tensor.Sqrt, self) }

// Tanh is tanh(Tensor self) -> Tensor: tensor.Tanh.
func Tanh(self *tensor.Dense) *tensor.Dense { return unary("tanh", tensor.Tanh, self) }

// Square is square(Tensor self) -> Tensor: tensor.Square.
func Square(self *tensor.Dense) *tensor.Dense { return unary("square", tensor.Square, self) }

// PowTensorScalar is pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor: tensor.Pow.
func PowTensorScalar(self *tensor.Dense, exponent float64) *tensor.Dense {
	r, err := tensor.Pow(self, scalar("pow", self, exponent))
	return dense("pow", r, err)
}

// bounds returns clamp's bounds in self's dtype (an absent bound is the
// dtype's extreme).
func bounds(op string, self *tensor.Dense, lo, hi *float64) (any, any) {
	l, h := math.Inf(-1), math.Inf(1)
	if self.Dtype() != tensor.Float64 && self.Dtype() != tensor.Float32 {
		l, h = math.MinInt32, math.MaxInt32
	}
	if lo != nil {
		l = *lo
	}
	if hi != nil {
		h = *hi
	}
	return scalar(op, self, l), scalar(op, self, h)
}

// Clamp is clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor: tensor.Clamp.
func Clamp(self *tensor.Dense, min, max *float64) *tensor.Dense {
	l, h := bounds("clamp", self, min, max)
	r, err := tensor.Clamp(self, l, h)
	return dense("clamp", r, err)
}

// Clone is clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor: Dense.Clone.
func Clone(self *tensor.Dense, memoryFormat *int) *tensor.Dense {
	return self.Clone().(*tensor.Dense)
}

// SoftmaxInt is softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor: tensor.SoftMax.
//
// gorgonia's SoftMax panics on a goroutine of its own for an empty input
// (index out of range), which no recover can catch: the process dies. The
// binding rejects empty and 0-dim inputs before calling it (see
// findings.TestSoftMaxEmptyCrashes).
func SoftmaxInt(self *tensor.Dense, dim int64, dtype *int) *tensor.Dense {
	if d := self; d.Dims() == 0 || d.Shape().TotalSize() == 0 {
		failf("softmax", "empty or 0-dim input: gorgonia's SoftMax crashes the process on them")
	}
	r, err := tensor.SoftMax(self, axis(self, dim))
	return dense("softmax", r, err)
}

// EqTensor is eq.Tensor(Tensor self, Tensor other) -> Tensor: tensor.ElEq (a Bool tensor).
func EqTensor(self, other *tensor.Dense) *tensor.Dense {
	r, err := tensor.ElEq(self, other)
	return dense("eq", r, err)
}

// axis resolves a PyTorch dim (negative from the end; a 0-dim tensor's
// dims wrap as a 1-d one's, as PyTorch's do: its dim -1 is 0, which
// gorgonia refuses; gorgonia's reductions index a negative axis out of
// range).
func axis(self *tensor.Dense, dim int64) int {
	if dim < 0 {
		dim += int64(max(self.Dims(), 1))
	}
	return int(dim)
}

// Sum is sum(Tensor self, *, ScalarType? dtype=None) -> Tensor: Dense.Sum over every axis.
func Sum(self *tensor.Dense, dtype *int) *tensor.Dense {
	r, err := self.Sum()
	return dense("sum", r, err)
}

// SumDimIntList is sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor: Dense.Sum(axes...).
func SumDimIntList(self *tensor.Dense, dim []int64, keepdim bool, dtype *int) *tensor.Dense {
	if keepdim {
		failf("sum", "keepdim is not bound")
	}
	axes := make([]int, len(dim))
	for i, d := range dim {
		axes[i] = axis(self, d)
	}
	r, err := self.Sum(axes...)
	return dense("sum", r, err)
}

// Max is max(Tensor self) -> Tensor: Dense.Max over every axis.
func Max(self *tensor.Dense) *tensor.Dense {
	r, err := self.Max()
	return dense("max", r, err)
}

// Min is min(Tensor self) -> Tensor: Dense.Min over every axis.
func Min(self *tensor.Dense) *tensor.Dense {
	r, err := self.Min()
	return dense("min", r, err)
}

// flat returns a contiguous 1-d copy of self (for dim=None).
func flat(op string, self *tensor.Dense) *tensor.Dense {
	c := self.Clone().(*tensor.Dense)
	if err := c.Transpose(); err != nil {
		fail(op, err)
	}
	if err := c.Reshape(c.Shape().TotalSize()); err != nil {
		fail(op, err)
	}
	return c
}

func argm(op string, self *tensor.Dense, dim *int64, keepdim bool, max bool) *tensor.Dense {
	if keepdim {
		failf(op, "keepdim is not bound")
	}
	d, ax := self, 0
	if dim == nil {
		d = flat(op, self)
	} else {
		ax = axis(self, *dim)
	}
	var r *tensor.Dense
	var err error
	if max {
		r, err = d.Argmax(ax)
	} else {
		r, err = d.Argmin(ax)
	}
	return dense(op, r, err)
}

// Argmax is argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor: Dense.Argmax (dim=None: of a flattened copy).
func Argmax(self *tensor.Dense, dim *int64, keepdim bool) *tensor.Dense {
	return argm("argmax", self, dim, keepdim, true)
}

// Argmin is argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor: Dense.Argmin (dim=None: of a flattened copy).
func Argmin(self *tensor.Dense, dim *int64, keepdim bool) *tensor.Dense {
	return argm("argmin", self, dim, keepdim, false)
}

func others(ts []*tensor.Dense) []tensor.Tensor {
	out := make([]tensor.Tensor, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

// Cat is cat(Tensor[] tensors, int dim=0) -> Tensor: tensor.Concat; of
// one tensor, a Clone of it: gorgonia's Concat with no others returns its
// first argument itself, where cat must return a new tensor (found by the
// sweep, fresh_no_alias; findings.TestConcatOfOneReturnsItsArgument).
func Cat(tensors []*tensor.Dense, dim int64) *tensor.Dense {
	if len(tensors) == 0 {
		failf("cat", "no tensors")
	}
	if len(tensors) == 1 {
		return Clone(tensors[0], nil)
	}
	r, err := tensor.Concat(axis(tensors[0], dim), tensors[0], others(tensors[1:])...)
	return dense("cat", r, err)
}

// Stack is stack(Tensor[] tensors, int dim=0) -> Tensor: tensor.Stack;
// of one tensor, a reshaped Clone of it: gorgonia's Stack with no others
// returns its first argument itself, without the new dim (found by the
// sweep, fresh_no_alias; findings.TestStackOfOneReturnsItsArgument).
func Stack(tensors []*tensor.Dense, dim int64) *tensor.Dense {
	if len(tensors) == 0 {
		failf("stack", "no tensors")
	}
	d := dim
	if d < 0 {
		d += int64(tensors[0].Dims()) + 1
	}
	if len(tensors) == 1 {
		c := contiguousCopy("stack", tensors[0])
		shape := c.Shape().Clone()
		if d < 0 || int(d) > len(shape) {
			failf("stack", "dim %d", dim)
		}
		shape = append(shape[:d], append([]int{1}, shape[d:]...)...)
		if err := c.Reshape(shape...); err != nil {
			fail("stack", err)
		}
		return c
	}
	r, err := tensor.Stack(int(d), tensors[0], others(tensors[1:])...)
	return dense("stack", r, err)
}

// Mm is mm(Tensor self, Tensor mat2) -> Tensor: tensor.MatMul.
func Mm(self, mat2 *tensor.Dense) *tensor.Dense {
	r, err := tensor.MatMul(self, mat2)
	return dense("mm", r, err)
}

// Matmul is matmul(Tensor self, Tensor other) -> Tensor: MatMul (2-d, 2-d), MatVecMul (2-d, 1-d) or Inner (1-d, 1-d).
func Matmul(self, other *tensor.Dense) *tensor.Dense {
	switch a, b := self.Dims(), other.Dims(); {
	case a == 2 && b == 2:
		return Mm(self, other)
	case a == 2 && b == 1:
		return Mv(self, other)
	case a == 1 && b == 1:
		return Dot(self, other)
	default:
		failf("matmul", "dims %d and %d are not bound", a, b)
	}
	return nil
}

// Mv is mv(Tensor self, Tensor vec) -> Tensor: tensor.MatVecMul.
func Mv(self, vec *tensor.Dense) *tensor.Dense {
	r, err := tensor.MatVecMul(self, vec)
	return dense("mv", r, err)
}

// Dot is dot(Tensor self, Tensor tensor) -> Tensor: tensor.Inner, its
// scalar result in a new 0-dim tensor.
func Dot(self, tensor_ *tensor.Dense) *tensor.Dense {
	v, err := tensor.Inner(self, tensor_)
	if err != nil {
		fail("dot", err)
	}
	return tensor.New(tensor.FromScalar(v))
}

// Add_Tensor is add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!): tensor.Add with UseUnsafe.
func Add_Tensor(self, other *tensor.Dense, alpha float64) *tensor.Dense {
	r, err := tensor.Add(self, scaled("add_", other, alpha), tensor.UseUnsafe())
	return dense("add_", r, err)
}

// Sub_Tensor is sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!): tensor.Sub with UseUnsafe.
func Sub_Tensor(self, other *tensor.Dense, alpha float64) *tensor.Dense {
	r, err := tensor.Sub(self, scaled("sub_", other, alpha), tensor.UseUnsafe())
	return dense("sub_", r, err)
}

// Mul_Tensor is mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!): tensor.Mul with UseUnsafe.
func Mul_Tensor(self, other *tensor.Dense) *tensor.Dense {
	r, err := tensor.Mul(self, other, tensor.UseUnsafe())
	return dense("mul_", r, err)
}

// Div_Tensor is div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!): tensor.Div with UseUnsafe.
func Div_Tensor(self, other *tensor.Dense) *tensor.Dense {
	r, err := tensor.Div(self, other, tensor.UseUnsafe())
	return dense("div_", r, err)
}

// Neg_ is neg_(Tensor(a!) self) -> Tensor(a!): tensor.Neg with UseUnsafe.
func Neg_(self *tensor.Dense) *tensor.Dense {
	return unary("neg_", tensor.Neg, self, tensor.UseUnsafe())
}

// Exp_ is exp_(Tensor(a!) self) -> Tensor(a!): tensor.Exp with UseUnsafe.
func Exp_(self *tensor.Dense) *tensor.Dense {
	return unary("exp_", tensor.Exp, self, tensor.UseUnsafe())
}

// Abs_ is abs_(Tensor(a!) self) -> Tensor(a!): tensor.Abs with UseUnsafe.
func Abs_(self *tensor.Dense) *tensor.Dense {
	return unary("abs_", tensor.Abs, self, tensor.UseUnsafe())
}

// Sqrt_ is sqrt_(Tensor(a!) self) -> Tensor(a!): tensor.Sqrt with UseUnsafe.
func Sqrt_(self *tensor.Dense) *tensor.Dense {
	return unary("sqrt_", tensor.Sqrt, self, tensor.UseUnsafe())
}

// Tanh_ is tanh_(Tensor(a!) self) -> Tensor(a!): tensor.Tanh with UseUnsafe.
func Tanh_(self *tensor.Dense) *tensor.Dense {
	return unary("tanh_", tensor.Tanh, self, tensor.UseUnsafe())
}

// Clamp_ is clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!): tensor.Clamp with UseUnsafe.
func Clamp_(self *tensor.Dense, min, max *float64) *tensor.Dense {
	l, h := bounds("clamp_", self, min, max)
	r, err := tensor.Clamp(self, l, h, tensor.UseUnsafe())
	return dense("clamp_", r, err)
}

// Zero_ is zero_(Tensor(a!) self) -> Tensor(a!): Dense.Zero.
func Zero_(self *tensor.Dense) *tensor.Dense {
	self.Zero()
	return self
}

// Fill_Scalar is fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!): Dense.Memset.
func Fill_Scalar(self *tensor.Dense, value float64) *tensor.Dense {
	if err := self.Memset(scalar("fill_", self, value)); err != nil {
		fail("fill_", err)
	}
	return self
}

// Copy_ is copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!): tensor.Copy.
func Copy_(self, src *tensor.Dense, nonBlocking bool) *tensor.Dense {
	if !self.Shape().Eq(src.Shape()) {
		failf("copy_", "shapes %v and %v: gorgonia's Copy does not broadcast", self.Shape(), src.Shape())
	}
	if err := tensor.Copy(self, src); err != nil {
		fail("copy_", err)
	}
	return self
}

// AddOut is add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!): tensor.Add with WithReuse(out).
func AddOut(self, other *tensor.Dense, alpha float64, out *tensor.Dense) *tensor.Dense {
	r, err := tensor.Add(self, scaled("add.out", other, alpha), tensor.WithReuse(out))
	return dense("add.out", r, err)
}

// SubOut is sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!): tensor.Sub with WithReuse(out).
func SubOut(self, other *tensor.Dense, alpha float64, out *tensor.Dense) *tensor.Dense {
	r, err := tensor.Sub(self, scaled("sub.out", other, alpha), tensor.WithReuse(out))
	return dense("sub.out", r, err)
}

// MulOut is mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!): tensor.Mul with WithReuse(out).
func MulOut(self, other, out *tensor.Dense) *tensor.Dense {
	r, err := tensor.Mul(self, other, tensor.WithReuse(out))
	return dense("mul.out", r, err)
}

// DivOut is div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!): tensor.Div with WithReuse(out).
func DivOut(self, other, out *tensor.Dense) *tensor.Dense {
	r, err := tensor.Div(self, other, tensor.WithReuse(out))
	return dense("div.out", r, err)
}

// NegOut is neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!): tensor.Neg with WithReuse(out).
func NegOut(self, out *tensor.Dense) *tensor.Dense {
	return unary("neg.out", tensor.Neg, self, tensor.WithReuse(out))
}

// ExpOut is exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!): tensor.Exp with WithReuse(out).
func ExpOut(self, out *tensor.Dense) *tensor.Dense {
	return unary("exp.out", tensor.Exp, self, tensor.WithReuse(out))
}

// MmOut is mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!): tensor.MatMul with WithReuse(out).
func MmOut(self, mat2, out *tensor.Dense) *tensor.Dense {
	r, err := tensor.MatMul(self, mat2, tensor.WithReuse(out))
	return dense("mm.out", r, err)
}
