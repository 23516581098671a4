package output

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FuzzApplyJournal: whatever a journal holds (a staging directory left by
// a run, or a file someone wrote there), applying it neither panics nor
// touches a file outside the directory it writes into: the sentinel next
// to that directory, and the directory above, keep their contents.
func FuzzApplyJournal(f *testing.F) {
	for _, s := range []string{"write a.go\n", "new a.go\nremove b.go\n", "new ../x.go\n", "remove ../sentinel\n", "write internal/assertgenshapes/a.go\n",
		"new /etc/passwd\n", "write .\n", "remove \n", "new a.go\nnew a.go\n", "write a.go\r\nremove b.go", "verb a.go\n", "new a.go\x00\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, journal []byte) {
		top := t.TempDir()
		dir := filepath.Join(top, "d")
		stage := filepath.Join(dir, newStagingName)
		if err := os.MkdirAll(stage, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string]string{filepath.Join(top, "sentinel"): "keep", filepath.Join(dir, "b.go"): "b", filepath.Join(stage, "a.go"): "a"} {
			if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(stage, journalName), journal, 0o644); err != nil {
			t.Fatal(err)
		}
		applyJournal(dir, stage) // an error is fine; touching other files is not
		entries, err := os.ReadDir(top)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if !slices.Equal(names, []string{"d", "sentinel"}) {
			t.Errorf("journal %q: the directory above holds %v", journal, names)
		}
		if b, err := os.ReadFile(filepath.Join(top, "sentinel")); err != nil || string(b) != "keep" {
			t.Errorf("journal %q: the sentinel is %q, %v", journal, b, err)
		}
	})
}
