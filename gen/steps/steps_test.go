package steps_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/gen/steps"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
	"github.com/assertgen/assertgen/testdata/golden"
)

// smallSchema is gen's small schema, the one its goldens are made from.
const smallSchema = "../testdata/small/native_functions.yaml"

// names names the functions the generated package would declare by
// what they are for (gen names them by a hash).
type names struct{}

func (names) Guard(t kernels.GoType) string { return "defined[" + t.String() + "]" }

// stepsText prints the steps of every op of the small schema's plan under
// opts, with the type map's Tensor replaced by tensor when it is set.
func stepsText(t *testing.T, popts plan.Options, version string, tensor string, o steps.Options) []byte {
	t.Helper()
	s, err := schema.Load(smallSchema, "", schema.Options{Version: version})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.BuildWith(s, popts)
	if err != nil {
		t.Fatal(err)
	}
	types := kernels.DefaultTypes()
	if tensor != "" {
		tt, err := kernels.ParseGoType(tensor)
		if err != nil {
			t.Fatal(err)
		}
		lt := tt
		lt.Prefix = "[]" + lt.Prefix
		types = types.Merge(kernels.TypeMap{"Tensor": tt, "Tensor[]": lt, "Tensor?[]": lt})
	}
	o.Names = names{}
	o.Identity = p.Identity // carried from the plan, as gen does
	var b strings.Builder
	for _, op := range p.Ops {
		f := op.Src.Func
		var params []steps.Param
		for _, a := range f.Args() {
			gt, err := types.GoTypeOf(a.Type)
			if err != nil {
				t.Fatalf("%s: %v", op.Name, err)
			}
			params = append(params, steps.Param{Name: a.Name, Type: gt, Form: a.Type.TensorForm()})
		}
		var results []kernels.GoType
		for i := range f.Returns {
			gt, err := types.GoTypeOf(f.Returns[i].Type)
			if err != nil {
				t.Fatalf("%s: %v", op.Name, err)
			}
			results = append(results, gt)
		}
		fmt.Fprintf(&b, "== %s\n%s\n", op.Name, steps.Build(op, params, results, &o))
	}
	return []byte(b.String())
}

// TestGolden prints the steps of the small schema's ops (gen's golden
// schema) under each profile, for a runtime with use counts and one
// without, with a tensor type of its own (on the one path, steps.Frame),
// an anchored one, and a type
// without identities (plan.Memory), and compares them with
// testdata/*.steps (go test -update rewrites them).
func TestGolden(t *testing.T) {
	rt := "*example.com/rt.Tensor"
	anchored := map[string]bool{rt: true}
	// the kernels package showed example.com/rt's types: a type of it
	// outside AnchoredOf has no StorageAnchor (Shape.Unanchored)
	scanned := map[string]bool{"example.com/rt": true}
	for _, c := range []struct {
		name    string
		popts   plan.Options
		version string
		tensor  string
		o       steps.Options
	}{
		{"strict", plan.Options{Profile: plan.Strict}, "", "", steps.Options{}},
		{"pytorch", plan.Options{Profile: plan.PyTorch}, "", "", steps.Options{}},
		// a pointer type of a runtime with use counts
		{"strict-counted", plan.Options{Profile: plan.Strict}, "", rt, steps.Options{MetadataOf: anchored, Scanned: scanned}},
		{"strict-2.6.0-anchored", plan.Options{Profile: plan.Strict}, "2.6.0", rt, steps.Options{AnchoredOf: anchored, MetadataOf: anchored, Scanned: scanned}},
		{"strict-nousecounts-anchored", plan.Options{Profile: plan.Strict, Identity: plan.OwnIDs}, "", rt, steps.Options{AnchoredOf: anchored, MetadataOf: anchored}},
		{"strict-nousecounts-foreign", plan.Options{Profile: plan.Strict, Identity: plan.Memory}, "", rt, steps.Options{
			Foreign:    steps.Foreign{Tensor: kernels.GoType{Prefix: "*", Path: "example.com/rt", Name: "Tensor"}, Adapter: kernels.GoType{Prefix: "*", Name: "ForeignTensor"}},
			AnchoredOf: map[string]bool{"*ForeignTensor": true}, MetadataOf: map[string]bool{"*ForeignTensor": true}, Scanned: scanned,
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			golden.Check(t, filepath.Join("testdata", c.name+".steps"), stepsText(t, c.popts, c.version, c.tensor, c.o))
		})
	}
}
