//go:build debugasserts

package sweep

import (
	"reflect"
	"strings"
	"testing"

	pool "github.com/assertgen/assertgen/examples/pool/checked"
	genout "github.com/assertgen/assertgen/gen/testdata/generic/out"
)

// TestReproGenericCall: a generic wrapper's call is written with its type
// parameters instantiated as the sweep's wrapper was (float32 or
// float64), in examples/pool's generic set and gen's generic golden, so
// that the reproducer declares no T of its own and builds.
func TestReproGenericCall(t *testing.T) {
	for _, c := range []struct {
		name    string
		wrapper any
		want    string
	}{
		{"pool add float32", pool.AddTensor[float32], "kernels.AddTensor[float32](self, other, alpha)"},
		{"pool add float64", pool.AddTensor[float64], "kernels.AddTensor[float64](self, other, alpha)"},
		{"pool cat", pool.Cat[float64], "kernels.Cat[float64]("},
		{"golden split", genout.SplitTensor[float32], "[float32]("},
	} {
		b, err := boundCallOf(reflect.ValueOf(c.wrapper))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		call := b.call(nil)
		if !strings.Contains(call, c.want) || strings.Contains(call, "[T]") {
			t.Errorf("%s: the call is %s, want it to contain %s", c.name, call, c.want)
		}
	}
}
