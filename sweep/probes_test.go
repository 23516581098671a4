package sweep

import (
	"testing"
)

func probeIndex(t *testing.T, name string) int {
	for i, p := range Probes {
		if p.Name == name {
			return i
		}
	}
	t.Fatalf("no probe %q", name)
	return -1
}

// Each probe changes the values of its kind on a base sample, leaves the
// base as it was, and says when the op has no such argument or the base
// has those values already.
func TestProbes(t *testing.T) {
	ops := ops(t, "2.6")
	for _, c := range []struct {
		op      string
		variant int
		probe   string
		status  byte
		want    string // the probed sample's Describe
	}{
		{"add.Tensor", 0, "scalars 2", probeChanged, "self=float32[2,3] other=float32[2,3] alpha=[2] (value: scalars 2)"},
		{"add.Tensor", 0, "scalars 0.5", probeChanged, "self=float32[2,3] other=float32[2,3] alpha=[0.5] (value: scalars 0.5)"},
		{"add.Tensor", 0, "scalars 1", probeSame, ""},
		{"neg", 0, "scalars 0", probeNoArg, ""},
		{"addcmul", 0, "scalars -1", probeChanged, "self=float32[2,3] tensor1=float32[2,3] tensor2=float32[2,3] value=[-1] (value: scalars -1)"},
		{"dropout", 0, "scalars 0", probeChanged, "input=float32[2,3] p=[0] train=[false] (value: scalars 0)"},
		{"softmax.int", 0, "dims last", probeChanged, "self=float32[2,3] dim=[1] dtype=None (value: dims last)"},
		{"softmax.int", 0, "dims 0", probeSame, ""},
		{"sum.dim_IntList", 0, "dims -1", probeChanged, "self=float32[2,3] dim=[-1] keepdim=[false] dtype=None (value: dims -1)"},
		{"transpose.int", 0, "dims -1", probeChanged, "self=float32[2,3] dim0=[-1] dim1=[0] (value: dims -1)"},
		{"sum.dim_IntList", 0, "bools true", probeChanged, "self=float32[2,3] dim=None keepdim=[true] dtype=None (value: bools true)"},
		{"sum.dim_IntList", 0, "bools false", probeSame, ""},
		{"add.Tensor", 0, "zeros", probeChanged, "self=float32[2,3].zeros other=float32[2,3].zeros alpha=[1] (value: zeros)"},
		{"index_select", 0, "negatives", probeChanged, "self=float32[2,3].neg dim=[0] index=int64[2,3] (value: negatives)"},
		{"logical_not", 7, "mixed signs", probeNoArg, ""},
		// class labels and lengths are indices: a negative one is read out of bounds
		{"ctc_loss.Tensor", 4, "negatives", probeChanged, "log_probs=int64[2,3].neg targets=int64[2,3] input_lengths=int64[2,3] target_lengths=int64[2,3] blank=[0] reduction=[1] zero_infinity=[false] (value: negatives)"},
		{"add.out", 0, "empty", probeChanged, "self=float32[0,3] other=float32[0,3] alpha=[1] out=float32[2,3] (value: empty)"},
		{"add_.Tensor", 0, "size-1 dims", probeChanged, "self=float32[1,3] other=float32[1,3] alpha=[1] (value: size-1 dims)"},
		{"add.Tensor", 0, "broadcast", probeChanged, "self=float32[2,3] other=float32[3] alpha=[1] (value: broadcast)"},
		{"neg", 0, "broadcast", probeNoArg, ""},
		{"neg", 0, "non-contiguous", probeChanged, "self=float32[2,3].T (value: non-contiguous)"},
		{"neg", 1, "non-contiguous", probeSame, ""},
		{"reshape", 0, "non-viewable reshape", probeChanged, "self=float32[2,3].T shape=[6] (value: non-viewable reshape)"},
		{"reshape", 0, "size-1 dims", probeChanged, "self=float32[1,3] shape=[1 3] (value: size-1 dims)"},
		{"neg", 0, "non-viewable reshape", probeNoArg, ""},
		{"cat", 3, "one-element lists", probeChanged, "tensors=[float64[3,3]] dim=[0] (value: one-element lists)"},
		{"cat", 0, "one-element lists", probeSame, ""},
		{"neg", 2, "empty", probeChanged, "self=float32[0] (value: empty)"},
		{"add.Tensor", 0, "size-1 last dim", probeChanged, "self=float32[2,1] other=float32[2,1] alpha=[1] (value: size-1 last dim)"},
		{"neg", 22, "size-1 last dim", probeSame, ""},
		{"reshape", 0, "single element", probeChanged, "self=float32[1,1] shape=[1 1] (value: single element)"},
		{"neg", 2, "single element", probeChanged, "self=float32[1] (value: single element)"},
		{"neg", 23, "single element", probeSame, ""},
		{"abs", 0, "negative 0-dim", probeChanged, "self=float32[].neg (value: negative 0-dim)"},
		{"abs", 2, "negative 0-dim", probeChanged, "self=float32[].neg (value: negative 0-dim)"},
		{"reshape", 0, "negative 0-dim", probeChanged, "self=float32[].neg shape=[] (value: negative 0-dim)"},
		{"logical_not", 7, "negative 0-dim", probeNoArg, ""},
		{"add.Tensor", 0, "mixed signs 1-d", probeChanged, "self=float32[3].mixed other=float32[3].mixed alpha=[1] (value: mixed signs 1-d)"},
		{"abs", 21, "mixed signs 1-d", probeChanged, "self=float32[3].mixed (value: mixed signs 1-d)"},
		{"logical_not", 7, "mixed signs 1-d", probeNoArg, ""},
		// floats become Go ints of mixed signs; an int64 (an index) keeps its values
		{"add.out", 0, "Go int", probeChanged, "self=int64[2,3].goint.mixed other=int64[2,3].goint.mixed alpha=[1] out=int64[2,3].goint.mixed (value: Go int)"},
		{"index_select", 0, "Go int", probeChanged, "self=int64[2,3].goint.mixed dim=[0] index=int64[2,3].goint (value: Go int)"},
		{"neg", 4, "Go int", probeChanged, "self=int64[2,3].goint (value: Go int)"},
		{"logical_not", 7, "Go int", probeNoArg, ""},
		{"abs", 11, "Go int", probeNoArg, ""},
	} {
		base := For(ops[c.op], c.variant)
		before := base.Describe()
		s, st := base.ApplyProbe(probeIndex(t, c.probe))
		if st != c.status || (st == probeChanged && s.Describe() != c.want) {
			t.Errorf("%s variant %d, %s: status %d, %s\n\twant %d, %s", c.op, c.variant, c.probe, st, s.Describe(), c.status, c.want)
		}
		if base.Describe() != before {
			t.Errorf("%s, %s: the base changed: %s", c.op, c.probe, base.Describe())
		}
	}
}

// Every probe of every op's every variant sample of the embedded schemas
// is a sample a runtime can be asked for: specs that pass Check, or
// nothing to run.
func TestProbesOfEveryOp(t *testing.T) {
	for _, o := range ops(t, "2.14") {
		for v := range Variants {
			base := For(o, v)
			for p := range Probes {
				s, st := base.ApplyProbe(p)
				if st != probeChanged {
					continue
				}
				for _, sp := range s.Specs {
					if err := sp.check(); err != nil {
						t.Fatalf("%s variant %d, %s: %s: %v", o.Name, v, Probes[p].Name, sp, err)
					}
				}
			}
		}
	}
}
