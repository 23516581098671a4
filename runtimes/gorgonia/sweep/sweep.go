//go:build debugasserts

// Package sweep runs every bound op through its checked wrapper on the
// schema-driven samples of internal/samples (every variant), with
// same_content on, and reports what the checks found: per op, the samples
// run, the samples gorgonia (or the binding) rejected, and the
// violations. TestSweep holds every violation to a verdict (verdicts.go).
package sweep

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/samples"
	"github.com/assertgen/assertgen/runtimes/gorgonia/gt"
	"github.com/assertgen/assertgen/schema"
)

// Version is the PyTorch release of the schemas (checked/assertgen.yaml).
const Version = "2.6"

// A Finding is one kind of violation of one op: the check, where, and the
// samples (variant names) it showed in.
type Finding struct {
	Op       string
	Check    asserts.Check
	Where    string
	Message  string // the first violation's message
	Variants []string
}

// Key names the finding for verdicts: "op check where".
func (f *Finding) Key() string { return f.Op + " " + f.Check.String() + " " + f.Where }

// Report is what a sweep found.
type Report struct {
	Ops      int
	Samples  int // calls made
	Rejected int // samples gorgonia or the binding rejected (a panic, not a check)
	Checks   uint64
	Findings []*Finding
	// RejectedBy counts rejected samples per op.
	RejectedBy map[string]int
}

// MakeTensor builds a tensor of spec (made holds the tensors of the
// sample so far, for Same).
func MakeTensor(sp samples.Spec, made []*gt.Tensor) *gt.Tensor {
	if sp.Same >= 0 {
		return made[sp.Same]
	}
	n := 1
	for _, s := range sp.Shape {
		n *= s
	}
	vals := samples.Values(sp.Dtype, n)
	shape := append([]int(nil), sp.Shape...)
	if sp.Transposed {
		shape[0], shape[1] = shape[1], shape[0]
	}
	var backing any
	switch sp.Dtype {
	case "float32":
		b := make([]float32, n)
		for i, v := range vals {
			b[i] = float32(v)
		}
		backing = b
	case "int64":
		b := make([]int64, n)
		for i, v := range vals {
			b[i] = int64(v)
		}
		backing = b
	case "bool":
		b := make([]bool, n)
		for i, v := range vals {
			b[i] = v != 0
		}
		backing = b
	default:
		backing = vals
	}
	var d *tensor.Dense
	if len(shape) == 0 {
		d = tensor.New(tensor.FromScalar(reflect.ValueOf(backing).Index(0).Interface()))
	} else {
		d = tensor.New(tensor.WithShape(shape...), tensor.WithBacking(backing))
	}
	if sp.Transposed {
		if err := d.T(); err != nil {
			panic(err)
		}
	}
	return gt.From(d)
}

// Ops returns the schema ops of names, in order.
func SchemaOps(names []string) ([]*schema.Op, error) {
	s, err := schema.Embedded(Version)
	if err != nil {
		return nil, err
	}
	byName := map[string]*schema.Op{}
	for _, o := range s.Ops {
		byName[o.Name] = o
	}
	out := make([]*schema.Op, len(names))
	for i, n := range names {
		if out[i] = byName[n]; out[i] == nil {
			return nil, fmt.Errorf("no op %s in PyTorch %s's schema", n, Version)
		}
	}
	return out, nil
}

// call runs one sample; it reports the violations, or that the sample was
// rejected (the kernel panicked).
func call(fn reflect.Value, s *samples.Sample) (vs []asserts.Violation, rejected error) {
	var args []reflect.Value
	vs = asserts.Collect(func() {
		defer func() {
			if r := recover(); r != nil {
				rejected = fmt.Errorf("%v", r)
			}
		}()
		made := make([]*gt.Tensor, 0, len(s.Specs))
		vals := make([]reflect.Value, 0, len(s.Specs))
		for _, sp := range s.Specs {
			t := MakeTensor(sp, made)
			made = append(made, t)
			vals = append(vals, reflect.ValueOf(t))
		}
		var err error
		if args, err = s.Args(fn.Type(), vals); err != nil {
			panic(err)
		}
		fn.Call(args)
	})
	return vs, rejected
}

// Run sweeps the ops (all bound ops if none are named) over every variant.
func Run(names ...string) (*Report, error) {
	if len(names) == 0 {
		names = Ops
	}
	ops, err := SchemaOps(names)
	if err != nil {
		return nil, err
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	before := asserts.ReadStats()
	rep := &Report{Ops: len(ops), RejectedBy: map[string]int{}}
	byKey := map[string]*Finding{}
	for _, o := range ops {
		fn := reflect.ValueOf(Checked[o.Name])
		if !fn.IsValid() {
			return nil, fmt.Errorf("%s: no checked wrapper in the table", o.Name)
		}
		for v := range samples.Variants {
			s := samples.For(o, v)
			rep.Samples++
			vs, rej := call(fn, s)
			if rej != nil {
				rep.Rejected++
				rep.RejectedBy[o.Name]++
			}
			for i := range vs {
				x := &vs[i]
				f := &Finding{Op: o.Name, Check: x.Check, Where: x.Where()}
				if old := byKey[f.Key()]; old != nil {
					f = old
				} else {
					f.Message = x.Error()
					byKey[f.Key()] = f
					rep.Findings = append(rep.Findings, f)
				}
				if n := samples.Variants[v].Name; len(f.Variants) == 0 || f.Variants[len(f.Variants)-1] != n {
					f.Variants = append(f.Variants, n)
				}
			}
		}
	}
	after := asserts.ReadStats()
	rep.Checks = after.TotalRan() - before.TotalRan()
	sort.Slice(rep.Findings, func(i, j int) bool { return rep.Findings[i].Key() < rep.Findings[j].Key() })
	return rep, nil
}

// String prints the report: one line of totals, then the findings.
func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gorgonia sweep: %d ops, %d samples (%d rejected by gorgonia or the binding), %d checks run, %d findings\n",
		r.Ops, r.Samples, r.Rejected, r.Checks, len(r.Findings))
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "%s\n\t%s\n\tin: %s\n", f.Key(), f.Message, strings.Join(f.Variants, "; "))
	}
	return b.String()
}
