package schema

import (
	"slices"
	"strconv"
	"strings"
)

// Near returns the candidates close enough to s to be a typo of it,
// nearest first: at most 1 edit for short names, up to 3 for long ones.
// Every "did you mean" of the project's inputs suggests by this one rule:
// op names, config and backend keys, type names.
func Near(s string, cands []string) []string {
	limit := min(1+len(s)/6, 3)
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, c := range cands {
		if len(c)-len(s) > limit || len(s)-len(c) > limit {
			continue
		}
		if d := editDistance(s, c, limit+1); d <= limit {
			cs = append(cs, cand{c, d})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return a.d - b.d })
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.name
	}
	return out
}

// DidYouMean returns "; did you mean "X"?" for the candidate nearest to s
// (see Near), quoted, or "" when none is near.
func DidYouMean(s string, cands []string) string {
	if best := Near(s, cands); len(best) > 0 {
		return Suggest(strconv.Quote(best[0]))
	}
	return ""
}

// Suggest spells suggestions, as given, at the end of a message:
// "; did you mean X?", "; did you mean X, Y?", or "" for none. Every
// "did you mean" of the project is spelled by it.
func Suggest(alts ...string) string {
	if len(alts) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(alts, ", ") + "?"
}

// editDistance returns the Levenshtein distance of a and b, or any value
// >= limit when it is at least limit.
func editDistance(a, b string, limit int) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
