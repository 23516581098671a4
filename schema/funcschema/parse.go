package funcschema

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A SyntaxError is a problem at a byte offset of a schema string.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// ParseFunc parses one function schema, without a namespace prefix:
//
//	add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//
// Spaces between tokens are optional where the grammar is unambiguous;
// String prints the canonical spacing. ParseFunc also enforces the
// invariants torchgen attaches to FunctionSchema (see Func.validate). On
// failure the error is a *SyntaxError.
func ParseFunc(s string) (*Func, error) {
	p := &parser{src: s}
	f := p.parseFunc()
	if p.err != nil {
		return nil, p.err
	}
	if err := f.validate(); err != nil {
		return nil, err
	}
	return f, nil
}

type parser struct {
	src string
	pos int
	err *SyntaxError
}

func (p *parser) failAt(off int, format string, args ...any) {
	if p.err == nil {
		p.err = &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
}

func (p *parser) ok() bool { return p.err == nil }

func (p *parser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// found describes the input at the current position for "expected X, found Y".
func (p *parser) found() string {
	if p.pos >= len(p.src) {
		return "end of schema"
	}
	rest := p.src[p.pos:]
	if strings.HasPrefix(rest, "->") {
		return "'->'"
	}
	if n := IdentLen(rest); n > 0 {
		return "'" + rest[:n] + "'"
	}
	return QuoteChar(rest)
}

// QuoteChar quotes the first character of s for a message: 'x' when it is
// printable, and escaped as in Go otherwise ('\x00', '\r', '\ufeff'). So an
// invisible character is seen.
func QuoteChar(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && n <= 1:
		return fmt.Sprintf("'\\x%02x'", s[0])
	case unicode.IsPrint(r) && r != '\\' && r != '\'':
		return "'" + string(r) + "'"
	}
	return strconv.QuoteRune(r)
}

func (p *parser) expect(c byte) bool {
	p.skipSpace()
	if p.peek() != c {
		p.failAt(p.pos, "expected '%c', found %s", c, p.found())
		return false
	}
	p.pos++
	return true
}

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// IdentLen returns the length of the identifier at the start of s, or 0.
func IdentLen(s string) int {
	if s == "" || !isIdentStart(s[0]) {
		return 0
	}
	n := 1
	for n < len(s) && isIdentChar(s[n]) {
		n++
	}
	return n
}

func (p *parser) ident(what string) (string, int) {
	p.skipSpace()
	start := p.pos
	n := IdentLen(p.src[p.pos:])
	if n == 0 {
		p.failAt(p.pos, "expected %s, found %s", what, p.found())
		return "", start
	}
	p.pos += n
	return p.src[start:p.pos], start
}

func (p *parser) parseFunc() *Func {
	f := &Func{}
	p.skipSpace()
	f.Name = p.parseOperatorName()
	if !p.ok() {
		return f
	}
	if !p.expect('(') {
		return f
	}
	p.parseArguments(f)
	if !p.ok() {
		return f
	}
	p.skipSpace()
	if !strings.HasPrefix(p.src[p.pos:], "->") {
		p.failAt(p.pos, "expected '->', found %s", p.found())
		return f
	}
	p.pos += 2
	p.skipSpace()
	f.retOffset = p.pos
	p.parseReturns(f)
	if !p.ok() {
		return f
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		p.failAt(p.pos, "unexpected %s after the returns", p.found())
	}
	return f
}

// augmentedAssignment lists the names whose dunder form __iNAME__ is an
// in-place operator (PEP 203).
var augmentedAssignment = map[string]bool{
	"add": true, "sub": true, "mul": true, "div": true, "mod": true, "pow": true,
	"lshift": true, "rshift": true, "and": true, "xor": true, "or": true,
}

func (p *parser) parseOperatorName() OperatorName {
	start := p.pos
	for p.pos < len(p.src) && (isIdentChar(p.src[p.pos]) || p.src[p.pos] == '.') {
		p.pos++
	}
	text := p.src[start:p.pos]
	if text == "" {
		p.failAt(start, "expected operator name, found %s", p.found())
		return OperatorName{}
	}
	n, msg, off := parseOperatorName(text)
	if msg != "" {
		p.failAt(start+off, "%s", msg)
	}
	return n
}

// ParseOperatorName parses "name" or "name.overload".
func ParseOperatorName(s string) (OperatorName, error) {
	n, msg, off := parseOperatorName(s)
	if msg != "" {
		return n, &SyntaxError{Offset: off, Msg: msg}
	}
	return n, nil
}

func parseOperatorName(text string) (OperatorName, string, int) {
	var n OperatorName
	name, overload, hasDot := strings.Cut(text, ".")
	if hasDot {
		if overload == "" {
			return n, "empty overload name after '.'", len(name)
		}
		if IdentLen(overload) != len(overload) || strings.ContainsRune(overload, '.') {
			return n, fmt.Sprintf("invalid overload name %q", overload), len(name) + 1
		}
		n.Overload = overload
	}
	if IdentLen(name) != len(name) {
		return n, fmt.Sprintf("invalid operator name %q", name), 0
	}
	if strings.HasSuffix(name, "_out") {
		return n, fmt.Sprintf("operator name %q ends in _out, which is reserved; use an out overload name instead", name), 0
	}
	b := BaseName{}
	if len(name) > 4 && strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") &&
		!strings.Contains(name[2:len(name)-2], "_") {
		b.Dunder = true
		base := name[2 : len(name)-2]
		if strings.HasPrefix(base, "i") && augmentedAssignment[base[1:]] {
			b.Inplace = true
			base = base[1:]
		} else if strings.HasPrefix(base, "i") {
			return n, fmt.Sprintf("dunder operator %q starts with 'i' but is not an in-place augmented assignment", name), 0
		}
		b.Base = base
	} else {
		b.Base = name
		if strings.HasSuffix(name, "_") {
			b.Inplace = true
			b.Base = name[:len(name)-1]
		}
	}
	if b.Base == "" {
		return n, fmt.Sprintf("invalid operator name %q", name), 0
	}
	if base, ok := strings.CutSuffix(b.Base, "_functional"); ok && !b.Dunder && !b.Inplace && base != "" {
		b.FunctionalOverload = true
		b.Base = base
	}
	n.Name = b
	return n, "", 0
}

func (p *parser) parseArguments(f *Func) {
	p.skipSpace()
	if p.peek() == ')' {
		p.pos++
		return
	}
	const (
		positional = iota
		kwarg
		out
	)
	state := positional
	starAt := -1
	for {
		p.skipSpace()
		if p.peek() == '*' {
			if state != positional {
				p.failAt(p.pos, "'*' appears twice; keyword-only arguments start at the first '*'")
				return
			}
			starAt = p.pos
			state = kwarg
			p.pos++
		} else {
			a := p.parseArgument()
			if !p.ok() {
				return
			}
			switch {
			case state == positional:
				f.Positional = append(f.Positional, a)
			case a.IsWrite():
				state = out
				f.Out = append(f.Out, a)
			case state == out:
				p.failAt(a.Offset, "keyword-only argument %s is not mutable but follows the out arguments", a.Name)
				return
			default:
				f.KwargOnly = append(f.KwargOnly, a)
			}
		}
		p.skipSpace()
		switch p.peek() {
		case ',':
			p.pos++
			continue
		case ')':
			if starAt >= 0 && len(f.KwargOnly)+len(f.Out) == 0 {
				p.failAt(starAt, "'*' must be followed by at least one keyword-only argument")
				return
			}
			p.pos++
			return
		default:
			p.failAt(p.pos, "expected ',' or ')' after argument, found %s", p.found())
			return
		}
	}
}

func (p *parser) parseArgument() Argument {
	p.skipSpace()
	a := Argument{Offset: p.pos}
	a.Type, a.Annotation = p.parseType()
	if !p.ok() {
		return a
	}
	if p.pos < len(p.src) && p.src[p.pos] != ' ' && p.src[p.pos] != '\t' && isIdentStart(p.src[p.pos]) {
		p.failAt(p.pos, "expected ' ' between type and argument name")
		return a
	}
	a.Name, _ = p.ident("argument name")
	if !p.ok() {
		return a
	}
	p.skipSpace()
	if p.peek() == '=' {
		p.pos++
		a.HasDefault = true
		a.Default = p.parseDefault(a.Type)
	}
	return a
}

// parseType parses a type with its optional alias annotation.
func (p *parser) parseType() (*Type, *Annotation) {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.src) && (isIdentChar(p.src[p.pos]) || p.src[p.pos] == '.') {
		p.pos++
	}
	name := p.src[start:p.pos]
	if name == "" {
		p.failAt(start, "expected type, found %s", p.found())
		return nil, nil
	}
	var t *Type
	if cls, ok := strings.CutPrefix(name, CustomClassPrefix); ok {
		if cls == "" || strings.HasPrefix(cls, ".") || strings.HasSuffix(cls, ".") || strings.Contains(cls, "..") {
			p.failAt(start, "invalid custom class type %q", name)
			return nil, nil
		}
		t = &Type{Kind: ClassKind, Class: cls}
	} else if b, ok := LookupBaseTy(name); ok {
		t = NewBase(b)
	} else {
		p.failAt(start, "unknown type %q", name)
		return nil, nil
	}
	var ann *Annotation
	if p.peek() == '(' {
		if !t.Is(Tensor) {
			p.failAt(p.pos, "alias annotation on %s; only Tensor, Tensor? and Tensor[] take one", name)
			return nil, nil
		}
		ann = p.parseAnnotation()
		if !p.ok() {
			return nil, nil
		}
	}
	suffixStart := p.pos
	for p.ok() {
		switch p.peek() {
		case '?':
			if t.Kind == OptionalKind {
				p.failAt(p.pos, "optional of an optional type")
				return nil, nil
			}
			p.pos++
			t = NewOptional(t)
			continue
		case '[':
			p.pos++
			n := 0
			digits := p.pos
			for p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
				n = n*10 + int(p.src[p.pos]-'0')
				if n > 1<<20 {
					p.failAt(digits, "list size too large")
					return nil, nil
				}
				p.pos++
			}
			if p.pos > digits && (n == 0 || p.src[digits] == '0') {
				p.failAt(digits, "list size must be a positive number without leading zeros")
				return nil, nil
			}
			if p.peek() != ']' {
				p.failAt(p.pos, "expected ']' to close the list type, found %s", p.found())
				return nil, nil
			}
			p.pos++
			t = NewList(t, n)
			continue
		}
		break
	}
	if ann != nil {
		if sfx := p.src[suffixStart:p.pos]; sfx != "" && sfx != "?" && sfx != "[]" {
			p.failAt(suffixStart, "annotated tensor type Tensor(...)%s; only Tensor(a), Tensor(a)? and Tensor(a)[] are allowed", sfx)
			return nil, nil
		}
	}
	return t, ann
}

func isAliasChar(c byte) bool { return 'a' <= c && c <= 'z' }

// parseAnnotation parses "(a)", "(a!)", "(a|b)", "(a -> *)", "(a! -> a|b)".
func (p *parser) parseAnnotation() *Annotation {
	open := p.pos
	p.pos++ // '('
	ann := &Annotation{}
	set := func(allowWildcard bool) []string {
		var out []string
		for {
			p.skipSpace()
			if allowWildcard && p.peek() == '*' {
				p.pos++
				return append(out, "*")
			}
			s := p.pos
			for p.pos < len(p.src) && isAliasChar(p.src[p.pos]) {
				p.pos++
			}
			if s == p.pos {
				p.failAt(p.pos, "malformed alias annotation: expected an alias set name (a-z), found %s", p.found())
				return nil
			}
			if p.pos-s > 1 {
				p.failAt(s, "malformed alias annotation: alias set names are single letters, found %q", p.src[s:p.pos])
				return nil
			}
			out = append(out, p.src[s:p.pos])
			p.skipSpace()
			if p.peek() != '|' {
				return out
			}
			p.pos++
		}
	}
	ann.AliasSet = set(false)
	if !p.ok() {
		return nil
	}
	if p.peek() == '!' {
		ann.IsWrite = true
		p.pos++
	}
	p.skipSpace()
	if strings.HasPrefix(p.src[p.pos:], "->") {
		p.pos += 2
		ann.AliasSetAfter = set(true)
		if !p.ok() {
			return nil
		}
		p.skipSpace()
	}
	if p.peek() != ')' {
		if p.pos >= len(p.src) {
			p.failAt(open, "unbalanced '(' in alias annotation")
		} else {
			p.failAt(p.pos, "malformed alias annotation: expected ')', found %s", p.found())
		}
		return nil
	}
	p.pos++
	if ann.IsWrite && len(ann.AliasSet) > 1 {
		p.failAt(open+1, "malformed alias annotation: a mutable annotation names one alias set, found %q", ann.String())
		return nil
	}
	if len(ann.AliasSet) > 1 && len(ann.AliasSetAfter) > 1 {
		p.failAt(open+1, "malformed alias annotation: alias sets before and after '->' cannot both have several names")
		return nil
	}
	return ann
}

// parseDefault reads a default value up to the ',' or ')' that ends the
// argument, checks its form against the argument's type, and returns its
// text as written.
func (p *parser) parseDefault(t *Type) string {
	start := p.pos
	depth := 0
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '"' || c == '\'':
			if !p.skipQuoted(c) {
				return ""
			}
			continue
		case c == '[':
			depth++
		case c == ']':
			depth--
			if depth < 0 {
				p.failAt(p.pos, "malformed default: unbalanced ']'")
				return ""
			}
		case (c == ',' || c == ')') && depth == 0:
			goto done
		}
		p.pos++
	}
done:
	if depth > 0 {
		p.failAt(start, "malformed default: unbalanced '['")
		return ""
	}
	text := strings.TrimRight(p.src[start:p.pos], " \t")
	if msg := checkDefault(text, t); msg != "" {
		p.failAt(start, "malformed default %q: %s", text, msg)
		return ""
	}
	return text
}

// skipQuoted moves past a quoted string starting at p.pos.
func (p *parser) skipQuoted(q byte) bool {
	start := p.pos
	p.pos++
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '\\':
			p.pos += 2
			continue
		case q:
			p.pos++
			return true
		}
		p.pos++
	}
	p.failAt(start, "malformed default: unterminated string")
	return false
}

// checkDefault validates a default's text against its type and returns a
// message when they do not fit.
func checkDefault(text string, t *Type) string {
	if text == "" {
		return "missing value after '='"
	}
	if text == "None" {
		if !t.IsOptional() {
			return fmt.Sprintf("None is only a default for optional types, not %s", t)
		}
		return ""
	}
	u := t.Unopt()
	if u.IsTensorLike() {
		return fmt.Sprintf("a %s argument can only default to None", t)
	}
	switch c := text[0]; {
	case c == '"' || c == '\'':
		if !u.Is(Str) {
			return fmt.Sprintf("a string is not a default for %s", t)
		}
		if !wellQuoted(text) {
			return "text after the closing quote"
		}
		return ""
	case c == '[':
		if u.Kind != ListKind {
			return fmt.Sprintf("a list is not a default for %s", t)
		}
		inner := strings.TrimSpace(text[1 : len(text)-1])
		if text[len(text)-1] != ']' {
			return "text after the closing ']'"
		}
		if inner == "" {
			return ""
		}
		for _, e := range strings.Split(inner, ",") {
			e = strings.TrimSpace(e)
			if msg := checkScalarDefault(e, u.Elem); msg != "" {
				return msg
			}
		}
		return ""
	}
	if u.Kind == ListKind {
		// A single value stands for every element: int[2] stride=1.
		return checkScalarDefault(text, u.Elem)
	}
	return checkScalarDefault(text, u)
}

func wellQuoted(s string) bool {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i == len(s)-1
		}
	}
	return false
}

// checkScalarDefault validates one literal: a number, True/False, or an
// enum-like identifier (Mean, long, contiguous_format).
func checkScalarDefault(e string, t *Type) string {
	u := t.Unopt()
	switch {
	case e == "":
		return "empty list element"
	case e == "True" || e == "False":
		if u.Is(Bool) || u.Is(SymBool) || u.Is(Scalar) {
			return ""
		}
		return fmt.Sprintf("%s is not a default for %s", e, t)
	case e == "None":
		if t.IsOptional() {
			return ""
		}
		return fmt.Sprintf("None is only a default for optional types, not %s", t)
	case isNumber(e):
		switch {
		case u.Is(Int) || u.Is(SymInt) || u.Is(DeviceIndex):
			if strings.ContainsAny(e, ".eE") {
				return fmt.Sprintf("%s is not an integer", e)
			}
			return ""
		case u.Is(Float) || u.Is(SymFloat) || u.Is(Scalar):
			return ""
		}
		return fmt.Sprintf("a number is not a default for %s", t)
	case IdentLen(e) == len(e):
		if u.Is(Str) || u.Is(Bool) || u.Kind == ListKind {
			return fmt.Sprintf("%s is not a default for %s", e, t)
		}
		return ""
	}
	return "not a number, string, list, True, False, None or name"
}

func isNumber(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		exp := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

func (p *parser) parseReturns(f *Func) {
	p.skipSpace()
	if p.peek() != '(' {
		r := p.parseReturn()
		if p.ok() {
			f.Returns = append(f.Returns, r)
		}
		return
	}
	// Either "()" or "(ret, ...)". A parenthesised type is not a return
	// type on its own, so '(' always opens the tuple.
	open := p.pos
	p.pos++
	p.skipSpace()
	if p.peek() == ')' {
		p.pos++
		return
	}
	for {
		r := p.parseReturn()
		if !p.ok() {
			return
		}
		f.Returns = append(f.Returns, r)
		p.skipSpace()
		switch p.peek() {
		case ',':
			p.pos++
			continue
		case ')':
			p.pos++
			return
		case 0:
			p.failAt(open, "unbalanced '(' in the returns")
			return
		default:
			p.failAt(p.pos, "expected ',' or ')' after return, found %s", p.found())
			return
		}
	}
}

func (p *parser) parseReturn() Return {
	p.skipSpace()
	r := Return{Offset: p.pos}
	r.Type, r.Annotation = p.parseType()
	if !p.ok() {
		return r
	}
	save := p.pos
	p.skipSpace()
	if p.pos > save && isIdentStart(p.peek()) {
		r.Name, _ = p.ident("return name")
	} else {
		p.pos = save
	}
	return r
}
