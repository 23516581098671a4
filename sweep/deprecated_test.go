package sweep

import (
	"iter"
	"slices"
	"testing"
)

// TestDeprecatedNamesKeepTheirMeaning: Table is the type the driver takes,
// and Values are the elements of a spec without a fill, as before.
func TestDeprecatedNamesKeepTheirMeaning(t *testing.T) {
	var tab Table = func(yield func(string, any) bool) {}
	var _ iter.Seq2[string, any] = tab
	for _, dtype := range []string{"float32", "int64", "bool", "complex64"} {
		sp := NewSpec(dtype, 3, 4)
		if got, want := Values(dtype, 12), sp.Elements(); !slices.Equal(got, want) {
			t.Errorf("Values(%q, 12) = %v, a spec's elements %v", dtype, got, want)
		}
	}
	if got := Values("float64", 3); !slices.Equal(got, []float64{0.5, 1.2, 0.8}) {
		t.Errorf("Values(float64, 3) = %v", got)
	}
	if got := Values("int32", 3); !slices.Equal(got, []float64{0, 1, 0}) {
		t.Errorf("Values(int32, 3) = %v", got)
	}
}
