// This file reports the selected ops without a kernel in function mode:
// one finding per op, with the declaration to write and the closest
// unused function. It writes kernel stubs on request.

package generate

import (
	"errors"
	"fmt"
	gobuild "go/build"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// PrintMissing prints one finding per selected op without a kernel. It
// says where the config selects the op, the kernel's name and package,
// and the closest unused function. The next line is the declaration to
// write, ready to paste. prefix goes before each finding: "info: " for
// ops that are not required.
func PrintMissing(w io.Writer, c *config.Config, p *plan.Plan, o gen.Options, where map[string]schema.Position, missing []*plan.Op, prefix string) error {
	unused := unusedKernels(p, o.Kernels)
	for _, m := range missing {
		decl, err := gen.KernelDecl(m, o)
		if err != nil {
			return err
		}
		at := ""
		if prefix == "" {
			pos, ok := where[m.Name]
			if !ok {
				pos = c.At("ops")
			}
			at = pos.String() + ": "
		}
		if other, ok := o.Kernels.Blocks(m.GoName); ok {
			fmt.Fprintf(w, "%s%s%s: no kernel %s in %s: %s is %s (%s), %s; rename it, then write:\n\t%s\n", prefix, at, m.Name, m.GoName, o.Kernels.Path, m.GoName, other.What, other.Pos, notKernel(other.What), decl)
			continue
		}
		fmt.Fprintf(w, "%s%s%s: no kernel %s in %s%s; write:\n\t%s\n", prefix, at, m.Name, m.GoName, o.Kernels.Path, nearKernel(m.GoName, unused), decl)
	}
	return nil
}

// Stubs are the kernel stubs of a -stubs file, checked and ready to be
// written (see PrepareStubs).
type Stubs struct {
	path string // as the user gave it
	abs  string
	pkg  string // the kernels package's name
	n    int
	data []byte
}

// PrepareStubs makes the file path of a stub of the kernel of each op of
// missing (gen.KernelStubs). It checks that the file builds with the
// kernels package, in the release build and with o's build tag, and
// declares each kernel. k is the kernels package as loaded; when nil, it
// is loaded for the check. CheckStubsFile has checked path. PrepareStubs
// returns nil, nil when there is nothing to write: no path, or no op.
//
// Nothing is written yet. A command prepares the stubs before it writes
// anything, so that a refusal leaves every file as it was.
func PrepareStubs(path string, o gen.Options, k *discover.Package, missing []*plan.Op) (*Stubs, error) {
	if path == "" || len(missing) == 0 {
		return nil, nil
	}
	data, err := gen.KernelStubs(missing, o)
	if err != nil {
		return nil, fmt.Errorf("-stubs %s: %v; nothing written", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(missing))
	for i, m := range missing {
		names[i] = m.GoName
	}
	tag := o.BuildTag
	if tag == "" {
		tag = gen.DefaultBuildTag
	}
	check := func() error { return discover.CheckAdded(o.Kernels.Dir, map[string][]byte{abs: data}, names, tag) }
	if k != nil {
		check = func() error { return k.CheckAdded(map[string][]byte{abs: data}, names, tag) }
	}
	if err := check(); err != nil {
		return nil, fmt.Errorf("-stubs %s: %v\nnothing written", path, err)
	}
	return &Stubs{path: path, abs: abs, pkg: o.Kernels.Name, n: len(missing), data: data}, nil
}

// Write writes the stubs with write, and says so on w. write is
// output.WriteNew under the command's guard: whole or not at all, never
// over a file. Nil stubs write nothing.
func (s *Stubs) Write(w io.Writer, write func(dir string, files []output.File) error) error {
	if s == nil {
		return nil
	}
	err := write(filepath.Dir(s.abs), []output.File{{Name: filepath.Base(s.abs), Data: s.data}})
	var exists *output.ExistsError
	if errors.As(err, &exists) {
		return fmt.Errorf("%s exists; assertgen writes only new files (remove it or choose another name)", s.path)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "assertgen: wrote %d kernel stubs to %s (package %s): implement them there or move them\n", s.n, s.path, s.pkg)
	return nil
}

// CheckStubsFile checks the -stubs file path before anything is written.
// The stubs are of the kernels package, so path must be a new file the go
// command builds into it on every system:
//   - in its directory, and a .go file;
//   - not a test file;
//   - not one the go command ignores (_x.go, .x.go);
//   - without a system or architecture suffix (x_windows.go).
//
// A problem is a *UsageError saying which, with a name that would do. A
// file that exists is an error too; WriteNew checks again when it writes.
// Before that check, what a killed write of new files left in the
// directory is completed or removed (output.RecoverNew).
func CheckStubsFile(path string, k *kernels.Set) error {
	if path == "" {
		return nil
	}
	bad := func(format string, args ...any) error {
		return &base.UsageError{Msg: "-stubs " + path + ": " + fmt.Sprintf(format, args...)}
	}
	if k == nil {
		return bad("interface mode without a kernels package has no kernels to stub (kernels: names the package of the functions the adapter calls)")
	}
	dir := filepath.Dir(path)
	kdir := k.Dir
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, kdir); err == nil && len(rel) < len(kdir) {
			kdir = rel
		}
	}
	base := filepath.Base(path)
	if !sameDir(dir, k.Dir) {
		return bad("the stubs are of package %s (%s), whose directory is %s: name a file there, such as %s", k.Name, k.Path, kdir, filepath.Join(kdir, goodName(base)))
	}
	if why := ignored(base); why != "" {
		return bad("%s, such as %s", why, filepath.Join(kdir, goodName(base)))
	}
	// A file a killed -stubs left half-written is not a file that exists.
	// Finish or undo that write first (output.RecoverNew).
	if err := output.RecoverNew(dir); err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists; assertgen writes only new files (remove it or choose another name)", path)
	}
	return nil
}

// sameDir reports whether the directories a and b are one.
func sameDir(a, b string) bool {
	ai, err := os.Stat(a)
	if err != nil {
		return false
	}
	bi, err := os.Stat(b)
	return err == nil && os.SameFile(ai, bi)
}

// ignored says why the go command would not build the Go file name into
// its package on every system, or "".
func ignored(name string) string {
	switch {
	case filepath.Ext(name) != ".go":
		return "not a .go file: name a file the go command builds"
	case strings.HasPrefix(name, "_") || strings.HasPrefix(name, "."):
		return "the go command ignores a file whose name starts with _ or .: name a file it builds"
	case strings.HasSuffix(name, "_test.go"):
		return "a _test.go file is built only into the package's tests: name a file it builds"
	}
	if suffix := systemSuffix(name); suffix != "" {
		return "the go command builds a file named " + suffix + " only for that system or architecture: name a file it builds"
	}
	return ""
}

// systemSuffix returns the suffix of the Go file name that limits it to a
// system or an architecture ("_windows.go", "_linux_amd64.go"), or "".
// The go command's own rule decides (go/build's MatchFile). A name it
// leaves out on linux/amd64 or on windows/arm64 has such a suffix; those
// two platforms share neither system nor architecture.
func systemSuffix(name string) string {
	builds := func(name string) bool {
		for _, p := range [][2]string{{"linux", "amd64"}, {"windows", "arm64"}} {
			ctx := gobuild.Default
			ctx.GOOS, ctx.GOARCH = p[0], p[1]
			ctx.BuildTags, ctx.ToolTags, ctx.ReleaseTags = nil, nil, nil
			ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("package p\n")), nil }
			if ok, err := ctx.MatchFile(".", name); err != nil || !ok {
				return false
			}
		}
		return true
	}
	if builds(name) {
		return ""
	}
	stem := strings.TrimSuffix(name, ".go")
	for i := len(stem) - 1; i >= 0; i-- {
		if stem[i] == '_' && builds(stem[:i]+".go") {
			return stem[i:] + ".go"
		}
	}
	return ".go"
}

// goodName is a name like name that the go command builds: ending in .go,
// without a leading _ or ., and without a _test or system suffix.
func goodName(name string) string {
	stem := strings.TrimLeft(strings.TrimSuffix(name, filepath.Ext(name)), "_.")
	stem = strings.TrimSuffix(stem, "_test")
	if s := systemSuffix(stem + ".go"); s != "" {
		stem = strings.TrimSuffix(stem+".go", s)
	}
	if stem == "" || ignored(stem+".go") != "" {
		return StubsFile
	}
	return stem + ".go"
}

// notKernel says why a name of the kernels package of kind what (see
// kernels.Other) is not a kernel.
func notKernel(what string) string {
	switch what {
	case "a generic function":
		return "which function mode cannot wrap (a kernel has no type parameters)"
	case "declared by a test file":
		return "so a kernel of that name would not build with the package's tests"
	}
	return "not a function"
}

// MissingOps returns the ops of p named in names (gen.Result.Missing).
func MissingOps(p *plan.Plan, names []string) []*plan.Op {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []*plan.Op
	for _, op := range p.Ops {
		if want[op.Name] {
			out = append(out, op)
		}
	}
	return out
}

// KernelsRequired reports whether c names the ops it selects, by ops: or
// backend:. Then each needs a kernel, unless allow_missing_kernels says
// otherwise. With every op of the schema selected, the kernels package
// implements those it has.
func KernelsRequired(c *config.Config) bool {
	return (len(c.Ops) > 0 || c.Backend != "") && !c.AllowMissingKernels
}

// unusedKernels returns the sorted names of the functions of k that are
// the kernel of no op of p: the candidates for a misspelt kernel.
func unusedKernels(p *plan.Plan, k *kernels.Set) []string {
	used := map[string]bool{}
	for _, op := range p.Ops {
		used[op.GoName] = true
	}
	var out []string
	for name := range k.Funcs {
		if !used[name] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// nearKernel returns "; did you mean F? ..." for the unused function F
// closest to the kernel name want, or "". The same letters in another
// case come first.
func nearKernel(want string, unused []string) string {
	best := ""
	for _, f := range unused {
		if strings.EqualFold(f, want) {
			best = f
			break
		}
	}
	if best == "" {
		if near := schema.Near(want, unused); len(near) > 0 {
			best = near[0]
		}
	}
	if best == "" {
		return ""
	}
	return schema.Suggest(best) + " (a kernel is named by plan.GoName's rule: " + want + ")"
}

// StubsFile is the file init writes the stubs of the selected ops' missing
// kernels to, in the package of the kernels.
const StubsFile = "assertgen_kernels_todo.go"
