package schema

import (
	"os"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/pytorch"
)

func BenchmarkLoadYAML(b *testing.B) {
	src, err := os.ReadFile("../testdata/pytorch-1.13.1/native_functions.yaml")
	if err != nil {
		b.Fatal(err)
	}
	tsrc, _ := os.ReadFile("../testdata/pytorch-1.13.1/tags.yaml")
	tags, _ := ParseTags("tags.yaml", tsrc)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseYAML("nf.yaml", src, Options{Tags: tags}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkYAMLNodeOnly(b *testing.B) {
	src, _ := os.ReadFile("../testdata/pytorch-1.13.1/native_functions.yaml")
	for b.Loop() {
		var n yaml.Node
		yaml.Unmarshal(src, &n)
	}
}

func BenchmarkDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Default(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseDerivatives measures reading the embedded derivatives.yaml.
func BenchmarkParseDerivatives(b *testing.B) {
	for b.Loop() {
		if _, err := ParseDerivatives("d.yaml", pytorch.Derivatives); err != nil {
			b.Fatal(err)
		}
	}
}
