package plan

import (
	"bytes"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestExplainAliasSetOfNoArgument: issue 33 item 6. torchgen accepts
// foo(Tensor(a) self) -> Tensor(b) and counts it a view op (a return
// annotated without a write), but the return's alias set b is no
// argument's: the plan checks it as fresh. explain says so in both the
// view op line and the return's line, and does not claim that the return
// has no alias annotation.
func TestExplainAliasSetOfNoArgument(t *testing.T) {
	s, err := schema.ParseList("x.txt", []byte("foo(Tensor(a) self) -> Tensor(b)\n"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Explain(&b, s, "foo", Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"  view op:   yes by torchgen's rule (return 0 is annotated (b) without a write), but no argument is in alias set b: nothing it could view is passed in, so the plan checks it as fresh\n",
		"  0 Tensor(b): fresh: no argument is in its alias set b, so the kernel must allocate it\n",
		"storage_use_count_eq_1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explain lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "no alias annotation") || strings.Contains(out, "aliases an argument") {
		t.Errorf("explain contradicts itself:\n%s", out)
	}
}
