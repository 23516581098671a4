package finder

import (
	"go/types"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

// TestNearOps: a kernel no op fits is said to be near PyTorch's ops by
// the names tensor libraries give them (ONNX's And is logical_and, Gemm
// addmm, GreaterOrEqual ge), else by a typo of an op's name, and the
// report gives the bind: lines to bind it by hand, with the op's
// parameters, and says whether assertgen's reference has the op's values.
func TestNearOps(t *testing.T) {
	s, err := schema.Default()
	if err != nil {
		t.Fatal(err)
	}
	pkg := types.NewPackage("example.com/onnx/ops", "ops")
	for _, tc := range []struct {
		name string
		near string
		why  []string
	}{
		{"And", "logical_and", []string{`logical_and: "ops.And(self, other)"`, "init cannot check a binding: logical_and: its cases take bool tensors"}},
		{"Gemm", "addmm", []string{`addmm: "ops.Gemm(self, mat1, mat2, beta, alpha)"`}},
		{"GreaterOrEqual", "ge.Tensor, ge.Scalar", []string{`ge.Tensor: "ops.GreaterOrEqual(self, other)"; ge.Scalar: "ops.GreaterOrEqual(self, other)"`}},
		{"Cast", "to.dtype, _to_copy", []string{`to.dtype: "ops.Cast(self, dtype, non_blocking, copy_, memory_format)"`}},
		{"Transpose", "permute, transpose.int", []string{`permute: "ops.Transpose(self, dims)"`}},
		{"Erff", "erf, erfc", []string{`erf: "ops.Erff(self)"`}},
		{"Frobnicate", "", nil},
	} {
		c := &Callable{Name: "ops." + tc.name, GoName: tc.name, Words: words(tc.name), Pkg: pkg}
		near := nearOps(c.Words, s)
		if got := strings.Join(near, ", "); got != tc.near {
			t.Errorf("%s: near %q, want %q", tc.name, got, tc.near)
		}
		why := handWhy(c, near, s, map[string]string{"logical_and": "its cases take bool tensors"})
		for _, w := range tc.why {
			if !strings.Contains(why, w) {
				t.Errorf("%s: %q lacks %q", tc.name, why, w)
			}
		}
	}
	c := &Callable{Name: "ops.Frob", GoName: "Frob", Words: words("Frob"), Pkg: pkg}
	if why := handWhy(c, []string{"frob.Tensor"}, s, nil); !strings.Contains(why, "assertgen's reference has no values for them") || strings.Contains(why, "under bind:") {
		t.Errorf("an op the schema and the reference lack: %q", why)
	}
}
