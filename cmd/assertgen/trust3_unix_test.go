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
)

// TestInitInterrupted: issue 41 item 2. init stopped by SIGINT or SIGTERM
// at a random point of its write leaves the package's directory as it was
// or with all of init's files, and nothing else (no temporary file, no
// staging directory), with the signal's exit code (or 0 when it finished
// first). A run killed outright (SIGKILL) may leave a hidden staging
// directory: the next init completes it (and then refuses, all of the
// files being there) or removes it (and writes them all). The write is
// slowed down step by step (ASSERTGEN_TEST_WRITE_DELAY) and the signal
// comes a random time after init's first new entry in the directory
// appears, spread over the span of the whole write, so that both sides
// of the all-or-nothing point are hit.
func TestInitInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs init 13 times")
	}
	pkg := filepath.Join(initModule(t, map[string]string{"rt/rt.go": rtTensor}), "rt")
	oldSet := readSet(t, pkg)
	if _, e, code := runCLI(t, pkg, "init"); code != 0 {
		t.Fatalf("init: exit %d\n%s", code, e)
	}
	newSet := readSet(t, pkg)
	interruptWrites(t, pkg, pkg, []string{"init"}, oldSet, newSet, 9, func(t *testing.T) {
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
		t.Skip("runs vet -stubs 9 times")
	}
	dir := stubsModule(t, false)
	k := filepath.Join(dir, "k")
	oldSet := readSet(t, k)
	args := []string{"vet", "-stubs", "k/todo.go"}
	if _, e, code := runCLI(t, dir, args...); code != 1 {
		t.Fatalf("vet -stubs: exit %d\n%s", code, e)
	}
	newSet := readSet(t, k)
	interruptWrites(t, dir, k, args, oldSet, newSet, 6, func(t *testing.T) {
		if _, stderr, code := runCLI(t, dir, args...); code != 1 || !strings.Contains(stderr, "k/todo.go exists") && !strings.Contains(stderr, "wrote 1 kernel stubs") {
			t.Errorf("vet -stubs after a killed one: exit %d\n%s", code, stderr)
		}
		if got := readSet(t, k); !maps.Equal(got, newSet) {
			t.Errorf("vet -stubs after a killed one: the directory holds %v, want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(newSet)))
		}
	})
}

// interruptWrites runs assertgen args in dir runs times, each stopped by SIGINT,
// SIGTERM or SIGKILL in turn a while after its first new entry appears in
// out (which holds oldSet before each run), the write slowed down step by
// step: after SIGINT or SIGTERM out must hold oldSet or newSet and nothing
// else, with the signal's exit code (or 0 or 1 when it finished first);
// after SIGKILL, afterKill checks what the next run makes of what was
// left. The signal times are spread over the span of the write, so that
// both sides of the commit point are hit.
func interruptWrites(t *testing.T, dir, out string, args []string, oldSet, newSet map[string]string, runs int, afterKill func(t *testing.T)) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	const step = 25 * time.Millisecond
	span := time.Duration(2*(len(newSet)-len(oldSet))+2) * step
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 41))
	outcomes := map[string]int{}
	for i := range runs {
		writeSet(t, out, oldSet)
		sig := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL}[i%3]
		cmd := exec.Command(exe, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "ASSERTGEN_TEST_MAIN=1", "ASSERTGEN_TEST_WRITE_DELAY="+step.String())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitForNewEntry(t, out, oldSet)
		// Spread over the span: run i at the (i+rand)/runs part of it.
		delay := time.Duration((float64(i) + rng.Float64()) / float64(runs) * float64(span))
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
		got := readSet(t, out)
		var which string
		switch {
		case maps.Equal(got, oldSet):
			which = "old"
		case maps.Equal(got, newSet):
			which = "new"
		default:
			t.Fatalf("run %d (%v after %v): the directory holds %v, neither the old set %v nor the new set %v\n%s",
				i, sig, delay, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(oldSet)), slices.Sorted(maps.Keys(newSet)), stderr.String())
		}
		if want := 128 + int(sig); code != want && !(code <= 1 && which == "new") {
			t.Errorf("run %d (%v after %v): exit %d, want %d\n%s", i, sig, delay, code, want, stderr.String())
		}
		outcomes[which]++
	}
	t.Logf("runs stopped by SIGINT or SIGTERM: %d left the old set, %d the new set", outcomes["old"], outcomes["new"])
	if outcomes["old"] == 0 || outcomes["new"] == 0 {
		t.Errorf("outcomes %v: the interruptions did not cover both sides of the commit point", outcomes)
	}
}

// waitForNewEntry waits until dir has an entry that old has not.
func waitForNewEntry(t *testing.T, dir string, old map[string]string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() {
				name += "/"
			}
			if _, ok := old[name]; !ok {
				return
			}
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("init wrote nothing into %s in a minute", dir)
}

// initAfterKill runs init where a killed init left the package's
// directory: it completes or removes what was left, then writes init's
// files or refuses because they are all there; either way the directory
// then holds newSet and nothing else.
func initAfterKill(t *testing.T, dir string, newSet map[string]string) {
	t.Helper()
	left := slices.Sorted(maps.Keys(readSet(t, dir)))
	_, stderr, code := runCLI(t, dir, "init")
	if code != 0 && !(code == 1 && strings.Contains(stderr, ": exists already; init writes only new files and wrote none")) {
		t.Errorf("init after a killed one (which left %v): exit %d\n%s", left, code, stderr)
	}
	if got := readSet(t, dir); !maps.Equal(got, newSet) {
		t.Errorf("init after a killed one (which left %v): the directory holds %v, want %v", left, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(newSet)))
	}
	if _, err := os.Stat(filepath.Join(dir, ".assertgen-new")); err == nil {
		t.Error("the staging directory is left")
	}
}
