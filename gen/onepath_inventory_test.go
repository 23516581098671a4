package gen

import (
	"fmt"
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
	// rows are the ops whose wrappers take the rows' helpers, with why.
	rows map[string]string
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
// for each kind of runtime and lists the ops whose wrappers take the rows'
// helpers (wrap.Call, wrap.Saved...) rather than the one path: the list
// is the kind's expected one, each op with the reason it stays on the
// rows (none is left: the memory kind's list returns, ops with no tensor
// and ops of more than 8 lists, 145 ops of 2.14.1, and an interface type
// with a metadata fingerprint, 3,089, took the rows before). The wrappers
// of an interface type with a metadata fingerprint are those of one
// without: the runtime reads the fingerprint through the interface.
func TestEveryOpTakesTheOnePath(t *testing.T) {
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
			got := o.inventory.rows
			var want []string
			for op := range k.rows {
				want = append(want, op)
			}
			slices.Sort(got)
			slices.Sort(want)
			t.Logf("%s: %d of %d ops on the rows", k.name, len(got), len(res.Wrapped))
			if !slices.Equal(got, want) {
				var b strings.Builder
				for _, op := range got {
					fmt.Fprintf(&b, "%q: \"\",\n", op)
				}
				t.Errorf("%s: %d ops take the rows' helpers, want %d:\n%s", k.name, len(got), len(want), b.String())
			}
		})
	}
}
