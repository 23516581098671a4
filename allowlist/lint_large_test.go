package allowlist_test

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/schema"
)

// largeList is a user allowlist of a skip entry per tensor argument and
// input check of every op of s, once for every profile and once for
// strict alone: tens of thousands of entries, all valid.
func largeList(s *schema.Schema) []byte {
	var b bytes.Buffer
	b.WriteString("skip:\n")
	for _, o := range s.Ops {
		for _, a := range o.Func.Args() {
			if a.Type.TensorForm() == schema.NotTensor {
				continue
			}
			for _, k := range []string{"same_impl", "same_storage", "no_mutation"} {
				e := fmt.Sprintf("  - {op: %s, check: %s, arg: %s, reason: r", o.Name, k, a.Name)
				b.WriteString(e + "}\n")
				b.WriteString(e + ", profiles: [strict]}\n")
			}
		}
	}
	return b.Bytes()
}

// The lint of a large user allowlist looks each entry's ops up by name:
// it costs less than parsing the list. (Matching every entry against
// every op cost 30 times the parse.) Times are the best of three, parse
// and lint interleaved, so that the machine's load weighs on both alike.
func TestLintLargeListCostsLessThanItsParse(t *testing.T) {
	if testing.Short() {
		t.Skip("parses and lints a list of about 50,000 entries")
	}
	s, err := schema.Embedded("")
	if err != nil {
		t.Fatal(err)
	}
	src := largeList(s)
	parse, lint := time.Duration(1<<62), time.Duration(1<<62)
	for range 3 {
		t0 := time.Now()
		l, err := allowlist.Parse("large.yaml", src)
		if err != nil {
			t.Fatal(err)
		}
		t1 := time.Now()
		if err := l.Lint(s); err != nil {
			t.Fatal(err)
		}
		t2 := time.Now()
		parse, lint = min(parse, t1.Sub(t0)), min(lint, t2.Sub(t1))
		t.Logf("%d entries: parse %v, lint %v", len(l.Entries), t1.Sub(t0), t2.Sub(t1))
	}
	if lint > parse {
		t.Errorf("lint %v, parse %v: the lint should cost less than the parse", lint, parse)
	}
}
