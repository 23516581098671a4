// Package onepath is the one comparison of the examples' one-path tests
// (examples/gcrt, ifacert, pool): each scenario runs on the fast plan and
// with every call forced onto the rows (engine.SetRowsOnly), under each
// environment and with same_content off and on, and both runs are held to
// a golden file (golden.Scenarios), which -update writes from the rows.
// A harness under testdata, imported by tests only; its API names no
// type of the module (the repository's names test reads it from export
// data, beside the module's packages read from source).
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
		return envFunc(func() asserts.EnvState { return asserts.EnvState{ModeActive: true} })
	case "hermetic":
		return envFunc(func() asserts.EnvState { return asserts.EnvState{Hermetic: true, Context: 3} })
	case "context":
		return envFunc(func() asserts.EnvState { return asserts.EnvState{Context: 3} })
	}
	return nil
}

// envFunc is an asserts.Env that reports what its function returns.
type envFunc func() asserts.EnvState

// State returns f's state.
func (f envFunc) State() asserts.EnvState { return f() }

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
// collected, a line each: the check, the place and the other tensor.
func Violations(f func()) []string {
	col := asserts.NewCollector()
	defer asserts.SetHandler(asserts.SetHandler(col))
	f()
	var lines []string
	for _, v := range col.Violations() {
		lines = append(lines, fmt.Sprintf("%v %s %s", v.Check, v.Where(), v.Other))
	}
	return lines
}

// Text is a scenario's text (golden.ScenarioText): the statistics of ops
// of a set in interface mode (ifaceStats), and the violations vs.
func Text(ops []string, vs []string) string {
	var st []asserts.Stats
	for _, op := range ops {
		st = append(st, ifaceStats(op))
	}
	return golden.ScenarioText(ops, st, vs)
}

// Calls returns the number of calls of the op named name of a set in
// interface mode (ifaceStats).
func Calls(name string) uint64 { return ifaceStats(name).Calls }

// ifaceStats returns the statistics of the op named name (Op.FullName) of
// a set in interface mode (its Op has no Kernel, unlike a function-mode
// set's ops of the same names), zero for one that never ran.
func ifaceStats(name string) asserts.Stats {
	for _, op := range engine.Ops() {
		if op.FullName() == name && op.Kernel == nil {
			return op.Stats()
		}
	}
	return asserts.Stats{}
}
