package generate_test

import (
	"io"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/generate"
)

// BenchmarkPlanJSON measures `assertgen plan -json` on the embedded PyTorch
// 1.13.1 yaml, in process: load, classify, plan and print.
func BenchmarkPlanJSON(b *testing.B) {
	for b.Loop() {
		if err := generate.CmdPlan.Run([]string{"-json"}, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
