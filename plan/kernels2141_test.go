package plan

import (
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestReference2141Kernels compares, for every op of the embedded 2.14.1
// schema, the pytorch profile's kernel decision with what PyTorch 2.14.1's
// generated VariableType registers (testdata/reference/pytorch-2.14.1,
// from torchgen 2.14.1's autograd codegen): derivatives.yaml matching with
// its view_copy entries (narrow_copy), the foreach rule, the manual and
// fallback ops. The rows are compared by the pytorch-profile parity test.
func TestReference2141Kernels(t *testing.T) {
	s, err := schema.Embedded("2.14")
	if err != nil {
		t.Fatal(err)
	}
	path, ref := readReference(t, "2.14.1")
	b, err := newBuilder(s, Options{Profile: PyTorch})
	if err != nil {
		t.Fatal(err)
	}
	if b.release.Full != "2.14.1" {
		t.Fatalf("release %s", b.release.Full)
	}
	kernels, bad := 0, 0
	for i, o := range s.Ops {
		r := ref[o.Name]
		if r == nil {
			t.Fatalf("%s: not in %s", o.Name, path)
		}
		cause, _, _ := b.pytorchKernel(i, o, b.ix.Entries(i))
		if got := cause == kernelDerived; got != r.kernel() {
			t.Errorf("%s:%d: %s: kernel %v, PyTorch registers %s", path, r.line, o.Name, got, r.registration)
			if bad++; bad > 20 {
				t.Fatal("too many differences")
			}
		}
		if r.kernel() {
			kernels++
		}
	}
	if len(s.Ops) != len(ref) || kernels != 1589 {
		t.Errorf("%d ops (reference %d), %d with a kernel, want 1589", len(s.Ops), len(ref), kernels)
	}
}
