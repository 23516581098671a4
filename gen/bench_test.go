package gen

import (
	"testing"

	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// BenchmarkGenerateAll generates interface-mode wrappers for all 2,952 ops
// of PyTorch 1.13.1 (plan included, schema loading not).
func BenchmarkGenerateAll(b *testing.B) {
	s, err := schema.Embedded("1.13")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		p, err := plan.Build(s, plan.Strict)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Generate(p, Options{Mode: InterfaceMode, Package: "all"}); err != nil {
			b.Fatal(err)
		}
	}
}
