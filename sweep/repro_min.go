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
// calls, or after budget, and returns the smallest sample that showed it,
// the calls it made, and what that sample showed (zero when none smaller
// did: s's).
func minimize(e *entry, rt Runtime, s *Sample, c *reproCase, budget time.Duration) (*Sample, int, shown) {
	fn := reflect.ValueOf(e.Fn)
	deadline := time.Now().Add(budget)
	tries := 0
	var last shown
	for changed := true; changed; {
		changed = false
		for _, cand := range shrinks(s) {
			if tries >= maxReproTries || time.Now().After(deadline) {
				return s, tries, last
			}
			tries++
			if got, ok := shows(rt, fn, cand, c); ok {
				s, changed, last = cand, true, got
				break
			}
		}
	}
	return s, tries, last
}

// shrinks are the samples one step smaller than s, the largest steps
// first. A view of a base (Spec.ViewOf) is not edited itself: an edit of
// its base's dims after the first edits its dims too, the base's first
// dim is kept above the views' indices, and a view's index is made 0.
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
			edit(func(c *Sample) bool { return c.Specs[k].Same < 0 && reshape(c, k, d, -1) }) // a dim dropped
		}
	}
	for k := range s.Specs {
		for d, n := range s.Specs[k].Shape {
			for _, m := range []int{1, n / 2, n - 1} {
				if m >= 1 && m < n {
					edit(func(c *Sample) bool { return reshape(c, k, d, m) })
				}
			}
		}
	}
	for k, sp := range s.Specs {
		if sp.ViewOf >= 0 && sp.Index > 0 {
			edit(func(c *Sample) bool { c.Specs[k].Index = 0; return true })
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

// reshape edits dim d of c's spec k: dropped (m < 0) or made m, and the
// dim after the first of each view of it along; it reports false, and
// edits nothing, for a view (its dims follow its base's), or a base's
// first dim the views' indices need.
func reshape(c *Sample, k, d, m int) bool {
	sp := &c.Specs[k]
	if sp.ViewOf >= 0 {
		return false
	}
	var views []int
	for j, v := range c.Specs {
		if v.ViewOf == k {
			if d == 0 && (m < 0 || v.Index >= m) || d > 0 && d-1 >= len(v.Shape) {
				return false
			}
			views = append(views, j)
		}
	}
	cut := func(sp *Spec, d int) {
		sp.Strides = nil
		if m < 0 {
			sp.Shape = append(sp.Shape[:d:d], sp.Shape[d+1:]...)
		} else {
			sp.Shape[d] = m
		}
	}
	cut(sp, d)
	for _, j := range views {
		if d > 0 {
			cut(&c.Specs[j], d-1)
		}
	}
	return true
}

// together edits dim d of each of c's tensors of the given shape, when
// there are two or more (not views: their dims follow their base's):
// dropped (m < 0) or made m. It reports whether it edited two.
func together(c *Sample, shape []int, d, m int) bool {
	var ks []int
	for k, sp := range c.Specs {
		if sp.Same < 0 && sp.ViewOf < 0 && slices.Equal(sp.Shape, shape) {
			ks = append(ks, k)
		}
	}
	if len(ks) < 2 {
		return false
	}
	for _, k := range ks {
		if !reshape(c, k, d, m) {
			return false
		}
	}
	return true
}
