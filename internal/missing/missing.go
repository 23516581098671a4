// Package missing reports the selected ops without a kernel in function
// mode: one finding per op with the declaration to write and the closest
// unused function, and kernel stubs on request.
package missing

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/internal/scaffold"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// Print prints one finding per selected op without a kernel: where
// the config selects it, the kernel's name and package, the closest
// unused function, and on the next line the declaration to write, ready
// to paste. prefix goes before each finding ("info: " for ops that are
// not required).
func Print(w io.Writer, c *config.Config, p *plan.Plan, o gen.Options, where map[string]schema.Position, missing []*plan.Op, prefix string) error {
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
		fmt.Fprintf(w, "%s%s%s: no kernel %s in %s%s; write:\n\t%s\n", prefix, at, m.Name, m.GoName, o.Kernels.Path, nearKernel(m.GoName, unused), decl)
	}
	return nil
}

// WriteStubs writes to the new file path a stub of the kernel of each op
// of missing (gen.KernelStubs), and says so on w.
func WriteStubs(w io.Writer, path string, o gen.Options, missing []*plan.Op) error {
	if path == "" || len(missing) == 0 {
		return nil
	}
	data, err := gen.KernelStubs(missing, o)
	if err != nil {
		return err
	}
	if err := scaffold.WriteNew(path, data); err != nil {
		return err
	}
	fmt.Fprintf(w, "assertgen: wrote %d kernel stubs to %s (package %s): implement them there or move them\n", len(missing), path, o.Kernels.Name)
	return nil
}

// Ops returns the ops of p named in names (gen.Result.Missing).
func Ops(p *plan.Plan, names []string) []*plan.Op {
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

// Required reports whether c names the ops it selects (ops: or
// backend:): then each needs a kernel, unless allow_missing_kernels says
// otherwise. With every op of the schema selected, the kernels package
// implements those it has.
func Required(c *config.Config) bool {
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
// closest to the kernel name want (the same letters in another case
// first), or "".
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
