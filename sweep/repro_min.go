package sweep

import (
	"reflect"
	"slices"
	"time"
)

// minimize shrinks s while it still shows c (the same check at the same
// place, or the same kind of crash at the same function), as Go's fuzzing
// engine minimizes a failing input: a dim dropped, a size made 1 or
// halved, the values made the default ones, an optional argument given
// None. It stops when no change keeps the finding, after maxReproTries
// calls, or after budget, and returns the smallest sample that showed it
// and the calls it made.
func minimize(e *entry, rt Runtime, s *Sample, c *reproCase, budget time.Duration) (*Sample, int) {
	fn := reflect.ValueOf(e.Fn)
	deadline := time.Now().Add(budget)
	tries := 0
	for changed := true; changed; {
		changed = false
		for _, cand := range shrinks(s) {
			if tries >= maxReproTries || time.Now().After(deadline) {
				return s, tries
			}
			tries++
			if _, ok := shows(rt, fn, cand, c); ok {
				s, changed = cand, true
				break
			}
		}
	}
	return s, tries
}

// shrinks are the samples one step smaller than s, the largest steps
// first.
func shrinks(s *Sample) []*Sample {
	var out []*Sample
	edit := func(f func(c *Sample) bool) {
		c := s.clone()
		c.Repairs = nil
		if f(c) {
			out = append(out, c)
		}
	}
	for k := range s.Specs { // the tensors of one shape together (a binary op's operands)
		for d, n := range s.Specs[k].Shape {
			for _, m := range []int{-1, 1, n / 2, n - 1} {
				if m == -1 || m >= 1 && m < n {
					edit(func(c *Sample) bool { return together(c, s.Specs[k].Shape, d, m) })
				}
			}
		}
	}
	for k := range s.Specs {
		for d := range s.Specs[k].Shape {
			edit(func(c *Sample) bool { // a dim dropped
				sp := &c.Specs[k]
				sp.Shape = append(sp.Shape[:d:d], sp.Shape[d+1:]...)
				sp.Strides = nil
				return sp.Same < 0
			})
		}
	}
	for k := range s.Specs {
		for d, n := range s.Specs[k].Shape {
			for _, m := range []int{1, n / 2, n - 1} {
				if m >= 1 && m < n {
					edit(func(c *Sample) bool { c.Specs[k].Shape[d], c.Specs[k].Strides = m, nil; return true })
				}
			}
		}
	}
	for k, sp := range s.Specs {
		if sp.Fill != "" || sp.Data != nil {
			edit(func(c *Sample) bool { c.Specs[k].Fill, c.Specs[k].Data = "", nil; return true })
		}
	}
	for i, a := range s.Args {
		if a.Tensors == nil && !a.Absent && a.Schema.Type.IsOptional() {
			edit(func(c *Sample) bool { c.Args[i].Absent = true; return true })
		}
	}
	return out
}

// together edits dim d of each of c's tensors of the given shape, when
// there are two or more: dropped (m < 0) or made m. It reports whether it
// edited two.
func together(c *Sample, shape []int, d, m int) bool {
	var ks []int
	for k, sp := range c.Specs {
		if sp.Same < 0 && slices.Equal(sp.Shape, shape) {
			ks = append(ks, k)
		}
	}
	if len(ks) < 2 {
		return false
	}
	for _, k := range ks {
		sp := &c.Specs[k]
		sp.Strides = nil
		if m < 0 {
			sp.Shape = append(sp.Shape[:d:d], sp.Shape[d+1:]...)
		} else {
			sp.Shape[d] = m
		}
	}
	return true
}
