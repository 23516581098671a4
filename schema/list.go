package schema

import (
	"github.com/assertgen/assertgen/schema/funcschema"

	"bytes"
	"strings"
)

// ParseList reads a schema list: one schema per line, as
// torch._C._jit_get_all_schemas() prints them. A line may have a
// namespace prefix: "aten::add.Tensor(...) -> Tensor". Blank lines and
// lines whose first non-blank character is '#' are skipped. A list carries
// no dispatch, tag or autogen information: its ops are exactly its lines.
// Its Version is the newest release's; [Load] sets the selected one.
//
// Lines end at "\n", "\r\n" or "\r", as in YAML. A UTF-8 BOM at the start
// is skipped; columns on the first line still count its three bytes, as
// Go's tools do. Invalid UTF-8 and the control characters YAML forbids
// are errors at their position, with the character printed escaped.
func ParseList(path string, src []byte) (*Schema, error) {
	var errs ErrorList
	if p, bad := firstRune(path, src, false, invalidUTF8); bad {
		errs.Add(p, "invalid UTF-8 encoding")
		return nil, errs.Err()
	}
	if p, bad := firstRune(path, src, false, controlChar); bad {
		starts := lineStarts(src, false)
		errs.Addf(p, "control character %s is not allowed", funcschema.QuoteChar(string(src[starts[p.Line-1]+p.Column-1:])))
		return nil, errs.Err()
	}
	s := &Schema{Path: path, Format: FormatList, Version: newestRules().Version}
	seen := map[string]int{}
	starts := lineStarts(src, false)
	for i, start := range starts {
		end := len(src)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		line := src[start:end]
		skip := 0
		if i == 0 && bytes.HasPrefix(line, []byte("\ufeff")) {
			skip = 3
		}
		text := strings.TrimRight(string(line[skip:]), " \t\r\n")
		trimmed := strings.TrimLeft(text, " \t")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		col := skip + len(text) - len(trimmed) + 1
		pos := Position{path, i + 1, col}
		body := trimmed
		if ns, rest, found := CutNamespace(trimmed); found {
			if funcschema.IdentLen(ns) != len(ns) {
				errs.Addf(pos, "invalid namespace %q", ns)
				continue
			}
			body = rest
			pos = pos.add(len(ns) + 2)
		}
		f, err := ParseFunc(body)
		if err != nil {
			se := err.(*SyntaxError)
			errs.Add(pos.add(se.Offset), se.Msg)
			continue
		}
		name := f.Name.String()
		if first, dup := seen[name]; dup {
			errs.Addf(pos, "duplicate operator name %s (first declared at line %d)", name, first)
			continue
		}
		seen[name] = i + 1
		s.Ops = append(s.Ops, &Op{
			Name:     name,
			Schema:   f.String(),
			Func:     f,
			Kind:     f.Kind(),
			IsViewOp: IsViewOp(f, nil),
			Pos:      pos,
		})
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return s, nil
}
