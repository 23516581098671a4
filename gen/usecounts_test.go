package gen

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// TestNoUseCountsEmitted checks the wrappers of a plan for a runtime
// without use counts (tensors held as asserts.Tensor, on the one path):
// returns are read with RetIdent (no use counts read), the Shapes say
// NoUseCounts and hold fresh_not_held's rows (FormOf for a may-alias
// return's).
func TestNoUseCountsEmitted(t *testing.T) {
	s, err := schema.Load(filepath.Join(smallDir, "native_functions.yaml"), "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.BuildWith(s, plan.Options{Profile: plan.Strict, Identity: plan.OwnIDs})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "small"})
	if err != nil {
		t.Fatal(err)
	}
	var all []byte
	for _, f := range res.Files {
		all = append(all, f.Data...)
	}
	for _, call := range []string{"fr.ArgIdent(", "fr.AfterIdent(", "fr.RetIdent(", "fr.ElemIdent(", "fr.RetElemIdent(", "fr.Iface(",
		"NoUseCounts: true", "checks.FreshNotHeld,", "wrap.FormOf"} {
		if !bytes.Contains(all, []byte(call)) {
			t.Errorf("no %s in the wrappers", call)
		}
	}
	for _, call := range []string{"fr.Ret(", "fr.RetElem(", "fr.ViewBase", "wrap.Call"} {
		if bytes.Contains(all, []byte(call)) {
			t.Errorf("%s in the wrappers of a runtime without use counts", call)
		}
	}
}

// TestIdentityKindFollowed checks that gen follows the plan's identity
// kind and refuses options that contradict it: a plan of the kind memory
// without the memory function to read tensors with, or a memory function
// for a plan of another kind (before the kind, gen took the two from
// separate options, and such a pair made wrappers of no one kind). With
// both, the helpers read the tensors' memory through the adapter.
func TestIdentityKindFollowed(t *testing.T) {
	s, err := schema.Load(filepath.Join(smallDir, "native_functions.yaml"), "", schema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tensor, err := kernels.ParseGoType("*example.com/rt.Tensor")
	if err != nil {
		t.Fatal(err)
	}
	mem := &kernels.FuncRef{Path: "example.com/rt", Name: "Memory"}
	for _, c := range []struct {
		kind   plan.Identity
		memory *kernels.FuncRef
		err    string
	}{
		{plan.Memory, nil, "the plan's identity kind is memory, and Options.Memory is not set"},
		{plan.Counted, mem, "the plan's identity kind is counted, and Options.Memory is example.com/rt.Memory"},
		{plan.OwnIDs, mem, "the plan's identity kind is own_ids, and Options.Memory is example.com/rt.Memory"},
		{plan.Memory, mem, ""},
	} {
		p, err := plan.BuildWith(s, plan.Options{Profile: plan.Strict, Identity: c.kind})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "small", Memory: c.memory,
			Types: kernels.DefaultTypes().Merge(kernels.TypeMap{"Tensor": tensor})})
		if c.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), c.err) {
				t.Errorf("%s with Memory %v: %v, want %q", c.kind, c.memory, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		var all []byte
		for _, f := range res.Files {
			all = append(all, f.Data...)
		}
		for _, want := range []string{"type ForeignTensor rt.Tensor", "fr.ArgMemory(", "fr.RetMemory(", "fr.BeginMemory("} {
			if !bytes.Contains(all, []byte(want)) {
				t.Errorf("memory: no %s in the wrappers", want)
			}
		}
	}
}
