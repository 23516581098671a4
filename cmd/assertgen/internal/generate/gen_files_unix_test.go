//go:build unix

package generate_test

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
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
			if _, errOut, code := clitest.RunWithin(t, time.Minute, dir, args...); code != 0 {
				t.Fatalf("gen: exit %d\n%s", code, errOut)
			}
			p := filepath.Join(out, tc.file)
			os.Remove(p)
			if err := tc.make(p); err != nil {
				t.Fatal(err)
			}
			want := "assertgen: " + p + ": " + tc.what + ", not a regular file; gen reads and writes only regular files in the output directory: remove it and run again\n"
			for _, a := range [][]string{args, clitest.With(args, "-check")} {
				stdout, errOut, code := clitest.RunWithin(t, time.Minute, dir, a...)
				if code != 1 || errOut != want || stdout != "" {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and %q", a[len(a)-1], code, stdout, errOut, want)
				}
			}
		})
	}
}

// TestGenWaitsAndStops: issue 19 items 5 and 6. While another process
// holds the output directory, gen says it waits; SIGTERM then stops it at
// once, exit 143, the directory unchanged.
func TestGenWaitsAndStops(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	d, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(clitest.Command(t), "gen", "-mode", "interface", "-package", "out", "-output", out, "-ops", "neg")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stderr)
	line, err := r.ReadString('\n')
	if want := "assertgen: " + out + ": another assertgen is writing into it; waiting for it to finish\n"; line != want {
		cmd.Process.Kill()
		t.Fatalf("first line %q, %v; want %q", line, err, want)
	}
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	rest, _ := io.ReadAll(r)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 143 || string(rest) != "assertgen: stopped by terminated; "+out+" keeps its previous files\n" {
		t.Errorf("after SIGTERM: exit %d, %q", code, rest)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("SIGTERM took %v", d)
	}
	if names := clitest.DirList(t, out); len(names) != 0 {
		t.Errorf("files written: %v", names)
	}
}
