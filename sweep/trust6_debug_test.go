//go:build debugasserts

package sweep

import (
	"strings"
	"testing"
)

// The findings of testdata/trust6 (issue 79), which its wrappers' checks
// find in a debug build.

// Guards of issue 79: probe 22's finding (abs writes |x| into a negative
// 0-dim input) and a finding of a sample's second call (exp hands out its
// cached result again) are reproduced and verified, from a kernel package
// named otherwise than its directory (kern in kernels), which the
// reproducers copy, importing neither it nor assertgen; a correct kernel
// (sin) gives no finding.
func TestReproGuards(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducers")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), true, "abs", "exp", "sin")
	want := map[string]string{
		"abs same_content argument self": "value: " + Probes[22].Name,
		"exp fresh_not_held return 0":    Variants[0].Name + calledAgain,
	}
	if len(rep.Findings) != len(want) || len(rep.Crashes) != 0 {
		t.Fatalf("want abs's and exp's findings alone (sin is correct):\n%s", rep)
	}
	for _, f := range rep.Findings {
		if want[f.Key()] != f.Variants[0] {
			t.Errorf("%s first in %q, want %q", f.Key(), f.Variants[0], want[f.Key()])
		}
	}
	if len(rep.Repros) != len(want) {
		t.Fatalf("%d reproducers of %d findings:\n%s", len(rep.Repros), len(want), rep)
	}
	for _, r := range rep.Repros {
		src := reproSource(t, r)
		fn := "func " + strings.ToUpper(r.Key[:1]) + r.Key[1:3] + "("
		if !r.Verified || !strings.HasPrefix(r.From, want[r.Key]+": ") {
			t.Errorf("%s: verified %v (%s), from %q", r.Key, r.Verified, r.Note, r.From)
		}
		if strings.Contains(src, "/asserts") || strings.Contains(src, "/sweep\"") || strings.Contains(src, "trust6/kernels") || !strings.Contains(src, fn) {
			t.Errorf("%s: the reproducer does not copy %s alone:\n%s", r.Key, fn, src)
		}
	}
}
