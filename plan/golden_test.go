package plan

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/assertgen/assertgen/schema"
)

var update = flag.Bool("update", false, "rewrite the golden files")

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

// checkGolden compares got with the golden file, op by op (line by line),
// or rewrites it with -update.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	n := 0
	for i := 0; i < max(len(gl), len(wl)) && n < 10; i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s:%d:\n got %s\nwant %s", path, i+1, g, w)
			n++
		}
	}
	if n == 0 {
		t.Errorf("%s differs", path)
	}
	t.Log("run go test -update to accept the new output")
}

// TestGoldenPlans pins the plan of every op of PyTorch 1.13.1 under both
// profiles. The pytorch golden was checked, op by op, against the asserts
// PyTorch 1.13.1's own gen_variable_type emits (see docs/plan.md).
func TestGoldenPlans(t *testing.T) {
	s := loadPyTorch(t)
	for _, p := range []Profile{PyTorch, Strict} {
		t.Run(string(p), func(t *testing.T) {
			pl, err := Build(s, p)
			if err != nil {
				t.Fatal(err)
			}
			if len(pl.Ops) != 2952 {
				t.Errorf("%d ops, want 2952", len(pl.Ops))
			}
			checkGolden(t, fmt.Sprintf("../testdata/plan-%s-1.13.1.golden.jsonl", p), planLines(pl))
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
				checkGolden(t, filepath.Join("testdata", "explain", name+"."+string(p)+".golden"), b.Bytes())
			})
		}
	}
}
