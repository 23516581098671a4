//go:build debugasserts

package sweep

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/assertgen/assertgen/runtimes/libtorch/opinfo"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
	"github.com/assertgen/assertgen/schema"
	samples "github.com/assertgen/assertgen/sweep"
)

// The sweep's samples, numbered (verdicts.json names them so): the schema
// variants of internal/samples (0-20); then the meta sample (21) and the
// functional sample (22), the arguments of the op's first sample that ran
// without an error (else sample 0's, with its repairs) as meta tensors
// and as functionalization wrappers; then the replayed OpInfo calls (26
// to 29): each op replays the calls PyTorch's OpInfo samples made of it
// on its release (package opinfo, recorded by opinfo/record.py), one call
// each, without repair. An op OpInfo reached with fewer calls runs fewer
// samples. The meta and functional samples run last, once the others
// have said which sample runs clean. Then the values that matter (27 to
// 46, samples.Probes in order), each one call without repair of the op's
// base sample with one kind of value changed: the base is the first
// variant that ran clean under the strict profile (the aliasing one only
// when no other did, as package sweep chooses), as it ran (with its
// repairs), under each profile where it ran clean. A probe does not run on
// an op without such a base (an op only OpInfo calls reached has no sample
// to probe), nor where the base has no argument of its kind or has those
// values already. The values run last, in a request of their own: a
// worker keeps the samples it ran clean, and one that has not run the
// base (a new worker, after a crash) runs it again first; if that run
// crashes, the crash is the base sample's and the op's other values do
// not run.

// ReplaySamples is the most recorded calls an op replays.
const ReplaySamples = 4

var (
	metaSample       = len(Variants)
	functionalSample = len(Variants) + 1
	replayFirst      = len(Variants) + 2
	valueFirst       = replayFirst + ReplaySamples
	// NumSamples is the number of samples an op may run.
	NumSamples = valueFirst + len(samples.Probes)
)

// based reports whether sample k takes the arguments of the op's first
// clean sample: the meta and functional samples and the values.
func based(k int) bool { return k == metaSample || k == functionalSample || k >= valueFirst }

// SampleName names sample k for reports.
func SampleName(k int) string {
	switch {
	case k < len(Variants):
		return Variants[k].Name
	case k == metaSample:
		return "meta tensors (torch.Meta): the first clean sample's arguments on the meta device"
	case k == functionalSample:
		return "functionalization wrappers (ToFunctional) around the first clean sample's arguments"
	case k >= valueFirst:
		p := samples.Probes[k-valueFirst]
		return "value: " + p.Name + " (the first clean sample with " + p.Doc + ")"
	}
	return fmt.Sprintf("OpInfo call %d (runtimes/libtorch/opinfo)", k-replayFirst+1)
}

// sampleLabel names sample k of one op in a finding: a meta or functional
// sample, or a value, says whose arguments it took.
func sampleLabel(k, base int) string {
	if based(k) {
		return fmt.Sprintf("%d: %s (sample %d's)", k, SampleName(k), base)
	}
	return fmt.Sprintf("%d: %s", k, SampleName(k))
}

// sampleLabelShort is sample k's number and kind, for one line.
func sampleLabelShort(k int) string {
	switch {
	case k < len(Variants):
		return fmt.Sprintf("%d (variant)", k)
	case k == metaSample:
		return fmt.Sprintf("%d (meta)", k)
	case k == functionalSample:
		return fmt.Sprintf("%d (functional)", k)
	case k >= valueFirst:
		return fmt.Sprintf("%d (value: %s)", k, samples.Probes[k-valueFirst].Name)
	}
	return fmt.Sprintf("%d (OpInfo call %d)", k, k-replayFirst+1)
}

// SampleNames lists the names of the samples, in order (the report's
// variants).
func SampleNames() []string {
	l := make([]string, NumSamples)
	for k := range l {
		l[k] = SampleName(k)
	}
	return l
}

var replayed struct {
	once  sync.Once
	calls map[string][]opinfo.Call
}

// replayCalls returns the recorded calls of op on release (none when the
// release has no recording): its own, or for an out or in-place op OpInfo
// did not call, those of the overload of its name whose arguments are its
// own but the outs (add.out and add_.Tensor replay add.Tensor's calls,
// with an empty out tensor that the kernel resizes).
func replayCalls(release, op string) []opinfo.Call {
	replayed.once.Do(func() {
		c, err := opinfo.Load(release)
		if err != nil {
			return
		}
		replayed.calls = c.Calls
		if s, err := embedded(release); err == nil {
			replayed.calls = withSiblings(s, c.Calls)
		}
	})
	l := replayed.calls[op]
	return l[:min(len(l), ReplaySamples)]
}

// withSiblings adds to the recorded calls those derived for the out and
// in-place ops without their own.
func withSiblings(s *schema.Schema, rec map[string][]opinfo.Call) map[string][]opinfo.Call {
	all := map[string][]opinfo.Call{}
	byBase := map[string][]*schema.Op{}
	for _, name := range slices.Sorted(maps.Keys(rec)) {
		all[name] = rec[name]
		if op := s.Op(name); op != nil {
			byBase[op.Func.Name.Name.Base] = append(byBase[op.Func.Name.Name.Base], op)
		}
	}
	for _, op := range s.Ops {
		if _, ok := all[op.Name]; ok || (op.Kind != schema.Out && op.Kind != schema.Inplace) {
			continue
		}
		for _, r := range byBase[op.Func.Name.Name.Base] {
			if l := derive(op, r, rec[r.Name]); l != nil {
				all[op.Name] = l
				break
			}
		}
	}
	return all
}

// derive returns r's calls as calls of op, if op's arguments but its outs
// are r's (names and tensor forms); nil if not.
func derive(op, r *schema.Op, calls []opinfo.Call) []opinfo.Call {
	targs, rargs := op.Func.Args(), r.Func.Args()
	var in, outs []int
	for i, a := range targs {
		if op.Kind == schema.Out && a.IsWrite() {
			if a.Type.TensorForm() != schema.TensorSingle {
				return nil
			}
			outs = append(outs, i)
			continue
		}
		in = append(in, i)
	}
	if len(in) != len(rargs) {
		return nil
	}
	for j, i := range in {
		if targs[i].Name != rargs[j].Name || targs[i].Type.TensorForm() != rargs[j].Type.TensorForm() {
			return nil
		}
	}
	var l []opinfo.Call
	for _, c := range calls {
		if len(c) != len(rargs) {
			continue
		}
		d := make(opinfo.Call, len(targs))
		dtype := "float32"
		for j, i := range in {
			d[i] = c[j]
			if v := c[j]; v != nil && v.T != "" && dtype == "float32" {
				dtype = v.T
			}
		}
		for _, i := range outs {
			d[i] = &opinfo.Value{Tensor: opinfo.Tensor{T: dtype, Shape: []int64{0}, Strides: []int64{1}}}
		}
		l = append(l, d)
	}
	return l
}

// replaySample turns a recorded call into a sample; recs holds, per spec,
// its recorded tensor (nil: a None in a Tensor?[] list).
func replaySample(op *schema.Op, c opinfo.Call) (*samples.Sample, []*opinfo.Tensor, error) {
	args := op.Func.Args()
	if len(c) != len(args) {
		return nil, nil, fmt.Errorf("recorded with %d arguments, the schema has %d", len(c), len(args))
	}
	s := &samples.Sample{Func: op.Func, Args: make([]samples.Arg, len(args))}
	var recs []*opinfo.Tensor
	tensor := func(v *opinfo.Value) (int, error) {
		var rec *opinfo.Tensor
		sp := samples.NewSpec("float32")
		if v != nil && v.T == "" {
			// a Python number for a Tensor (add(x, 2)): the 0-dim tensor
			// the dispatcher makes of it
			w, err := wrappedNumber(v)
			if err != nil {
				return 0, err
			}
			v = w
		}
		if v != nil {
			if v.Layout != "" || v.Device != "" {
				return 0, fmt.Errorf("a %s %s tensor is not replayed", v.Layout, v.Device)
			}
			rec = &v.Tensor
			sp = samples.NewSpec(v.T)
			for _, d := range v.Shape {
				sp.Shape = append(sp.Shape, int(d))
			}
		}
		s.Specs = append(s.Specs, sp)
		recs = append(recs, rec)
		return len(s.Specs) - 1, nil
	}
	var def *samples.Sample
	for i, a := range args {
		ar, v := &s.Args[i], c[i]
		ar.Schema = a
		if v != nil && v.Default {
			if def == nil {
				def = samples.For(op.Func, 0)
			}
			if def.Args[i].Tensors != nil {
				return nil, nil, fmt.Errorf("argument %s: a default tensor", a.Name)
			}
			*ar = def.Args[i]
			continue
		}
		switch a.Type.TensorForm() {
		case schema.TensorSingle, schema.TensorOptional:
			if v == nil {
				ar.Absent = true
				continue
			}
			k, err := tensor(v)
			if err != nil {
				return nil, nil, fmt.Errorf("argument %s: %v", a.Name, err)
			}
			ar.Tensors = []int{k}
		case schema.TensorList, schema.TensorOptionalList:
			if v == nil {
				ar.Absent = true
				continue
			}
			ar.List, ar.Tensors = true, []int{}
			for _, x := range v.L {
				k, err := tensor(x)
				if err != nil {
					return nil, nil, fmt.Errorf("argument %s: %v", a.Name, err)
				}
				ar.Tensors = append(ar.Tensors, k)
			}
		case schema.TensorOtherForm:
			ar.Absent = true
		default:
			if err := setValue(ar, v); err != nil {
				return nil, nil, fmt.Errorf("argument %s: %v", a.Name, err)
			}
		}
	}
	return s, recs, nil
}

// wrappedNumber returns the 0-dim tensor of a number recorded for a
// Tensor argument.
func wrappedNumber(v *opinfo.Value) (*opinfo.Value, error) {
	w := &opinfo.Value{Tensor: opinfo.Tensor{Shape: []int64{}, Strides: []int64{}}}
	switch {
	case v.I != nil:
		w.T, w.Values = "int64", []opinfo.Num{opinfo.Num(*v.I)}
	case v.F != nil:
		w.T, w.Values = "float64", []opinfo.Num{*v.F}
	case v.B != nil:
		w.T, w.Values = "bool", []opinfo.Num{0}
		if *v.B {
			w.Values[0] = 1
		}
	default:
		return nil, errors.New("a tensor argument recorded as no tensor or number")
	}
	return w, nil
}

// c10's Layout and MemoryFormat numbers, as the bindings take them.
var (
	layoutCodes = map[string]int64{"strided": 0, "sparse_coo": 1, "sparse_csr": 2, "_mkldnn": 3, "sparse_csc": 4, "sparse_bsr": 5, "sparse_bsc": 6, "jagged": 7}
	formatCodes = map[string]int64{"contiguous_format": 0, "preserve_format": 1, "channels_last": 2, "channels_last_3d": 3}
)

// setValue gives a non-tensor argument its recorded value.
func setValue(ar *samples.Arg, v *opinfo.Value) error {
	if v == nil {
		ar.Absent = true
		return nil
	}
	if ar.Schema.Type.IsBaseLike(schema.Dimname) {
		return errors.New("the replay takes no Dimname argument")
	}
	vals := []*opinfo.Value{v}
	if v.List {
		vals = v.L
		ar.Ints, ar.Floats, ar.Bools, ar.Strs = []int64{}, nil, nil, nil
	}
	anyFloat := false
	for _, x := range vals {
		anyFloat = anyFloat || (x != nil && x.F != nil)
	}
	for _, x := range vals {
		switch {
		case x == nil:
			return errors.New("a None in a list")
		case x.I != nil && anyFloat:
			ar.Floats = append(ar.Floats, float64(*x.I))
		case x.I != nil:
			ar.Ints = append(ar.Ints, *x.I)
		case x.F != nil:
			ar.Floats = append(ar.Floats, float64(*x.F))
		case x.B != nil:
			ar.Bools = append(ar.Bools, *x.B)
		case x.Str != nil:
			ar.Strs = append(ar.Strs, *x.Str)
		case x.Dtype != "":
			ar.Strs = append(ar.Strs, x.Dtype)
		case x.Device != "":
			ar.Strs = append(ar.Strs, x.Device)
		case x.Layout != "":
			c, ok := layoutCodes[x.Layout]
			if !ok {
				return fmt.Errorf("layout %s", x.Layout)
			}
			ar.Ints = append(ar.Ints, c)
		case x.MF != "":
			c, ok := formatCodes[x.MF]
			if !ok {
				return fmt.Errorf("memory format %s", x.MF)
			}
			ar.Ints = append(ar.Ints, c)
		case x.C != nil:
			return errors.New("a complex scalar is not replayed")
		default:
			return fmt.Errorf("a value of Python type %q is not replayed", x.Other)
		}
	}
	if len(ar.Floats) > 0 {
		ar.Ints = nil
	} else if len(ar.Bools) > 0 || len(ar.Strs) > 0 {
		ar.Ints = nil
	}
	return nil
}

// replayAdapter makes the recorded tensors (by spec number) and leaves
// values to the sweep's adapter.
type replayAdapter struct {
	adapter
	recs []*opinfo.Tensor
}

func (a replayAdapter) Tensor(sp samples.Spec, made []reflect.Value) (reflect.Value, error) {
	rec := a.recs[len(made)]
	if rec == nil {
		return reflect.ValueOf((*torch.Tensor)(nil)), nil
	}
	t, err := makeRecorded(rec)
	if err != nil {
		return reflect.Value{}, err
	}
	return reflect.ValueOf(a.p.add(t)), nil
}

// makeRecorded makes a tensor of the recorded dtype, shape, strides and
// storage offset: a storage just large enough, filled with the recorded
// values where they were recorded and else with values in the recorded
// range (so that integer indices stay valid), viewed with as_strided.
func makeRecorded(rec *opinfo.Tensor) (*torch.Tensor, error) {
	code, ok := samples.ScalarTypeCode(rec.T)
	if _, q := qdtypes[rec.T]; !ok || q {
		return nil, fmt.Errorf("dtype %s is not replayed", rec.T)
	}
	dt := torch.DtypeOf(code)
	if len(rec.Strides) != len(rec.Shape) {
		return nil, fmt.Errorf("%d strides for %d dims", len(rec.Strides), len(rec.Shape))
	}
	numel, size := int64(1), rec.Offset+1
	for i, d := range rec.Shape {
		numel *= d
		size += (d - 1) * rec.Strides[i]
	}
	if numel == 0 {
		size = rec.Offset
	}
	if size > 1<<24 {
		return nil, fmt.Errorf("a storage of %d elements", size)
	}
	buf := fill(rec, int(size))
	var t *torch.Tensor
	if contiguous(rec.Shape, rec.Strides) && rec.Offset == 0 && size == numel {
		t = torch.FromFloat64s(dt, buf, rec.Shape...)
	} else {
		base := torch.FromFloat64s(dt, buf, size)
		t = base.AsStrided(rec.Shape, rec.Strides, rec.Offset)
		base.Release()
	}
	for _, f := range []struct {
		on   bool
		make func(*torch.Tensor) *torch.Tensor
	}{{rec.Conj != 0, (*torch.Tensor).Conj}, {rec.Neg != 0, (*torch.Tensor).NegView}} {
		if f.on {
			d := t
			t = f.make(d)
			d.Release()
		}
	}
	return t, nil
}

func contiguous(shape, strides []int64) bool {
	want := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		if shape[i] != 1 && strides[i] != want {
			return false
		}
		want *= shape[i]
	}
	return true
}

// fill returns the storage's elements: the recorded values at their
// positions, every other element a value in [lo, hi] (integers cycling
// through the range, floats spread over it).
func fill(rec *opinfo.Tensor, size int) []float64 {
	buf := make([]float64, size)
	lo, hi := 0.0, 1.0
	if rec.Lo != nil && rec.Hi != nil && !math.IsInf(float64(*rec.Lo), 0) && !math.IsInf(float64(*rec.Hi), 0) &&
		!math.IsNaN(float64(*rec.Lo)) && !math.IsNaN(float64(*rec.Hi)) {
		lo, hi = float64(*rec.Lo), float64(*rec.Hi)
	}
	integral := strings.Contains(rec.T, "int") || rec.T == "bool" // uint8, int64, ..., bool
	span := max(int(min(hi-lo+1, 1<<30)), 1)
	for j := range buf {
		if integral {
			buf[j] = lo + float64(j%span)
		} else {
			buf[j] = lo + (hi-lo)*float64((j*7)%11)/10
		}
	}
	if len(rec.Values) == 0 {
		return buf
	}
	// scatter the row-major values to their storage positions
	idx := make([]int64, len(rec.Shape))
	for _, v := range rec.Values {
		pos := rec.Offset
		for i, x := range idx {
			pos += x * rec.Strides[i]
		}
		if pos >= 0 && pos < int64(size) {
			buf[pos] = float64(v)
		}
		for i := len(idx) - 1; i >= 0; i-- {
			idx[i]++
			if idx[i] < rec.Shape[i] {
				break
			}
			idx[i] = 0
		}
	}
	return buf
}

// runReplay runs recorded call c of op through fn, once, without repair,
// its tensors converted by conv (nil: as recorded).
func runReplay(op *schema.Op, fn reflect.Value, c opinfo.Call, conv converter) error {
	s, recs, err := replaySample(op, c)
	if err != nil {
		return &samples.MakeError{Spec: samples.NewSpec("float32"), Err: err}
	}
	return callWith(s, fn, func(p *pool) samples.Runtime { return converted(replayAdapter{adapter{p}, recs}, p, conv) })
}
