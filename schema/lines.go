package schema

import (
	"sort"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Positions are 1-based lines and columns. A column is the byte offset in
// its line plus one, as in Go's tools; a BOM on the first line counts, as
// in go/scanner. A line ends at "\n", "\r\n" or "\r". In YAML it also ends
// at U+0085, U+2028 and U+2029, where yaml.v3 ends one.

// breakLen returns the length of the line break at src[i:], 0 if there is
// none there.
func breakLen(src []byte, i int, yaml bool) int {
	switch c := src[i]; {
	case c == '\n':
		return 1
	case c == '\r':
		if i+1 < len(src) && src[i+1] == '\n' {
			return 2
		}
		return 1
	case !yaml || c < utf8.RuneSelf:
		return 0
	}
	switch r, n := utf8.DecodeRune(src[i:]); r {
	case 0x85, 0x2028, 0x2029:
		return n
	}
	return 0
}

// lineStarts returns the offsets at which the lines of src start.
func lineStarts(src []byte, yaml bool) []int {
	starts := []int{0}
	for i := 0; i < len(src); {
		if n := breakLen(src, i, yaml); n > 0 {
			i += n
			starts = append(starts, i)
			continue
		}
		i++
	}
	return starts
}

// offsetPos returns the position of offset off in a file whose lines start
// at starts.
func offsetPos(path string, starts []int, off int) Position {
	line := sort.Search(len(starts), func(i int) bool { return starts[i] > off })
	return Position{path, line, off - starts[line-1] + 1}
}

// firstRune returns the position of the first rune of src that bad
// reports, and whether there is one.
func firstRune(path string, src []byte, yaml bool, bad func(r rune, size int) bool) (Position, bool) {
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if bad(r, n) {
			return offsetPos(path, lineStarts(src, yaml), i), true
		}
		i += n
	}
	return Position{}, false
}

// fixPositions turns the columns of root and the nodes below it into
// bytes. yaml.v3 counts characters, and does not count a BOM. It also
// moves a node yaml.v3 places past the end of the text to its end: the
// empty value of "---". In ASCII text, no column changes.
func fixPositions(root *yaml.Node, src []byte) {
	starts := lineStarts(src, true)
	last := len(starts)
	lastLen := len(src) - starts[last-1]
	var wide []bool // by line: it has a byte that is not ASCII
	for i, c := range src {
		if c >= utf8.RuneSelf {
			wide = make([]bool, len(starts))
			for l := range starts {
				end := len(src)
				if l+1 < len(starts) {
					end = starts[l+1]
				}
				if end <= i {
					continue // before the first wide byte
				}
				for _, c := range src[max(starts[l], i):end] {
					if c >= utf8.RuneSelf {
						wide[l] = true
						break
					}
				}
			}
			break
		}
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		switch {
		case n.Line > last:
			n.Line, n.Column = last, lastLen+1
		case n.Line >= 1 && wide != nil && wide[n.Line-1]:
			n.Column = byteColumn(src, starts[n.Line-1], n.Column)
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
}

// byteColumn returns the byte column of the character column col of the
// line that starts at offset start.
func byteColumn(src []byte, start, col int) int {
	i := start
	if i == 0 && len(src) >= 3 && string(src[:3]) == "\ufeff" {
		i = 3
	}
	for k := 1; k < col && i < len(src); k++ {
		if breakLen(src, i, true) > 0 {
			break
		}
		_, n := utf8.DecodeRune(src[i:])
		i += n
	}
	return i - start + 1
}
