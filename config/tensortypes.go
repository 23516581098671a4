package config

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// tensorEntries are the type map keys of the tensor forms a wrapper holds
// besides Tensor itself. Each has the Go type it must have, as a prefix of
// the Tensor type. A wrapper takes tensors of one type, an absent one as
// nil, and a list as a slice of that type.
var tensorEntries = []struct{ key, prefix string }{
	{"Tensor?", ""},
	{"Tensor[]", "[]"},
	{"Tensor?[]", "[]"},
}

// checkTensorTypes checks the type map's tensor entries as gen's one path
// needs them. So a type map no wrapper can hold is refused at its entry,
// not at every op it reaches; gen's per-op refusal stays for the Go API.
// The rules:
//   - the Tensor type is a pointer or has no marker: an interface, or a
//     type cmd/assertgen/internal/generate checks against its package;
//   - it is no type of the Go language, interface literal or type
//     parameter (noTensor);
//   - Tensor?, Tensor[] and Tensor?[] are the Tensor type, a slice of it
//     and a slice of it;
//   - memory: comes with a Tensor type. Without one, Tensor is
//     asserts.Tensor, an interface, and gen would write an adapter over it
//     that does not build.
//
// An entry that does not parse is Validate's to report.
func (c *Config) checkTensorTypes() schema.ErrorList {
	var errs schema.ErrorList
	params := c.paramNames()
	tensor := kernels.DefaultTypes()["Tensor"]
	v, hasTensor := c.Types["Tensor"]
	if hasTensor {
		if interfaceLiteral(v) {
			return append(errs, c.Errorf("types.Tensor=", "Tensor: %s is an interface literal, which holds no tensor contract (the wrappers call Ident, asserts.Identity, on every tensor): %s", strings.TrimSpace(v), tensorFix))
		}
		t, err := kernels.ParseGoTypeIn(v, params)
		if err != nil {
			return nil
		}
		if msg := c.noTensor(t); msg != "" {
			return append(errs, c.Errorf("types.Tensor=", "Tensor: %s", msg))
		}
		if t.Prefix != "" && t.Prefix != "*" {
			ptr := t
			ptr.Prefix = "*"
			errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s is neither a pointer to a named type nor an interface, and a wrapper holds a tensor as one%s", t, schema.Suggest(strconv.Quote(ptr.String()))))
			return errs
		}
		tensor = t
	}
	if c.Memory != "" && !hasTensor {
		errs = append(errs, c.Errorf("memory", "the type map has no Tensor, so Tensor is asserts.Tensor, an interface with its own Ident, and a memory function gives identities to a pointer type: map Tensor to the pointer type %s takes (types: {Tensor: \"*example.com/you/rt.Dense\"}), or leave memory out", c.Memory))
	}
	for _, e := range tensorEntries {
		v, ok := c.Types[e.key]
		if !ok {
			continue
		}
		t, err := kernels.ParseGoTypeIn(v, params)
		if err != nil {
			continue
		}
		want := tensor
		want.Prefix = e.prefix + want.Prefix
		if t.String() == want.String() {
			continue
		}
		fix := "write " + strconv.Quote(want.String()) + ", or leave " + e.key + " out: it is that by default"
		switch {
		case e.prefix != "" && !strings.HasPrefix(t.Prefix, "[]"):
			errs = append(errs, c.Errorf("types."+e.key+"=", "%s: %s is no slice, and a wrapper reads a list of tensors as a slice of the Tensor type %s: %s", e.key, t, tensor, fix))
		case e.prefix != "":
			errs = append(errs, c.Errorf("types."+e.key+"=", "%s: %s is no slice of the Tensor type %s, and a wrapper takes tensors of one type: %s", e.key, t, tensor, fix))
		default:
			errs = append(errs, c.Errorf("types."+e.key+"=", "%s: %s is another type than the Tensor type %s, and a wrapper takes tensors of one type (nil stands for an absent one): %s", e.key, t, tensor, fix))
		}
	}
	return errs
}

// tensorFix says what to write for a Tensor type that is no tensor.
const tensorFix = `map Tensor to the runtime's tensor type, a pointer to a named type of its package ("*example.com/you/rt.Tensor") or an interface that has Ident() asserts.Ident, or leave Tensor out: it is asserts.Tensor by default`

// noTensor says why the Tensor type t, parsed, is none a wrapper can hold
// whatever its package declares, or returns "".
// cmd/assertgen/internal/generate checks the rest against the packages.
// Such a t is:
//   - a type of the Go language (a predeclared type or unsafe.Pointer),
//     which has no methods, or the empty interface or error, behind any
//     markers;
//   - a type parameter of the generated code (an element type), behind
//     any markers.
//
// A memory: function does not help: it gives identities to a pointer to a
// named type. For a pointer to a predeclared type, the message says to
// declare a named type.
func (c *Config) noTensor(t kernels.GoType) string {
	switch {
	case t.Param:
		return fmt.Sprintf("%s is the type parameter %s, an element type (type_params: %s: [%s]), and a wrapper holds a generic tensor type as a pointer to a generic type of the runtime's package: write %q",
			t, t.Name, t.Name, strings.Join(c.TypeParams[t.Name], ", "), "*example.com/you/rt.Tensor["+t.Name+"]")
	case t.Path != "" && t.Path != "unsafe":
		return ""
	case t.Path == "" && t.Name == "any":
		return fmt.Sprintf("%s holds any value and no tensor contract (the wrappers call Ident, asserts.Identity, on every tensor): %s", t, tensorFix)
	case t.Path == "" && t.Name == "error":
		return fmt.Sprintf("%s is Go's error interface, not a tensor (the wrappers call Ident, asserts.Identity, on every tensor): %s", t, tensorFix)
	case t.Prefix == "*" && c.Memory != "":
		return fmt.Sprintf("%s is built from a type of the Go language, not a tensor, and a memory function gives identities to a pointer to a named type: declare one in the runtime's package (type Buf %s) and write %q", t, t.Name, "*example.com/you/rt.Buf")
	case t.Prefix == "":
		return fmt.Sprintf("%s is a type of the Go language, not a tensor: it has no methods, and the wrappers call Ident (asserts.Identity) on every tensor: %s", t, tensorFix)
	}
	return fmt.Sprintf("%s is built from a type of the Go language, not a tensor: it has no methods, and the wrappers call Ident (asserts.Identity) on every tensor: %s", t, tensorFix)
}

// interfaceLiteral reports whether the type map value v is an interface
// type literal, which the type map cannot spell: "interface{}",
// "interface{ Ident() asserts.Ident }".
func interfaceLiteral(v string) bool {
	rest, ok := strings.CutPrefix(strings.TrimSpace(v), "interface")
	return ok && strings.HasPrefix(strings.TrimSpace(rest), "{")
}
