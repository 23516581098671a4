package catalog_test

import (
	"testing"

	"github.com/assertgen/assertgen/examples/refops"
	"github.com/assertgen/assertgen/examples/refops/checked"
	"github.com/assertgen/assertgen/examples/refops/checkedif"
	rt "github.com/assertgen/assertgen/examples/reftensor"
)

// TestGeneratedCallsAllocateOnlyWhatKernelsDo: a generated wrapper, in
// either mode and either build, allocates exactly what its kernel does
// (the Call and the snapshots stay on the stack through the shape
// helpers).
func TestGeneratedCallsAllocateOnlyWhatKernelsDo(t *testing.T) {
	a, b := rt.Ones(2, 2), rt.Ones(2, 2)
	defer a.Release()
	defer b.Release()
	ts := []*rt.Tensor{a, b}
	k := checkedif.Checked(checkedif.Functions{})
	for _, tt := range []struct {
		name            string
		kernel, wrapper func()
	}{
		{"add.Tensor, function mode",
			func() { refops.AddTensor(a, b, 1).Release() },
			func() { checked.AddTensor(a, b, 1).Release() }},
		{"add.Tensor, interface mode",
			func() { refops.AddTensor(a, b, 1).Release() },
			func() { k.AddTensor(a, b, 1).Release() }},
		{"cat, function mode",
			func() { refops.Cat(ts, 0).Release() },
			func() { checked.Cat(ts, 0).Release() }},
		{"cat, interface mode",
			func() { refops.Cat(ts, 0).Release() },
			func() { k.Cat(ts, 0).Release() }},
	} {
		want := testing.AllocsPerRun(100, tt.kernel)
		if got := testing.AllocsPerRun(100, tt.wrapper); got != want {
			t.Errorf("%s: %v allocations per call, the kernel alone %v", tt.name, got, want)
		}
	}
}
