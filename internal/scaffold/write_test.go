package scaffold

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.go")
	if err := WriteNew(p, []byte("package a\n")); err != nil {
		t.Fatal(err)
	}
	if err := WriteNew(p, []byte("package b\n")); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("second write: %v, want an error saying it exists", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "package a\n" {
		t.Errorf("the file was replaced: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left in the directory: %v, want a.go alone", entries)
	}
	if err := WriteNew(filepath.Join(dir, "no", "b.go"), nil); err == nil {
		t.Error("a file in a missing directory: no error")
	}
}
