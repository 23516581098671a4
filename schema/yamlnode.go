package schema

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// ParseYAMLNode parses src, the text of the YAML file path, into the root
// node of its document. The root is nil for a document without content.
// These come back as an [ErrorList] with one error at path:line:col:
// invalid UTF-8, characters YAML forbids, syntax errors, and a second
// document (after a second "---", or content after "...").
//
// yaml.v3 reports a syntax error's line but no column; the column is then
// that of the line's first non-space character. The nodes' columns are
// bytes, as in every position assertgen prints; yaml.v3 counts
// characters. Every YAML loader of assertgen reads its input with it:
// native_functions.yaml, tags.yaml, derivatives.yaml, allowlists,
// assertgen.yaml and backend yaml. So one error is reported at one place
// by all.
func ParseYAMLNode(path string, src []byte) (*yaml.Node, error) {
	var errs ErrorList
	if !utf8.Valid(src) {
		p, _ := firstRune(path, src, true, invalidUTF8)
		errs.Add(p, "invalid UTF-8 encoding")
		return nil, errs
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	switch err := dec.Decode(&doc); {
	case err == io.EOF:
		return nil, nil // no document: empty, or only comments
	case err != nil:
		errs.Add(yamlErrorPos(path, src, err))
		return nil, errs
	}
	// yaml.v3 reads the first document and leaves the rest unread. A
	// second one would be dropped without a word, syntax errors and all.
	// torchgen's loader refuses it; so does this one, where it starts.
	var next yaml.Node
	if err := dec.Decode(&next); err != io.EOF {
		pos, msg := secondDocument(path, src)
		if !pos.IsValid() {
			// No marker found by the scan: the parser's own position.
			if err != nil {
				pos, msg = yamlErrorPos(path, src, err)
			} else {
				pos = NodePos(path, &next)
			}
		}
		errs.Add(pos, msg)
		return nil, errs
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	fixPositions(doc.Content[0], src)
	return doc.Content[0], nil
}

// secondDocument returns where the second document of src starts, and the
// message for it. That is the second "---" marker (the first may open the
// first document), or the first line after a "..." marker that is not
// blank, a comment or another "...". A document marker is "---" or "..."
// in column 0, alone or followed by a space or a tab. YAML allows it
// nowhere else and gives it no other meaning, so a scan of the lines finds
// it. The position is invalid when the scan finds none.
func secondDocument(path string, src []byte) (Position, string) {
	started, ended := false, false
	starts := lineStarts(src, true)
	for i, start := range starts {
		end := len(src)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		for j := start; j < end; j++ {
			if breakLen(src, j, true) > 0 {
				end = j
				break
			}
		}
		line := src[start:end]
		trimmed := bytes.TrimLeft(line, " \t")
		switch {
		case docMarker(line, "---"):
			if started || ended {
				return Position{path, i + 1, 1}, "a second YAML document starts here; the file must hold one document"
			}
			started = true
		case docMarker(line, "..."):
			ended = true
		case len(trimmed) == 0 || trimmed[0] == '#':
		case ended:
			return Position{path, i + 1, len(line) - len(trimmed) + 1}, `content after the end of the document ("..."); the file must hold one document`
		case line[0] != '%':
			started = true // content of the first document
		}
	}
	return Position{}, ""
}

// docMarker reports whether line is the document marker m ("---" or
// "...").
func docMarker(line []byte, m string) bool {
	rest, ok := bytes.CutPrefix(line, []byte(m))
	return ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t')
}

// NodePos returns the position of n in the file path.
func NodePos(path string, n *yaml.Node) Position {
	return Position{path, n.Line, n.Column}
}

// yamlParserProblems are the messages of yaml.v3's parser, as opposed to
// its scanner. yaml.v3 prints the line of the construct a problem was
// found in: 0-based for the parser, 1-based for the scanner. A problem on
// the first line has no line at all.
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
		if p, ok := firstRune(path, src, true, controlChar); ok {
			return p, "yaml: " + msg
		}
	}
	if yamlParserProblems[msg] {
		line++
	}
	// A problem found at the end of the stream may be put on a line past
	// the last one.
	line = min(max(line, 1), len(lineStarts(src, true)))
	if msg == "did not find expected <document start>" {
		// What yaml.v3 means: the document's top-level value ended
		// before this line, and a second document would need "---".
		msg += " (this line does not continue the document's top-level value; a file holds one document)"
	}
	return Position{path, line, firstColumn(src, line)}, "yaml: " + msg
}

// firstColumn returns the column of the first byte of a line that is not
// a space (YAML indents with spaces only).
func firstColumn(src []byte, line int) int {
	starts := lineStarts(src, true)
	if line < 1 || line > len(starts) {
		return 1
	}
	i := starts[line-1]
	for i < len(src) && src[i] == ' ' {
		i++
	}
	return i - starts[line-1] + 1
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
