package bind

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/clitest"
)

// TestGenRefusesWhatWouldNotBuild: what gen would write is loaded as the
// go command builds it, in the release and the checked build, before it
// is written: an import cycle through bind_imports: or through memory:'s
// package, an internal package the output may not import, and a library
// type with a field named as an adapter method are refused at the
// config's line that brought them in, the output as it was.
func TestGenRefusesWhatWouldNotBuild(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("runs the go command")
	}
	cfg := "ops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\nmemory: example.com/k.Memory\nbind:\n  neg: self.Neg()\n"
	// helper and mem import the package gen writes: the output's users.
	helper := "package helper\n\nimport (\n\t\"example.com/k\"\n\t\"example.com/k/out\"\n)\n\nfunc Neg(d *k.Dense) *k.Dense { return out.Neg(d) }\n"
	mem := "package mem\n\nimport (\n\t\"example.com/k\"\n\t\"example.com/k/out\"\n\t\"github.com/assertgen/assertgen/asserts\"\n)\n\nvar _ = out.Neg\n\nfunc Memory(d *k.Dense) asserts.Memory { return k.Memory(d) }\n"
	for _, tc := range []struct {
		name, cfg string
		files     map[string]string
		err       string
	}{
		{"cycle through bind_imports", "ops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\nmemory: example.com/k.Memory\nbind_imports: [example.com/k/helper]\nbind:\n  neg: helper.Neg(self)\n",
			map[string]string{"helper/h.go": helper},
			"assertgen: assertgen.yaml:6:16: bind_imports: example.com/k/helper imports the package gen writes in out, directly or not, and that package imports it: an import cycle, which Go refuses; write the output where example.com/k/helper does not import it (output:)"},
		{"cycle through memory", strings.Replace(cfg, "memory: example.com/k.Memory", "memory: example.com/k/mem.Memory", 1),
			map[string]string{"mem/m.go": mem},
			"assertgen: assertgen.yaml:5:9: memory: example.com/k/mem imports the package gen writes in out, directly or not, and that package imports it: an import cycle, which Go refuses; write the output where example.com/k/mem does not import it (output:) (with -tags debugasserts)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			clitest.WriteFiles(t, dir, bindModule(t, cfg, nil))
			// The output exists: its users import it.
			if _, stderr, code := clitest.Run(t, dir, "gen"); code != 0 {
				t.Fatalf("gen: exit %d\n%s", code, stderr)
			}
			before := clitest.ReadSet(t, filepath.Join(dir, "out"))
			clitest.WriteFiles(t, dir, maps.Clone(tc.files))
			clitest.WriteFiles(t, dir, map[string]string{"assertgen.yaml": tc.cfg})
			// gen -check and vet refuse what gen refuses (issue 68, 18:
			// they exited 0, -check silent, vet "allowlists clean").
			for _, args := range [][]string{{"gen"}, {"gen", "-check"}, {"vet"}} {
				stdout, stderr, code := clitest.Run(t, dir, args...)
				if first, _, _ := strings.Cut(stderr, "\n"); code != 1 || first != tc.err || stdout != "" {
					t.Errorf("%s: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and\n%s", strings.Join(args, " "), code, stdout, stderr, tc.err)
				}
			}
			if got := clitest.ReadSet(t, filepath.Join(dir, "out")); !maps.Equal(got, before) {
				t.Error("gen refused and changed the output")
			}
		})
	}
	internalLib := strings.Replace(bindLib, "package k", "package lib", 1)
	gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
	internalMod := map[string]string{"go.mod": gomod, "go.sum": gosum, "a/internal/lib/lib.go": internalLib,
		"assertgen.yaml": "ops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k/a/internal/lib.Dense\"\nmemory: example.com/k/a/internal/lib.Memory\nbind:\n  neg: self.Neg()\n"}
	const internalErr = "assertgen: assertgen.yaml:5:9: memory: example.com/k/a/internal/lib is an internal package, which Go lets only the packages under example.com/k/a import, and the package gen writes in out is not one of them: write the output under example.com/k/a (output:)"
	internalKernels := map[string]string{"go.mod": gomod, "go.sum": gosum, "a/internal/lib/lib.go": internalLib + "\nfunc Abs(self *Dense) *Dense { return self.Neg() }\n",
		"assertgen.yaml": "kernels: ./a/internal/lib\nops: [abs]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k/a/internal/lib.Dense\"\nmemory: example.com/k/a/internal/lib.Memory\n"}
	const internalKernelsErr = "assertgen: assertgen.yaml:1:10: kernels: example.com/k/a/internal/lib is an internal package, which Go lets only the packages under example.com/k/a import, and the package gen writes in out is not one of them: write the output under example.com/k/a (output:)"
	clitest.RunCases(t, []clitest.Case{
		{Name: "internal package", Files: internalMod,
			Args: []string{"gen"}, Code: 1, Err: []string{internalErr},
			Check: func(t *testing.T, dir string) {
				if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
					t.Error("code was generated")
				}
			}},
		{Name: "internal package, gen -check", Files: internalMod, Args: []string{"gen", "-check"}, Code: 1, Err: []string{internalErr}},
		{Name: "internal package, vet", Files: internalMod, Args: []string{"vet"}, Code: 1, Err: []string{internalErr}},
		{Name: "internal kernels package", Files: internalKernels, Args: []string{"gen"}, Code: 1, Err: []string{internalKernelsErr}},
		{Name: "internal kernels package, gen -check", Files: internalKernels, Args: []string{"gen", "-check"}, Code: 1, Err: []string{internalKernelsErr}},
		{Name: "internal kernels package, vet", Files: internalKernels, Args: []string{"vet"}, Code: 1, Err: []string{internalKernelsErr}},
		{Name: "internal package, output under its parent", Files: map[string]string{"go.mod": gomod, "go.sum": gosum, "a/internal/lib/lib.go": internalLib,
			"assertgen.yaml": "ops: [neg]\noutput: ./a/out\ntypes:\n  Tensor: \"*example.com/k/a/internal/lib.Dense\"\nmemory: example.com/k/a/internal/lib.Memory\nbind:\n  neg: self.Neg()\n"},
			Args: []string{"gen"}, Err: []string{"assertgen: 1 ops wrapped in a/out"},
			Check: func(t *testing.T, dir string) {
				for _, tags := range []string{"", "debugasserts"} {
					cmd := exec.Command("go", "vet", "-tags", tags, "./a/out/...")
					cmd.Dir = dir
					if out, err := cmd.CombinedOutput(); err != nil {
						t.Errorf("the generated package (tags %q) does not build: %v\n%s", tags, err, out)
					}
				}
			}},
		{Name: "field named as an adapter method", Files: bindModule(t, "ops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k/f.Dense\"\nmemory: example.com/k/f.Mem\nbind:\n  neg: self\n",
			map[string]string{"f/f.go": "package f\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Dense struct{ Memory []float64 }\n\nfunc Mem(d *Dense) asserts.Memory { return asserts.SliceMemory(d.Memory) }\n"}),
			Args: []string{"gen"}, Code: 1, Err: []string{
				"assertgen: assertgen.yaml:4:11: types: Tensor: *f.Dense has a field Memory, and the adapter gen declares over it (type ForeignDense with the struct's fields) has a method Memory, which asserts' contract or the wrappers call: Go refuses a field and a method of one name; map Tensor to a type of your own that holds the library's (type T struct{ d *lib.Dense }), with a memory function of it"},
			Check: func(t *testing.T, dir string) {
				if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
					t.Error("code was generated")
				}
			}},
	})
}

// TestGenPlatformKernels: a kernel declared on some platforms only (a
// file k_linux.go, or k_windows.go on any other platform) is refused at
// its declaration on every platform, so that gen and gen -check agree
// everywhere; declared on every platform (one file each, or none
// constrained), it is bound.
func TestGenPlatformKernels(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	lib := "package k\n\nimport \"github.com/assertgen/assertgen/asserts\"\n\ntype Tensor struct{}\n\nfunc (t *Tensor) Ident() asserts.Ident { return asserts.Ident{} }\n"
	neg := func(constraint string) string {
		return constraint + "package k\n\nfunc Neg(self *Tensor) *Tensor { return self }\n"
	}
	cfg := "kernels: .\nops: [neg]\noutput: ./out\nmode: interface\nuse_counts: false\ntypes:\n  Tensor: \"*example.com/k.Tensor\"\n"
	mod := func(files ...string) map[string]string {
		gomod, gosum := clitest.RequiringAssertgen(t, "example.com/k")
		m := map[string]string{"go.mod": gomod, "go.sum": gosum, "k.go": lib, "assertgen.yaml": cfg}
		for i := 0; i+1 < len(files); i += 2 {
			m[files[i]] = files[i+1]
		}
		return m
	}
	const why = ": gen would bind neg on those and not on the others, and write other files there, so that gen -check would disagree between them; declare it on every platform (in a file without a constraint, or in one for each: a stub that panics will do)"
	clitest.RunCases(t, []clitest.Case{
		{Name: "k_linux.go", Files: mod("k_linux.go", neg("")), Args: []string{"vet"}, Code: 1, Err: []string{
			"assertgen: k_linux.go:3:6: Neg, the kernel of neg, is declared on some platforms only (k_linux.go:3:6 declares it, and aix/ppc64 and 29 more do not)" + why}},
		{Name: "k_windows.go", Files: mod("k_windows.go", neg("")), Args: []string{"gen", "-check"}, Code: 1, Err: []string{
			"assertgen: k_windows.go:3:6: Neg, the kernel of neg, is declared on some platforms only (k_windows.go:3:6 declares it, and aix/ppc64 and 43 more do not)" + why}},
		{Name: "go:build amd64", Files: mod("k_amd.go", neg("//go:build amd64\n\n")), Args: []string{"gen"}, Code: 1, Err: []string{
			"assertgen: k_amd.go:5:6: Neg, the kernel of neg, is declared on some platforms only (k_amd.go:5:6 declares it, and aix/ppc64 and 34 more do not)" + why}},
		{Name: "one file each", Files: mod("k_linux.go", neg(""), "k_other.go", neg("//go:build !linux\n\n")), Args: []string{"gen"}, Err: []string{"assertgen: 1 ops wrapped in out"}},
	})
}

// TestGenVendoringModule: in a module that vendors its dependencies, the
// generated package imports packages of assertgen its vendor tree lacks
// (asserts/wrap): gen writes it and says, in one line, to run go mod
// vendor, after which both builds build.
func TestGenVendoringModule(t *testing.T) {
	t.Parallel() // runs the command in directories of its own
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	clitest.WriteFiles(t, dir, bindModule(t, "ops: [neg]\noutput: ./out\ntypes:\n  Tensor: \"*example.com/k.Dense\"\nmemory: example.com/k.Memory\nbind:\n  neg: self.Neg()\n", nil))
	goCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	goCmd("mod", "vendor")
	_, stderr, code := clitest.Run(t, dir, "gen")
	const note = "assertgen: note: the module vendors its dependencies, and the generated package imports packages its vendor tree lacks: run go mod vendor"
	if code != 0 || !strings.Contains(stderr, "\n"+note+"\n") || strings.Count(stderr, "note:") != 1 {
		t.Fatalf("gen: exit %d, stderr:\n%s\nwant exit 0 and the line\n%s", code, stderr, note)
	}
	goCmd("mod", "vendor")
	goCmd("vet", "./out/...")
	goCmd("vet", "-tags", "debugasserts", "./out/...")
	if _, stderr, code := clitest.Run(t, dir, "gen"); code != 0 || strings.Contains(stderr, "note:") {
		t.Errorf("gen once vendored: exit %d, stderr:\n%s", code, stderr)
	}
}
