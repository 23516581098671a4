package plan

import (
	"os"
	"reflect"
	"testing"
)

// TestScanMatchesDecode checks the fast derivatives.yaml reader against the
// full YAML decoder on PyTorch 1.13.1's file.
func TestScanMatchesDecode(t *testing.T) {
	src, err := os.ReadFile("../testdata/pytorch-1.13.1/derivatives.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fast, err := scanDerivatives("derivatives.yaml", src)
	if err != nil {
		t.Fatalf("scan: %v", err)
	}
	full, err := decodeDerivatives("derivatives.yaml", src)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if len(fast.Entries) != len(full.Entries) {
		t.Fatalf("scan: %d entries, decode: %d", len(fast.Entries), len(full.Entries))
	}
	for i := range fast.Entries {
		if !reflect.DeepEqual(fast.Entries[i], full.Entries[i]) {
			t.Errorf("entry %d:\nscan:   %+v\ndecode: %+v", i, fast.Entries[i], full.Entries[i])
		}
	}
}
