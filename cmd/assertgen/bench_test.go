package main

import (
	"io"
	"testing"
)

// BenchmarkPlanJSON measures `assertgen plan -json` on the embedded PyTorch
// 1.13.1 yaml, in process: load, classify, plan and print.
func BenchmarkPlanJSON(b *testing.B) {
	for b.Loop() {
		if code := run([]string{"plan", "-json"}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
