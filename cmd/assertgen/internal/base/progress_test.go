package base

import (
	"bytes"
	"os"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	start := time.Unix(1000, 0)
	clock := start
	var buf bytes.Buffer
	p := progressTo(&buf, start, func() time.Time { return clock })
	for _, step := range []struct {
		after time.Duration
		done  int
	}{
		{time.Second, 500},       // too soon: nothing
		{3 * time.Second, 1000},  // printed
		{4 * time.Second, 1500},  // 1 s after the last line: nothing
		{6 * time.Second, 2000},  // printed
		{20 * time.Second, 3000}, // done: the command's own line says so
	} {
		clock = start.Add(step.after)
		p(step.done, 3000)
	}
	want := "assertgen: 1000/3000 ops (33%), 3 s\nassertgen: 2000/3000 ops (66%), 6 s\n"
	if buf.String() != want {
		t.Errorf("progress printed\n%q\nwant\n%q", buf.String(), want)
	}
}

func TestProgressQuietWhenNotATerminal(t *testing.T) {
	if Progress(&bytes.Buffer{}, time.Now()) != nil {
		t.Error("progress on a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if Progress(f, time.Now()) != nil {
		t.Error("progress on a regular file")
	}
}

func TestSteps(t *testing.T) {
	start := time.Unix(1000, 0)
	clock := start
	var buf bytes.Buffer
	say := stepsTo(&buf, "init", start, func() time.Time { return clock })
	say("the value check: building its program (12 candidates, 40 KB of Go)")
	clock = start.Add(7400 * time.Millisecond)
	say("the value check: callables run: 3/9")
	want := "assertgen init: the value check: building its program (12 candidates, 40 KB of Go) (0 s)\nassertgen init: the value check: callables run: 3/9 (7 s)\n"
	if buf.String() != want {
		t.Errorf("steps printed\n%q\nwant\n%q", buf.String(), want)
	}
	if Steps(&bytes.Buffer{}, "init", start) != nil {
		t.Error("steps on a buffer")
	}
}
