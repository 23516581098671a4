package main

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestGenInterrupted interrupts gen with SIGINT or SIGTERM at random
// points of its write and checks, every time, that the output directory
// holds exactly the old set of files or exactly the new one, nothing else
// (no temporary file, no staging directory), and that the exit code is
// the signal's (130, 143) or 0 when gen finished first.
//
// The old set is the interface-mode output of gen/testdata/small for a
// few ops, the new set the function-mode output for all (fewer files,
// different contents), so a new set replaces some files and removes
// others. The command runs built with the tag assertgen_writepace
// (clitest.Paced), and ASSERTGEN_TEST_WRITE_DELAY slows each write step
// down to 15 ms; the signal comes a random time after the staging directory appears, within
// the span of the whole write.
func TestGenInterrupted(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT or SIGTERM to send on Windows")
	}
	small, _ := filepath.Abs("../../gen/testdata/small")
	tmp := t.TempDir()
	oldDir, newDir, out := filepath.Join(tmp, "old"), filepath.Join(tmp, "new"), filepath.Join(tmp, "out")
	if _, e, code := clitest.Run(t, small, "gen", "-mode", "interface", "-ops", "add.*, add_.*, cat, transpose.int", "-output", oldDir); code != 0 {
		t.Fatal(e)
	}
	if _, e, code := clitest.Run(t, small, "gen", "-output", newDir); code != 0 {
		t.Fatal(e)
	}
	oldSet, newSet := clitest.ReadSet(t, oldDir), clitest.ReadSet(t, newDir)
	removed := 0
	for name := range oldSet {
		if _, ok := newSet[name]; !ok {
			removed++
		}
	}
	if maps.Equal(oldSet, newSet) || removed == 0 {
		t.Fatalf("old set %v, new set %v: want different sets, with files only in the old one", slices.Sorted(maps.Keys(oldSet)), slices.Sorted(maps.Keys(newSet)))
	}
	exe := clitest.Paced(t)
	const step = 15 * time.Millisecond
	// Each new file staged, the journal, each file moved in and each
	// obsolete one removed: a step each, and one more for the rest.
	span := time.Duration(2*len(newSet)+removed+2) * step
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 12))
	outcomes := map[string]int{}
	const runs = 24
	for i := range runs {
		clitest.WriteSet(t, out, oldSet)
		sig := syscall.SIGINT
		if i%2 == 1 {
			sig = syscall.SIGTERM
		}
		cmd := exec.Command(exe, "gen", "-output", out)
		cmd.Dir = small
		cmd.Env = append(os.Environ(), "ASSERTGEN_TEST_WRITE_DELAY="+step.String())
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the write to begin, then a random part of its span.
		deadline := time.Now().Add(30 * time.Second)
		for {
			if _, err := os.Stat(filepath.Join(out, ".assertgen-staging-assertgen")); err == nil || time.Now().After(deadline) {
				break
			}
			time.Sleep(time.Millisecond)
		}
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
		got := clitest.ReadSet(t, out)
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
		wantCode := 128 + int(sig)
		if code != wantCode && !(code == 0 && which == "new") {
			t.Errorf("run %d (%v after %v): exit %d, want %d\n%s", i, sig, delay, code, wantCode, stderr.String())
		}
		outcomes[which]++
	}
	t.Logf("%d runs: %d left the old set, %d the new set", runs, outcomes["old"], outcomes["new"])
	// The signal times cover staging and applying: both outcomes occur
	// (each has probability about 1/2 per run).
	if outcomes["old"] == 0 || outcomes["new"] == 0 {
		t.Errorf("outcomes %v: the interruptions did not cover both sides of the commit point", outcomes)
	}
}

// TestWriteRecovers checks that gen completes a committed write that a
// killed run (SIGKILL: no chance to clean up) left behind, and removes an
// uncommitted one, before writing its own files.
func TestWriteRecovers(t *testing.T) {
	small, _ := filepath.Abs("../../gen/testdata/small")
	out := t.TempDir()
	if _, e, code := clitest.Run(t, small, "gen", "-output", out); code != 0 {
		t.Fatal(e)
	}
	want := clitest.ReadSet(t, out)
	stage := filepath.Join(out, ".assertgen-staging-assertgen")
	// Uncommitted: a staged file without a journal.
	os.Mkdir(stage, 0o755)
	os.WriteFile(filepath.Join(stage, "assertgen_checked.go"), []byte("half"), 0o644)
	stdout, _, code := clitest.Run(t, small, "gen", "-check", "-output", out)
	if code != 1 || stdout != stage+": left by an interrupted run; run assertgen gen\n" {
		t.Errorf("gen -check with a staging directory: exit %d, %q", code, stdout)
	}
	if _, e, code := clitest.Run(t, small, "gen", "-output", out); code != 0 {
		t.Fatal(e)
	}
	if got := clitest.ReadSet(t, out); !maps.Equal(got, want) {
		t.Errorf("after an uncommitted staging directory: %v", slices.Sorted(maps.Keys(got)))
	}
	// Committed: the journal names a staged file, which the next run
	// moves in before its own write (which then rewrites it).
	os.Mkdir(stage, 0o755)
	os.WriteFile(filepath.Join(stage, "assertgen_checked_9.go"), []byte("// Code generated by assertgen. DO NOT EDIT.\n\npackage checked\n"), 0o644)
	os.WriteFile(filepath.Join(stage, "journal"), []byte("write assertgen_checked_9.go\n"), 0o644)
	if _, e, code := clitest.Run(t, small, "gen", "-output", out); code != 0 {
		t.Fatal(e)
	}
	// The recovered assertgen_checked_9.go (a part the small set has not) is an obsolete generated file for
	// this run, which removes it.
	if got := clitest.ReadSet(t, out); !maps.Equal(got, want) {
		t.Errorf("after a committed staging directory: %v", slices.Sorted(maps.Keys(got)))
	}
}
