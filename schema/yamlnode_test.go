package schema_test

import (
	"fmt"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/schema"
)

const (
	secondDoc = "a second YAML document starts here; the file must hold one document"
	afterEnd  = `content after the end of the document ("..."); the file must hold one document`
)

// TestYAMLErrorPositions feeds the same malformed documents to every YAML
// loader of assertgen: each must report the same error, at path:line:col.
func TestYAMLErrorPositions(t *testing.T) {
	loaders := map[string]func(path string, src []byte) error{
		"native_functions.yaml": func(p string, src []byte) error { _, err := schema.ParseYAML(p, src, schema.Options{}); return err },
		"tags.yaml":             func(p string, src []byte) error { _, err := schema.ParseTags(p, src); return err },
		"derivatives.yaml":      func(p string, src []byte) error { _, err := schema.ParseDerivatives(p, src); return err },
		"allowlist":             func(p string, src []byte) error { _, err := allowlist.Parse(p, src); return err },
		"assertgen.yaml":        func(p string, src []byte) error { _, err := gen.ParseConfig(p, src); return err },
		"backend yaml":          func(p string, src []byte) error { _, err := gen.ParseBackend(p, src); return err },
	}
	for _, tc := range []struct{ src, want string }{
		// Parser errors: the line of the construct the problem is in.
		{"a:\n  b: 1\nc: [1, 2\n", "f.yaml:3:1: yaml: did not find expected ',' or ']'"},
		{"a: 1\nb:\n  c: 1\n d: 2\n", "f.yaml:4:2: yaml: did not find expected key"},
		{"- a: 1\n  b: 2\n c: 3\n", "f.yaml:3:2: yaml: did not find expected '-' indicator"},
		{"- a\nb: 1\n", "f.yaml:2:1: yaml: did not find expected '-' indicator"},
		{"a: {b: 1\nc: 2\n", "f.yaml:2:1: yaml: did not find expected ',' or '}'"},
		{"a: !foo!bar 1\n", "f.yaml:1:1: yaml: found undefined tag handle"},
		// Scanner errors.
		{"a: 1\nb: c: d\n", "f.yaml:2:1: yaml: mapping values are not allowed in this context"},
		{"a: 1\n  b: 2\n", "f.yaml:2:3: yaml: mapping values are not allowed in this context"},
		{"a:\n\t- b\n", "f.yaml:2:1: yaml: found character that cannot start any token"},
		{"\n\n'a\n", "f.yaml:3:1: yaml: found unexpected end of stream"},
		// Bad characters, at the character.
		{"a: 1\nb: \xff\n", "f.yaml:2:4: invalid UTF-8 encoding"},
		{"a: 1\nbc: \x01\n", "f.yaml:2:5: yaml: control characters are not allowed"},
		{"é: 1\nbé: \x01\n", "f.yaml:2:6: yaml: control characters are not allowed"},
		// A parser problem at the end of the stream: on the last line,
		// not past it.
		{"{", "f.yaml:1:1: yaml: did not find expected node content"},
		// Issue 19 item 1: one document per file. A second one, even with
		// a syntax error in it, or content after "...", is refused where
		// it starts.
		{"a: 1\n---\nb: 2\n", "f.yaml:2:1: " + secondDoc},
		{"a: 1\n--- b\n", "f.yaml:2:1: " + secondDoc},
		{"a: 1\n---\n", "f.yaml:2:1: " + secondDoc},
		{"a: 1\n---\nprofile: [strct\n", "f.yaml:2:1: " + secondDoc},
		{"---\na: 1\n# end\n---\t# again\nb: 2\n", "f.yaml:4:1: " + secondDoc},
		{"a: |\n  x\n---\n", "f.yaml:3:1: " + secondDoc},
		{"a: 1\n...\n---\nb: 2\n", "f.yaml:3:1: " + secondDoc},
		{"a: 1\n...\nb: 2\n", "f.yaml:3:1: " + afterEnd},
		{"a: 1\n... # end\n\n  # c\n  b: 2\n", "f.yaml:5:3: " + afterEnd},
		{"a: 1\n...\n%YAML 1.1\n---\nb: 2\n", "f.yaml:3:1: " + afterEnd},
		// Lines end at "\r" alone as well.
		{"a: 1\r---\rb: 2\r", "f.yaml:2:1: " + secondDoc},
		{"a: 1\r\n...\r\nb: 2\r\n", "f.yaml:3:1: " + afterEnd},
	} {
		for name, load := range loaders {
			err := load("f.yaml", []byte(tc.src))
			if err == nil || err.Error() != tc.want {
				t.Errorf("%s: %q:\n got %v\nwant %s", name, tc.src, err, tc.want)
			}
		}
	}
}

// TestYAMLOneDocument: what stays a single document.
func TestYAMLOneDocument(t *testing.T) {
	for _, src := range []string{
		"", "# only a comment\n", "---\na: 1\n", "a: 1\n...\n", "a: 1\n... # end\n\n# c\n...\n",
		"%YAML 1.1\n---\na: 1\n", "--- a\n", "a: \"---\"\nb: '...'\nc: |\n  ---x\n  ...x\n", "a: 1\r...\r",
	} {
		if _, err := schema.ParseYAMLNode("f.yaml", []byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

// TestYAMLByteColumns: issue 19 item 8. yaml.v3 counts columns in
// characters; ParseYAMLNode turns them into bytes, the unit of every
// position assertgen prints (a BOM counts, as in go/scanner).
func TestYAMLByteColumns(t *testing.T) {
	root, err := schema.ParseYAMLNode("f.yaml", []byte("é: {ü: x}\r\nk: [a, 'é', b]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		got = append(got, fmt.Sprintf("%s@%d:%d", n.Value, n.Line, n.Column))
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
	want := "[@1:1 é@1:1 @1:5 ü@1:6 x@1:10 k@2:1 @2:4 a@2:5 é@2:8 b@2:14]"
	if fmt.Sprint(got) != want {
		t.Errorf("got  %v\nwant %s", got, want)
	}
	root, err = schema.ParseYAMLNode("f.yaml", []byte("\ufeffa: b\n"))
	if err != nil {
		t.Fatal(err)
	}
	if k, v := root.Content[0], root.Content[1]; k.Column != 4 || v.Column != 7 {
		t.Errorf("after a BOM: key at column %d, value at %d; want 4 and 7", k.Column, v.Column)
	}
}

// TestYAMLPositionsInFile: yaml.v3 puts the empty value of a file that is
// only "---" on a line past the end; ParseYAMLNode puts it at the end.
func TestYAMLPositionsInFile(t *testing.T) {
	for src, want := range map[string]string{"---": "1:4", "---\n": "2:1", "a: 1\n---\n...\n": ""} {
		root, err := schema.ParseYAMLNode("f.yaml", []byte(src))
		if want == "" {
			if err == nil {
				t.Errorf("%q: no error", src)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if got := fmt.Sprintf("%d:%d", root.Line, root.Column); got != want {
			t.Errorf("%q: root at %s, want %s", src, got, want)
		}
	}
}
