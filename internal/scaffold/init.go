package scaffold

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/setup"
	"github.com/assertgen/assertgen/plan"
)

// Options are the settings of Init.
type Options struct {
	Dir       string   // the package of the tensor type and its kernels
	Type      string   // the tensor type's name; default Tensor
	Ops       []string // op selectors to wrap; default: those the package has kernels for
	UseCounts string   // auto (default), true or false
	// Types are type map entries besides Tensor, "Scalar=float64".
	Types []string
	// TypeParams name the element types of a generic tensor type's type
	// parameters, "T=float32,float64" (default: the finite type set of
	// its constraint).
	TypeParams []string
	Out        io.Writer // where Init says what it wrote and what is left
}

// StubsFile is where Init writes the stubs of the selected ops' missing
// kernels.
const StubsFile = "assertgen_kernels_todo.go"

// Init writes, in the package of o.Dir, what a runtime needs to start on
// assertgen: assertgen.yaml, generate.go with the go:generate line, the
// contract adapter's methods the tensor type lacks (assertgen_contract.go,
// each a TODO), the conformance test (assertgen_contract_test.go) and a
// stub of each selected op's missing kernel (StubsFile). It writes only
// new files: if any exists it writes none. Each file is written whole or
// not at all (WriteNew); on an error it removes the files it wrote.
func Init(o Options) error {
	if o.Type == "" {
		o.Type = "Tensor"
	}
	t, err := inspect(o.Dir, o.Type, o.UseCounts, o.TypeParams)
	if err != nil {
		return err
	}
	if t.Types, err = typeEntries(o.Types); err != nil {
		return err
	}
	ops := o.Ops
	if infer := len(t.Params) > 0 && !slices.ContainsFunc(t.Types, func(e [2]string) bool { return e[0] == "Scalar" }); len(ops) == 0 || infer {
		j, err := probe(o, t)
		if err != nil {
			return err
		}
		if infer {
			inferScalar(t, j)
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
	missing, stubs, job, err := kernelStubs(o, t, files["assertgen.yaml"])
	if err != nil {
		return err
	}
	if len(t.Params) > 0 {
		t.Fill = findFill(t, t.pkg, job)
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
	if stubs != nil {
		files[StubsFile] = stubs
		names = append(names, StubsFile)
	}
	if err := writeAll(o.Dir, names, files); err != nil {
		return err
	}
	report(o.Out, t, names, missing)
	return nil
}

// probe returns the job of the config of every op of the schema, with
// the type map init has so far: what the package's kernels are found
// and typed with.
func probe(o Options, t *target) (*setup.Job, error) {
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
	c, err := parseConfig(o.Dir, []byte(text))
	if err != nil {
		return nil, err
	}
	return setup.New(c)
}

// kernelOps returns the ops of the schema whose kernel the package has.
func kernelOps(j *setup.Job, t *target) ([]string, error) {
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

// kernelStubs returns the selected ops of the config text cfg that have
// no kernel, the stubs of their kernels (nil without any), and the job
// of the config.
func kernelStubs(o Options, t *target, cfg []byte) ([]*plan.Op, []byte, *setup.Job, error) {
	c, err := parseConfig(o.Dir, cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	if t.Counted && t.Lacks("UseCounts") {
		// The contract file init writes gives the type its UseCounts; until
		// then the type map's check would refuse it (use_counts on, no
		// UseCounts), so its kernels are looked up as a count-less type's.
		off := false
		c.UseCounts = &off
	}
	j, err := setup.New(c)
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

// parseConfig reads the config text as the assertgen.yaml of dir.
func parseConfig(dir string, text []byte) (*config.Config, error) {
	c, err := config.Parse(filepath.Join(dir, "assertgen.yaml"), text)
	if err == nil {
		err = c.Validate()
	}
	if err == nil {
		err = c.CheckFiles()
	}
	return c, err
}

// writeAll writes the files names of dir, refusing before writing any if
// one exists, and removing those it wrote if one fails.
func writeAll(dir string, names []string, files map[string][]byte) error {
	var exist []string
	for _, n := range names {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			exist = append(exist, n)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if len(exist) > 0 {
		return fmt.Errorf("%s: exists already; init writes only new files and wrote none (remove %s to start again)", strings.Join(exist, ", "), map[bool]string{true: "it", false: "them"}[len(exist) == 1])
	}
	for i, n := range names {
		if err := WriteNew(filepath.Join(dir, n), files[n]); err != nil {
			for _, done := range names[:i] {
				os.Remove(filepath.Join(dir, done))
			}
			return err
		}
	}
	return nil
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
	for _, m := range t.optional() {
		fmt.Fprintf(w, "  optional: %s\n", m)
	}
	if left := t.Fill.conformanceTODO(t.Counted); t.Fill == nil || len(left) > 0 {
		fmt.Fprintf(w, "  to write: the functions marked TODO in assertgen_contract_test.go%s\n", left.list())
	}
	if t.Fill == nil || t.Fill.Union == "" || t.Fill.New == "" {
		fmt.Fprintf(w, "  to write: sweepAdapter.Tensor in %s (a sweep of every op on samples from its schema)\n", SweepTestFile)
	}
	for _, m := range missing {
		fmt.Fprintf(w, "  to write: kernel %s of %s (stub in %s)\n", m.GoName, m.Name, StubsFile)
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
			return nil, fmt.Errorf("-types %q: want T=GOTYPE for a schema type T other than Tensor (-type names the tensor type)", kv)
		}
		out = append(out, [2]string{k, v})
	}
	return out, nil
}
