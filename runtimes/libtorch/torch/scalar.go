package torch

import "strconv"

// ScalarKind says which field of a Scalar holds its value.
type ScalarKind int64

const (
	FloatScalar ScalarKind = iota
	IntScalar
	BoolScalar
)

// Scalar is an at::Scalar: a float, an integer or a bool. The zero Scalar is
// the float 0.
type Scalar struct {
	Kind ScalarKind
	I    int64
	F    float64
}

// Float returns the float Scalar v.
func Float(v float64) Scalar { return Scalar{Kind: FloatScalar, F: v} }

// Int returns the integer Scalar v.
func Int(v int64) Scalar { return Scalar{Kind: IntScalar, I: v} }

// Bool returns the bool Scalar v.
func Bool(v bool) Scalar {
	if v {
		return Scalar{Kind: BoolScalar, I: 1}
	}
	return Scalar{Kind: BoolScalar}
}

func (s Scalar) String() string {
	switch s.Kind {
	case IntScalar:
		return strconv.FormatInt(s.I, 10)
	case BoolScalar:
		return strconv.FormatBool(s.I != 0)
	}
	return strconv.FormatFloat(s.F, 'g', -1, 64)
}
