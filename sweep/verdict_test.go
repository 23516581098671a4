package sweep

import (
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
)

// A crash's key is its op, kind and function, without the file and line;
// verdicts judge findings and crashes by key, whatever the samples, and
// name the ones no verdict names and the verdicts that name none.
func TestVerdictsJudgeByKey(t *testing.T) {
	r := &Report{
		Findings: []*Finding{{Op: "add_.Tensor", Check: checks.ReturnsArg, Where: "return 0", Message: "m", Variants: []string{"v0", "v3"}, Count: 2}},
		Crashes: []*Crash{
			{Op: "neg", Kind: crashPanic, Text: "runtime error: index out of range [0] with length 0", At: "tensor.(*Dense).Neg (dense.go:12)", Variants: []string{"empty float [0]"}, Count: 1},
			{Op: "exp", Kind: crashExit, Text: "the process exited with status 7 in the call", Variants: []string{"v0"}, Count: 1},
		},
	}
	for _, c := range []struct {
		crash *Crash
		key   string
	}{
		{r.Crashes[0], "neg crash: panic at tensor.(*Dense).Neg"},
		{r.Crashes[1], "exp crash: exit"},
		{&Crash{Op: "mm", Kind: crashSignal, Text: "SIGSEGV: segmentation violation"}, "mm crash: signal SIGSEGV"},
		{&Crash{Op: "mm", Kind: crashSignal, Text: "killed by SIGFPE"}, "mm crash: signal SIGFPE"},
		{&Crash{Op: "mm", Kind: crashSignal, Text: "SIGBUS: bus error", At: "lib.kernel (k.go:3)"}, "mm crash: signal SIGBUS at lib.kernel"},
	} {
		if got := c.crash.Key(); got != c.key {
			t.Errorf("key %q, want %q", got, c.key)
		}
	}
	for _, c := range []struct {
		name            string
		v               Verdicts
		unjudged, stale []string
	}{
		{"all known", Verdicts{"add_.Tensor returns_arg return 0": "r", "neg crash: panic at tensor.(*Dense).Neg": "r", "exp crash: exit": "r"}, nil, nil},
		{"none known", nil, []string{
			"add_.Tensor returns_arg return 0: 2 violations in v0; v3: m",
			"exp crash: exit: 1 calls in v0: crash: exp: exit: the process exited with status 7 in the call",
			"neg crash: panic at tensor.(*Dense).Neg: 1 calls in empty float [0]: crash: neg: runtime error: index out of range [0] with length 0 at tensor.(*Dense).Neg (dense.go:12)",
		}, nil},
		{"another function, a fixed bug", Verdicts{"add_.Tensor returns_arg return 0": "r", "neg crash: panic at tensor.(*Dense).Abs": "r", "exp crash: exit": "r", "sin crash: hang": "r"},
			[]string{"neg crash: panic at tensor.(*Dense).Neg: 1 calls in empty float [0]: crash: neg: runtime error: index out of range [0] with length 0 at tensor.(*Dense).Neg (dense.go:12)"},
			[]string{"neg crash: panic at tensor.(*Dense).Abs", "sin crash: hang"}},
	} {
		u, s := c.v.Judge(r)
		if !slices.Equal(u, c.unjudged) || !slices.Equal(s, c.stale) {
			t.Errorf("%s: unjudged %q, stale %q; want %q, %q", c.name, u, s, c.unjudged, c.stale)
		}
	}
}

// JudgeKeys judges the keys a driver of one's own found: each key once,
// and a verdict its judged function says the sweep could not show is not
// stale (a bounded sweep), one it could show and did not is.
func TestJudgeKeys(t *testing.T) {
	v := Verdicts{
		FindingKey("dropout", "impl_use_count_le_1", "return 0"): "kernel: returns its input",
		FindingKey("where", "distinct_outputs", "return 0"):      "kernel: views of one buffer",
		FindingKey("split", "same_storage", "argument self"):     "kernel: gone since",
		"neg crash: signal": "kernel: a segmentation fault",
	}
	found := []string{
		"dropout impl_use_count_le_1 return 0", "dropout impl_use_count_le_1 return 0", // two samples
		"add.out returns_arg return 0", "add.out returns_arg return 0",
		"neg crash: signal",
	}
	ranSplit := func(key string) bool { return strings.HasPrefix(key, "split ") }
	for _, c := range []struct {
		name            string
		judged          func(string) bool
		unjudged, stale []string
	}{
		{"every verdict judged", nil, []string{"add.out returns_arg return 0"},
			[]string{"split same_storage argument self", "where distinct_outputs return 0"}},
		{"where's samples not run", ranSplit, []string{"add.out returns_arg return 0"},
			[]string{"split same_storage argument self"}},
		{"nothing judged", func(string) bool { return false }, []string{"add.out returns_arg return 0"}, nil},
	} {
		u, s := v.JudgeKeys(found, c.judged)
		if !slices.Equal(u, c.unjudged) || !slices.Equal(s, c.stale) {
			t.Errorf("%s: unjudged %q, stale %q; want %q, %q", c.name, u, s, c.unjudged, c.stale)
		}
	}
	if got := (&Finding{Op: "add_.Tensor", Check: checks.ReturnsArg, Where: "return 0"}).Key(); got != FindingKey("add_.Tensor", "returns_arg", "return 0") {
		t.Errorf("Finding.Key %q is not FindingKey's form", got)
	}
}
