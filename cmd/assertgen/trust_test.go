package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Tests of issue 19 (trust), the gen and command-line side.

// genArgs generate the interface-mode wrappers of one op into $DIR/out.
var genArgs = []string{"gen", "-mode", "interface", "-package", "out", "-out", "$DIR/out", "-ops", "add.Tensor"}

func with(args []string, more ...string) []string { return append(slices.Clone(args), more...) }

func dirList(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestGenDeletesOnlyItsOwnSet: issue 19 item 4 (and item 9's -prefix '[').
// gen -prefix ops leaves the files gen -prefix ops_extra wrote in the same
// directory; a prefix with a pattern character is a usage error.
func TestGenDeletesOnlyItsOwnSet(t *testing.T) {
	dir := t.TempDir()
	expand := func(args []string) []string {
		out := make([]string, len(args))
		for i, a := range args {
			out[i] = strings.ReplaceAll(a, "$DIR", dir)
		}
		return out
	}
	for _, args := range [][]string{with(genArgs, "-prefix", "ops_extra"), with(genArgs, "-prefix", "ops")} {
		if _, errOut, code := runCLI(t, dir, expand(args)...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut)
		}
	}
	want := []string{"ops_checked.go", "ops_direct.go", "ops_extra_checked.go", "ops_extra_direct.go", "ops_extra_kernels.go", "ops_extra_shapes.go", "ops_kernels.go", "ops_shapes.go"}
	if got := dirList(t, filepath.Join(dir, "out")); !slices.Equal(got, want) {
		t.Errorf("after gen -prefix ops_extra and gen -prefix ops: %v, want %v", got, want)
	}
	runCases(t, []cliCase{
		{name: "prefix *", args: with(genArgs, "-prefix", "*"), code: 2, err: []string{
			`assertgen gen: -prefix: "*" is not a file name prefix (ASCII letters, digits, _, - and ., not first . or -)`}},
		{name: "prefix [", args: with(genArgs, "-prefix", "["), code: 2, err: []string{
			`assertgen gen: -prefix: "[" is not a file name prefix (ASCII letters, digits, _, - and ., not first . or -)`}},
		{name: "prefix in the config", files: map[string]string{"assertgen.yaml": "mode: interface\nprefix: \"ops_*\"\n"}, args: []string{"gen"}, code: 1, err: []string{
			`assertgen: assertgen.yaml:2:9: prefix: "ops_*" is not a file name prefix (ASCII letters, digits, _, - and ., not first . or -)`}},
	})
}
