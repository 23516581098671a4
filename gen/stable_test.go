package gen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// TestDropOneOpChangesFewLines drops one op at a time from the default
// release's yaml and counts the lines of the generated set (the README's
// main command: interface mode, strict) that change: at most 400 (issue
// 32). Shape helpers are named by their content and files split where the
// ops' names say (parts), so the set changes where the op was and in the
// use counts of its helpers, not in the helpers of every later op.
func TestDropOneOpChangesFewLines(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
	if testing.Short() {
		t.Skip("generates the default schema's wrappers eight times (-short skips it)")
	}
	rel := pytorch.Newest()
	tags, err := schema.ParseTags(rel.TagsPath, rel.Tags)
	if err != nil {
		t.Fatal(err)
	}
	generate := func(src []byte) (map[string][]string, error) {
		s, err := schema.ParseYAML(rel.NativeFunctionsPath, src, schema.Options{Tags: tags, Version: rel.Version})
		if err != nil {
			return nil, err
		}
		p, err := plan.Build(s, plan.Strict)
		if err != nil {
			return nil, err
		}
		res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "pytorch"})
		if err != nil {
			return nil, err
		}
		files := map[string][]string{}
		for _, f := range res.Files {
			files[f.Name] = strings.Split(string(f.Data), "\n")
		}
		return files, nil
	}
	full, err := generate(rel.NativeFunctions)
	if err != nil {
		t.Fatal(err)
	}
	entries := funcLines(rel.NativeFunctions)
	// The op, and the entries at these fractions of the file
	// (or the next one whose removal leaves a valid schema).
	picks := []int{indexOfFunc(t, rel.NativeFunctions, entries, "_cudnn_ctc_loss.Tensor")}
	for _, frac := range []float64{0, 0.1, 0.25, 0.5, 0.75, 0.9, 1} {
		picks = append(picks, min(int(frac*float64(len(entries))), len(entries)-1))
	}
	for _, i := range picks {
		for ; i < len(entries); i++ {
			src, name := dropEntry(rel.NativeFunctions, entries, i)
			got, err := generate(src)
			if err != nil {
				continue // an op others depend on: try the next one
			}
			n := changedLines(full, got)
			t.Logf("without %s: %d lines changed", name, n)
			if n > 400 {
				t.Errorf("dropping %s changes %d generated lines, want at most 400", name, n)
			}
			break
		}
	}
}

// funcLines returns the byte offsets of the yaml's "- func:" lines.
func funcLines(src []byte) []int {
	var offs []int
	for off := 0; off < len(src); {
		if bytes.HasPrefix(src[off:], []byte("- func:")) {
			offs = append(offs, off)
		}
		nl := bytes.IndexByte(src[off:], '\n')
		if nl < 0 {
			break
		}
		off += nl + 1
	}
	return offs
}

func indexOfFunc(t *testing.T, src []byte, entries []int, name string) int {
	for i, off := range entries {
		if bytes.HasPrefix(src[off:], []byte("- func: "+name+"(")) {
			return i
		}
	}
	t.Fatalf("no entry %s", name)
	return 0
}

// dropEntry removes entry i (to the next "- func:" line) and returns the
// yaml and the op's name.
func dropEntry(src []byte, entries []int, i int) ([]byte, string) {
	end := len(src)
	if i+1 < len(entries) {
		end = entries[i+1]
	}
	line := src[entries[i]:]
	name, _, _ := strings.Cut(string(line[len("- func: "):min(len(line), 400)]), "(")
	out := append(append([]byte(nil), src[:entries[i]]...), src[end:]...)
	return out, name
}

// changedLines counts the lines a diff of the two file sets adds or
// removes (a file only in one counts all its lines).
func changedLines(a, b map[string][]string) int {
	n := 0
	for name, al := range a {
		n += editDistance(al, b[name])
	}
	for name, bl := range b {
		if _, ok := a[name]; !ok {
			n += len(bl)
		}
	}
	return n
}

// editDistance is the number of lines inserted or deleted by a shortest
// edit script from a to b (Myers' O((N+M)D) algorithm).
func editDistance(a, b []string) int {
	n, m := len(a), len(b)
	maxD := n + m
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	for d := 0; d <= maxD; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return d
			}
		}
	}
	return maxD
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"abc", "", 3}, {"", "ab", 2},
		{"abc", "abd", 2}, {"abcabba", "cbabac", 5}, {"xabc", "abc", 1},
	} {
		a, b := strings.Split(tc.a, ""), strings.Split(tc.b, "")
		if got := editDistance(a, b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
