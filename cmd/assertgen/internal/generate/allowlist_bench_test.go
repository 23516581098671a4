package generate_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/generate"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// writeLargeAllowlist writes, into dir, a user allowlist of a skip entry
// for every row of the embedded schema's strict and pytorch plans (each
// limited to its argument or return; once for every profile and once for
// the plan's profile alone), and
// returns its path and entry count: the size of allowlist a project that
// keeps one entry per row it excuses reaches (issue 33: 82,698 entries).
func writeLargeAllowlist(tb testing.TB, dir string) (string, int) {
	tb.Helper()
	s, err := schema.Embedded("")
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	buf.WriteString("skip:\n")
	seen := map[string]bool{}
	n := 0
	for _, p := range []plan.Profile{plan.Strict, plan.PyTorch} {
		pl, err := plan.Build(s, p)
		if err != nil {
			tb.Fatal(err)
		}
		for _, o := range pl.Ops {
			for _, c := range append(o.Checks, skipChecks(o.Skipped)...) {
				line := fmt.Sprintf("  - {op: %s, check: %s", o.Name, c.Name)
				switch {
				case c.Ret != nil:
					line += ", ret: " + strconv.Itoa(*c.Ret)
				case c.Arg != "" && c.Name.String() != "distinct_outputs":
					line += ", arg: " + c.Arg
				}
				// The entry for every profile, then for this one alone.
				for _, l := range []string{line, line + ", profiles: [" + string(p) + "]"} {
					l += ", reason: generated for the benchmark}\n"
					if !seen[l] {
						seen[l] = true
						buf.WriteString(l)
						n++
					}
				}
			}
		}
	}
	path := filepath.Join(dir, "large.yaml")
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		tb.Fatal(err)
	}
	return path, n
}

func skipChecks(ss []plan.Skip) []plan.Check {
	out := make([]plan.Check, len(ss))
	for i, s := range ss {
		out[i] = s.Check
	}
	return out
}

// BenchmarkPlanLargeAllowlist measures `assertgen plan` with a user
// allowlist of one entry per row of the embedded schema's plans (see
// writeLargeAllowlist): the lint of its entries against the schema's ops
// dominated it.
func BenchmarkPlanLargeAllowlist(b *testing.B) {
	path, n := writeLargeAllowlist(b, b.TempDir())
	fi, _ := os.Stat(path)
	b.Logf("%d entries, %d bytes", n, fi.Size())
	for b.Loop() {
		var stderr bytes.Buffer
		if err := generate.CmdPlan.Run([]string{"-allowlists", path}, io.Discard, &stderr); err != nil {
			b.Fatalf("%v: %s", err, stderr.Bytes())
		}
	}
}
