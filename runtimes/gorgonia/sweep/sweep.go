//go:build debugasserts

// Package sweep runs every bound op through its checked wrapper on the
// schema-driven samples of internal/samples (every variant), with
// same_content on, and reports what the checks found: per op, the samples
// run, the samples gorgonia (or the binding) rejected, and the
// violations. TestSweep holds every violation to a verdict (verdicts.go).
package sweep

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"gorgonia.org/tensor"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/runtimes/gorgonia/gt"
	"github.com/assertgen/assertgen/schema"
	samples "github.com/assertgen/assertgen/sweep"
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
	Rejected int // samples gorgonia or the binding rejected (a panic, not a check), after the repairs
	Repaired int // samples that ran after internal/samples repaired them
	// Unmade counts, by the adapter's reason, the samples it cannot make
	// (a layout, dtype or autograd gorgonia lacks): not run, not rejected.
	Unmade   map[string]int
	Checks   uint64
	Findings []*Finding
	// RejectedBy counts rejected samples per op.
	RejectedBy map[string]int
}

// adapter makes a sample's tensors as gorgonia Dense tensors (float32,
// float64, int64, bool; strided only) and its ScalarType values as c10
// numbers; other specs it cannot make, and says why.
type adapter struct{}

func (adapter) Tensor(sp samples.Spec, made []reflect.Value) (reflect.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
	if sp.ViewOf >= 0 {
		base := made[sp.ViewOf].Interface().(*gt.Tensor)
		v, err := base.D().Slice(tensor.S(sp.Index))
		if err != nil {
			return reflect.Value{}, err
		}
		return reflect.ValueOf(gt.From(v.(*tensor.Dense))), nil
	}
	t, err := MakeTensor(sp)
	if err != nil {
		return reflect.Value{}, err
	}
	return reflect.ValueOf(t), nil
}

func (adapter) Value(a *samples.Arg, t reflect.Type) (reflect.Value, bool, error) {
	if a.Absent || !a.Schema.Type.IsBaseLike(schema.ScalarType) || len(a.Strs) != 1 {
		return reflect.Value{}, false, nil
	}
	code, ok := samples.ScalarTypeCode(a.Strs[0])
	if !ok {
		return reflect.Value{}, false, fmt.Errorf("no ScalarType %s", a.Strs[0])
	}
	v := reflect.New(t).Elem()
	if t.Kind() == reflect.Pointer {
		v = reflect.New(t.Elem())
		v.Elem().SetInt(int64(code))
	} else {
		v.SetInt(int64(code))
	}
	return v, true, nil
}

// MakeTensor builds a strided tensor of spec sp (its Same and ViewOf are
// the adapter's).
func MakeTensor(sp samples.Spec) (*gt.Tensor, error) {
	switch {
	case sp.Layout != "":
		return nil, fmt.Errorf("gorgonia has no %s layout", sp.Layout)
	case sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView:
		return nil, fmt.Errorf("gorgonia has no conj/neg bits or autograd")
	}
	vals := sp.Elements()
	n := len(vals)
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
	case "float64":
		backing = vals
	default:
		return nil, fmt.Errorf("the gorgonia adapter makes no %s tensor", sp.Dtype)
	}
	var d *tensor.Dense
	if len(shape) == 0 {
		d = tensor.New(tensor.FromScalar(reflect.ValueOf(backing).Index(0).Interface()))
	} else {
		d = tensor.New(tensor.WithShape(shape...), tensor.WithBacking(backing))
	}
	if sp.Transposed {
		if err := d.T(); err != nil {
			return nil, err
		}
	}
	return gt.From(d), nil
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

// call runs one sample, repairing it after an error (samples.Run): it
// reports the violations, and the last error when no call ran (the kernel
// or the binding panicked, or the adapter cannot make the sample).
func call(fn reflect.Value, s *samples.Sample) (vs []asserts.Violation, rejected error) {
	vs = asserts.Collect(func() {
		rejected = s.Run(func(s *samples.Sample) (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("%v", r)
				}
			}()
			args, err := s.Build(adapter{}, fn.Type())
			if err != nil {
				return err
			}
			fn.Call(args)
			return nil
		})
	})
	return vs, rejected
}

// run sweeps the ops (all bound ops if none are named) over every variant.
func run(names ...string) (*Report, error) {
	if len(names) == 0 {
		names = Ops
	}
	ops, err := SchemaOps(names)
	if err != nil {
		return nil, err
	}
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	before := asserts.ReadStats()
	rep := &Report{Ops: len(ops), RejectedBy: map[string]int{}, Unmade: map[string]int{}}
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
			var me *samples.MakeError
			if errors.As(rej, &me) {
				rep.Unmade[me.Err.Error()]++
			} else if rej != nil {
				rep.Rejected++
				rep.RejectedBy[o.Name]++
			} else if len(s.Repairs) > 0 {
				rep.Repaired++
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
	unmade := 0
	for _, n := range r.Unmade {
		unmade += n
	}
	fmt.Fprintf(&b, "gorgonia sweep: %d ops, %d samples (%d the adapter cannot make, %d ran after a repair, %d rejected by gorgonia or the binding), %d checks run, %d findings\n",
		r.Ops, r.Samples, unmade, r.Repaired, r.Rejected, r.Checks, len(r.Findings))
	for _, k := range sortedKeys(r.Unmade) {
		fmt.Fprintf(&b, "\tcannot make (%d): %s\n", r.Unmade[k], k)
	}
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "%s\n\t%s\n\tin: %s\n", f.Key(), f.Message, strings.Join(f.Variants, "; "))
	}
	return b.String()
}

func sortedKeys(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
