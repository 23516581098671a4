package finder

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// fakeCandidates loads fake's *M with the kernel package other and
// returns the candidates of every op, as Bind makes them.
func fakeCandidates(t *testing.T) (*Lib, []*Candidate) {
	t.Helper()
	_, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/fake", Name: "M"}, "example.com/fakemod/other")
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	var cands []*Candidate
	for _, op := range Ops(s, l.Qual(), l.Elem) {
		cands = append(cands, Candidates(op, l)...)
	}
	return l, cands
}

// TestSharedFuncs: the value check's program holds one function for the
// candidates whose functions are the same, the first's, and each run
// calls its candidate's; candidates whose code differs never share one.
func TestSharedFuncs(t *testing.T) {
	l, cands := fakeCandidates(t)
	src, of := sharedFuncs(l, cands)
	first := map[string]int{}
	funcs := 0
	for i := range cands {
		f, ok := first[src[i]]
		if !ok {
			f, first[src[i]] = i, i
			funcs++
		}
		if of[i] != f {
			t.Errorf("candidate %d (%s for %s) runs c%d, want c%d", i, cands[i].Callable.Name, cands[i].Op.Name, of[i], f)
		}
	}
	if funcs >= len(cands) {
		t.Fatalf("%d candidates, %d functions: none shared", len(cands), funcs)
	}
	prog, err := program(l, cands)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(regexp.MustCompile(`(?m)^func c\d+\(`).FindAll(prog, -1)); got != funcs {
		t.Errorf("the program has %d candidates' functions, want %d", got, funcs)
	}
	runs := regexp.MustCompile(`(?m)^\t\{"[^"]*", .*, (c\d+)\},$`).FindAllSubmatch(prog, -1)
	if len(runs) != len(cands) {
		t.Fatalf("the program has %d runs, want %d", len(runs), len(cands))
	}
	for i, r := range runs {
		if want := fmt.Sprintf("c%d", of[i]); string(r[1]) != want {
			t.Errorf("run %d calls %s, want %s", i, r[1], want)
		}
	}
}

// TestMarkUnbuilt: a build's errors in a shared function leave out each
// candidate that shares it, and those alone; errors in a function whose
// candidate was left out already mark none.
func TestMarkUnbuilt(t *testing.T) {
	l, cands := fakeCandidates(t)
	_, of := sharedFuncs(l, cands)
	shared := -1
	for i := range cands {
		if of[i] != i {
			shared = of[i]
			break
		}
	}
	if shared < 0 {
		t.Fatal("no candidates share a function")
	}
	const why = "undefined: x"
	if !markUnbuilt(l, cands, map[int]string{shared: why}) {
		t.Fatal("markUnbuilt: false, on candidates none of which was left out")
	}
	marked := 0
	for i, c := range cands {
		want := ""
		if of[i] == shared {
			want = why
			marked++
		}
		if c.Unbuilt != want {
			t.Errorf("candidate %d (%s for %s): Unbuilt %q, want %q", i, c.Callable.Name, c.Op.Name, c.Unbuilt, want)
		}
	}
	if marked < 2 {
		t.Errorf("%d candidates marked, want those sharing c%d", marked, shared)
	}
	// The program built again runs them on a function that panics.
	prog, err := program(l, cands)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(prog), "panic(\"not built\")") {
		t.Error("the program has no function for the candidates left out")
	}
	if markUnbuilt(l, cands, map[int]string{shared: why}) {
		t.Error("markUnbuilt: true, on errors of candidates left out already")
	}
}
