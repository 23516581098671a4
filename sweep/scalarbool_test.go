package sweep

import (
	"reflect"
	"testing"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// A Scalar argument of a runtime whose Scalar is bool (a generic runtime
// with Scalar: T and T bool) gets the sample's numbers as bools, nonzero
// true; a bool argument of the schema still needs a bool sample, and a
// number is no bool for any other argument.
func TestScalarToBool(t *testing.T) {
	f, err := funcschema.ParseFunc("fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)")
	if err != nil {
		t.Fatal(err)
	}
	g, err := funcschema.ParseFunc("narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a)")
	if err != nil {
		t.Fatal(err)
	}
	scalar, dim := &f.Positional[1], &g.Positional[1]
	boolT := reflect.TypeFor[bool]()
	for _, c := range []struct {
		arg  Arg
		want bool
		ok   bool
	}{
		{Arg{Schema: scalar, Ints: []int64{1}}, true, true},
		{Arg{Schema: scalar, Ints: []int64{0}}, false, true},
		{Arg{Schema: scalar, Ints: []int64{-1}}, true, true},
		{Arg{Schema: scalar, Floats: []float64{0.5}}, true, true},
		{Arg{Schema: scalar, Floats: []float64{0}}, false, true},
		{Arg{Schema: scalar, Bools: []bool{false}, Ints: []int64{1}}, false, true},
		{Arg{Schema: dim, Ints: []int64{1}}, false, false},
		{Arg{Ints: []int64{1}}, false, false},
	} {
		v, err := c.arg.convert(boolT)
		if (err == nil) != c.ok {
			t.Errorf("%+v: err %v, want ok %v", c.arg, err, c.ok)
			continue
		}
		if err == nil && v.Bool() != c.want {
			t.Errorf("%+v: %v, want %v", c.arg, v.Bool(), c.want)
		}
	}
}
