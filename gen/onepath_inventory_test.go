package gen

import (
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// An inventoryKind is a kind of runtime gen writes wrappers for: its
// identity kind and the options a config gives for it.
type inventoryKind struct {
	name     string
	identity plan.Identity
	// tensor is the type map's Tensor ("" for asserts.Tensor); iface, a
	// runtime's own interface type.
	tensor string
	iface  bool
	// generic: the tensor type is testdata/generic's Tensor[T].
	generic bool
	// memory: the config's memory function (the kind plan.Memory).
	memory             bool
	anchored, metadata bool
}

// inventoryKinds are the kinds of runtime TestEveryOpTakesTheOnePath
// generates every op of the embedded schema for.
func inventoryKinds() []inventoryKind {
	return []inventoryKind{
		{name: "counted asserts.Tensor", identity: plan.Counted},
		{name: "counted pointer", identity: plan.Counted, tensor: "*example.com/rt.Tensor"},
		{name: "counted pointer anchored, metadata", identity: plan.Counted, tensor: "*example.com/rt.Tensor", anchored: true, metadata: true},
		{name: "counted generic", identity: plan.Counted, generic: true},
		{name: "counted own interface", identity: plan.Counted, tensor: "example.com/rt.Tensor", iface: true},
		{name: "counted own interface, metadata", identity: plan.Counted, tensor: "example.com/rt.Tensor", iface: true, metadata: true},
		{name: "own ids asserts.Tensor", identity: plan.OwnIDs},
		{name: "own ids pointer", identity: plan.OwnIDs, tensor: "*example.com/rt.Tensor"},
		{name: "own ids pointer anchored, metadata", identity: plan.OwnIDs, tensor: "*example.com/rt.Tensor", anchored: true, metadata: true},
		{name: "own ids generic", identity: plan.OwnIDs, generic: true},
		{name: "own ids own interface", identity: plan.OwnIDs, tensor: "example.com/rt.Tensor", iface: true},
		{name: "own ids own interface, metadata", identity: plan.OwnIDs, tensor: "example.com/rt.Tensor", iface: true, metadata: true},
		{name: "memory adapter", identity: plan.Memory, tensor: "*example.com/rt.Tensor", memory: true},
		{name: "memory library generic instance", identity: plan.Memory, tensor: "*github.com/nlpodyssey/spago/mat.Dense[float64]", memory: true},
		{name: "memory generic", identity: plan.Memory, generic: true, memory: true},
	}
}

// TestEveryOpTakesTheOnePath generates every op of the embedded schema
// for each kind of runtime: gen refuses an op the one path cannot take
// (steps.Op.Refused), and none is (the rows' helpers gen wrote for them
// are gone: the memory kind's list returns, ops with no tensor and ops of
// more than 8 lists, 145 ops of 2.14.1, and an interface type with a
// metadata fingerprint, 3,089, took them before version 4's last steps).
// The wrappers of an interface type with a metadata fingerprint are those
// of one without: the runtime reads the fingerprint through the
// interface.
func TestEveryOpTakesTheOnePath(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
	if testing.Short() {
		t.Skip("generates every op for each kind of runtime")
	}
	s, err := schema.Embedded("2.14.1")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]File{}
	for _, k := range inventoryKinds() {
		t.Run(k.name, func(t *testing.T) {
			p, err := plan.BuildWith(s, plan.Options{Profile: plan.Strict, Identity: k.identity})
			if err != nil {
				t.Fatal(err)
			}
			o := Options{Mode: output.InterfaceMode, Package: "all", ShapesPackage: "example.com/generated/all/" + ShapesDir, inventory: &inventory{}}
			if k.generic {
				g := genericOptions(t)
				o.Types, o.TypeParams = g.Types, g.TypeParams
			}
			if k.tensor != "" {
				tt, err := kernels.ParseGoType(k.tensor)
				if err != nil {
					t.Fatal(err)
				}
				tt.Interface = k.iface
				o.Types = kernels.DefaultTypes().Merge(kernels.TypeMap{"Tensor": tt})
			}
			if k.memory {
				o.Memory = &kernels.FuncRef{Path: "example.com/rt", Name: "Memory"}
			}
			if k.tensor != "" && (k.anchored || k.metadata) {
				tt := o.Types["Tensor"].String()
				o.inventory.anchored = map[string]bool{tt: k.anchored}
				o.inventory.metadata = map[string]bool{tt: k.metadata}
			}
			res, err := Generate(p, o)
			if err != nil {
				t.Fatal(err)
			}
			files[k.name] = res.Files
			if k.iface && k.metadata {
				plain := strings.TrimSuffix(k.name, ", metadata")
				if !slices.EqualFunc(res.Files, files[plain], func(a, b File) bool { return a.Name == b.Name && string(a.Data) == string(b.Data) }) {
					t.Errorf("the files of %s are not those of %s", k.name, plain)
				}
			}
			t.Logf("%s: %d ops on the one path", k.name, len(res.Wrapped))
		})
	}
}
