package gen

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
	"github.com/assertgen/assertgen/testdata/golden"
)

// TestRefused generates ops the one path cannot take: gen refuses each,
// writing nothing, with the message at the op's place in the schema
// (testdata/refused/*.txt, go test -update). A config reaches the
// schema's cases; the type maps' reach gen through its Go API only: the
// command refuses such a config at its types: entry (config's
// TestTensorTypes, cmd/assertgen/internal/generate's TestTypeMapTensorForms).
func TestRefused(t *testing.T) {
	args := func(n int, typ string) string {
		var as []string
		for i := range n {
			as = append(as, fmt.Sprintf("%s t%d", typ, i))
		}
		return strings.Join(as, ", ")
	}
	ptr := func(s string) kernels.GoType {
		g, err := kernels.ParseGoType(s)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, c := range []struct {
		name, src string
		identity  plan.Identity
		types     kernels.TypeMap
		counted   bool // the plan's kind made counted after its rows are planned
	}{
		{name: "list of lists", src: "nested(Tensor[][] self) -> Tensor"},
		{name: "33 tensors", src: "many(" + args(33, "Tensor") + ") -> ()"},
		{name: "17 lists", src: "lists(" + args(17, "Tensor[]") + ") -> ()"},
		{name: "named list type", src: "cat(Tensor[] tensors) -> Tensor", types: kernels.TypeMap{"Tensor": ptr("*example.com/rt.Tensor"), "Tensor[]": ptr("example.com/rt.List")}},
		{name: "two types", src: "addopt(Tensor self, Tensor? other) -> Tensor", types: kernels.TypeMap{"Tensor": ptr("*example.com/rt.Tensor"), "Tensor?": ptr("*example.com/rt.Other")}},
		{name: "no pointer", src: "neg(Tensor self) -> Tensor", types: kernels.TypeMap{"Tensor": ptr("**example.com/rt.Tensor")}},
		{name: "fresh_not_held counted", src: "neg(Tensor self) -> Tensor", identity: plan.OwnIDs, counted: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := schema.ParseList("refused.txt", []byte(c.src+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			p, err := plan.BuildWith(s, plan.Options{Profile: plan.Strict, Identity: c.identity})
			if err != nil {
				t.Fatal(err)
			}
			if c.counted {
				p.Identity = plan.Counted
			}
			o := Options{Mode: output.InterfaceMode, Package: "refused"}
			if c.types != nil {
				o.Types = kernels.DefaultTypes().Merge(c.types)
			}
			res, err := Generate(p, o)
			if err == nil {
				t.Fatalf("generated %d files, want the op refused", len(res.Files))
			}
			golden.Check(t, filepath.Join("testdata", "refused", strings.ReplaceAll(c.name, " ", "-")+".txt"), []byte(err.Error()+"\n"))
		})
	}
}
