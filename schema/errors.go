package schema

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// A Position is a place in a source file. Line and Column are 1-based;
// Column counts bytes, as go/scanner does.
type Position struct {
	Filename string
	Line     int
	Column   int
}

// IsValid reports whether the position carries a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String renders "file:line:col", dropping the parts that are unknown.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d", p.Line)
		if p.Column > 0 {
			s += fmt.Sprintf(":%d", p.Column)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}

// add returns p moved n bytes to the right on the same line.
func (p Position) add(n int) Position {
	if p.Column > 0 {
		p.Column += n
	}
	return p
}

// An Error is a problem found at a position of the input.
type Error struct {
	Pos Position
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// An ErrorList is a list of errors, sortable by position.
type ErrorList []*Error

// Add appends an error at pos.
func (l *ErrorList) Add(pos Position, msg string) { *l = append(*l, &Error{pos, msg}) }

// Addf appends a formatted error at pos.
func (l *ErrorList) Addf(pos Position, format string, args ...any) {
	l.Add(pos, fmt.Sprintf(format, args...))
}

// Sort sorts the list by file, line, column and message.
func (l ErrorList) Sort() {
	slices.SortFunc(l, func(a, b *Error) int {
		return cmp.Or(strings.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), strings.Compare(a.Msg, b.Msg))
	})
}

// Error prints every error, one per line.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list, else the list sorted and without
// exact duplicates as an error.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return slices.CompactFunc(l, func(a, b *Error) bool { return *a == *b })
}

// Visible returns s for a message: as it is when every character is
// printable, and escaped as in a Go string otherwise. A newline in a
// config value must not split the message's line.
func Visible(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) < 0 {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
