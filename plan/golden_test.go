package plan

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/schema"
	"github.com/assertgen/assertgen/testdata/golden"
)

var pytorchSchema = sync.OnceValues(func() (*schema.Schema, error) { return schema.Embedded("1.13") })

func loadPyTorch(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := pytorchSchema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// planLines renders a plan as JSON lines, one op per line: the form of
// the golden files.
func planLines(p *Plan) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, op := range p.Ops {
		if err := enc.Encode(op); err != nil {
			panic(err)
		}
	}
	return b.Bytes()
}

var defaultSchema = sync.OnceValues(func() (*schema.Schema, error) { return schema.Embedded("") })

// goldenFamilies are the op families (names before the overload) whose
// plans are pinned: every kind of op (functional, in-place, out=, mutable,
// scratch), every kind of return (fresh, view, may-alias, list, none) and
// the special cases of the rules (set_, _unsafe_view, lift_fresh, the
// batch-norm family, foreach ops, the _efficientzerotensor factory). The
// reference tests compare the whole pytorch profile of every release with
// its VariableType; these goldens pin both profiles' full rows, strict
// included, on the default release.
var goldenFamilies = []string{
	"_efficientzerotensor", "_embedding_bag", "_foreach_add", "_foreach_add_",
	"_fused_moving_avg_obs_fq_helper", "_unsafe_view", "abs", "abs_", "add", "add_",
	"as_strided", "as_strided_", "cat", "chunk", "clone", "contiguous", "copy_",
	"detach", "diagonal", "empty", "expand", "index", "index_put_", "lift_fresh",
	"max", "native_batch_norm", "narrow", "reshape", "resize_", "select", "set_",
	"sort", "split", "squeeze_", "sum", "topk", "transpose", "transpose_",
	"transpose_copy", "unbind", "unsafe_split", "view", "zero_", "zeros",
}

// TestGoldenPlans pins the plan of goldenFamilies' ops of the default
// release under both profiles (testdata/plans).
func TestGoldenPlans(t *testing.T) {
	s, err := defaultSchema()
	if err != nil {
		t.Fatal(err)
	}
	families := map[string]bool{}
	for _, f := range goldenFamilies {
		families[f] = true
	}
	for _, p := range []Profile{PyTorch, Strict} {
		t.Run(string(p), func(t *testing.T) {
			pl, err := Build(s, p)
			if err != nil {
				t.Fatal(err)
			}
			sub := &Plan{}
			for _, op := range pl.Ops {
				if base, _, _ := strings.Cut(op.Name, "."); families[base] {
					sub.Ops = append(sub.Ops, op)
				}
			}
			if len(sub.Ops) < 90 {
				t.Errorf("%d ops of the golden families, want at least 90", len(sub.Ops))
			}
			golden.Check(t, filepath.Join("testdata", "plans", string(p)+".golden.jsonl"), planLines(sub))
		})
	}
}

// explainOps are the ops whose explanations are pinned, under both
// profiles.
var explainOps = []string{
	"add.Tensor", "add_.Tensor", "add.out", "transpose.int", "transpose_",
	"split.Tensor", "reshape", "contiguous", "set_.source_Storage",
	"_embedding_bag", "_unsafe_view", "_fused_moving_avg_obs_fq_helper",
	"_fused_moving_avg_obs_fq_helper_functional", "native_batch_norm",
	"_cudnn_rnn_flatten_weight", "_efficientzerotensor", "dequantize.self",
	"_test_autograd_multiple_dispatch_view", "transpose_copy.int", "zero",
	"detach", "unsafe_split.Tensor", "abs.out", "lift_fresh", "cat", "index.Tensor",
}

func TestGoldenExplain(t *testing.T) {
	s := loadPyTorch(t)
	for _, name := range explainOps {
		for _, p := range []Profile{Strict, PyTorch} {
			t.Run(name+"."+string(p), func(t *testing.T) {
				var b bytes.Buffer
				if err := Explain(&b, s, name, Options{Profile: p}); err != nil {
					t.Fatal(err)
				}
				golden.Check(t, filepath.Join("testdata", "explain", name+"."+string(p)+".golden"), b.Bytes())
			})
		}
	}
}
