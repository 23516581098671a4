package input

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	regular := filepath.Join(dir, "ok.yaml")
	if err := os.WriteFile(regular, []byte("- func: f() -> Tensor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(regular, link); err != nil {
		t.Fatal(err)
	}
	zeroLink := filepath.Join(dir, "zero.yaml")
	if err := os.Symlink("/dev/zero", zeroLink); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	tests := []struct {
		path string
		want string // "" for success
	}{
		{regular, ""},
		{link, ""},
		{"/dev/zero", "/dev/zero: not a regular file (a character device)"},
		{zeroLink, zeroLink + ": not a regular file (a character device)"},
		{fifo, fifo + ": not a regular file (a named pipe)"},
		{sock, sock + ": not a regular file (a socket)"},
		{dir, dir + ": not a regular file (a directory)"},
		{filepath.Join(dir, "missing.yaml"), filepath.Join(dir, "missing.yaml") + ": no such file or directory"},
	}
	for _, tc := range tests {
		data, err := ReadFile(tc.path)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.path, err)
		case tc.want == "" && string(data) != "- func: f() -> Tensor\n":
			t.Errorf("%s: read %q", tc.path, data)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("%s: error %v, want %s", tc.path, err, tc.want)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.yaml")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file's error %v is not fs.ErrNotExist", err)
	}
}

// TestReadFileLimit: a file of exactly the limit is read, one byte more is
// refused before it is read.
func TestReadFileLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(path, []byte(strings.Repeat("x", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := readFile(path, 100); err != nil || len(data) != 100 {
		t.Fatalf("at the limit: %d bytes, %v", len(data), err)
	}
	_, err := readFile(path, 99)
	if want := path + ": larger than the 99 bytes limit on input files"; err == nil || err.Error() != want {
		t.Fatalf("over the limit: %v, want %s", err, want)
	}
	// The real limit on a sparse file one byte over it: refused without
	// reading 16 MiB.
	sparse := filepath.Join(dir, "sparse.yaml")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = ReadFile(sparse)
	if want := sparse + ": larger than the 16 MiB limit on input files"; err == nil || err.Error() != want {
		t.Fatalf("over MaxSize: %v, want %s", err, want)
	}
}
