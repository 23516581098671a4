//go:build unix

package main

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestInitInterrupted: issue 41 item 2. init stopped by SIGINT or SIGTERM
// while it writes leaves the package's directory as it was or with all
// of init's files, and nothing else (no temporary file, no staging
// directory), with the signal's exit code (or 0 when it finished first).
// A run killed outright (SIGKILL) may leave a hidden staging directory:
// the next init completes it (and then refuses, all of the files being
// there) or removes it (and writes them all). Each signal comes once
// while the files are staged and once after the journal commits them
// (see interruptWrites).
func TestInitInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs init 10 times")
	}
	pkg := filepath.Join(clitest.InitModule(t, map[string]string{"rt/rt.go": clitest.RtTensor}), "rt")
	oldSet := clitest.ReadSet(t, pkg)
	if _, e, code := clitest.Run(t, pkg, "init"); code != 0 {
		t.Fatalf("init: exit %d\n%s", code, e)
	}
	newSet := clitest.ReadSet(t, pkg)
	interruptWrites(t, pkg, pkg, []string{"init"}, oldSet, newSet, []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL}, func(t *testing.T) {
		initAfterKill(t, pkg, newSet)
	})
}

// TestStubsInterrupted: issue 41, the acceptance for vet -stubs. vet
// -stubs stopped by a signal while it writes leaves the kernels package's
// directory without the stubs file or with all of it, and nothing else;
// after a killed run, the next vet -stubs completes or removes what was
// left, and the file is then there, whole.
func TestStubsInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs vet -stubs 7 times")
	}
	dir := clitest.StubsModule(t, false)
	k := filepath.Join(dir, "k")
	oldSet := clitest.ReadSet(t, k)
	args := []string{"vet", "-stubs", "k/todo.go"}
	if _, e, code := clitest.Run(t, dir, args...); code != 1 {
		t.Fatalf("vet -stubs: exit %d\n%s", code, e)
	}
	newSet := clitest.ReadSet(t, k)
	interruptWrites(t, dir, k, args, oldSet, newSet, []syscall.Signal{syscall.SIGINT, syscall.SIGKILL}, func(t *testing.T) {
		if _, stderr, code := clitest.Run(t, dir, args...); code != 1 || !strings.Contains(stderr, "k/todo.go exists") && !strings.Contains(stderr, "wrote 1 kernel stubs") {
			t.Errorf("vet -stubs after a killed one: exit %d\n%s", code, stderr)
		}
		if got := clitest.ReadSet(t, k); !maps.Equal(got, newSet) {
			t.Errorf("vet -stubs after a killed one: the directory holds %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(newSet)))
		}
	})
}

// interruptWrites runs assertgen args in dir twice per signal of sigs,
// each run stopped by its signal while it writes into out (which holds
// oldSet before each run), the write slowed down step by step: once a
// moment after its staging directory appears (the files are being staged,
// a quarter of a second a step: the old set must stay), once a moment
// after the journal commits them (the new set must win), whatever the
// load of the machine. After SIGINT or SIGTERM out must hold oldSet or
// newSet, as the commit point says, and nothing else, with the signal's
// exit code (or 0 or 1 when it finished first); after SIGKILL, afterKill
// checks what the next run makes of what was left.
func interruptWrites(t *testing.T, dir, out string, args []string, oldSet, newSet map[string]string, sigs []syscall.Signal, afterKill func(t *testing.T)) {
	t.Helper()
	exe := clitest.Paced(t)
	stage := filepath.Join(out, ".assertgen-new")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 41))
	for i := range 2 * len(sigs) {
		sig, committed := sigs[i/2], i%2 == 1
		// Before the commit the steps are long, so that the signal comes
		// well before it, however late the staging directory is seen.
		step := 250 * time.Millisecond
		if committed {
			step = 25 * time.Millisecond
		}
		clitest.WriteSet(t, out, oldSet)
		cmd := exec.Command(exe, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "ASSERTGEN_TEST_WRITE_DELAY="+step.String())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitFor(t, stage, "")
		if committed {
			waitFor(t, filepath.Join(stage, "journal"), stage)
		}
		delay := time.Duration(rng.Int64N(int64(step / 10)))
		time.Sleep(delay)
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if sig == syscall.SIGKILL {
			afterKill(t)
			continue
		}
		want, which := oldSet, "old"
		if committed {
			want, which = newSet, "new"
		}
		if got := clitest.ReadSet(t, out); !maps.Equal(got, want) {
			t.Fatalf("run %d (%v %v after the staging directory appeared, committed %v): the directory holds %v, want the %s set %v\n%s",
				i, sig, delay, committed, slices.Sorted(maps.Keys(got)), which, slices.Sorted(maps.Keys(want)), stderr.String())
		}
		if w := 128 + int(sig); code != w && !(code <= 1 && committed) {
			t.Errorf("run %d (%v, committed %v): exit %d, want %d\n%s", i, sig, committed, code, w, stderr.String())
		}
	}
}

// waitFor waits until path exists, or until gone is gone (a minute at
// most; gone "" for none): the staging directory goes away once the
// journal it held is applied.
func waitFor(t *testing.T, path, gone string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if _, err := os.Lstat(path); err == nil {
			return
		}
		if _, err := os.Lstat(gone); gone != "" && err != nil {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("%s did not appear in a minute", path)
}

// initAfterKill runs init where a killed init left the package's
// directory: it completes or removes what was left, then writes init's
// files or refuses because they are all there; either way the directory
// then holds newSet and nothing else.
func initAfterKill(t *testing.T, dir string, newSet map[string]string) {
	t.Helper()
	left := slices.Sorted(maps.Keys(clitest.ReadSet(t, dir)))
	_, stderr, code := clitest.Run(t, dir, "init")
	if code != 0 && !(code == 1 && strings.Contains(stderr, ": exists already; init writes only new files and wrote none")) {
		t.Errorf("init after a killed one (which left %v): exit %d\n%s", left, code, stderr)
	}
	if got := clitest.ReadSet(t, dir); !maps.Equal(got, newSet) {
		t.Errorf("init after a killed one (which left %v): the directory holds %v, want %v", left, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(newSet)))
	}
	if _, err := os.Stat(filepath.Join(dir, ".assertgen-new")); err == nil {
		t.Error("the staging directory is left")
	}
}
