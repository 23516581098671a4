package schema_test

import (
	"fmt"

	"github.com/assertgen/assertgen/schema"
)

func ExampleParseFunc() {
	f, err := schema.ParseFunc("split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]")
	if err != nil {
		panic(err)
	}
	fmt.Println(f.Name, f.Kind(), schema.IsViewOp(f, nil))
	fmt.Println("return 0 aliases", f.ReturnAlias(0).Name)
	for _, a := range f.Args() {
		fmt.Printf("%s: %s (%s)\n", a.Name, a.Type, a.Type.TensorForm())
	}
	// Output:
	// split.Tensor functional true
	// return 0 aliases self
	// self: Tensor (Tensor)
	// split_size: int (not a tensor)
	// dim: int (not a tensor)
}

func ExampleParseFunc_canonical() {
	// Spacing is free; String prints the canonical form torchgen prints.
	f, _ := schema.ParseFunc("add_.Tensor(Tensor(a!) self,Tensor other,*,Scalar alpha=1)->Tensor(a!)")
	fmt.Println(f)
	fmt.Println(f.Kind())
	// Output:
	// add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
	// inplace
}

func ExampleParseFunc_error() {
	_, err := schema.ParseFunc("foo.out(Tensor self, *, Tensor(a!) out) -> ()")
	fmt.Println(err.(*schema.SyntaxError).Msg)
	// Output:
	// foo.out: out argument out is not returned (1 out arguments, 0 returns)
}

func ExampleParseYAML() {
	src := []byte(`- func: abs(Tensor self) -> Tensor
  dispatch:
    CPU: abs
- func: abs_(Tensor(a!) self) -> Tensor(a!)
  dispatch:
    CPU: abs_
  autogen: abs.out
`)
	s, err := schema.ParseYAML("ops.yaml", src, schema.Options{})
	if err != nil {
		panic(err)
	}
	for _, op := range s.Ops {
		fmt.Printf("%-8s %-10s generated=%v  %s\n", op.Name, op.Kind, op.Generated, op.Schema)
	}
	// Output:
	// abs      functional generated=false  abs(Tensor self) -> Tensor
	// abs_     inplace    generated=false  abs_(Tensor(a!) self) -> Tensor(a!)
	// abs.out  out        generated=true  abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
}

func ExampleParseYAML_errors() {
	src := []byte(`- func: abs(Tensor self) -> Tensr
- func: neg(Tensor self) -> Tensor
  variants: functions
`)
	_, err := schema.ParseYAML("ops.yaml", src, schema.Options{})
	fmt.Println(err)
	// Output:
	// ops.yaml:1:29: unknown type "Tensr"
	// ops.yaml:3:13: illegal variant "functions" (want function or method)
}

func ExampleDefault() {
	s, err := schema.Default()
	if err != nil {
		panic(err)
	}
	op := s.Op("transpose_")
	fmt.Println(s.Version, len(s.Ops), op.Kind, op.IsViewOp, op.Tags)
	// Output:
	// 2.14.1 3103 inplace true [inplace_view pt2_compliant_tag inplace]
}

// Embedded loads the schema of a release assertgen ships, with that
// release's torchgen rules: the set_ overloads are view ops from 2.x on.
func ExampleEmbedded() {
	for _, v := range []string{"1.13", "2.6", "2.14"} {
		s, err := schema.Embedded(v)
		if err != nil {
			panic(err)
		}
		op := s.Op("set_.source_Tensor")
		fmt.Println(s.Version, len(s.Ops), op.IsViewOp, op.Tags)
	}
	// Output:
	// 1.13.1 2952 false []
	// 2.6.0 3144 true [inplace_view pt2_compliant_tag]
	// 2.14.1 3103 true [inplace_view pt2_compliant_tag inplace]
}

// A release is named by its series or in full; assertgen has no rules
// for any other.
func ExampleEmbedded_version() {
	s, err := schema.Embedded("2.6")
	fmt.Println(s.Version, err)
	_, err = schema.Embedded("9.9")
	fmt.Println(err)
	// Output:
	// 2.6.0 <nil>
	// unknown PyTorch version "9.9": assertgen has the rules and data of PyTorch 1.13.1 (1.13), PyTorch 2.6.0 (2.6) and PyTorch 2.14.1 (2.14)
}

func ExampleParseDerivatives() {
	d, err := schema.ParseDerivatives("derivatives.yaml", []byte(`
- name: abs(Tensor self) -> Tensor
  self: grad * self.sgn()
  result: handle_r_to_c(result.scalar_type(), self_t.conj() * self_p.sgn())
- name: argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor
  self: non_differentiable
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range d.Entries {
		fmt.Println(e.Pos, e.Name)
		for _, k := range e.Keys {
			for _, f := range k.Formulas {
				fmt.Printf("  %s %s non_differentiable=%v\n", k.Key, f.Names, f.NonDifferentiable)
			}
		}
	}
	// Output:
	// derivatives.yaml:2:9 abs(Tensor self) -> Tensor
	//   Default self non_differentiable=false
	//   Default result non_differentiable=false
	// derivatives.yaml:5:9 argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor
	//   Default self non_differentiable=true
}

func ExampleParseBackend() {
	src := []byte(`backend: PrivateUse1
cpp_namespace: my_device
supported:
  - add.Tensor
  - transpose.int
autograd:
  - max.dim
`)
	b, err := schema.ParseBackend("my_backend.yaml", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, op := range b.Ops() {
		fmt.Println(op.Pos, op.Name)
	}
	_, err = schema.ParseBackend("typo.yaml", []byte("backend: X\ncpp_namespace: x\nsuported: [abs]\n"))
	fmt.Println(err)
	// Output:
	// my_backend.yaml:4:5 add.Tensor
	// my_backend.yaml:5:5 transpose.int
	// my_backend.yaml:7:5 max.dim
	// typo.yaml:3:1: unknown key "suported"; did you mean "supported"?
}

func ExampleSuggest() {
	fmt.Println("unknown flag -jsn" + schema.Suggest("-json"))
	fmt.Println("unknown op" + schema.Suggest("add.Tensor", "add_.Tensor"))
	fmt.Printf("%q\n", schema.Suggest())
	fmt.Println(`unknown profile "strct"` + schema.DidYouMean("strct", []string{"strict", "pytorch"}))
	// Output:
	// unknown flag -jsn; did you mean -json?
	// unknown op; did you mean add.Tensor, add_.Tensor?
	// ""
	// unknown profile "strct"; did you mean "strict"?
}
