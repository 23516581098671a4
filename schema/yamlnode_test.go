package schema_test

import (
	"testing"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/schema"
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
	} {
		for name, load := range loaders {
			err := load("f.yaml", []byte(tc.src))
			if err == nil || err.Error() != tc.want {
				t.Errorf("%s: %q:\n got %v\nwant %s", name, tc.src, err, tc.want)
			}
		}
	}
}
