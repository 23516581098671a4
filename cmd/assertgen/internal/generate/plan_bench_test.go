package generate_test

import (
	"io"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/generate"
)

// BenchmarkPlanJSONPyTorch measures `assertgen plan -json -profile
// pytorch` in process: load, classify, read derivatives.yaml, plan, print.
func BenchmarkPlanJSONPyTorch(b *testing.B) {
	for b.Loop() {
		if err := generate.CmdPlan.Run([]string{"-json", "-profile", "pytorch"}, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
