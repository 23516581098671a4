package finder

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildStoppedByItsContextOnly: the value check's build has no time
// limit of its own (a 5-minute one failed init on gorgonia's Dense on a
// loaded machine); the caller's context, an interrupt, stops it, and the
// error says so.
func TestBuildStoppedByItsContextOnly(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.25\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &runner{dir: dir, tmp: t.TempDir(), spec: "*m.T"}
	if err := r.build(context.Background(), []byte("package main\n\nfunc main() {}\n")); err != nil {
		t.Fatalf("build: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := r.build(ctx, []byte("package main\n\nfunc main() {}\n"))
	if err == nil || !strings.Contains(err.Error(), "was stopped: context canceled") {
		t.Fatalf("build under a canceled context: %v, want it stopped", err)
	}
}
