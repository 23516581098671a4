package base

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/assertgen/assertgen/output"
)

// TestWriteFile checks both ways WriteFile writes: a regular file is
// replaced whole, and nothing is left beside it; a FIFO is written through.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "plan.txt")
	os.WriteFile(path, []byte("old, longer than the new text\n"), 0o644)
	write := func(w io.Writer) error { _, err := fmt.Fprint(w, "new\n"); return err }
	if err := WriteFile(io.Discard, path, write); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new\n" {
		t.Errorf("regular file: %q", got)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d entries in the directory, want the file alone", len(es))
	}
	// A failing write leaves the old file.
	bad := errors.New("bad")
	if err := WriteFile(io.Discard, path, func(io.Writer) error { return bad }); err != bad {
		t.Errorf("failing write: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new\n" {
		t.Errorf("after a failing write: %q", got)
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	read := make(chan []byte)
	go func() {
		b, _ := os.ReadFile(fifo)
		read <- b
	}()
	if err := WriteFile(io.Discard, fifo, write); err != nil {
		t.Fatal(err)
	}
	if got := <-read; string(got) != "new\n" {
		t.Errorf("through a FIFO: %q", got)
	}
}

// TestWriteSet checks that a guard with no signal writes the set and says
// nothing (gen's tests stop it midway: cmd/assertgen's TestGenInterrupted).
func TestWriteSet(t *testing.T) {
	dir := t.TempDir()
	var msg bytes.Buffer
	g := Catch(&msg)
	defer g.Stop()
	files := []output.File{{Name: "p_checked.go", Data: []byte("// " + output.Header + "\n\npackage p\n")}}
	if err := g.WriteSet(dir, "p", files); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "p_checked.go")); !bytes.Equal(got, files[0].Data) || msg.Len() != 0 {
		t.Errorf("written %q, said %q", got, msg.String())
	}
}

func TestErrorCode(t *testing.T) {
	for sig, want := range map[os.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143} {
		e := &StopError{sig, "dir keeps its previous files"}
		if e.Code() != want || e.Error() != fmt.Sprintf("stopped by %v; dir keeps its previous files", sig) {
			t.Errorf("%v: code %d, %q", sig, e.Code(), e)
		}
	}
}
