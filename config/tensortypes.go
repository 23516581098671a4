package config

import (
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// tensorEntries are the type map keys of the tensor forms a wrapper
// holds besides Tensor itself, each with the Go type it must have, as a
// prefix of the Tensor type: a wrapper takes tensors of one type, an
// absent one nil, and a list as a slice of that type.
var tensorEntries = []struct{ key, prefix string }{
	{"Tensor?", ""},
	{"Tensor[]", "[]"},
	{"Tensor?[]", "[]"},
}

// checkTensorTypes checks the type map's tensor entries as gen's one path
// needs them, so that a type map no wrapper can hold is refused at its
// entry, not at every op it reaches (gen's per-op refusal stays for the Go
// API): the Tensor type is a pointer or has no marker (an interface, or a
// type internal/setup checks against its package), and Tensor?,
// Tensor[] and Tensor?[] are the Tensor type, a slice of it and a slice
// of it. An entry that does not parse is Validate's to report.
func (c *Config) checkTensorTypes() schema.ErrorList {
	var errs schema.ErrorList
	params := c.paramNames()
	tensor := kernels.DefaultTypes()["Tensor"]
	if v, ok := c.Types["Tensor"]; ok {
		t, err := kernels.ParseGoTypeIn(v, params)
		if err != nil {
			return nil
		}
		if t.Prefix != "" && t.Prefix != "*" {
			ptr := t
			ptr.Prefix = "*"
			errs = append(errs, c.Errorf("types.Tensor=", "Tensor: %s is neither a pointer to a named type nor an interface, and a wrapper holds a tensor as one%s", t, schema.Suggest(strconv.Quote(ptr.String()))))
			return errs
		}
		tensor = t
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
