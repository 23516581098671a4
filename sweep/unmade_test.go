package sweep

import (
	"strings"
	"testing"
)

// The summary gives the share of the samples the runtime cannot make,
// those that ask for what only PyTorch's tensor model has (a layout, a
// bit, autograd: variants 12-20) apart from the adapter's (a dtype,
// rank or view it did not make).
func TestUnmadeShare(t *testing.T) {
	tried := []byte(strings.Repeat(".", len(Variants)))
	for k := 11; k <= 20; k++ {
		tried[k] = 'M' // complex64, then the layouts, bits and autograd
	}
	r := &Report{Ops: 2, Samples: 52, Unmade: map[string]int{"no complex64": 2, "no layout": 18},
		Tried: map[string]string{"neg": string(tried) + " ..", "abs": string(tried)}}
	want := "cannot make: 20 of 52 samples (38%): 18 (35%) ask for a layout, a conj or neg bit, autograd or named dims; 2 (4%) for a dtype, rank, shape or view the adapter did not make\n"
	if got := r.String(); !strings.Contains(got, want) {
		t.Errorf("summary:\n%s\nlacks %q", got, want)
	}
	r.Unmade, r.Tried = map[string]int{}, map[string]string{"neg": string(tried)}
	if got := r.String(); strings.Contains(got, "cannot make:") {
		t.Errorf("a sweep that made every sample:\n%s", got)
	}
}
