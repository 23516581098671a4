package gen

import (
	"testing"

	"github.com/assertgen/assertgen/output"
)

func TestParamName(t *testing.T) {
	for in, want := range map[string]string{"self": "self", "type": "type_", "len": "len_", "range": "range_", "asserts": "asserts_", "dim": "dim"} {
		if got := ParamName(in); got != want {
			t.Errorf("ParamName(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestOwnsName: every name Generate gives is of its prefix's set.
func TestOwnsName(t *testing.T) {
	for _, n := range []string{partName("p", "checked", 0), partName("p", "checked", 11), partName("p", "direct", 1), "p_kernels.go", "p_adapter.go", "p_shapes.go"} {
		if !output.OwnsName("p", n) {
			t.Errorf("OwnsName(p, %s) = false", n)
		}
	}
}
