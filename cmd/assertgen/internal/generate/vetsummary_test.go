package generate

import "testing"

// TestVetSummary: vet's last line counts what it checked, in the words of
// the config (bound ops, kernels, missing ones, wrong signatures).
func TestVetSummary(t *testing.T) {
	for _, tc := range []struct {
		ops, bound, missing, wrong int
		want                       string
	}{
		{57, 57, 0, 0, "vet: 57 ops: 57 bound, 0 missing, allowlists clean"},
		{68, 0, 0, 0, "vet: 68 ops: 68 with a kernel, 0 missing, allowlists clean"},
		{19, 0, 1, 0, "vet: 19 ops: 18 with a kernel, 1 missing, allowlists clean"},
		{10, 4, 2, 1, "vet: 10 ops: 4 bound, 4 with a kernel (1 of the wrong signature), 2 missing, allowlists clean"},
		{3, 0, 3, 0, "vet: 3 ops: 0 with a kernel, 3 missing, allowlists clean"},
	} {
		if got := vetSummary(tc.ops, tc.bound, tc.missing, tc.wrong); got != tc.want {
			t.Errorf("vetSummary(%d, %d, %d, %d) = %q, want %q", tc.ops, tc.bound, tc.missing, tc.wrong, got, tc.want)
		}
	}
}
