package sweep

import (
	"strings"

	"github.com/assertgen/assertgen/schema/funcschema"
)

// Optionals says which optional arguments a variant gives.
type optionalsMode int

const (
	// optNone leaves every optional argument out (None).
	optNone optionalsMode = iota
	// optTensors gives optional tensors and optional values without a
	// None default; values whose default is None stay None.
	optTensors
	// optAll gives every optional argument.
	optAll
)

// A variant is one way of sampling every op: its name says what it
// decides.
type variant struct {
	Name string
	// Tensor is the template of the sample's tensors (its Same, ViewOf
	// and Index are not used).
	Tensor Spec
	// optionals says which optional arguments the variant gives (its name
	// says so too).
	optionals optionalsMode
	// ListLen is the number of tensors of a Tensor[] argument (and of
	// values of a Scalar[] one).
	ListLen int
	// Alias makes the tensors one: every tensor is the first one (x.op_(x),
	// op(a, b, out=a)), or, for a functional op, views of one base.
	Alias bool
	// Training sets bools named training or train.
	Training bool
}

func t(dtype string, shape ...int) Spec { return NewSpec(dtype, shape...) }

func tr(dtype string, shape ...int) Spec {
	s := NewSpec(dtype, shape...)
	s.Transposed = true
	return s
}

// Variants are the samples every op gets, in order. A sample is named by
// its number here (a sweep's verdicts list the samples they cover by
// number, and TestVariantNumbers holds the list): a new variant goes at
// the end, and none is removed or changed.
//
// A variant's Name says what it decides; Tensor is the template of the
// sample's tensors (a [Spec]; its Same, ViewOf and Index are not used);
// ListLen is the number of tensors of a Tensor[] argument (and of values
// of a Scalar[] one); Alias makes the tensors one (every tensor is the
// first one: x.op_(x), op(a, b, out=a); for a functional op, views of one
// base); Training sets bools named training or train.
var Variants = []variant{
	// 0-10: dtypes, shapes, optionals, aliasing, training mode
	{Name: "contiguous float [2,3], optionals absent", Tensor: t("float32", 2, 3), optionals: optNone, ListLen: 1},
	{Name: "non-contiguous float [2,3] (transposed views), optionals present", Tensor: tr("float32", 2, 3), optionals: optAll, ListLen: 1},
	{Name: "0-dim float", Tensor: t("float32"), optionals: optTensors, ListLen: 1},
	{Name: "square float64 [3,3], lists of 3", Tensor: t("float64", 3, 3), optionals: optTensors, ListLen: 3},
	{Name: "int64 [2,3]", Tensor: t("int64", 2, 3), optionals: optTensors, ListLen: 1},
	{Name: "aliasing: x.op_(x), op(a, b, out=a), or two views of one base", Tensor: t("float32", 2, 3), optionals: optTensors, ListLen: 1, Alias: true},
	{Name: "empty float [0]", Tensor: t("float32", 0), optionals: optTensors, ListLen: 1},
	{Name: "bool [2,3]", Tensor: t("bool", 2, 3), optionals: optTensors, ListLen: 1},
	{Name: "4-d float [1,2,4,4] (a batch of images: conv, pooling)", Tensor: t("float32", 1, 2, 4, 4), optionals: optTensors, ListLen: 1},
	{Name: "3-d float [2,3,4]", Tensor: t("float32", 2, 3, 4), optionals: optTensors, ListLen: 1},
	{Name: "training mode: float [2,3], bools named training or train true (rrelu's noise, dropout, batch norm)", Tensor: t("float32", 2, 3), optionals: optTensors, ListLen: 1, Training: true},
	// 11-20: complex tensors and their lazy conjugate and negative bits,
	// sparse COO and CSR, quantized and mkldnn tensors, and the autograd
	// path (requires_grad leaves, views of them, views of non-leaves)
	{Name: "complex64 [2,3]", Tensor: t("complex64", 2, 3), optionals: optTensors, ListLen: 1},
	{Name: "complex128 [2,3] with the conj bit (conj() views)", Tensor: bits(t("complex128", 2, 3), func(s *Spec) { s.Conj = true }), optionals: optTensors, ListLen: 1},
	{Name: "float [2,3] with the neg bit (_neg_view() views)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.Neg = true }), optionals: optTensors, ListLen: 1},
	{Name: "sparse COO float [2,3]", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.Layout = SparseCOO }), optionals: optTensors, ListLen: 1},
	{Name: "sparse CSR float [2,3]", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.Layout = SparseCSR }), optionals: optTensors, ListLen: 1},
	{Name: "quantized quint8 [2,3] (per-tensor affine)", Tensor: bits(t("quint8", 2, 3), func(s *Spec) { s.Layout = Quantized }), optionals: optTensors, ListLen: 1},
	{Name: "mkldnn float [1,2,4,4]", Tensor: bits(t("float32", 1, 2, 4, 4), func(s *Spec) { s.Layout = Mkldnn }), optionals: optTensors, ListLen: 1},
	{Name: "requires_grad float [2,3] leaves (the autograd path)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.RequiresGrad = true }), optionals: optTensors, ListLen: 1},
	{Name: "transposed views of requires_grad leaves (in-place refused)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.NonLeafView = true }), optionals: optTensors, ListLen: 1},
	{Name: "transposed views of non-leaves (leaf.clone(); in-place legal)", Tensor: bits(t("float32", 2, 3), func(s *Spec) { s.NonLeafView, s.NonLeafBase = true, true }), optionals: optTensors, ListLen: 1},
	// 21-23: the ranks and the degenerate shapes the variants above lack:
	// a 1-d tensor, a single element at ranks 1 and 4. A dim of 1 at the
	// base sample's rank (a row and a column vector, a single element:
	// a kernel that takes a 1 x n matrix for a vector, or transposes it,
	// shows there) is the probes' (size-1 dims, size-1 last dim, single
	// element), which cost a call per op where a variant costs repairs.
	{Name: "1-d float [3]", Tensor: t("float32", 3), optionals: optTensors, ListLen: 1},
	{Name: "single element float [1]", Tensor: t("float32", 1), optionals: optTensors, ListLen: 1},
	{Name: "single element 4-d float [1,1,1,1]", Tensor: t("float32", 1, 1, 1, 1), optionals: optTensors, ListLen: 1},
}

// A Sample is the arguments of one call of an op: Specs are the tensors to
// make, in order (a base that is no argument itself included), Args the
// op's arguments in schema order.
type Sample struct {
	Func    *funcschema.Func // the op's schema (schema.Func)
	Variant int
	Specs   []Spec
	Args    []Arg
	// Repairs names the rules that changed the sample, in order.
	Repairs []string
	// NoGrad asks the runtime to make and call the sample with grad mode
	// off (torch.no_grad(); a repair asks for it: kernels that assert it).
	NoGrad bool
	// Inference asks the runtime to make and call the sample in inference
	// mode (torch.inference_mode(): its tensors are inference tensors,
	// without a version counter). A repair asks for it: the composite
	// kernels of _fw_primal_copy and _make_dual_copy assert that they run
	// there, as they do when autograd is skipped.
	Inference bool
	// DualLevel asks the runtime to make and call the sample inside a
	// forward-AD level and to give the argument named "level" that level's
	// index (DualLevelArg). A repair asks for it: _make_dual refuses a
	// level that is not open.
	DualLevel bool
	// Probe is the probe this sample is (a base sample with one kind of
	// value changed, see [Probes]), or nil.
	Probe *probe
	// tried holds the dtypes a repair moved tensors away from, so that no
	// repair moves them back.
	tried map[string]bool
}

// An Arg is one argument of a sample: its tensors, or its value. The value
// of a non-tensor argument is in the field of its schema type: Ints (int,
// SymInt, int[], Layout, MemoryFormat, QScheme: PyTorch's enum numbers),
// Floats (float, float[]), Bools, Strs (str, Dimname, Device, ScalarType:
// a dtype name, as [Spec.Dtype]); a Scalar is an int when Ints is set, else a
// float.
type Arg struct {
	Schema  *funcschema.Argument
	Tensors []int // Tensor and Tensor?: one; Tensor[]: several
	List    bool  // a list of tensors
	Absent  bool  // None (a Generator, Storage or Stream is always None)
	Ints    []int64
	Floats  []float64
	Bools   []bool
	Strs    []string
}

// DualLevelArg is the name of the argument a DualLevel sample's runtime
// sets to the index of the forward-AD level it opened.
const DualLevelArg = "level"

// name returns the argument's schema name.
func (a *Arg) name() string { return a.Schema.Name }

// base returns the argument's base type under optionals and lists.
func (a *Arg) base() funcschema.BaseTy {
	t := a.Schema.Type.Unopt()
	for t.Kind == funcschema.ListKind || t.Kind == funcschema.OptionalKind {
		t = t.Elem
	}
	return t.Base
}

// For returns the sample of variant v (an index of [Variants]) of the op
// whose parsed schema is op (a *schema.Func, from schema.ParseFunc or a
// loaded schema's Op.Func).
func For(op *funcschema.Func, v int) *Sample {
	vr := Variants[v]
	s := &Sample{Func: op, Variant: v}
	if fam := family(op); fam != nil {
		if fam(s, vr) {
			return s
		}
		s.Specs, s.Args = nil, nil
	}
	b := builder{s: s, vr: vr, first: -1, base: -1, lin: linearShape(op)}
	args := op.Args()
	s.Args = make([]Arg, len(args))
	// written arguments last, so that the aliasing variant can make them
	// the inputs
	for pass := 0; pass < 2; pass++ {
		for i, a := range args {
			if (pass == 1) != a.IsWrite() {
				continue
			}
			s.Args[i] = b.arg(a)
		}
	}
	return s
}

type builder struct {
	s     *Sample
	vr    variant
	first int // the first tensor argument's spec, for aliasing
	base  int // the base of the views of a functional op's aliasing sample
	views int
	n     int // tensor arguments made so far
	lin   func(k int, write bool, sp *Spec)
}

func (b *builder) arg(a *funcschema.Argument) Arg {
	ar := Arg{Schema: a}
	switch a.Type.TensorForm() {
	case funcschema.TensorSingle:
		ar.Tensors = []int{b.tensor(a)}
	case funcschema.TensorOptional:
		if b.vr.optionals == optNone {
			ar.Absent = true
		} else {
			ar.Tensors = []int{b.tensor(a)}
		}
	case funcschema.TensorList, funcschema.TensorOptionalList:
		ar.List = true
		for range b.vr.ListLen {
			ar.Tensors = append(ar.Tensors, b.tensor(a))
		}
	case funcschema.TensorOtherForm:
		ar.Absent = true
	default:
		b.s.value(b.vr, &ar)
	}
	return ar
}

// tensor adds the spec of a tensor argument and returns its index.
func (b *builder) tensor(a *funcschema.Argument) int {
	s, vr := b.s, b.vr
	sp := vr.Tensor
	sp.Shape = append([]int(nil), sp.Shape...)
	sp.Same, sp.ViewOf = -1, -1
	sp.Transposed = sp.Transposed && len(sp.Shape) == 2
	switch {
	case vr.Alias && s.Func.Kind() == funcschema.Functional:
		// two views of one base as arguments
		if b.base < 0 {
			bs := NewSpec(sp.Dtype, 2, 2, 3)
			s.Specs = append(s.Specs, bs)
			b.base = len(s.Specs) - 1
		}
		b.views++
		sp = NewSpec(sp.Dtype, 2, 3)
		sp.ViewOf, sp.Index = b.base, b.views%2
	case vr.Alias && b.first >= 0:
		sp.Same = b.first
	case a.IsWrite() && s.Func.Kind() == funcschema.Out:
		// a fresh out tensor of its own
	}
	if sp.Same < 0 && sp.ViewOf < 0 {
		if indexLike(a.Name) {
			sp.asIndex()
		}
		if b.lin != nil {
			b.lin(b.n, a.IsWrite(), &sp)
		}
	}
	b.n++
	s.Specs = append(s.Specs, sp)
	k := len(s.Specs) - 1
	if b.first < 0 && sp.ViewOf < 0 {
		b.first = k
	}
	return k
}

// indexLike names take integer tensors of small values (valid indices).
func indexLike(name string) bool {
	return strings.Contains(name, "ind") || name == "target" || strings.Contains(name, "offsets") || name == "lengths"
}

// linearShape gives the shapes the basic linear-algebra ops need: mm and
// matmul a [c,r] second operand (an [r,r] result), mv a vector, dot and
// friends two vectors.
func linearShape(op *funcschema.Func) func(k int, write bool, sp *Spec) {
	switch strings.TrimSuffix(op.Name.Name.Base, "_") {
	case "mm", "matmul":
		return func(k int, write bool, sp *Spec) {
			if len(sp.Shape) == 2 && k > 0 {
				r, c := sp.Shape[0], sp.Shape[1]
				if write {
					sp.Shape = []int{r, r}
				} else {
					sp.Shape = []int{c, r}
				}
			}
		}
	case "mv":
		return func(k int, write bool, sp *Spec) {
			if len(sp.Shape) == 2 && k > 0 {
				sp.Shape, sp.Transposed = sp.Shape[1:], false
				if write {
					sp.Shape = []int{2}
				}
			}
		}
	case "dot", "vdot", "inner":
		return func(k int, write bool, sp *Spec) {
			if !write {
				sp.Shape, sp.Transposed = []int{3}, false
			} else {
				sp.Shape = nil
			}
		}
	}
	return nil
}
