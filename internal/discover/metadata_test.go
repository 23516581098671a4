package discover

import "testing"

// Load finds reftensor's *Tensor (it implements
// asserts.Metadata) through refops' kernels package, and nothing that
// does not implement it.
func TestMetadataImplementers(t *testing.T) {
	if got := metadataImplementers(nil); len(got) != 0 {
		t.Errorf("no kernels package: %v, want none", got)
	}
	k, err := Load("../../examples/refops", ".")
	if err != nil {
		t.Fatal(err)
	}
	got := k.Set.Metadata
	const tensor = "*github.com/assertgen/assertgen/examples/reftensor.Tensor"
	if !got[tensor] {
		t.Errorf("%s not found among %v", tensor, got)
	}
	for _, not := range []string{
		"github.com/assertgen/assertgen/examples/reftensor.Tensor", // a pointer receiver
		"*github.com/assertgen/assertgen/examples/reftensor.StorageImpl",
	} {
		if got[not] {
			t.Errorf("%s reported as implementing asserts.Metadata", not)
		}
	}
}

// Load finds gcrt's *Tensor (it implements asserts.Anchored) and not
// reftensor's (it does not): the wrappers of a runtime without use counts
// read the anchors of the first themselves.
func TestAnchoredImplementers(t *testing.T) {
	k, err := Load("../../examples/gcrt", ".")
	if err != nil {
		t.Fatal(err)
	}
	got := k.Set.Anchored
	if !got["*github.com/assertgen/assertgen/examples/gcrt.Tensor"] {
		t.Errorf("gcrt's *Tensor not found among %v", got)
	}
	for _, not := range []string{
		"github.com/assertgen/assertgen/examples/gcrt.Tensor", // a pointer receiver
		"*github.com/assertgen/assertgen/examples/gcrt.Storage",
	} {
		if got[not] {
			t.Errorf("%s reported as implementing asserts.Anchored", not)
		}
	}
}
