// Package onepath is the one comparison of the examples' one-path tests
// (examples/gcrt, ifacert, pool): each scenario runs on the fast plan and
// with every call forced onto the rows (engine.SetRowsOnly), under each
// environment and with same_content off and on, and both runs are held to
// a golden file (golden.Scenarios), which -update writes from the rows.
// A harness under testdata, imported by tests only.
package onepath

import (
	"fmt"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/testdata/golden"
)

// Envs are the environments a scenario runs under, in the order it runs
// them: none registered, a mode active, a hermetic context, a context.
var Envs = []string{"plain", "mode", "hermetic", "context"}

// env returns the Env of the environment named name.
func env(name string) asserts.Env {
	switch name {
	case "mode":
		return EnvFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} })
	case "hermetic":
		return EnvFunc(func() asserts.EnvState { return asserts.EnvState{Hermetic: true, Context: 3} })
	case "context":
		return EnvFunc(func() asserts.EnvState { return asserts.EnvState{Context: 3} })
	}
	return nil
}

// EnvFunc is an asserts.Env that reports what its function returns.
type EnvFunc func() asserts.EnvState

// State returns f's state.
func (f EnvFunc) State() asserts.EnvState { return f() }

// Compare runs each case of cases (by its name) under each of Envs and
// with same_content off and on, as subtest "CASE/ENV/content=B": run(t, i,
// env, rows) runs case i from reset statistics, with rows every call
// forced onto the rows, and returns its scenario's text (Text); the texts
// on the fast plan and on the rows must both be the golden file's at path.
func Compare(t *testing.T, path string, cases []string, run func(t *testing.T, i int, env string, rows bool) string) {
	g := golden.ReadScenarios(t, path)
	defer g.Write(t)
	for i, c := range cases {
		for _, e := range Envs {
			for _, content := range []bool{false, true} {
				name := fmt.Sprintf("%s/%s/content=%v", c, e, content)
				t.Run(name, func(t *testing.T) {
					defer asserts.SetEnv(asserts.SetEnv(env(e)))
					defer asserts.SetContentCheck(asserts.SetContentCheck(content))
					text := func(rows bool) string {
						defer engine.SetRowsOnly(engine.SetRowsOnly(rows))
						asserts.ResetStats()
						return run(t, i, e, rows)
					}
					g.Check(t, name, text(false), text(true))
				})
			}
		}
	}
}

// Violations runs f with a collector as the handler and returns what it
// collected.
func Violations(f func()) []asserts.Violation {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	f()
	return col.Violations()
}

// Text is a scenario's text (golden.ScenarioText): the statistics of ops,
// each found by stats, and the violations vs by check, place and other.
func Text(ops []string, stats func(op string) asserts.Stats, vs []asserts.Violation) string {
	var st []asserts.Stats
	for _, op := range ops {
		st = append(st, stats(op))
	}
	var lines []string
	for _, v := range vs {
		lines = append(lines, fmt.Sprintf("%v %s %s", v.Check, v.Where(), v.Other))
	}
	return golden.ScenarioText(ops, st, lines)
}

// IfaceStats returns the statistics of the op named name (Op.FullName) of
// a set in interface mode (its Op has no Kernel, unlike a function-mode
// set's ops of the same names), zero for one that never ran.
func IfaceStats(name string) asserts.Stats {
	for _, op := range engine.Ops() {
		if op.FullName() == name && op.Kernel == nil {
			return op.Stats()
		}
	}
	return asserts.Stats{}
}
