package config

import "testing"

// TestTensorTypes: a type map whose tensor entries no wrapper holds is
// refused at the entry's value, with what to write instead: a Tensor type
// behind more than one marker, a type of the Go language (any, error,
// int, unsafe.Pointer, behind any markers), an interface literal or a
// type parameter, a Tensor? of another type than Tensor's, a Tensor[] or
// Tensor?[] that is no slice of it; and memory: without a Tensor type, at
// memory:. gen would refuse every op
// they reach, at the op's place in the schema (gen's TestRefused).
func TestTensorTypes(t *testing.T) {
	const tensor = "types:\n  Tensor: \"*example.com/rt.Tensor\"\n"
	const fix = `map Tensor to the runtime's tensor type, a pointer to a named type of its package ("*example.com/you/rt.Tensor") or an interface that has Ident() asserts.Ident, or leave Tensor out: it is asserts.Tensor by default`
	for _, tc := range []struct {
		name, text, err string
	}{
		{name: "pointer", text: tensor + "  Tensor?: \"*example.com/rt.Tensor\"\n  Tensor[]: \"[]*example.com/rt.Tensor\"\n  Tensor?[]: \"[] *example.com/rt.Tensor\"\n"},
		{name: "interface", text: "types:\n  Tensor: example.com/rt.Tensor\n  Tensor[]: \"[]example.com/rt.Tensor\"\n"},
		{name: "default Tensor", text: "types:\n  Tensor?[]: \"[]github.com/assertgen/assertgen/asserts.Tensor\"\n"},
		{name: "generic", text: "types:\n  Tensor: \"*example.com/rt.Tensor[T]\"\n  Tensor[]: \"[]*example.com/rt.Tensor[T]\"\ntype_params:\n  T: [float32]\n"},
		{name: "pointer to a pointer", text: "types:\n  Tensor: \"**example.com/rt.Tensor\"\n  Tensor?: \"*example.com/rt.Tensor\"\n",
			err: `assertgen.yaml:2:11: types: Tensor: **example.com/rt.Tensor is neither a pointer to a named type nor an interface, and a wrapper holds a tensor as one; did you mean "*example.com/rt.Tensor"?`},
		{name: "slice", text: "types:\n  Tensor: \"[]*example.com/rt.Tensor\"\n",
			err: `assertgen.yaml:2:11: types: Tensor: []*example.com/rt.Tensor is neither a pointer to a named type nor an interface, and a wrapper holds a tensor as one; did you mean "*example.com/rt.Tensor"?`},
		{name: "named list type", text: tensor + "  Tensor[]: example.com/rt.List\n",
			err: `assertgen.yaml:3:13: types: Tensor[]: example.com/rt.List is no slice, and a wrapper reads a list of tensors as a slice of the Tensor type *example.com/rt.Tensor: write "[]*example.com/rt.Tensor", or leave Tensor[] out: it is that by default`},
		{name: "optional list of another type", text: tensor + "  Tensor?[]: \"[]*example.com/rt.Other\"\n",
			err: `assertgen.yaml:3:14: types: Tensor?[]: []*example.com/rt.Other is no slice of the Tensor type *example.com/rt.Tensor, and a wrapper takes tensors of one type: write "[]*example.com/rt.Tensor", or leave Tensor?[] out: it is that by default`},
		{name: "optional of another type", text: tensor + "  Tensor?: \"*example.com/rt.Other\"\n",
			err: `assertgen.yaml:3:12: types: Tensor?: *example.com/rt.Other is another type than the Tensor type *example.com/rt.Tensor, and a wrapper takes tensors of one type (nil stands for an absent one): write "*example.com/rt.Tensor", or leave Tensor? out: it is that by default`},
		// Types of the Go language, interface literals and type
		// parameters: no wrapper holds one, and before these entries gen
		// wrote code that did not build (any, error, *int), or a
		// suggestion that led there (int: "*int").
		{name: "any", text: "types:\n  Tensor: any\n", err: `assertgen.yaml:2:11: types: Tensor: any holds any value and no tensor contract (the wrappers call Ident, asserts.Identity, on every tensor): ` + fix},
		{name: "pointer to any", text: "types:\n  Tensor: \"*any\"\n", err: `assertgen.yaml:2:11: types: Tensor: *any holds any value and no tensor contract (the wrappers call Ident, asserts.Identity, on every tensor): ` + fix},
		{name: "empty interface literal", text: "types:\n  Tensor: interface{}\n", err: `assertgen.yaml:2:11: types: Tensor: interface{} is an interface literal, which holds no tensor contract (the wrappers call Ident, asserts.Identity, on every tensor): ` + fix},
		{name: "interface literal", text: "types:\n  Tensor: \"interface { Ident() asserts.Ident }\"\n", err: `assertgen.yaml:2:11: types: Tensor: interface { Ident() asserts.Ident } is an interface literal, which holds no tensor contract (the wrappers call Ident, asserts.Identity, on every tensor): ` + fix},
		{name: "error", text: "types:\n  Tensor: error\n", err: `assertgen.yaml:2:11: types: Tensor: error is Go's error interface, not a tensor (the wrappers call Ident, asserts.Identity, on every tensor): ` + fix},
		{name: "int", text: "types:\n  Tensor: int\n", err: `assertgen.yaml:2:11: types: Tensor: int is a type of the Go language, not a tensor: it has no methods, and the wrappers call Ident (asserts.Identity) on every tensor: ` + fix},
		{name: "string", text: "types:\n  Tensor: string\n", err: `assertgen.yaml:2:11: types: Tensor: string is a type of the Go language, not a tensor: it has no methods, and the wrappers call Ident (asserts.Identity) on every tensor: ` + fix},
		{name: "unsafe.Pointer", text: "types:\n  Tensor: unsafe.Pointer\n", err: `assertgen.yaml:2:11: types: Tensor: unsafe.Pointer is a type of the Go language, not a tensor: it has no methods, and the wrappers call Ident (asserts.Identity) on every tensor: ` + fix},
		{name: "pointer to float64", text: "types:\n  Tensor: \"*float64\"\n", err: `assertgen.yaml:2:11: types: Tensor: *float64 is built from a type of the Go language, not a tensor: it has no methods, and the wrappers call Ident (asserts.Identity) on every tensor: ` + fix},
		{name: "pointer to float64, memory", text: "types:\n  Tensor: \"*float64\"\nmemory: example.com/rt.Memory\n",
			err: `assertgen.yaml:2:11: types: Tensor: *float64 is built from a type of the Go language, not a tensor, and a memory function gives identities to a pointer to a named type: declare one in the runtime's package (type Buf float64) and write "*example.com/you/rt.Buf"`},
		{name: "slice of int", text: "types:\n  Tensor: \"[]int\"\n", err: `assertgen.yaml:2:11: types: Tensor: []int is built from a type of the Go language, not a tensor: it has no methods, and the wrappers call Ident (asserts.Identity) on every tensor: ` + fix},
		{name: "type parameter", text: "types:\n  Tensor: T\n  Scalar: T\ntype_params:\n  T: [float32, float64]\n",
			err: `assertgen.yaml:2:11: types: Tensor: T is the type parameter T, an element type (type_params: T: [float32, float64]), and a wrapper holds a generic tensor type as a pointer to a generic type of the runtime's package: write "*example.com/you/rt.Tensor[T]"`},
		{name: "pointer to a type parameter", text: "types:\n  Tensor: \"*T\"\ntype_params:\n  T: [float32]\n",
			err: `assertgen.yaml:2:11: types: Tensor: *T is the type parameter T, an element type (type_params: T: [float32]), and a wrapper holds a generic tensor type as a pointer to a generic type of the runtime's package: write "*example.com/you/rt.Tensor[T]"`},
		// Only the Tensor type itself is refused so: a type parameter, as
		// the other type arguments, is checked at type_params:.
		{name: "pointer to a type parameter, two", text: "types:\n  Tensor: \"*T\"\ntype_params:\n  T: [float32]\n  E: [float64]\n",
			err: "assertgen.yaml:2:11: types: Tensor: *T is the type parameter T, an element type (type_params: T: [float32]), and a wrapper holds a generic tensor type as a pointer to a generic type of the runtime's package: write \"*example.com/you/rt.Tensor[T]\"\nassertgen.yaml:5:3: type_params: E is no type argument of the Tensor type (types: Tensor: \"*T\"): write it as one, such as \"*example.com/rt.Tensor[E]\""},
		// memory: gives identities to the type map's Tensor: without one,
		// Tensor is asserts.Tensor, an interface, and gen wrote an
		// adapter over it that did not build.
		{name: "memory without Tensor", text: "memory: example.com/rt.Memory\n",
			err: `assertgen.yaml:1:9: memory: the type map has no Tensor, so Tensor is asserts.Tensor, an interface with its own Ident, and a memory function gives identities to a pointer type: map Tensor to the pointer type example.com/rt.Memory takes (types: {Tensor: "*example.com/you/rt.Dense"}), or leave memory out`},
		{name: "memory", text: "types:\n  Tensor: \"*example.com/rt.Dense\"\nmemory: example.com/rt.Memory\n"},
		{name: "optional of the default Tensor type", text: "types:\n  Tensor?: \"*example.com/rt.Tensor\"\n",
			err: `assertgen.yaml:2:12: types: Tensor?: *example.com/rt.Tensor is another type than the Tensor type github.com/assertgen/assertgen/asserts.Tensor, and a wrapper takes tensors of one type (nil stands for an absent one): write "github.com/assertgen/assertgen/asserts.Tensor", or leave Tensor? out: it is that by default`},
	} {
		c, err := Parse("assertgen.yaml", []byte(tc.text))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := ""
		if err := c.Validate(); err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("%s: %q\nwant %q", tc.name, got, tc.err)
		}
	}
	c := &Config{Types: map[string]string{"Tensor": "*example.com/rt.Tensor", "Tensor[]": "example.com/rt.List"}}
	c.SetByFlag("types", "-types")
	const want = `-types: Tensor[]: example.com/rt.List is no slice, and a wrapper reads a list of tensors as a slice of the Tensor type *example.com/rt.Tensor: write "[]*example.com/rt.Tensor", or leave Tensor[] out: it is that by default`
	if err := c.Validate(); err == nil || err.Error() != want {
		t.Errorf("from a flag: %v\nwant %s", err, want)
	}
	c = &Config{Types: map[string]string{"Tensor": "any"}}
	c.SetByFlag("types", "-types")
	if err := c.Validate(); err == nil || err.Error() != "-types: Tensor: any holds any value and no tensor contract (the wrappers call Ident, asserts.Identity, on every tensor): "+fix {
		t.Errorf("any from a flag: %v", err)
	}
}
