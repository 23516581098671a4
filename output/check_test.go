package output

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCheck checks gen -check's lines: none for a directory that holds the
// set, then one per stale, obsolete and interrupted file, in that order.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	head := "// " + Header + "\n"
	set := []File{{Name: "p_checked.go", Data: []byte(head + "a")}, {Name: "p_checked_2.go", Data: []byte(head + "b")}}
	if err := Write(context.Background(), dir, "p", set); err != nil {
		t.Fatal(err)
	}
	if got, err := Check(dir, "p", set); err != nil || len(got) != 0 {
		t.Errorf("Check of the set it holds: %q, %v", got, err)
	}
	os.Mkdir(filepath.Join(dir, stagingName+"p"), 0o755)
	next := []File{{Name: "p_checked.go", Data: []byte(head + "new a")}}
	got, err := Check(dir, "p", next)
	want := []string{
		filepath.Join(dir, "p_checked.go") + ": stale; run assertgen gen",
		filepath.Join(dir, "p_checked_2.go") + ": obsolete; run assertgen gen",
		filepath.Join(dir, stagingName+"p") + ": left by an interrupted run; run assertgen gen",
	}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Check = %q, %v; want %q", got, err, want)
	}
}
