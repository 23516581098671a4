package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/report"
)

func ret(i int) *int { return &i }

// TestSummary: a violation fixed in the later release shows "-" there, a
// new one "-" in the earlier, an op without a binding "n/a"; crashes and
// hangs are counted apart, and a flaky crash or violation is counted and marked so; an op the earlier release exercises is named
// under the later one's reason, or counted when the later schema dropped it.
func TestSummary(t *testing.T) {
	old := &report.Report{Libtorch: "1.13.1", OpsTotal: 3, OpsBound: 3, OpsExercised: 2, Samples: 11,
		ExercisedAt:     map[string]int{"copy": 0, "mm": 0, "mm.out": 3, "dropped": 0},
		NotExercisedOps: map[string]string{"gone": "Error: x"},
		Violations: []report.Finding{
			{Op: "copy", Check: "impl_use_count_le_1", Ret: ret(0), SampleID: 0, Verdict: "kernel"},
			{Op: "copy", Check: "impl_use_count_le_1", Ret: ret(0), SampleID: 3, Verdict: "kernel"},
		},
		Crashes:      []report.Crash{{Op: "gone", Profile: "strict", Sample: "6", Signal: "SIGSEGV"}, {Op: "copy", Profile: "strict", Sample: "3", Signal: "SIGABRT"}},
		FlakyCrashes: []string{"copy crash: signal SIGABRT"},
	}
	nu := &report.Report{Libtorch: "2.6.0", OpsTotal: 2, OpsBound: 2, OpsExercised: 2, Samples: 11,
		ExercisedAt:     map[string]int{"copy": 0, "mm": 1},
		NotExercisedOps: map[string]string{"mm.out": "not reached by samples: Error: out has the wrong size"},
		Violations: []report.Finding{
			{Op: "mm", Check: "same_content", Arg: "self", SampleID: 10, Verdict: "kernel"},
			{Op: "mm", Check: "no_mutation", Arg: "out", SampleID: 8, Verdict: "flaky"},
		},
		FlakyViolations: []string{"mm no_mutation argument out"},
		Crashes:         []report.Crash{{Op: "mm", Profile: "pytorch", Sample: "2", Signal: "timeout"}},
	}
	got := Summary([]rel{{"1.13.1", old}, {"2.6.0", nu}})
	for _, want := range []string{
		"| 1.13.1 | 3 / 3 / **2** | 0 / 0 | 2 / 0 / **0** | 0 | 2 (2) | 0 (0) | **0** / 1 | 0 |",
		"| 2.6.0 | 2 / 2 / **2** | 0 / 0 | 1 / 0 / **0** | 0 | 0 (0) | 1 (1) | **0** / 0 | 1 |",
		"| `mm` | no_mutation | arg out | - | samples 8 (flaky) |",
		"| `copy` | SIGABRT (flaky): 3 | - |",
		"| `copy` | impl_use_count_le_1 | ret 0 | samples 0, 3 | - |",
		"| `mm` | same_content | arg self | - | samples 10 |",
		"| `gone` | SIGSEGV: 6 | n/a |",
		"| `mm` | - | timeout: 2 (pytorch) |",
		"| 2.6.0 | not in its schema | 1 |",
		"| 2.6.0 | not reached by samples | 1: `mm.out` |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}

// TestCheck: -check names a stale summary and writes nothing; without it
// both files are written, and a second -check passes.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	r := `{"libtorch": "2.6.0", "ops_total": 1, "ops_bound": 1, "ops_exercised": 1, "samples_per_op": 1, "exercised_at": {"mm": 0}}`
	if err := os.WriteFile(filepath.Join(dir, "2.6.0.json"), []byte(r), 0o644); err != nil {
		t.Fatal(err)
	}
	docs := filepath.Join(dir, "page.md")
	page := "# page\n\n" + begin + "\nold\n" + end + "\n\ntail\n"
	if err := os.WriteFile(docs, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(dir, docs, true); err == nil || !strings.Contains(err.Error(), "stale") {
		t.Fatalf("check on stale files: %v", err)
	}
	if b, _ := os.ReadFile(docs); string(b) != page {
		t.Errorf("-check wrote the page")
	}
	if err := run(dir, docs, false); err != nil {
		t.Fatal(err)
	}
	if err := run(dir, docs, true); err != nil {
		t.Errorf("check after writing: %v", err)
	}
	b, _ := os.ReadFile(docs)
	if !strings.HasPrefix(string(b), "# page\n\n"+begin) || !strings.HasSuffix(string(b), end+"\n\ntail\n") || strings.Contains(string(b), "old") {
		t.Errorf("page:\n%s", b)
	}
}
