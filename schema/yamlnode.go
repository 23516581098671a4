package schema

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// ParseYAMLNode parses src, the text of the YAML file path, into the root
// node of its document; the root is nil for a document without content.
// Invalid UTF-8, characters YAML forbids and syntax errors come back as an
// [ErrorList] with one error at path:line:col. yaml.v3 reports a syntax
// error's line but no column: the column is then that of the line's first
// non-space character. Every YAML loader of assertgen reads its input with
// it (native_functions.yaml, tags.yaml, derivatives.yaml, allowlists,
// assertgen.yaml), so that one error is reported at one place by all.
func ParseYAMLNode(path string, src []byte) (*yaml.Node, error) {
	var errs ErrorList
	if !utf8.Valid(src) {
		p, _ := firstRune(path, src, invalidUTF8)
		errs.Add(p, "invalid UTF-8 encoding")
		return nil, errs
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		errs.Add(yamlErrorPos(path, src, err))
		return nil, errs
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return doc.Content[0], nil
}

// NodePos returns the position of n in the file path.
func NodePos(path string, n *yaml.Node) Position {
	return Position{path, n.Line, n.Column}
}

// yamlParserProblems are the messages of yaml.v3's parser, as opposed to
// its scanner. yaml.v3 prints the line of the construct a problem was found
// in, 0-based for the parser and 1-based for the scanner; a problem on the
// first line has no line at all.
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

const yamlControlChars = "control characters are not allowed"

// yamlErrorPos returns the position and message of a yaml.v3 error.
func yamlErrorPos(path string, src []byte, err error) (Position, string) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, m, ok := strings.Cut(rest, ": "); ok {
			if l, err := strconv.Atoi(n); err == nil {
				line, msg = l, m
			}
		}
	}
	if msg == yamlControlChars {
		// A reader error, printed without a line.
		if p, ok := firstRune(path, src, controlChar); ok {
			return p, "yaml: " + msg
		}
	}
	if yamlParserProblems[msg] {
		line++
	}
	line = max(line, 1)
	return Position{path, line, firstColumn(src, line)}, "yaml: " + msg
}

// firstColumn returns the column of the first byte of a line that is not
// a space (YAML indents with spaces only).
func firstColumn(src []byte, line int) int {
	lines := bytes.SplitN(src, []byte("\n"), line+1)
	if line-1 >= len(lines) {
		return 1
	}
	l := lines[line-1]
	return len(l) - len(bytes.TrimLeft(l, " ")) + 1
}

// firstRune returns the position of the first rune of src that bad
// reports, and whether there is one.
func firstRune(path string, src []byte, bad func(r rune, size int) bool) (Position, bool) {
	line, col := 1, 1
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if bad(r, n) {
			return Position{path, line, col}, true
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col += n
		}
		i += n
	}
	return Position{}, false
}

func invalidUTF8(r rune, size int) bool { return r == utf8.RuneError && size <= 1 }

// controlChar reports the characters YAML does not allow in a stream.
func controlChar(r rune, _ int) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r == 0x85,
		0x20 <= r && r <= 0x7e, 0xa0 <= r && r <= 0xd7ff,
		0xe000 <= r && r <= 0xfffd, 0x10000 <= r:
		return false
	}
	return true
}
