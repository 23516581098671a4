package engine_test

import (
	"os/exec"
	"regexp"
	"testing"
)

// TestMemoryReadsInline builds testdata/inlinereads (the memory kind's
// helpers in gen's form) with -gcflags=-m=2 and checks that every read
// the helpers call is inlined at its call site, the memory function's
// Strided too: each sits near the inliner's budget of 80 (a field more
// in AfterElemMemory, or a call of an unexported function of this
// package, makes the read a call of its own, about 40 instructions a
// tensor on gonum's narrow and cat). The costs are logged (go test -v),
// the margin left to each.
func TestMemoryReadsInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go code")
	}
	cmd := exec.Command("go", "build", "-gcflags=-m=2", "../../asserts", "./testdata/inlinereads")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	text := string(out)
	cost := regexp.MustCompile(`can inline (?:engine\.\(\*Frame\[go\.shape[^ ]*\]\)\.(\w+)|Memory\.(Strided)) with cost (\d+)`)
	costs := map[string]string{}
	for _, m := range cost.FindAllStringSubmatch(text, -1) {
		costs[m[1]+m[2]] = m[3]
	}
	for _, name := range []string{"Open", "ArgMemory", "AfterArgMemory", "RetMemory", "List", "ElemMemory",
		"AfterList", "AfterElemMemory", "BeginMemory", "EndMemory"} {
		if !regexp.MustCompile(
			`inlinereads/reads\.go:\d+:\d+: inlining call to engine\.\(\*Frame\[[^ ]*\]\)\.` + name + `\n`).MatchString(text) {
			t.Errorf("Frame.%s is not inlined in the helpers (cost %s; the budget is 80)", name, costs[name])
			continue
		}
		t.Logf("Frame.%s: cost %s of 80", name, costs[name])
	}
	if !regexp.MustCompile(`inlinereads/reads\.go:\d+:\d+: inlining call to asserts\.Memory\.Strided\n`).MatchString(text) {
		t.Errorf("asserts.Memory.Strided is not inlined in the memory function (cost %s; the budget is 80)", costs["Strided"])
	} else {
		t.Logf("asserts.Memory.Strided: cost %s of 80", costs["Strided"])
	}
}
