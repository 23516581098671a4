package config

import (
	"strings"
	"testing"
)

// TestTypeParams: type_params declares the type parameters of a generic
// Tensor type, each with the element types to check, in the order the
// Tensor type takes them; every problem is an error at its value.
func TestTypeParams(t *testing.T) {
	const tensor = "types:\n  Tensor: \"*example.com/rt.Tensor[T]\"\n  Scalar: T\n"
	for _, tc := range []struct {
		text string
		err  string
	}{
		{text: tensor + "type_params:\n  T: [float32, float64]\n"},
		{text: tensor + "type_params:\n  T: []\n", err: "assertgen.yaml:5:6: type_params: T: no type arguments; list the element types to check, e.g. [float32, float64]"},
		{text: tensor + "type_params:\n  T: [float32, Half]\n", err: "assertgen.yaml:5:16: type_params: T: invalid Go type \"Half\": Half is not a builtin type; qualify it with its import path, e.g. example.com/rt.Half"},
		{text: tensor + "type_params:\n  T: [float32]\n  E: [float64]\n", err: "assertgen.yaml:6:3: type_params: E is no type argument of the Tensor type"},
		{text: tensor + "type_params:\n  t: [float32]\n", err: "assertgen.yaml:5:3: type_params: \"t\" is not a Go identifier that starts with an upper-case letter"},
		{text: tensor, err: "assertgen.yaml:2:11: types: Tensor: invalid Go type \"*example.com/rt.Tensor[T]\": T is not a builtin type: declare it under type_params: for a type parameter"},
		{text: tensor + "type_params:\n  T: [float32]\nops: [neg]\nbind:\n  neg: ret.Neg(self)\n", err: "assertgen.yaml:8:3: bind: kernels bound in the config are not supported for a generic Tensor type (type_params:)"},
		{text: tensor + "type_params:\n  T: [float32]\nmemory: example.com/rt.Memory\n", err: "assertgen.yaml:6:9: memory: a memory function is not supported for a generic Tensor type (type_params:)"},
		{text: "types:\n  Tensor: \"*example.com/rt.Tensor[E]\"\ntype_params:\n  T: [float32]\n", err: "assertgen.yaml:2:11: types: Tensor: invalid Go type \"*example.com/rt.Tensor[E]\": E is neither a builtin type nor a type parameter (type_params: declares T)"},
	} {
		c, err := Parse("assertgen.yaml", []byte(tc.text))
		if err == nil {
			err = c.Validate()
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.err == "" && got != "" || tc.err != "" && !strings.Contains(got, tc.err) {
			t.Errorf("%s: %q, want %q", tc.text, got, tc.err)
		}
	}
	c, err := Parse("assertgen.yaml", []byte("types:\n  Tensor: \"*example.com/rt.Pair[E, T]\"\ntype_params:\n  T: [float32, float64]\n  E: [int64]\n"))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := c.TypeParamList()
	if err != nil || len(ps) != 2 || ps[0].Name != "E" || ps[1].Name != "T" || len(ps[1].Instances) != 2 || ps[1].Instances[1].String() != "float64" {
		t.Errorf("TypeParamList: %+v, %v; want E, then T with float32 and float64", ps, err)
	}
}
