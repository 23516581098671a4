//go:build debugasserts

package findings

import (
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
)

// rrelu_with_noise writes its noise argument in training mode. Up to 1.13
// the schema says `Tensor noise`, so the write is a finding (same_content:
// the bytes changed, the version counter did not move); from 2.6 the
// schema says `Tensor(b!) noise` and the write is declared.

var rreluOps = []struct{ name, goName string }{
	{"rrelu_with_noise", "RreluWithNoise"},
	{"rrelu_with_noise_", "RreluWithNoise_"},
	{"rrelu_with_noise.out", "RreluWithNoiseOut"},
}

// rrelu calls op in training mode on fresh x and noise (and out for .out).
func rrelu(t *testing.T, op string, x, noise tensor) {
	lo, hi := torch.Float(0.125), torch.Float(1.0/3)
	if op == "rrelu_with_noise.out" {
		out := f32(2)
		defer out.Release()
		rel(wrapper[func(tensor, tensor, torch.Scalar, torch.Scalar, bool, any, tensor) tensor](t, op)(x, noise, lo, hi, true, nil, out))
		return
	}
	rel(wrapper[func(tensor, tensor, torch.Scalar, torch.Scalar, bool, any) tensor](t, op)(x, noise, lo, hi, true, nil))
}

func init() {
	for _, op := range rreluOps {
		add(repro{op: op.name, shows: []string{"same_content arg noise"},
			code: "checked." + op.goName + "(x, noise, torch.Float(0.125), torch.Float(1.0/3), true, nil) // training: writes noise",
			run: func(t *testing.T) {
				x, noise := f32(2), f32(2)
				defer rel(x, noise)
				rrelu(t, op.name, x, noise)
			}})
	}
}

// TestRreluNoiseSchema explains the release's rrelu_with_noise verdicts by
// its schema: the kernel writes noise in every release (its bytes change),
// and the release has a same_content verdict on noise exactly when its
// schema does not declare the write.
func TestRreluNoiseSchema(t *testing.T) {
	s, err := schema.Embedded(aten.SchemaVersion)
	if err != nil {
		t.Fatal(err)
	}
	verdicts := kernelVerdicts(t)
	for _, op := range rreluOps {
		t.Run(op.name, func(t *testing.T) {
			o := s.Op(op.name)
			if o == nil {
				t.Fatalf("%s is not in the %s schema", op.name, aten.SchemaVersion)
			}
			var declared, found bool
			for _, a := range o.Func.Args() {
				if a.Name == "noise" {
					declared, found = a.IsWrite(), true
				}
			}
			if !found {
				t.Fatalf("%s: no argument noise in %s", op.name, o.Schema)
			}
			x, noise := f32(2), f32(2)
			defer rel(x, noise)
			before := noise.Float64s()
			rrelu(t, op.name, x, noise)
			after := noise.Float64s()
			if before[0] == after[0] && before[1] == after[1] {
				t.Errorf("%s in training mode left noise at %v: the repro no longer shows the write", op.name, after)
			}
			if _, hasVerdict := verdicts[op.name+" same_content arg noise"]; hasVerdict == declared {
				t.Errorf("libtorch %s: %s: noise declared written %v, same_content verdict %v: want a verdict exactly when the write is undeclared",
					aten.SchemaVersion, o.Schema, declared, hasVerdict)
			}
			t.Logf("libtorch %s: %s (writes noise; declared: %v)", aten.SchemaVersion, o.Schema, declared)
		})
	}
}
