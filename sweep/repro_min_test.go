package sweep

import (
	"fmt"
	"slices"
	"testing"
)

// TestShrinksViews: minimizing a sample of two views of one base (the
// aliasing sample of a functional op: base [2,2,3], views at 1 and 0)
// edits the base and its views together: each step keeps every view's
// sizes its base's after the first and its index inside the base's first
// dim, makes an index 0, and never edits a view alone (whose sizes the
// runtime checks against what its view method made). Shrunk while a view
// is there, it ends at a base of one element and its 0-dim views; shrunk
// while the views are of rows of 2 elements, at base [1,2].
func TestShrinksViews(t *testing.T) {
	base := NewSpec("float32", 2, 2, 3)
	v0, v1 := NewSpec("float32", 2, 3), NewSpec("float32", 2, 3)
	v0.ViewOf, v0.Index = 0, 1
	v1.ViewOf, v1.Index = 0, 0
	s := &Sample{Specs: []Spec{base, v0, v1}, Args: []Arg{{Tensors: []int{1}}, {Tensors: []int{2}}}}
	for _, c := range []struct {
		name  string
		shows func(*Sample) bool
		want  string
	}{
		{"any view", func(*Sample) bool { return true }, "[[1] [] []] at [0 0]"},
		{"rows of 2", func(c *Sample) bool { return slices.Equal(c.Specs[1].Shape, []int{2}) }, "[[1 2] [2] [2]] at [0 0]"},
	} {
		cur, steps := s, 0
		for changed := true; changed; steps++ {
			changed = false
			for _, cand := range shrinks(cur) {
				b := cand.Specs[0]
				for _, v := range cand.Specs[1:] {
					if !slices.Equal(v.Shape, b.Shape[min(1, len(b.Shape)):]) || len(b.Shape) == 0 || v.Index >= b.Shape[0] {
						t.Fatalf("%s: a shrink of %v: a view %v at %d of base %v", c.name, describeSpecs(cur), v.Shape, v.Index, b.Shape)
					}
				}
				if c.shows(cand) {
					cur, changed = cand, true
					break
				}
			}
			if steps > 50 {
				t.Fatalf("%s: no end to shrinking", c.name)
			}
		}
		got := fmt.Sprint([][]int{cur.Specs[0].Shape, cur.Specs[1].Shape, cur.Specs[2].Shape}, " at ", []int{cur.Specs[1].Index, cur.Specs[2].Index})
		if got != c.want {
			t.Errorf("%s: shrunk to %s, want %s", c.name, got, c.want)
		}
	}
	if got, want := describeSpecs(s), "float32 [2 2 3], float32 [2 3] selected from x0 at 1 and float32 [2 3] selected from x0 at 0"; got != want {
		t.Errorf("describeSpecs: %q, want %q", got, want)
	}
}

// Minimizing keeps the whole identity of a crash (sameCrash): its kind,
// its panic's kind, and all its frames at fault, not only the innermost;
// a recursion's depth, which a smaller sample changes, is not part of it.
// maximum's slip (its [0] sample crashing in StdEng.MaxBetween became a
// 0-dim one crashing in MaxBetweenScalar, both inside the same iterator)
// is not the same crash.
func TestSameCrashKeepsFrames(t *testing.T) {
	const lib = "gorgonia.org/tensor."
	found := []string{lib + "(*array).Uintptr", lib + "StdEng.MaxBetween", lib + "MaxBetween"}
	c := &reproCase{Crash: &crashError{Kind: crashPanic, Text: "runtime error: index out of range [0] with length 0"}, frames: found}
	for _, x := range []struct {
		name   string
		kind   string
		text   string
		frames []string
		want   bool
	}{
		{"the same", crashPanic, "runtime error: index out of range [0] with length 0", found, true},
		{"another index", crashPanic, "runtime error: index out of range [1] with length 1", found, true},
		{"a deeper recursion", crashPanic, "runtime error: index out of range [0] with length 0",
			[]string{lib + "(*array).Uintptr", lib + "StdEng.MaxBetween", lib + "StdEng.MaxBetween", lib + "MaxBetween"}, true},
		{"another entry", crashPanic, "runtime error: index out of range [0] with length 0",
			[]string{lib + "(*array).Uintptr", lib + "StdEng.MaxBetweenScalar", lib + "MaxBetween"}, false},
		{"the innermost alone", crashPanic, "runtime error: index out of range [0] with length 0", found[:1], false},
		{"another panic", crashPanic, "runtime error: slice bounds out of range [:4] with capacity 0", found, false},
		{"another kind", crashGoroutine, "runtime error: index out of range [0] with length 0", found, false},
	} {
		ce := &crashError{Kind: x.kind, Text: x.text, Frames: x.frames}
		if got := sameCrash(ce, c); got != x.want {
			t.Errorf("%s: sameCrash %v, want %v", x.name, got, x.want)
		}
	}
}

// describeSpecs says what a sample's tensors are, for a test's message: "float32
// [0]", "float64 [2 3] and float64 [3]", "float64 [2 2 3] and float64 [2
// 3] selected from x0 at 1" (a view of the first along its dim 0: x0 is
// the first tensor's variable in the reproducer), "Go int [2 3]" (a
// tensor of Go's int: reproDtype).
func describeSpecs(s *Sample) string {
	var ts []string
	for _, sp := range s.Specs {
		d := reproDtype(sp) + " " + fmt.Sprint(sp.Shape)
		if sp.Transposed {
			d += " transposed"
		}
		if sp.ViewOf >= 0 {
			d += fmt.Sprintf(" selected from x%d at %d", sp.ViewOf, sp.Index)
		}
		if sp.Same >= 0 {
			d = "the same tensor again"
		}
		ts = append(ts, d)
	}
	return joinAnd(ts)
}
