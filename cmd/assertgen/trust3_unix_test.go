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
// appears, within the span of the whole write, so that both sides of the
// all-or-nothing point are hit.
func TestInitInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs init 20 times")
	}
	_, pkg := initModule(t, map[string]string{"rt.go": rtTensor})
	oldSet := readSet(t, pkg)
	if _, e, code := runCLI(t, pkg, "init"); code != 0 {
		t.Fatalf("init: exit %d\n%s", code, e)
	}
	newSet := readSet(t, pkg)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	const step = 15 * time.Millisecond
	span := time.Duration(2*(len(newSet)-len(oldSet))+2) * step
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 41))
	outcomes := map[string]int{}
	const runs = 15
	for i := range runs {
		writeSet(t, pkg, oldSet)
		sig := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL}[i%3]
		cmd := exec.Command(exe, "init")
		cmd.Dir = pkg
		cmd.Env = append(os.Environ(), "ASSERTGEN_TEST_MAIN=1", "ASSERTGEN_TEST_WRITE_DELAY="+step.String())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitForNewEntry(t, pkg, oldSet)
		delay := time.Duration(rng.Int64N(int64(span)))
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
			initAfterKill(t, pkg, newSet)
			continue
		}
		got := readSet(t, pkg)
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
		if want := 128 + int(sig); code != want && !(code == 0 && which == "new") {
			t.Errorf("run %d (%v after %v): exit %d, want %d\n%s", i, sig, delay, code, want, stderr.String())
		}
		outcomes[which]++
	}
	t.Logf("%d runs stopped by SIGINT or SIGTERM: %d left the old set, %d the new set", runs*2/3, outcomes["old"], outcomes["new"])
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
