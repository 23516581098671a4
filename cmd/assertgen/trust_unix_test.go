//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestGenRefusesOddFiles: issue 19 item 6, gen's side. A generated file
// replaced by a symbolic link to /dev/zero, or by a FIFO, and a Go file
// that is such a thing, are refused at once with one line that says what
// to do, by gen and by gen -check (which once read /dev/zero until the
// memory ran out, or blocked on the FIFO).
func TestGenRefusesOddFiles(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		make       func(path string) error
		what       string
	}{
		{"symlink to /dev/zero", "assertgen_checked.go", func(p string) error { return os.Symlink("/dev/zero", p) }, "a symbolic link"},
		{"FIFO", "assertgen_checked.go", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "a named pipe"},
		{"FIFO doc file", "doc.go", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "a named pipe"},
		{"symlink obsolete part", "assertgen_checked_2.go", func(p string) error { return os.Symlink("/dev/zero", p) }, "a symbolic link"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			args := []string{"gen", "-mode", "interface", "-package", "out", "-output", out, "-ops", "add.Tensor"}
			if _, errOut, code := runCLIWithin(t, time.Minute, dir, args...); code != 0 {
				t.Fatalf("gen: exit %d\n%s", code, errOut)
			}
			p := filepath.Join(out, tc.file)
			os.Remove(p)
			if err := tc.make(p); err != nil {
				t.Fatal(err)
			}
			want := "assertgen: " + p + ": " + tc.what + ", not a regular file; gen reads and writes only regular files in the output directory: remove it and run again\n"
			for _, a := range [][]string{args, with(args, "-check")} {
				stdout, errOut, code := runCLIWithin(t, time.Minute, dir, a...)
				if code != 1 || errOut != want || stdout != "" {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and %q", a[len(a)-1], code, stdout, errOut, want)
				}
			}
		})
	}
}
