package schema

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"

	"gopkg.in/yaml.v3"
)

// nodeDiff describes the first difference between two node trees, or
// returns "": kinds, tags, values, anchors, styles and positions, not
// comments (which a cut can attach to the next item instead of the
// previous one, and which nothing reads).
func nodeDiff(a, b *yaml.Node) string {
	switch {
	case a == nil || b == nil:
		if a != b {
			return fmt.Sprintf("nil %v vs %v", a == nil, b == nil)
		}
		return ""
	case a.Kind != b.Kind || a.Tag != b.Tag || a.Value != b.Value || a.Anchor != b.Anchor || a.Style != b.Style ||
		a.Line != b.Line || a.Column != b.Column || len(a.Content) != len(b.Content):
		return fmt.Sprintf("node at %d:%d (%q) vs %d:%d (%q)", a.Line, a.Column, a.Value, b.Line, b.Column, b.Value)
	}
	if a.Alias != nil || b.Alias != nil {
		if d := nodeDiff(a.Alias, b.Alias); d != "" {
			return "alias: " + d
		}
	}
	for i := range a.Content {
		if d := nodeDiff(a.Content[i], b.Content[i]); d != "" {
			return d
		}
	}
	return ""
}

// TestChunkedYAMLEqualsWhole: the chunked read of each release's
// native_functions.yaml gives the whole-file parse's tree, at GOMAXPROCS 1,
// 2 and 4, and the same schema.
func TestChunkedYAMLEqualsWhole(t *testing.T) {
	for _, r := range releases {
		path := "../internal/pytorch/" + r.Version + "/native_functions.yaml"
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := ParseYAMLNode(path, src)
		if err != nil {
			t.Fatal(err)
		}
		var ops []string
		for _, procs := range []int{1, 2, 4} {
			t.Run(fmt.Sprintf("%s/GOMAXPROCS=%d", r.Version, procs), func(t *testing.T) {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				if procs > 1 {
					if _, ok := parseChunks(src, cutPoints(src, procs)); !ok {
						t.Fatal("the release's yaml does not parse in chunks")
					}
				}
				got, err := parseYAMLSeq(path, src)
				if err != nil {
					t.Fatal(err)
				}
				if d := nodeDiff(got, whole); d != "" {
					t.Fatal(d)
				}
				s, err := Load(path, "../internal/pytorch/"+r.Version+"/tags.yaml", Options{Version: r.Version})
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, o := range s.Ops {
					names = append(names, o.Schema)
				}
				if ops == nil {
					ops = names
				} else if !slices.Equal(names, ops) {
					t.Error("the schema differs from the one read at GOMAXPROCS 1")
				}
			})
		}
	}
}

// Inputs the chunks must not read differently: they fall back to the
// whole file, or agree with it.
func TestChunkFallbacks(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		chunked   bool
	}{
		{"items", "- a: 1\n- b: 2\n- c: 3\n- d: 4\n", true},
		{"alias across items", "- &x {a: 1}\n- b: 2\n- *x\n- d: 4\n", false},
		{"two documents", "- a: 1\n---\n- b: 2\n- c: 3\n", false},
		{"a mapping at the top", "k:\n- a\n- b\n- c\n", false},
		{"an unterminated quote", "- a: \"x\n- b: 2\n- c: 3\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			got, ok := parseChunks(src, cutPoints(src, 3))
			if ok != tc.chunked {
				t.Fatalf("chunked %v, want %v", ok, tc.chunked)
			}
			if ok {
				want, err := ParseYAMLNode("f.yaml", src)
				if err != nil {
					t.Fatal(err)
				}
				if d := nodeDiff(got, want); d != "" {
					t.Fatal(d)
				}
			}
		})
	}
}
