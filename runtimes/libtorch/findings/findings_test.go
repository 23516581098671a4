//go:build debugasserts

package findings

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/libtorch/checked"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

func TestMain(m *testing.M) {
	torch.SetNumThreads(1)
	os.Exit(m.Run())
}

func f32(sizes ...int64) *torch.Tensor {
	n := int64(1)
	for _, s := range sizes {
		n *= s
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(i) + 0.5
	}
	return torch.FromFloat64s(torch.Float32, v, sizes...)
}

func rel(ts ...*torch.Tensor) {
	for _, t := range ts {
		t.Release()
	}
}

// repro is one kernel verdict: the op, the check it breaks, and the
// smallest call that shows it (as Go, for the findings table).
type repro struct {
	op, check, code string
	run             func()
}

var repros = []repro{
	{"dropout", "impl_use_count_le_1", "checked.Dropout(x, 0.5, false) // returns x itself", func() {
		x := f32(2)
		rel(checked.Dropout(x, 0.5, false), x)
	}},
	{"alpha_dropout", "impl_use_count_le_1", "checked.AlphaDropout(x, 0.5, false)", func() {
		x := f32(2)
		rel(checked.AlphaDropout(x, 0.5, false), x)
	}},
	{"feature_dropout", "impl_use_count_le_1", "checked.FeatureDropout(x, 0.5, false)", func() {
		x := f32(2, 2)
		rel(checked.FeatureDropout(x, 0.5, false), x)
	}},
	{"feature_alpha_dropout", "impl_use_count_le_1", "checked.FeatureAlphaDropout(x, 0.5, false)", func() {
		x := f32(2, 2)
		rel(checked.FeatureAlphaDropout(x, 0.5, false), x)
	}},
	{"native_dropout", "impl_use_count_le_1", "checked.NativeDropout(x, 0.5, &false_) // x empty: output 0 is x", func() {
		x := f32(0)
		f := false
		a, b := checked.NativeDropout(x, 0.5, &f)
		rel(a, b, x)
	}},
	{"sum_to_size", "impl_use_count_le_1", "checked.SumToSize(x, []int64{2}) // x has size [2]", func() {
		x := f32(2)
		rel(checked.SumToSize(x, []int64{2}), x)
	}},
	{"broadcast_tensors", "impl_use_count_le_1", "checked.BroadcastTensors([]*torch.Tensor{x})", func() {
		x := f32(2)
		r := checked.BroadcastTensors([]*torch.Tensor{x})
		rel(append(r, x)...)
	}},
	{"cartesian_prod", "impl_use_count_le_1", "checked.CartesianProd([]*torch.Tensor{x}) // one empty input", func() {
		x := f32(0)
		rel(checked.CartesianProd([]*torch.Tensor{x}), x)
	}},
	{"_to_cpu", "impl_use_count_le_1", "checked.XToCpu([]*torch.Tensor{x}) // x on the CPU", func() {
		x := f32(2)
		r := checked.XToCpu([]*torch.Tensor{x})
		rel(append(r, x)...)
	}},
	{"data", "storage_use_count_eq_1", "checked.Data(x) // an alias on x's storage", func() {
		x := f32(2)
		rel(checked.Data(x), x)
	}},
	{"align_as", "storage_use_count_eq_1", "checked.AlignAs(x, y) // x, y 0-dim: a view of x", func() {
		x, y := f32(), f32()
		rel(checked.AlignAs(x, y), x, y)
	}},
	{"align_tensors", "storage_use_count_eq_1", "checked.AlignTensors([]*torch.Tensor{x})", func() {
		x := f32(2)
		r := checked.AlignTensors([]*torch.Tensor{x})
		rel(append(r, x)...)
	}},
	{"meshgrid", "storage_use_count_eq_1", "checked.Meshgrid([]*torch.Tensor{x}) // expand views", func() {
		x := f32(2)
		r := checked.Meshgrid([]*torch.Tensor{x})
		rel(append(r, x)...)
	}},
	{"nonzero_numpy", "distinct_outputs", "checked.NonzeroNumpy(x) // x [2,2]: two columns of one buffer", func() {
		x := f32(2, 2)
		r := checked.NonzeroNumpy(x)
		rel(append(r, x)...)
	}},
	{"where", "distinct_outputs", "checked.Where(x) // where(condition) is nonzero_numpy", func() {
		x := f32(2, 2)
		r := checked.Where(x)
		rel(append(r, x)...)
	}},
	{"copy", "impl_use_count_le_1", "checked.Copy(x, y, false) // the result keeps a reference nobody releases", func() {
		x, y := f32(2), f32(2)
		rel(checked.Copy(x, y, false), x, y)
	}},
	{"resize.out", "returns_arg", "checked.ResizeOut(x, []int64{2}, nil, out) // returns self, not out", func() {
		x, out := f32(2), f32(2)
		rel(checked.ResizeOut(x, []int64{2}, nil, out), x, out)
	}},
	{"resize_as.out", "returns_arg", "checked.ResizeAsOut(x, y, nil, out) // returns self, not out", func() {
		x, y, out := f32(2), f32(2), f32(2)
		rel(checked.ResizeAsOut(x, y, nil, out), x, y, out)
	}},
	{"_saturate_weight_to_fp16", "impl_use_count_le_1", "checked.XSaturateWeightToFp16(x) // x [2,3], nothing to saturate", func() {
		x := f32(2, 3)
		rel(checked.XSaturateWeightToFp16(x), x)
	}},
	{"rrelu_with_noise_", "same_content", "checked.RreluWithNoise_(x, noise, torch.Float(0.125), torch.Float(1.0/3), true, nil) // training: writes noise, schema Tensor noise", func() {
		x, noise := f32(2), f32(2)
		rel(checked.RreluWithNoise_(x, noise, torch.Float(0.125), torch.Float(1.0/3), true, nil), x, noise)
	}},
	{"rrelu_with_noise", "same_content", "checked.RreluWithNoise(x, noise, torch.Float(0.125), torch.Float(1.0/3), true, nil) // training", func() {
		x, noise := f32(2), f32(2)
		rel(checked.RreluWithNoise(x, noise, torch.Float(0.125), torch.Float(1.0/3), true, nil), x, noise)
	}},
	{"rrelu_with_noise.out", "same_content", "checked.RreluWithNoiseOut(x, noise, torch.Float(0.125), torch.Float(1.0/3), true, nil, out) // training", func() {
		x, noise, out := f32(2), f32(2), f32(2)
		rel(checked.RreluWithNoiseOut(x, noise, torch.Float(0.125), torch.Float(1.0/3), true, nil, out), x, noise, out)
	}},
	{"_foobar", "impl_use_count_le_1", "checked.XFoobar(x, true, true, true)", func() {
		x := f32(2)
		rel(checked.XFoobar(x, true, true, true), x)
	}},
}

// TestKernelFindings runs each repro and requires its check to fire, and
// requires every kernel verdict of verdicts.json to have a repro here or be
// listed as reproduced by the sweep only.
func TestKernelFindings(t *testing.T) {
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	// The same_content repros need the content check; it changes nothing
	// for the others.
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	for _, r := range repros {
		t.Run(r.op, func(t *testing.T) {
			col.Reset()
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Errorf("%s: %v", r.code, e)
					}
				}()
				r.run()
			}()
			var got []string
			for _, v := range col.Violations() {
				name := v.Op
				if v.Overload != "" {
					name += "." + v.Overload
				}
				got = append(got, name+" "+v.Check.String())
			}
			if !slices.Contains(got, r.op+" "+r.check) {
				t.Errorf("%s: want a %s violation, got %v", r.code, r.check, got)
			}
		})
	}
}

// TestVerdictsHaveRepros keeps verdicts.json and the repros in step: the
// ops only the sweep reproduces are named here with the reason.
func TestVerdictsHaveRepros(t *testing.T) {
	sweepOnly := map[string]string{
		"_remove_batch_dim":                   "needs a batched (vmap) tensor to be meaningful; the sweep's sample 0 shows it",
		"_transformer_decoder_only_layer_fwd": "needs 21 consistent arguments; the sweep shows it",
		"_test_optional_filled_intlist":       "test op; the sweep's sample 0 shows it",
		"_test_optional_floatlist":            "test op; the sweep's sample 0 shows it",
		"_test_optional_intlist":              "test op; the sweep's sample 0 shows it",
	}
	b, err := os.ReadFile("../verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct{ Op, Check, Verdict string }
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, r := range repros {
		have[r.op] = true
	}
	var missing []string
	for _, v := range vs {
		if v.Verdict == "kernel" && !have[v.Op] && sweepOnly[v.Op] == "" {
			missing = append(missing, v.Op)
		}
	}
	if len(missing) > 0 {
		t.Errorf("kernel verdicts without a repro: %s", strings.Join(missing, ", "))
	}
}

// TestPrintTable prints the findings table for the docs (go test -run
// TestPrintTable -v).
func TestPrintTable(t *testing.T) {
	for _, r := range repros {
		t.Log(fmt.Sprintf("| `%s` | `%s` | `%s` |", r.op, r.check, r.code))
	}
}
