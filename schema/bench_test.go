package schema

import (
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/pytorch"
)

// BenchmarkLoadYAML measures loading and classifying each embedded
// release's yaml with its rules.
func BenchmarkLoadYAML(b *testing.B) {
	for _, r := range pytorch.Releases {
		b.Run(r.Version, func(b *testing.B) {
			tags, err := ParseTags(r.TagsPath, r.Tags)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(r.NativeFunctions)))
			for b.Loop() {
				if _, err := ParseYAML("nf.yaml", r.NativeFunctions, Options{Tags: tags, Version: r.Version}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseYAMLNode measures ParseYAMLNode (yaml.v3's decoder, the
// check for a second document, byte columns) on the newest embedded yaml;
// BenchmarkYAMLNodeOnly is yaml.v3's Unmarshal alone, for comparison.
func BenchmarkParseYAMLNode(b *testing.B) {
	r := pytorch.Newest()
	for b.Loop() {
		if _, err := ParseYAMLNode(r.NativeFunctionsPath, r.NativeFunctions); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkYAMLNodeOnly(b *testing.B) {
	src := pytorch.Newest().NativeFunctions
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

// BenchmarkParseDerivatives measures reading the newest embedded
// derivatives.yaml.
func BenchmarkParseDerivatives(b *testing.B) {
	r := pytorch.Newest()
	for b.Loop() {
		if _, err := ParseDerivatives(r.DerivativesPath, r.Derivatives); err != nil {
			b.Fatal(err)
		}
	}
}
