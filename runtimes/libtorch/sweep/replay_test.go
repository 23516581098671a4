//go:build debugasserts

package sweep_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/runtimes/libtorch/opinfo"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweep"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
)

func num(v float64) *opinfo.Num { n := opinfo.Num(v); return &n }

// TestMakeRecorded: a recorded tensor comes back with its dtype, shape,
// strides and storage offset, its recorded values in place, and values in
// the recorded range where none were recorded.
func TestMakeRecorded(t *testing.T) {
	vals := []opinfo.Num{1, 2, 3, 4, 5, 6}
	x, err := sweep.MakeRecorded(&opinfo.Tensor{T: "float64", Shape: []int64{2, 3}, Strides: []int64{1, 2}, Offset: 1, Values: vals})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	d := x.Describe()
	if !slices.Equal(d.Sizes, []int64{2, 3}) || !slices.Equal(d.Strides, []int64{1, 2}) || d.Dtype != torch.Float64 {
		t.Errorf("made %+v", d)
	}
	if got := x.Float64s(); !slices.Equal(got, []float64{1, 2, 3, 4, 5, 6}) {
		t.Errorf("values %v", got)
	}
	// 100 int32 indices in [2, 4]; int16 is made too (100+c10 code)
	for _, dt := range []string{"int32", "int16"} {
		y, err := sweep.MakeRecorded(&opinfo.Tensor{T: dt, Shape: []int64{100}, Strides: []int64{1}, Lo: num(2), Hi: num(4)})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range y.Float64s() {
			if v < 2 || v > 4 {
				t.Fatalf("%s: value %v out of [2, 4]", dt, v)
			}
		}
		y.Release()
	}
	if _, err := sweep.MakeRecorded(&opinfo.Tensor{T: "float8_e4m3fn", Shape: []int64{1}, Strides: []int64{1}}); err == nil {
		t.Errorf("an unknown dtype was made")
	}
}

// TestReplay replays recorded calls through the checked wrappers: a
// transposed mm operand, a Python number for a Tensor (add(x, 2)), the
// schema's default, a list of ints, a Tensor?[] list with None.
func TestReplay(t *testing.T) {
	s, err := schema.Embedded("1.13.1")
	if err != nil {
		t.Fatal(err)
	}
	checked := sweepops.Bindings().Checked
	for _, c := range []struct{ op, call string }{
		{"mm", `[{"t":"float32","s":[2,3],"st":[3,1]},{"t":"float32","s":[3,2],"st":[1,3],"lo":-1,"hi":1}]`},
		{"add.Tensor", `[{"t":"float32","s":[2],"st":[1],"v":[1,2]},{"i":2},{"d":1}]`},
		{"sum.dim_IntList", `[{"t":"float64","s":[2,3],"st":[3,1]},{"l":[{"i":1}]},{"b":true},null]`},
		{"index.Tensor", `[{"t":"float32","s":[3,4],"st":[4,1]},{"l":[null,{"t":"int64","s":[2],"st":[1],"v":[3,0]}]}]`},
		{"index_select", `[{"t":"float32","s":[5],"st":[1]},{"i":0},{"t":"int64","s":[40],"st":[1],"lo":0,"hi":4}]`},
	} {
		var call opinfo.Call
		if err := json.Unmarshal([]byte(c.call), &call); err != nil {
			t.Fatal(err)
		}
		if err := sweep.RunReplay(s.Op(c.op), checked[c.op], call); err != nil {
			t.Errorf("%s: %v", c.op, err)
		}
	}
	// out of range: index_select's index above the size raises
	var call opinfo.Call
	json.Unmarshal([]byte(`[{"t":"float32","s":[5],"st":[1]},{"i":0},{"t":"int64","s":[1],"st":[1],"v":[9]}]`), &call)
	if err := sweep.RunReplay(s.Op("index_select"), checked["index_select"], call); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("index 9 of 5: %v", err)
	}
}

// TestMetaAndFunctional: every op also runs the arguments of its first
// clean sample as meta tensors and as functionalization wrappers; the
// report names the samples in order and gives each op its outcomes.
func TestMetaAndFunctional(t *testing.T) {
	rep, err := run(t, sweep.Options{Ops: "add.Tensor,mm", Samples: sweep.NumSamples, Kinds: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Variants) != sweep.NumSamples || !strings.HasPrefix(rep.Variants[sweep.MetaSample], "meta tensors") ||
		!strings.HasPrefix(rep.Variants[sweep.Functional], "functionalization wrappers") {
		t.Fatalf("variants %q", rep.Variants)
	}
	for _, op := range []string{"add.Tensor", "mm"} {
		o := rep.Outcomes[op]
		if len(o) != sweep.NumSamples || o[0] != '.' || o[sweep.MetaSample] != '.' || o[sweep.Functional] != '.' {
			t.Errorf("%s: outcomes %q, want samples 0, %d (meta) and %d (functional) clean", op, o, sweep.MetaSample, sweep.Functional)
		}
		if rep.ExercisedAt[op] != 0 {
			t.Errorf("%s exercised at %d", op, rep.ExercisedAt[op])
		}
	}
}

// TestValues: each op's base sample runs again with each value that
// matters (30-54), once, under both profiles. add.Tensor's base is sample
// 0: its scalar values and tensor values run, it has no dim, bool, shape
// or list argument, alpha 1 is its base's already, and libtorch has no Go
// int (the probe Go int is not generated: x);
// fake_quantize_per_tensor_affine_cachemask_backward's base is the bool
// sample (7) and its empty value shows the kernel's return of its
// gradient (a verdict, sample 49).
func TestValues(t *testing.T) {
	const fq = "fake_quantize_per_tensor_affine_cachemask_backward"
	rep, err := run(t, sweep.Options{Ops: "add.Tensor," + fq, Samples: sweep.NumSamples, Values: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"add.Tensor": ".=...-----.......--.....x", fq: "----------..--.E.--V..---"}
	for op, w := range want {
		if got := rep.Outcomes[op][sweep.ValueFirst:]; got != w {
			t.Errorf("%s: values %q, want %q", op, got, w)
		}
	}
	empty := slices.IndexFunc(rep.Variants, func(v string) bool { return strings.HasPrefix(v, "value: empty") })
	if !strings.HasPrefix(rep.Variants[sweep.ValueFirst], "value: scalars 0") || empty < sweep.ValueFirst {
		t.Errorf("value names %q", rep.Variants[sweep.ValueFirst:])
	}
	found := false
	for _, v := range rep.Violations {
		found = found || v.Op == fq && v.SampleID == empty && v.Verdict == "kernel" && strings.Contains(v.Sample, "(sample 7's)")
	}
	if !found {
		t.Errorf("no judged violation of %s on the empty value: %+v", fq, rep.Violations)
	}
	if len(rep.Crashes) != 0 {
		t.Errorf("crashes %+v", rep.Crashes)
	}
}
