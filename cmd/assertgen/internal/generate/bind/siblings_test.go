package bind

import (
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestGenSiblingSets (issue 68, 16 and 17): two sets of two prefixes in
// one output directory (one package). Over one library's type (memory:)
// both declared the adapter type ForeignDense in the shape helpers, and
// with sweep: true both declared SweepOps: both gens exited 0 and the
// package did not build (with -tags debugasserts; SweepOps in both
// builds). The second set is now refused by gen, gen -check and vet at
// the config's key that asks for the name, the output as it was; two sets
// over two types, one of them with sweep: true, generate a package that
// builds in both builds.
func TestGenSiblingSets(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("runs the go command")
	}
	const gmem = "package k\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\nfunc GMemory(g *G[float64]) asserts.Memory { return asserts.SliceMemory(g.data) }\n"
	set := func(prefix, op, tensor, memory string, sweep bool) string {
		s := "prefix: " + prefix + "\nops: [" + op + "]\noutput: ./out\ntypes:\n  Tensor: \"" + tensor + "\"\nmemory: " + memory + "\n"
		if sweep {
			s += "sweep: true\n"
		}
		return s + "bind:\n  " + op + ": self.Neg()\n"
	}
	const dense, g = "*example.com/k.Dense", "*example.com/k.G[float64]"
	for _, tc := range []struct {
		name string
		a, b string
		err  string // of the second set; "" builds
	}{
		{"one type, memory:", set("a", "neg", dense, "example.com/k.Memory", false), set("b", "abs", dense, "example.com/k.Memory", false),
			"assertgen: b.yaml:6:9: memory: out holds the set a, whose shape helpers (out/internal/assertgenshapes/a_shapes.go) declare the adapter over *example.com/k.Dense, type ForeignDense, which this set's would declare again: the package would not build with -tags debugasserts; map Tensor to *example.com/k.Dense in one set only (one config for both: ops: lists them all), or give this one its own output: (if a is a set no longer generated, remove its files)"},
		{"two types, sweep: true in both", set("a", "neg", dense, "example.com/k.Memory", true), set("b", "abs", g, "example.com/k.GMemory", true),
			"assertgen: b.yaml:7:8: sweep: out holds the set a, whose sweep table (out/a_sweep.go) is SweepOps too: a second set with sweep: true in one package would declare SweepOps twice, and the package would not build; give one of them its own output:, or sweep: true to one only (if a is a set no longer generated, remove its files)"},
		{"two types, sweep: true in one", set("a", "neg", dense, "example.com/k.Memory", true), set("b", "abs", g, "example.com/k.GMemory", false), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			clitest.WriteFiles(t, dir, bindModule(t, "", map[string]string{"g.go": gmem, "a.yaml": tc.a, "b.yaml": tc.b}))
			if _, stderr, code := clitest.Run(t, dir, "gen", "-config", "a.yaml"); code != 0 {
				t.Fatalf("gen -config a.yaml: exit %d\n%s", code, stderr)
			}
			before := clitest.ReadSet(t, filepath.Join(dir, "out"))
			if tc.err == "" {
				if _, stderr, code := clitest.Run(t, dir, "gen", "-config", "b.yaml"); code != 0 {
					t.Fatalf("gen -config b.yaml: exit %d\n%s", code, stderr)
				}
				bindBuilds(t, dir)
				return
			}
			for _, args := range [][]string{{"gen"}, {"gen", "-check"}, {"vet"}} {
				stdout, stderr, code := clitest.Run(t, dir, append(args, "-config", "b.yaml")...)
				if first, _, _ := strings.Cut(stderr, "\n"); code != 1 || first != tc.err || stdout != "" {
					t.Errorf("%s -config b.yaml: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and\n%s", strings.Join(args, " "), code, stdout, stderr, tc.err)
				}
			}
			if got := clitest.ReadSet(t, filepath.Join(dir, "out")); !maps.Equal(got, before) {
				t.Error("gen refused and changed the output")
			}
			bindBuilds(t, dir)
		})
	}
}
