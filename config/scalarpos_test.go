package config

import (
	"strings"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// TestBindingPlacesEveryStyle: the place of each character of a binding's
// code is where the config holds it, for each YAML scalar style, on one
// line or several: errors in bound code are reported there.
func TestBindingPlacesEveryStyle(t *testing.T) {
	cases := []struct {
		name, yaml string
		// want: a substring of the value -> its line:col in the config
		want map[string][2]int
	}{
		{"plain", "bind:\n  neg: self.Neg()\n", map[string][2]int{"Neg": {2, 13}}},
		{"plain over lines", "bind:\n  neg: self.Add(self,\n    other2)\n", map[string][2]int{"other2": {3, 5}, "Add": {2, 13}}},
		{"double-quoted", "bind:\n  neg: \"self.Neg(\\\"x\\\", other2)\"\n", map[string][2]int{"other2": {2, 25}, `"x"`: {2, 18}}},
		{"double-quoted over lines", "bind:\n  neg: \"self.Add(self,\n     other2)\"\n", map[string][2]int{"other2": {3, 6}}},
		{"double-quoted escaped break", "bind:\n  neg: \"self.Add(self, oth\\\n     er2)\"\n", map[string][2]int{"Add": {2, 14}, "er2": {3, 6}}},
		{"single-quoted", "bind:\n  neg: 'self.Neg(''x'', other2)'\n", map[string][2]int{"other2": {2, 25}, "'x'": {2, 18}}},
		{"literal", "bind:\n  neg: |\n    x := self.Neg()\n    ret.Add(x, other2)\n", map[string][2]int{"other2": {4, 16}, "Neg": {3, 15}}},
		{"literal with a comment", "bind:\n  neg: |- # two lines\n    x := self.Neg()\n\n    ret.Add(x, other2)\n", map[string][2]int{"other2": {5, 16}}},
		{"folded", "bind:\n  neg: >\n    self.Add(self,\n      other2)\n", map[string][2]int{"other2": {4, 7}, "Add": {3, 10}}},
		{"flow mapping", "bind: {neg: self.Neg()}\n", map[string][2]int{"Neg": {1, 18}}},
		{"tagged", "bind:\n  neg: !!str self.Neg()\n", map[string][2]int{"Neg": {2, 19}}},
		{"anchored, quoted", "bind:\n  neg: &a 'self.Neg()'\n", map[string][2]int{"Neg": {2, 17}}},
		{"multi-byte", "bind:\n  neg: self.Neg(\"é\", other2)\n", map[string][2]int{"other2": {2, 22}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("assertgen.yaml", []byte(tc.yaml))
			if err != nil {
				t.Fatal(err)
			}
			code, bp := c.Bind["neg"], c.BindAt["neg"]
			if len(bp.Places) != len(code)+1 {
				t.Fatalf("%d places for %q (%d bytes)", len(bp.Places), code, len(code))
			}
			for sub, want := range tc.want {
				i := strings.Index(code, sub)
				if i < 0 {
					t.Fatalf("%q not in %q", sub, code)
				}
				if got := bp.Places[i]; got.Line != want[0] || got.Column != want[1] || got.Filename != "assertgen.yaml" {
					t.Errorf("%q of %q at %v, want %d:%d", sub, code, got, want[0], want[1])
				}
			}
		})
	}
}

// FuzzBindingPlaces: for any scalar yaml.v3 reads, each character of its
// value that is not a space (nor from an escape) is at a place in the
// text that holds it.
func FuzzBindingPlaces(f *testing.F) {
	for _, s := range []string{"a: b c\n", "a: |\n  x\n   y\n", "a: >-\n  x\n\n  y\n", "a: \"x\\ty\\\n  z\"\n", "a: 'it''s'\n", "a: {b: c}\n", "a:   \"\\u00e9\"\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var doc yaml.Node
		if yaml.Unmarshal([]byte(src), &doc) != nil || len(doc.Content) == 0 {
			return
		}
		var walk func(n *yaml.Node)
		walk = func(n *yaml.Node) {
			for _, c := range n.Content {
				walk(c)
			}
			if n.Kind != yaml.ScalarNode || n.Tag == "!!null" && n.Value == "" {
				return
			}
			places := scalarPlaces("f", []byte(src), n)
			if places == nil {
				return // not followed: the line of the value only
			}
			if len(places) != len(n.Value)+1 {
				t.Fatalf("%d places for %q", len(places), n.Value)
			}
			lines := strings.Split(src, "\n")
			for i, r := range n.Value {
				if r == ' ' || r == '\t' || r == '\n' || r == '\\' || r == '\'' || r == '"' || n.Style&yaml.DoubleQuotedStyle != 0 {
					continue
				}
				p := places[i]
				line := lines[p.Line-1]
				at := offsetOf([]byte(line), 1, p.Column)
				if got, _ := utf8.DecodeRuneInString(line[max(0, at):]); at < 0 || got != r {
					t.Fatalf("%q of %q at %d:%d, where the text holds %q\n%s", r, n.Value, p.Line, p.Column, got, src)
				}
			}
		}
		walk(&doc)
	})
}
