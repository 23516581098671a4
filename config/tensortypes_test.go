package config

import "testing"

// TestTensorTypes: a type map whose tensor entries no wrapper holds is
// refused at the entry's value, with what to write instead: a Tensor type
// behind more than one marker, a Tensor? of another type than Tensor's, a
// Tensor[] or Tensor?[] that is no slice of it. gen would refuse every op
// they reach, at the op's place in the schema (gen's TestRefused).
func TestTensorTypes(t *testing.T) {
	const tensor = "types:\n  Tensor: \"*example.com/rt.Tensor\"\n"
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
}
