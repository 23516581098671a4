package plan

import (
	"bufio"
	"fmt"
	"io"
)

// WriteText writes the plan as `assertgen plan` prints it without -json.
// It writes a line per op: "name<TAB>kind[ view][ generated]<TAB>N checks,
// M skipped".
func (p *Plan) WriteText(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	for _, op := range p.Ops {
		fmt.Fprintf(bw, "%s\t%s%s%s\t%d checks, %d skipped\n", op.Name, op.Kind, word(op.IsViewOp, " view"), word(op.Generated, " generated"), len(op.Checks), len(op.Skipped))
	}
	return bw.Flush()
}

// word is w when b holds, else "".
func word(b bool, w string) string {
	if b {
		return w
	}
	return ""
}
