package plan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

// WriteJSON writes the plan in the JSON form of DESIGN.md. It writes one
// op per line, so that two plans diff op by op. Each line is
// encoding/json's form of the op, without HTML escaping.
func (p *Plan) WriteJSON(w io.Writer) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	bw := bufio.NewWriter(w)
	field := func(sep, name, value string) {
		bw.WriteString(sep + `"` + name + `": `)
		buf.Reset()
		enc.Encode(value) // a string cannot fail
		bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
	field("{", "profile", string(p.Profile))
	if p.PyTorchVersion != "" {
		field(", ", "pytorch_version", p.PyTorchVersion)
	}
	if p.Derivatives != "" {
		field(", ", "derivatives", p.Derivatives)
	}
	if !p.Identity.UseCounts() {
		// no_use_counts too, for readers of the plans written before the
		// identity kind
		field(", ", "identity", p.Identity.String())
		bw.WriteString(`, "no_use_counts": true`)
	}
	field(", ", "runtime", p.Policy.String())
	bw.WriteString(", \"ops\": [\n")
	for i, op := range p.Ops {
		buf.Reset()
		if err := enc.Encode(op); err != nil {
			return err
		}
		line := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		if i < len(p.Ops)-1 {
			line = append(line, ',')
		}
		bw.Write(append(line, '\n'))
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}
