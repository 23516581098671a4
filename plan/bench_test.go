package plan

import (
	"io"
	"testing"

	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// BenchmarkBuild measures plan building alone on the embedded PyTorch
// 1.13.1 schema (2952 ops), for each profile.
func BenchmarkBuild(b *testing.B) {
	s, err := schema.Embedded("1.13")
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range []Profile{Strict, PyTorch} {
		b.Run(string(p), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Build(s, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMatchDerivatives measures PyTorch's derivatives.yaml matching
// on the embedded schema (the serial part of the pytorch profile).
func BenchmarkMatchDerivatives(b *testing.B) {
	s, err := schema.Embedded("1.13")
	if err != nil {
		b.Fatal(err)
	}
	d, err := schema.PyTorchDerivatives(s.Version)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := matchDerivatives(s, d, &pytorch.Newest().Autograd); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteJSON measures writing the strict plan of the embedded
// schema as JSON (plan -json without the schema parse).
func BenchmarkWriteJSON(b *testing.B) {
	s, err := schema.Embedded("1.13")
	if err != nil {
		b.Fatal(err)
	}
	p, err := Build(s, Strict)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := p.WriteJSON(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
