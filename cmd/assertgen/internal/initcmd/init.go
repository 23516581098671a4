package initcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/cmd/assertgen/internal/generate"
	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/discover"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
)

// InitOptions are the settings of Init.
type InitOptions struct {
	Dir       string   // the package of the tensor type and its kernels
	Type      string   // the tensor type's name; default Tensor
	Ops       []string // op selectors to wrap; default: those the package has kernels for
	UseCounts string   // auto (default), true or false
	// Types are type map entries besides Tensor, "Scalar=float64".
	Types []string
	// TypeParams name the element types of a generic tensor type's type
	// parameters: "T=float32,float64". The default is the finite type set
	// of its constraint.
	TypeParams []string
	// Memory says the tensor type has no ids of its own. init then writes
	// a memory function (memory:) to fill in, not the contract's methods.
	Memory bool
	// Kernels are the packages of a kernel library over a library's type
	// (-type IMPORTPATH.Type), as import paths; "." is the package of Dir.
	// init binds their exported functions, methods of exported types and
	// operator values too. By default, it is "." where Dir's files import
	// the library and declare exported functions or methods.
	Kernels []string
	Out     io.Writer // where Init says what it wrote and what is left
	// Progress, when set, is told of each long step -type's checks of a
	// library take (a program's build, its runs) as it starts.
	Progress func(line string)
	// Write writes the new files into the directory dir, all or none. The
	// command's is output.WriteNew under its signal guard. nil means
	// output.WriteNew.
	Write func(dir string, files []output.File) error
}

// Init writes, in the package of o.Dir, what a runtime needs to start on
// assertgen:
//   - assertgen.yaml;
//   - generate.go, with the go:generate line;
//   - assertgen_contract.go: the contract adapter's methods the tensor
//     type lacks, each a TODO. With o.Memory, the memory function
//     (MemoryFile) and its conformance test (MemoryTestFile) stand in
//     their place.
//   - the conformance test, assertgen_contract_test.go;
//   - the sweep test, SweepTestFile;
//   - a stub of each selected op's missing kernel, StubsFile.
//
// The Go files it adds to the package are type-checked with it, in the
// release and the debug build, before anything is written. The names its
// tests declare are ones the package's tests leave free. It writes only
// new files, all of them or none (o.Write): if any exists, it writes
// none.
//
// A bad -types, -ops or -use-counts value is an error naming the flag: a
// *UsageError, or a schema.Error at the flag.
func Init(o InitOptions) error {
	if o.Type == "" {
		o.Type = "Tensor"
	}
	if lib, err := libraryInit(o); lib {
		return err // a library's type (library.go)
	}
	if len(o.Kernels) > 0 {
		return usage("-kernels with -type %s: a kernel library is bound over a library's type, named by its import path (-type '*gonum.org/v1/gonum/mat.Dense'); the kernels of your own type are found in its package", o.Type)
	}
	t, err := inspect(o.Dir, o.Type, o.UseCounts, o.TypeParams, o.Memory)
	if err != nil {
		return err
	}
	if o.Memory {
		if err := t.useMemory(o.UseCounts); err != nil {
			return err
		}
	}
	if err := t.checkedDir(); err != nil {
		return err
	}
	if t.Types, err = typeEntries(o.Types); err != nil {
		return err
	}
	ops := o.Ops
	if infer := !slices.ContainsFunc(t.Types, func(e [2]string) bool { return e[0] == "Scalar" }); len(ops) == 0 || infer {
		j, err := probe(o, t)
		if err != nil {
			return err
		}
		if infer {
			inferScalar(t, j)
			if len(t.Params) == 0 && t.Inferred != "" {
				// The kernels are vetted (kernelOps) with the Scalar type
				// their arguments have, not the default (any).
				if j, err = probe(o, t); err != nil {
					return err
				}
			}
		}
		if len(ops) == 0 {
			if ops, err = kernelOps(j, t); err != nil {
				return err
			}
		}
	}
	files := map[string][]byte{}
	var names []string
	// The config first: the job it gives says which kernels are missing
	// and, for a generic type, what its tests are written with.
	if files["assertgen.yaml"], err = render(templates[0], t, ops); err != nil {
		return fmt.Errorf("assertgen.yaml: %v", err)
	}
	c, err := parseConfig(o, t, files["assertgen.yaml"])
	if err != nil {
		return err
	}
	// Ops found by their kernels have them all, so kernelStubs finds none
	// missing. A generic type's are vetted here, with the Scalar type init
	// inferred. The job says what the tests are written with.
	missing, stubs, job, err := kernelStubs(t, c)
	if err != nil {
		return err
	}
	if stubs != nil {
		files[generate.StubsFile] = stubs
	}
	if f := findFill(t, t.pkg, job); len(t.Params) > 0 || f.Union != "" {
		t.Fill = f
	}
	for _, f := range templates {
		if f.want != nil && !f.want(t) {
			continue
		}
		if files[f.name] == nil {
			if files[f.name], err = render(f, t, ops); err != nil {
				return fmt.Errorf("%s: %v", f.name, err)
			}
		}
		names = append(names, f.name)
	}
	if files[generate.StubsFile] != nil {
		names = append(names, generate.StubsFile)
	}
	if err := t.testClashes(); err != nil {
		return err
	}
	if err := checkBuilds(t, files, missing); err != nil {
		return err
	}
	if err := writeAll(t.Dir, names, files, o.Write); err != nil {
		return err
	}
	report(o.Out, t, names, missing)
	return nil
}

// usage is a *UsageError: a bad flag value.
func usage(format string, args ...any) error {
	return &base.UsageError{Msg: fmt.Sprintf(format, args...)}
}

// addedSources returns, by their paths, the files init adds to the
// package in dir that are built with it: Go files, not tests.
func addedSources(dir string, files map[string][]byte) map[string][]byte {
	added := map[string][]byte{}
	for name, data := range files {
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			added[filepath.Join(dir, name)] = data
		}
	}
	return added
}

// checkBuilds type-checks the package with the Go files init adds to it,
// in the release and the debug build. The tests are not checked: the
// sweep test needs the package gen writes. A refusal names what would not
// build. The packages inspect loaded are checked in this process. When
// that cannot tell (a package the files import is not loaded), or finds a
// problem, the go command's own load of the package with the files
// decides.
func checkBuilds(t *target, files map[string][]byte, missing []*plan.Op) error {
	added := addedSources(t.Dir, files)
	var kernels []string
	for _, m := range missing {
		kernels = append(kernels, m.GoName)
	}
	var builds []*packages.Package
	var more [][]*packages.Package
	var tags []string
	for _, b := range t.builds {
		builds, tags = append(builds, b.pkg), append(tags, b.tag)
		var m []*packages.Package
		if b.asserts != nil {
			m = append(m, b.asserts)
		}
		more = append(more, m)
	}
	if discover.CheckLoaded(builds, more, tags, added, kernels) == nil {
		return nil
	}
	if err := discover.CheckAdded(t.Dir, added, kernels, gen.DefaultBuildTag); err != nil {
		return fmt.Errorf("init wrote nothing: with its files, %v", err)
	}
	return nil
}

// probe returns the job of the config of every op of the schema, with the
// type map init has so far. The package's kernels are found and typed
// with it.
func probe(o InitOptions, t *target) (*generate.Job, error) {
	// use_counts: false while the type lacks UseCounts (see kernelStubs).
	text := fmt.Sprintf("kernels: .\nuse_counts: %v\ntypes:\n  Tensor: %q\n", t.Counted && !t.Lacks("UseCounts"), t.GoType)
	for _, e := range t.Types {
		text += fmt.Sprintf("  %s: %q\n", e[0], e[1])
	}
	if len(t.Params) > 0 {
		text += "type_params:\n"
		for _, p := range t.Params {
			text += fmt.Sprintf("  %s: %s\n", p.Name, p.List())
		}
	}
	c, err := parseConfig(o, t, []byte(text))
	if err != nil {
		return nil, err
	}
	c.ContractPending = true // init writes the methods the type lacks
	return generate.NewWith(c, t.loaded)
}

// kernelOps returns the ops of the schema whose kernel the package has,
// found by the job of probe. A kernel with the wrong signature is an
// error. A generic type's kernels are vetted by kernelStubs instead, once
// init has inferred its Scalar type.
func kernelOps(j *generate.Job, t *target) ([]string, error) {
	if len(t.Params) == 0 {
		findings, _, err := gen.Vet(j.Plan, j.Options)
		if err == nil {
			err = findings.Err()
		}
		if err != nil {
			return nil, err
		}
	}
	var ops []string
	for _, op := range j.Plan.Ops {
		if j.Options.Kernels.Funcs[op.GoName] != nil {
			ops = append(ops, op.Name)
		}
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("package %s has no kernel of a schema op yet (a function named by the op, such as AddTensor for add.Tensor): name the ops to start with, -ops add.Tensor,add_.Tensor,alias", t.Path)
	}
	return ops, nil
}

// kernelStubs returns the selected ops of the config c that have no
// kernel, the stubs of their kernels (nil without any), and the job of the
// config. A kernel with the wrong signature is an error.
func kernelStubs(t *target, c *config.Config) ([]*plan.Op, []byte, *generate.Job, error) {
	c.ContractPending = true // init writes the methods the type lacks
	// ... or the memory function, which the package lacks until then. The
	// kernels are looked up as those of a type whose contract is pending.
	c.Memory = ""
	if t.Counted && t.Lacks("UseCounts") {
		// The contract file init writes gives the type its UseCounts.
		// Until then, the type map's check would refuse it (use_counts
		// on, no UseCounts). So its kernels are looked up as a count-less
		// type's.
		off := false
		c.UseCounts = &off
	}
	j, err := generate.NewWith(c, t.loaded)
	if err != nil {
		return nil, nil, nil, err
	}
	p, g := j.Plan, j.Options
	findings, missing, err := gen.Vet(p, g)
	if err == nil {
		err = findings.Err()
	}
	if err != nil || len(missing) == 0 {
		return nil, nil, j, err
	}
	stubs, err := gen.KernelStubs(missing, g)
	return missing, stubs, j, err
}

// parseConfig reads the config text as the assertgen.yaml of the package.
// The values of init's flags are named by their flags: a message about one
// names the flag, not a line of a file that does not exist yet.
func parseConfig(o InitOptions, t *target, text []byte) (*config.Config, error) {
	c, err := config.Parse(filepath.Join(o.Dir, "assertgen.yaml"), text)
	if err != nil {
		return nil, err
	}
	c.SetByFlag("types.Tensor", "-type")
	c.SetByFlag("types.Tensor=", "-type")
	for _, e := range t.Types {
		c.SetByFlag("types."+e[0], "-types")
		c.SetByFlag("types."+e[0]+"=", "-types")
	}
	if _, ok := c.Pos["ops"]; ok && len(o.Ops) > 0 {
		c.SetByFlag("ops", "-ops") // not in probe's text, which has no ops:
	}
	if len(o.TypeParams) > 0 {
		c.SetByFlag("type_params", "-type-params")
	}
	if err = c.Validate(); err == nil {
		err = c.CheckFiles()
	}
	return c, err
}

// writeAll writes the files names of dir with write, or output.WriteNew
// if it is nil: all or none, and none if one exists.
func writeAll(dir string, names []string, files map[string][]byte, write func(string, []output.File) error) error {
	if write == nil {
		write = func(dir string, fs []output.File) error { return output.WriteNew(context.Background(), dir, fs) }
	}
	var set []output.File
	for _, n := range names {
		set = append(set, output.File{Name: n, Data: files[n]})
	}
	err := write(dir, set)
	var exists *output.ExistsError
	if !errors.As(err, &exists) {
		return err
	}
	var exist []string
	for _, p := range exists.Paths {
		exist = append(exist, filepath.Base(p))
	}
	return fmt.Errorf("%s: exists already; init writes only new files and wrote none (remove %s to start again)", strings.Join(exist, ", "), map[bool]string{true: "it", false: "them"}[len(exist) == 1])
}

// report says what Init wrote and what is left to do.
func report(w io.Writer, t *target, names []string, missing []*plan.Op) {
	fmt.Fprintf(w, "assertgen init: wrote %s\n", strings.Join(names, ", "))
	fmt.Fprintf(w, "  use_counts: %v (%s)\n", t.Counted, t.Why)
	for _, p := range t.Params {
		fmt.Fprintf(w, "  type_params: %s: %s (the wrappers are generic in %s; the tests run on each element type)\n", p.Name, p.List(), p.Name)
	}
	if t.Inferred != "" {
		fmt.Fprintf(w, "  types: %s\n", t.Inferred)
	}
	if todo := t.todo(); len(todo) > 0 {
		fmt.Fprintf(w, "  to write: the contract methods %s (assertgen_contract.go)\n", strings.Join(todo, ", "))
	}
	if t.MemoryFunc != "" {
		fmt.Fprintf(w, "  memory: %s.%s: a tensor's identities are its address and its memory's anchor, from where its elements are\n", t.Path, t.MemoryFunc)
		if !t.MemoryHave {
			fmt.Fprintf(w, "  to write: %s (%s)\n", t.MemoryFunc, MemoryFile)
		}
	}
	opt := t.optional()
	for _, m := range opt {
		fmt.Fprintf(w, "  optional: %s\n", m)
	}
	if len(opt) > 0 {
		fmt.Fprintf(w, "  note: after adding one, run go generate ./... again: the wrappers call the methods *%s had when gen wrote them, and a check that needs the new one may stay off until then; StorageAnchor's memory checks would: its first checked call panics, saying to run go generate; gen -check reports them stale\n", t.Type)
	}
	if t.MemoryFunc != "" {
		if left := t.Fill.memoryTODO(); len(left) > 0 {
			fmt.Fprintf(w, "  to write: the functions marked TODO in %s%s\n", MemoryTestFile, left.list())
		}
	} else if left := t.Fill.conformanceTODO(t.Counted); t.Fill == nil || len(left) > 0 {
		fmt.Fprintf(w, "  to write: the functions marked TODO in assertgen_contract_test.go%s\n", left.list())
	}
	if f := t.Fill; f != nil && f.Flat {
		fmt.Fprintf(w, "  note: %s's sweepAdapter makes 1-D tensors only (%s takes no shape): a runtime with shapes makes the other samples there too\n", SweepTestFile, f.Ctor)
	}
	if t.Fill == nil || t.Fill.Union == "" || t.Fill.New == "" {
		fmt.Fprintf(w, "  to write: %s.Tensor in %s (a sweep of every op on samples from its schema)\n", t.testName("sweepAdapter"), SweepTestFile)
		if o := t.OtherArgs(); o != "" {
			fmt.Fprintf(w, "  note: %s sweeps %s tensors only, as written: add a run on %s\n", SweepTestFile, t.FirstArgs(), o)
		}
	}
	for _, m := range missing {
		fmt.Fprintf(w, "  to write: kernel %s of %s (stub in %s)\n", m.GoName, m.Name, generate.StubsFile)
	}
	fmt.Fprintf(w, "next: go generate ./... && go test -tags debugasserts ./...\n")
}

// typeEntries splits -types entries "T=GOTYPE" (Tensor is init's own).
func typeEntries(list []string) ([][2]string, error) {
	var out [][2]string
	for _, kv := range list {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" || k == "Tensor" {
			return nil, usage("-types %q: want T=GOTYPE for a schema type T other than Tensor (-type names the tensor type)", kv)
		}
		out = append(out, [2]string{k, v})
	}
	return out, nil
}
