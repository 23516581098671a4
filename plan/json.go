package plan

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"
)

// WriteJSON writes the plan in the JSON form of DESIGN.md, one op per line
// so that two plans diff op by op. It is equivalent to encoding/json's
// output for the same structure (without HTML escaping) and several times
// faster, which matters for a CLI that runs in tens of milliseconds.
func (p *Plan) WriteJSON(w io.Writer) error {
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriterSize(w, 1<<16)
	}
	buf := make([]byte, 0, 64<<10)
	buf = append(buf, `{"profile": `...)
	buf = appendString(buf, string(p.Profile))
	if p.PyTorchVersion != "" {
		buf = append(buf, `, "pytorch_version": `...)
		buf = appendString(buf, p.PyTorchVersion)
	}
	if p.Derivatives != "" {
		buf = append(buf, `, "derivatives": `...)
		buf = appendString(buf, p.Derivatives)
	}
	buf = append(buf, ", \"ops\": [\n"...)
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	buf = buf[:0]
	// One goroutine, one buffer: encoding is a few percent of the run, and
	// a second goroutine would cost more in buffers and handoffs than it
	// saves on two idle cores, and much more on a busy machine.
	for i := range p.Ops {
		buf = p.appendOp(buf, i)
		if len(buf) > 56<<10 {
			if _, err := bw.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	if _, err := bw.WriteString("]}\n"); err != nil {
		return err
	}
	return bw.Flush()
}

func (p *Plan) appendOp(b []byte, i int) []byte {
	b = p.Ops[i].appendJSON(b)
	if i < len(p.Ops)-1 {
		b = append(b, ',')
	}
	return append(b, '\n')
}

func (op *Op) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = appendString(b, op.Name)
	b = append(b, `,"schema":`...)
	b = appendString(b, op.Schema)
	b = append(b, `,"kind":`...)
	b = appendString(b, op.Kind.String())
	b = append(b, `,"is_view_op":`...)
	b = strconv.AppendBool(b, op.IsViewOp)
	b = append(b, `,"generated":`...)
	b = strconv.AppendBool(b, op.Generated)
	b = append(b, `,"checks":[`...)
	for i := range op.Checks {
		if i > 0 {
			b = append(b, ',')
		}
		b = op.Checks[i].appendFields(append(b, '{'))
		b = append(b, '}')
	}
	b = append(b, `],"skipped":[`...)
	for i := range op.Skipped {
		s := &op.Skipped[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = s.Check.appendFields(append(b, '{'))
		b = append(b, `,"reason":`...)
		b = appendString(b, s.Reason)
		b = append(b, `,"source":`...)
		b = appendString(b, s.Source)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

func (c *Check) appendFields(b []byte) []byte {
	b = append(b, `"check":`...)
	b = appendString(b, c.Name.String())
	if c.Ret != nil {
		b = append(b, `,"ret":`...)
		b = strconv.AppendInt(b, int64(*c.Ret), 10)
	}
	if c.Arg != "" {
		b = append(b, `,"arg":`...)
		b = appendString(b, c.Arg)
	}
	return b
}

const hexDigits = "0123456789abcdef"

// plainASCII marks the bytes a JSON string holds as they are.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	// Fast path: names, schemas and reasons are plain ASCII.
	i := 0
	for i < len(s) && plainASCII[s[i]] {
		i++
	}
	if i == len(s) {
		b = append(b, s...)
		return append(b, '"')
	}
	start := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			if r == utf8.RuneError {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
