//go:build debugasserts

package pool_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/examples/pool"
	"github.com/assertgen/assertgen/examples/pool/catalog"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/golden"
)

// onePathOps are the catalog's ops, by full name.
var onePathOps = []string{"add.Tensor", "add_.Tensor", "add.out", "mul.Tensor", "mul.out", "neg", "clone", "select.int",
	"transpose.int", "zero_"}

// opStats returns the statistics of the op named name of the catalog
// (interface mode: no Kernel, unlike the function-mode sets' ops of the
// same names), zero for one that never ran.
func opStats(name string) asserts.Stats {
	for _, op := range engine.Ops() {
		if op.FullName() == name && op.Kernel == nil {
			return op.Stats()
		}
	}
	return asserts.Stats{}
}

// TestOnePathCountsAsRowsPath holds the one path of a runtime with use
// counts whose tensors report their storage anchors (pool's recycled
// memory) to testdata/onepath.golden, written from the rows path of
// version 3: on each of the catalog's bugs and legal runs, plain, under a
// mode, in a hermetic context, in a context, with same_content off and
// on, the ops' statistics (check by check, skip by reason) and the
// violations are the golden's, on the fast plan and with every call
// forced onto the rows (engine.SetRowsOnly).
func TestOnePathCountsAsRowsPath(t *testing.T) {
	envs := map[string]asserts.Env{
		"plain":    nil,
		"mode":     envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} }),
		"hermetic": envFunc(func() asserts.EnvState { return asserts.EnvState{Hermetic: true, Context: 3} }),
		"context":  envFunc(func() asserts.EnvState { return asserts.EnvState{Context: 3} }),
	}
	g := golden.ReadScenarios(t, filepath.Join("testdata", "onepath.golden"))
	defer g.Write(t)
	for _, b := range poolBugs {
		for _, ename := range []string{"plain", "mode", "hermetic", "context"} {
			for _, content := range []bool{false, true} {
				name := fmt.Sprintf("%s/%s/content=%v", b.name, ename, content)
				t.Run(name, func(t *testing.T) {
					defer asserts.SetEnv(asserts.SetEnv(envs[ename]))
					defer asserts.SetContentCheck(asserts.SetContentCheck(content))
					run := func(rows bool) string {
						defer engine.SetRowsOnly(engine.SetRowsOnly(rows))
						asserts.ResetStats()
						k := catalog.Checked(b.k)
						vs := asserts.Collect(func() {
							for range 3 {
								b.run(k)
							}
						})
						var stats []asserts.Stats
						var violations []string
						for _, name := range onePathOps {
							stats = append(stats, opStats(name))
						}
						for _, v := range vs {
							violations = append(violations, fmt.Sprintf("%v %s %s", v.Check, v.Where(), v.Other))
						}
						return golden.ScenarioText(onePathOps, stats, violations)
					}
					g.Check(t, name, run(false), run(true))
				})
			}
		}
	}
}

// TestOnePathLateBug: mul turning into returning self after 1,000 good
// calls is reported at its call, on the fast plan as with every call
// forced onto the rows.
func TestOnePathLateBug(t *testing.T) {
	for _, rows := range []bool{false, true} {
		prev := engine.SetRowsOnly(rows)
		n := 0
		ks := kernels{mul: func(self, other f32) f32 {
			if n++; n > 1000 {
				return pool.MulReturnsSelf(self, other)
			}
			return pool.MulTensor(self, other)
		}}
		k := catalog.Checked(ks)
		asserts.ResetStats()
		x := vec(4)
		at, count := -1, 0
		for i := range 1010 {
			vs := asserts.Collect(func() { k.MulTensor(x, x).Release() })
			if len(vs) > 0 && at < 0 {
				at = i
			}
			count += len(vs)
		}
		x.Release()
		engine.SetRowsOnly(prev)
		if at != 1000 || count != 10 {
			t.Errorf("rows=%v: first violation at call %d, %d in all; want 1000 and 10", rows, at, count)
		}
		if st := opStats("mul.Tensor"); st.Calls != 1010 {
			t.Errorf("rows=%v: stats %+v", rows, st)
		}
	}
}

type envFunc func() asserts.EnvState

func (f envFunc) State() asserts.EnvState { return f() }
