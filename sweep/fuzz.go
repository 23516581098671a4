package sweep

import (
	"fmt"
	"iter"
	"reflect"
	"slices"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/schema/funcschema"
)

// Fuzz is a runtime's coverage-guided fuzz target over every op of ops,
// for Go's own engine (go test -fuzz): the fuzzer's bytes choose the op,
// the variant its sample starts from, and then the shape, strides,
// storage offset and element values of each tensor and the value of each
// other argument (scalars, dims, bools, size lists, optionals present or
// not), which [decodeFuzz] reads. The sample is repaired like any other
// ([Sample.Run]), its call is judged by the checks with same_content on,
// a sample that ran is called twice more ([Sweep]'s "called again"), and
// each violation or crash fails the input with its message and the
// sample: Go writes the input to testdata/fuzz/FUZZNAME/, where a plain
// go test replays it. A runtime adds it in one line, beside its sweep
// test (built with -tags debugasserts):
//
//	func FuzzSweep(f *testing.F) { sweep.Fuzz(f, adapter{}, checked.SweepOps) }
//
// It adds no seed: the engine starts from its corpus (testdata/fuzz and
// the cache), empty at first.
func Fuzz(f *testing.F, rt Runtime, ops iter.Seq2[string, any]) {
	f.Helper()
	es, err := parseTable(ops)
	if err != nil {
		f.Fatal(err)
	}
	if len(es) == 0 {
		f.Fatal("sweep.Fuzz: the table has no op")
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range fuzzInput(es, rt, data) {
			t.Error(p)
		}
	})
}

// fuzzInput runs one fuzzer input: the sample [decodeFuzz] makes of data,
// repaired, checked and called again as [Fuzz] does, and returns the
// problems it showed (a violation or a crash each, with the op and the
// sample as it ran); none for an input that makes no sample.
func fuzzInput(es []entry, rt Runtime, data []byte) []string {
	s, e := decodeFuzz(es, data)
	if s == nil {
		return nil
	}
	running.Lock()
	defer running.Unlock()
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	f := reflect.ValueOf(e.Fn)
	var err error
	vs := asserts.Collect(func() { err = s.Run(func(s *Sample) error { return Call(rt, f, s) }) })
	if err == nil {
		again, aerr := callTwice(rt, f, s)
		more, _ := onlyNew(again, vs, nil)
		vs = append(vs, more...)
		if isCrash(aerr) {
			err = aerr
		}
	}
	var out []string
	cs := causes(e.Name, vs)
	for i := range vs {
		if cs != nil && cs[i] != "" {
			continue // one bug: reported with the violation that says what the return is
		}
		out = append(out, fmt.Sprintf("%s\n\tsample: %s", vs[i].Error(), s.Describe()))
	}
	if ce, ok := err.(*crashError); ok {
		out = append(out, fmt.Sprintf("%s: %s\n\tsample: %s", e.Name, ce, s.Describe()))
	}
	return out
}

// fuzzBytes reads a fuzzer's input; past its end it reads zeros, so that
// every input, the empty one included, is a sample.
type fuzzBytes []byte

func (b *fuzzBytes) next() int {
	if len(*b) == 0 {
		return 0
	}
	x := (*b)[0]
	*b = (*b)[1:]
	return int(x)
}

// pick returns a number in [0, n).
func (b *fuzzBytes) pick(n int) int {
	if n > 256 {
		return (b.next()<<8 | b.next()) % n
	}
	return b.next() % n
}

// fuzzVariants is the number of variants a fuzzer's input picks from:
// the first 21, so that a corpus recorded before variants 21-23 came
// (examples/planted's findings) decodes to the samples it was found with.
// The fuzzer reaches their shapes through the tensors' bytes (a first dim
// 1, a new shape of up to 3 dims).
const fuzzVariants = 21

// decodeFuzz makes the sample a fuzzer's input stands for, and its op's
// entry: the op (one byte, two for more than 256 ops), the variant the
// sample starts from, then one byte per tensor (its shape: kept, first dim
// 1 or 0, first dim dropped, a new shape of up to 3 dims of up to 4, a
// transposed view or a strided one at an offset; its values: kept,
// zeros, ones, negatives, mixed signs or bytes of the input), then one
// per other argument (kept, or a value of its kind). It returns nil when
// the input makes no sample a runtime may be asked for (past the size
// bound).
func decodeFuzz(es []entry, data []byte) (*Sample, entry) {
	b := fuzzBytes(data)
	e := es[b.pick(len(es))]
	s := For(e.Func, b.pick(fuzzVariants))
	for k := range s.Specs {
		if sp := &s.Specs[k]; sp.Same < 0 && sp.ViewOf < 0 && !s.viewed(k) {
			fuzzTensor(s, k, &b)
		}
	}
	for i := range s.Args {
		if a := &s.Args[i]; a.Tensors == nil && a.Schema.Type.TensorForm() == funcschema.NotTensor {
			fuzzValue(s, a, &b)
		}
	}
	for _, sp := range s.Specs {
		if checkBound(sp.Shape) != nil || sp.checkStrides() != nil {
			return nil, e
		}
	}
	return s, e
}

// viewed reports whether spec k is the base of views (the aliasing
// sample's): its geometry stays, so that the views select what is there.
func (s *Sample) viewed(k int) bool {
	return slices.ContainsFunc(s.Specs, func(sp Spec) bool { return sp.ViewOf == k })
}

// fuzzTensor changes spec k's shape, layout in memory and values by the
// input.
func fuzzTensor(s *Sample, k int, b *fuzzBytes) {
	sp := &s.Specs[k]
	c := b.next()
	sh := slices.Clone(sp.Shape)
	switch c % 8 {
	case 2, 3, 4:
		if len(sh) == 0 {
			sh = []int{1}
		}
		switch c % 8 {
		case 2:
			sh[0] = 1
		case 3:
			sh = sh[1:]
		case 4:
			sh[0] = 0
		}
	case 5:
		sh = make([]int, b.next()%4)
		for i := range sh {
			sh[i] = b.next() % 5
		}
	}
	sp.Shape = sh
	switch {
	case c%8 == 6 && len(sh) == 2 && sp.Layout == "":
		sp.Transposed = true
	case c%8 == 7 && sp.Layout == "":
		fuzzStrides(sp, s.written(k), b)
	case c%8 != 0 && c%8 != 1:
		sp.Transposed = sp.Transposed && len(sh) == 2
	}
	switch (c >> 3) % 8 {
	case 3:
		sp.Fill = fillZeros
	case 4:
		sp.Fill = fillOnes
	case 5:
		sp.Fill = fillNeg
	case 6:
		sp.Fill = fillMixed
	case 7:
		sp.Data = make([]float64, 1+b.next()%8)
		for i := range sp.Data {
			sp.Data[i] = float64(int8(b.next())) / 4
		}
	}
	if (sp.Fill == fillNeg || sp.Fill == fillMixed) && !signedDtype(sp.Dtype) {
		sp.Fill = ""
	}
}

// written reports whether spec k is a tensor the op writes.
func (s *Sample) written(k int) bool {
	return slices.ContainsFunc(s.Args, func(a Arg) bool {
		return a.Schema.IsWrite() && slices.ContainsFunc(a.Tensors, func(j int) bool { return s.root(j) == k })
	})
}

// fuzzStrides makes sp a strided view at an offset: each dim's stride its
// contiguous one, or twice it (a gap), or 0 (one element repeated; not for
// a tensor the op writes), by the input.
func fuzzStrides(sp *Spec, written bool, b *fuzzBytes) {
	c := b.next()
	sp.Transposed = false
	sp.Strides = make([]int, len(sp.Shape))
	acc := 1
	for i := len(sp.Shape) - 1; i >= 0; i-- {
		switch (c >> (2 * (i % 4))) % 4 {
		case 1:
			sp.Strides[i] = 2 * acc
		case 2:
			if !written {
				sp.Strides[i] = 0
				continue
			}
			sp.Strides[i] = acc
		default:
			sp.Strides[i] = acc
		}
		acc = max(sp.Strides[i], 1) * max(sp.Shape[i], 1)
	}
	sp.Offset = b.next() % 4
}

// fuzzScalars are the Scalar and float values a fuzzer picks from.
var fuzzScalars = []float64{0, 1, -1, 2, 0.5, -0.5, 3, 1e-3, -2, 10}

// fuzzValue changes a non-tensor argument by the input: half the bytes
// keep it, the others give it a value of its kind (an absent optional
// one is given one by its name first).
func fuzzValue(s *Sample, a *Arg, b *fuzzBytes) {
	c := b.next()
	if c < 128 {
		return
	}
	if a.Absent {
		if !s.present(a.name()) {
			return
		}
	}
	c -= 128
	switch base := a.base(); {
	case a.Schema.Type.IsList() && (base == funcschema.Int || base == funcschema.SymInt):
		fuzzIntList(s, a, c)
	case a.Schema.Type.IsList():
	case base == funcschema.Scalar || base == funcschema.Float || base == funcschema.SymFloat:
		v := fuzzScalars[c%len(fuzzScalars)]
		*a = Arg{Schema: a.Schema, Floats: []float64{v}}
		if base == funcschema.Scalar && v == float64(int64(v)) {
			*a = Arg{Schema: a.Schema, Ints: []int64{int64(v)}}
		}
	case base == funcschema.Int || base == funcschema.SymInt:
		v := int64(c%9) - 4
		if !isDim(a.name()) {
			v = int64(c % 5)
		}
		*a = Arg{Schema: a.Schema, Ints: []int64{v}}
	case base == funcschema.Bool || base == funcschema.SymBool:
		*a = Arg{Schema: a.Schema, Bools: []bool{c%2 == 1}}
	}
}

// fuzzIntList gives an int list a value by c: a dim list one dim in
// [-4, 4] or none; a size list [-1], the first input's element count, its
// shape reversed, or one size.
func fuzzIntList(s *Sample, a *Arg, c int) {
	if n := a.Schema.Type.Unopt().Size; n > 0 {
		*a = Arg{Schema: a.Schema, Ints: repeat(int64(c%3), n)}
		return
	}
	if isDim(a.name()) {
		l := []int64{int64(c%9) - 4}
		if c%10 == 9 {
			l = []int64{}
		}
		*a = Arg{Schema: a.Schema, Ints: l}
		return
	}
	var first []int
	if ks := s.inputs(); len(ks) > 0 {
		first = s.Specs[ks[0]].Shape
	}
	var l []int64
	switch c % 4 {
	case 0:
		l = []int64{-1}
	case 1:
		l = []int64{int64(numelOf(first))}
	case 2:
		l = ints64(first)
		slices.Reverse(l)
	default:
		l = []int64{int64(c % 5)}
	}
	*a = Arg{Schema: a.Schema, Ints: l}
}

func numelOf(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}
