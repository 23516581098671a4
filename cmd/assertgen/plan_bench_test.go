package main

import (
	"io"
	"testing"
)

// BenchmarkPlanJSONPyTorch measures `assertgen plan -json -profile
// pytorch` in process: load, classify, read derivatives.yaml, plan, print.
func BenchmarkPlanJSONPyTorch(b *testing.B) {
	for b.Loop() {
		if code := run([]string{"plan", "-json", "-profile", "pytorch"}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
