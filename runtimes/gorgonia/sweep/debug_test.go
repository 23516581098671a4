//go:build debugasserts

package sweep

import (
	"reflect"
	"testing"

	"github.com/assertgen/assertgen/internal/samples"
)

func TestRejections(t *testing.T) {
	ops, _ := SchemaOps(Ops)
	for _, o := range ops {
		for v := range samples.Variants {
			s := samples.For(o, v)
			_, rej := call(reflect.ValueOf(Checked[o.Name]), s)
			if rej != nil {
				t.Logf("%s [%d] %s: %v", o.Name, v, s.Describe(), rej)
			}
		}
	}
}
