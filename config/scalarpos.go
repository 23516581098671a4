package config

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/schema"
)

// scalarPlaces returns where in src each byte of the scalar v's value was
// read from, and the place one past its end. path is src's file. It
// handles every style of scalar, on one line or several: plain, quoted (a
// doubled quote, escapes), literal (|) and folded (>).
//   - a byte of a multi-byte character has the character's place;
//   - a space that folds a line break has the break's place;
//   - the end has the place after the value's last character.
//
// Columns count characters, as yaml.v3's do. It returns nil when the value
// cannot be followed through the text. A value yaml.v3 read from src
// always can be.
func scalarPlaces(path string, src []byte, v *yaml.Node) []schema.Position {
	i := offsetOf(src, v.Line, v.Column)
	if i < 0 || v.Kind != yaml.ScalarNode {
		return nil
	}
	s := &scalarScan{src: src, i: i, line: v.Line, col: v.Column}
	// The node starts at its properties, if any: a tag (!!str) or an
	// anchor (&a), each followed by space.
	for s.i < len(src) && (src[s.i] == '!' || src[s.i] == '&') {
		for s.i < len(src) && src[s.i] != ' ' && src[s.i] != '\t' && src[s.i] != '\n' {
			s.step()
		}
		for s.i < len(src) && (src[s.i] == ' ' || src[s.i] == '\t') {
			s.step()
		}
	}
	switch {
	case v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		// The value starts on the line after the indicator (|, >-, |2 # ...).
		for s.i < len(src) && src[s.i] != '\n' {
			s.step()
		}
		s.step()
	case v.Style&yaml.DoubleQuotedStyle != 0:
		s.double = true
		s.step()
	case v.Style&yaml.SingleQuotedStyle != 0:
		s.single = true
		s.step()
	}
	out := make([]schema.Position, 0, len(v.Value)+1)
	for _, c := range v.Value {
		at, ok := s.match(c)
		if !ok {
			return nil
		}
		for range utf8.RuneLen(c) {
			out = append(out, schema.Position{Filename: path, Line: at[0], Column: at[1]})
		}
	}
	return append(out, schema.Position{Filename: path, Line: s.line, Column: s.col})
}

// offsetOf returns the offset in src of line and column (1-based, the
// column in characters), or -1.
func offsetOf(src []byte, line, col int) int {
	i := 0
	for l := 1; l < line; l++ {
		n := bytes.IndexByte(src[i:], '\n')
		if n < 0 {
			return -1
		}
		i += n + 1
	}
	for c := 1; c < col; c++ {
		if i >= len(src) || src[i] == '\n' {
			return -1
		}
		_, n := utf8.DecodeRune(src[i:])
		i += n
	}
	return i
}

// A scalarScan follows a scalar's value through the text it was read
// from.
type scalarScan struct {
	src            []byte
	i              int // the offset of the next character
	line, col      int // its place
	double, single bool
}

// step moves past the next character.
func (s *scalarScan) step() {
	if s.i >= len(s.src) {
		return
	}
	r, n := utf8.DecodeRune(s.src[s.i:])
	s.i += n
	if r == '\n' {
		s.line, s.col = s.line+1, 1
	} else {
		s.col++
	}
}

// match moves past the text that gives the value's next character c, and
// returns the place of c's first character. That text is c itself, an
// escape sequence of a double-quoted value, the doubled quote of a
// single-quoted one, or the line break a space folds. On the way, it moves
// past the indentation, line breaks and escaped line breaks the value
// drops.
func (s *scalarScan) match(c rune) ([2]int, bool) {
	for s.i < len(s.src) {
		at := [2]int{s.line, s.col}
		r, _ := utf8.DecodeRune(s.src[s.i:])
		switch {
		case s.double && r == '\\':
			e, n := escaped(s.src[s.i:])
			if n == 0 {
				return at, false
			}
			for range n {
				s.step()
			}
			if e < 0 { // an escaped line break: nothing
				continue
			}
			return at, rune(e) == c
		case s.single && r == '\'' && c == '\'' && s.i+1 < len(s.src) && s.src[s.i+1] == '\'':
			s.step()
			s.step()
			return at, true
		case r == c, c == ' ' && r == '\n':
			s.step()
			return at, true
		case r == ' ' || r == '\t' || r == '\r' || r == '\n':
			s.step()
		default:
			return at, false
		}
	}
	return [2]int{s.line, s.col}, false
}

// escaped decodes the escape sequence at the start of b, a backslash first,
// of a double-quoted scalar. It returns the character, and the sequence's
// length in characters: -1 for an escaped line break. n is 0 when b holds
// none.
func escaped(b []byte) (r int, n int) {
	if len(b) < 2 {
		return 0, 0
	}
	simple := map[byte]rune{'0': 0, 'a': '\a', 'b': '\b', 't': '\t', '\t': '\t', 'n': '\n', 'v': '\v', 'f': '\f', 'r': '\r', 'e': 0x1b,
		' ': ' ', '"': '"', '/': '/', '\\': '\\', 'N': 0x85, '_': 0xa0, 'L': 0x2028, 'P': 0x2029}
	if e, ok := simple[b[1]]; ok {
		return int(e), 2
	}
	width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[b[1]]
	switch {
	case b[1] == '\n':
		return -1, 2
	case b[1] == '\r' && len(b) > 2 && b[2] == '\n':
		return -1, 3
	case width == 0 || len(b) < 2+width:
		return 0, 0
	}
	v, err := strconv.ParseUint(string(b[2:2+width]), 16, 32)
	if err != nil {
		return 0, 0
	}
	return int(v), 2 + width
}
