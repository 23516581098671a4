package finder

import (
	"bufio"
	"context"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// A Form is a kind of tensor the library's constructor makes: an element
// type and a rank. The element type is a Go type, and the sweep's dtype
// name.
type Form struct {
	Dtype string
	Rank  int
}

// String is the form as the report and the tests name it: "bool 3-D".
func (f Form) String() string { return fmt.Sprintf("%s %d-D", f.Dtype, f.Rank) }

// formDtypes are the element types init tries the constructor with: the
// sweep's dtypes that are Go's basic types, and Go's int. The sweep asks
// for int in its probe "Go int" (sweep.Spec.GoInt), of a runtime that has
// it besides int64 (gorgonia's tensor.Int).
var formDtypes = []string{"bool", "int8", "int16", "int32", "int64", "int", "uint8", "float32", "float64", "complex64", "complex128"}

// formShapes are the sizes init makes a tensor of each rank with. The
// fourth dimension's first size is 1, the shape a batch of one has.
var formShapes = [][]int{{}, {3}, {2, 3}, {2, 3, 2}, {1, 2, 3, 2}}

// Memory is what init found of the memory function on the tensors the
// library's constructor makes (ProbeMemory).
type Memory struct {
	// Access is, per element type, the method of the tensor type that
	// returns its elements as a slice of that type (gorgonia's Bools,
	// Float64s). Where the type has no method that says a tensor's
	// element type (Kind), it holds the element type's own (Raw) alone.
	Access map[string]string
	// Kind is the method whose result's Kind() is the tensor's element
	// type as a reflect.Kind (gorgonia's Dtype()), or "" for none.
	Kind string
	// Made are the forms the constructor made, read back with their sizes
	// and values. Refused says why, per form tried and not made.
	Made    []Form
	Refused map[Form]string
	// Read are the forms whose memory the memory function gives: storage,
	// a window that holds the elements (a write through them changes its
	// digest), and the geometry (another shape, another fingerprint).
	// Unread says why, per form made and not read. The report names the
	// checks it leaves weaker.
	Read   []Form
	Unread map[Form]string
	// NoStrides is set where the API gives sizes and no strides. The
	// geometry is then the sizes and the window's start alone.
	NoStrides bool
}

// Dtypes are the element types of the forms in fs, in formDtypes' order.
func Dtypes(fs []Form) []string {
	var out []string
	for _, d := range formDtypes {
		if slices.ContainsFunc(fs, func(f Form) bool { return f.Dtype == d }) {
			out = append(out, d)
		}
	}
	return out
}

// Ranks are the ranks of the forms in fs of element type dtype, sorted.
func Ranks(fs []Form, dtype string) []int {
	var out []int
	for _, f := range fs {
		if f.Dtype == dtype && !slices.Contains(out, f.Rank) {
			out = append(out, f.Rank)
		}
	}
	slices.Sort(out)
	return out
}

// memoryAccess finds, for a type whose elements are reached as a slice
// (Raw.Flat), the element accessors of the element types init tries, and
// the method that says a tensor's element type. An accessor is the method
// named for the type (Bools, Float64s) first, else the first by name that
// returns a slice of it.
func memoryAccess(l *Lib) (map[string]string, string) {
	access := map[string]string{l.Elem: l.Raw.Method}
	if !l.Raw.Flat {
		return access, ""
	}
	ms := types.NewMethodSet(l.Tensor)
	var names []string
	for i := range ms.Len() {
		if n := ms.At(i).Obj().Name(); token.IsExported(n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	kind := ""
	for _, n := range names {
		sig := ms.Lookup(l.Pkg, n).Obj().Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		res := sig.Results().At(0).Type()
		if kind == "" && hasKind(res) {
			kind = n
		}
		for _, d := range formDtypes {
			if d == l.Elem || !isElems(res, d) {
				continue
			}
			if _, ok := access[d]; !ok || n == upperFirst(d)+"s" {
				access[d] = n
			}
		}
	}
	if kind == "" {
		return map[string]string{l.Elem: l.Raw.Method}, ""
	}
	return access, kind
}

// hasKind reports whether t has a method Kind() reflect.Kind.
func hasKind(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Kind")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	n, ok := sig.Results().At(0).Type().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" && n.Obj().Name() == "Kind"
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// Elems is Go code of the slice of x's elements of type dtype, on its
// memory: a fresh tensor's, in row-major order.
func (l *Lib) Elems(x, dtype string) string {
	if m := l.Memory; m != nil && dtype != l.Elem {
		return x + "." + m.Access[dtype] + "()"
	}
	return l.Raw.Slice(x)
}

// Sizes is Go code of x's sizes ([]int).
func (l *Lib) Sizes(x string) string {
	if r := l.Raw; r.shaped() {
		return x + "." + r.Shape + "()"
	}
	return fmt.Sprintf("[]int{%s.%s().%s, %s.%s().%s}", x, l.Raw.Method, l.Raw.Rows, x, l.Raw.Method, l.Raw.Cols)
}

// MemoryBody is the body of the memory function of a tensor t. It returns
// the asserts.Memory of its elements, of its own element type where the
// type says it (Kind). It gives the geometry at every rank (asserts'
// Strided): the sizes, and the strides where the API gives them. asserts
// and reflect are named by their package names. dtypes are the element
// types it reads; the others have no storage.
func (l *Lib) MemoryBody(dtypes []string) string {
	r := l.Raw
	if r.Matrix() {
		return fmt.Sprintf("raw := t.%s()\nreturn asserts.SliceMemory(raw.%s).Matrix(raw.%s, raw.%s, raw.%s, 1)", r.Method, r.Data, r.Rows, r.Cols, r.Stride)
	}
	if !r.shaped() {
		return fmt.Sprintf("d := t.%s()\nreturn asserts.SliceMemory(d).Strided([]int{len(d)}, []int{1})", r.Method)
	}
	geometry := fmt.Sprintf(".Strided(t.%s(), t.%s())", r.Shape, r.Strides)
	if r.Strides == "" {
		geometry = fmt.Sprintf(".Strided(t.%s(), nil) // the API gives no strides", r.Shape)
	}
	m := l.Memory
	if m == nil || m.Kind == "" || len(dtypes) < 2 {
		return "return asserts.SliceMemory(" + r.Slice("t") + ")" + geometry
	}
	var b strings.Builder
	fmt.Fprintf(&b, "var m asserts.Memory\nswitch t.%s().Kind() {\n", m.Kind)
	for _, d := range dtypes {
		fmt.Fprintf(&b, "case reflect.%s:\n\tm = asserts.SliceMemory(t.%s())\n", upperFirst(d), m.Access[d])
	}
	fmt.Fprintf(&b, "default:\n\treturn m // an element type init did not read: no storage (the checks of storage skip it)\n}\nreturn m%s", geometry)
	return b.String()
}

// MemoryImportsReflect reports whether MemoryBody(dtypes) names reflect.
func (l *Lib) MemoryImportsReflect(dtypes []string) bool {
	return strings.Contains(l.MemoryBody(dtypes), "reflect.")
}

// probeForms are the forms init tries. They are every element type it has
// an accessor for, where the constructor takes values of any type (else
// its own). They are at every rank of formShapes, where the constructor
// takes the sizes as a list (else its own).
func (l *Lib) probeForms(access map[string]string) []Form {
	dtypes := []string{l.Elem}
	if l.Ctor.AnyData {
		dtypes = nil
		for _, d := range formDtypes {
			if _, ok := access[d]; ok || d == l.Elem {
				dtypes = append(dtypes, d)
			}
		}
	}
	ranks := []int{l.Ctor.Rank}
	if l.Ctor.Shape != "" {
		ranks = []int{0, 1, 2, 3, 4}
	}
	var out []Form
	for _, d := range dtypes {
		for _, r := range ranks {
			out = append(out, Form{d, r})
		}
	}
	return out
}

// ProbeMemory makes a tensor of each form the constructor may make
// (probeForms), in a program built and run in the user's module as the
// value check is. It reads each back, and runs on it the memory function
// init would write. It sets l.Memory to what it found.
func ProbeMemory(ctx context.Context, dir string, l *Lib) error {
	access, kind := memoryAccess(l)
	l.Memory = &Memory{Access: access, Kind: kind, Refused: map[Form]string{}, Unread: map[Form]string{}, NoStrides: l.Raw.shaped() && l.Raw.Strides == ""}
	forms := l.probeForms(access)
	out, err := runSource(ctx, dir, l, []byte(l.memoryProgram(forms)), fmt.Sprintf("the check of the memory function of %s", l.Spec))
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		n, what, _ := strings.Cut(line, " ")
		k, err := strconv.Atoi(n)
		if err != nil || k < 0 || k >= len(forms) {
			return fmt.Errorf("the check of the memory function printed %q", line)
		}
		f := forms[k]
		switch verdict, why, _ := strings.Cut(what, " "); verdict {
		case "refused":
			l.Memory.Refused[f] = why
		case "unread":
			l.Memory.Made = append(l.Memory.Made, f)
			l.Memory.Unread[f] = why
		case "read":
			l.Memory.Made = append(l.Memory.Made, f)
			l.Memory.Read = append(l.Memory.Read, f)
		default:
			return fmt.Errorf("the check of the memory function printed %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if !slices.Contains(l.Memory.Read, Form{l.Elem, l.Ctor.Rank}) {
		return fmt.Errorf("-type %s: the memory function init would write does not read a %s tensor made with %s.%s: %s; configure the type by hand (docs/guide.md, \"A library's type as it is\")",
			l.Spec, Form{l.Elem, l.Ctor.Rank}, l.Pkg.Name(), l.Ctor.Name, l.Memory.Unread[Form{l.Elem, l.Ctor.Rank}]+l.Memory.Refused[Form{l.Elem, l.Ctor.Rank}])
	}
	return nil
}

// elemSizes are the bytes of one element of each of formDtypes.
var elemSizes = map[string]int{"bool": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "int": strconv.IntSize / 8, "uint8": 1, "float32": 4, "float64": 8, "complex64": 8, "complex128": 16}

// sayText declares say, which writes a line of the report of a program
// runSource runs. The report is the file its first argument names, which
// runSource reads. It is apart from the program's standard output, on
// which the library's code may print (a constructor's note for a 4-d
// tensor).
const sayText = `// report is the file of the program's lines (os.Args[1]).
var report = func() *os.File {
	f, err := os.OpenFile(os.Args[1], os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		panic(err)
	}
	return f
}()

// say writes one line of the program's report, at once.
func say(format string, args ...any) {
	report.WriteString(fmt.Sprintf(format, args...) + "\n")
}

`

// memoryProgram is the program ProbeMemory runs. It writes a line per
// form:
//   - "K refused WHY": the constructor panicked, or the tensor does not
//     read back with its sizes and values;
//   - "K unread WHY": the memory function does not give its storage, a
//     window holding its elements, or a geometry that tells its sizes
//     from others;
//   - "K read".
func (l *Lib) memoryProgram(forms []Form) string {
	var b strings.Builder
	b.WriteString(l.programHead(l.MemoryBody(Dtypes(forms)), "fmt", "os", "slices"))
	b.WriteString(`// other returns the geometry's fingerprint of a tensor of sizes shape,
// false when the constructor does not make one.
func other(mk func([]int) tensorT, shape []int) (fp uint64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return memory(mk(shape)).Metadata()
}

func main() {
`)
	for k := range forms {
		fmt.Fprintf(&b, "\tsay(\"%d %%s\", form%d())\n", k, k)
	}
	b.WriteString("}\n")
	for k, f := range forms {
		b.WriteString(l.formProbe(k, f))
	}
	return b.String()
}

// programHead is the start of a program that checks the memory function:
//   - its package clause;
//   - its imports: imports, which must not hold reflect, with asserts,
//     the library's package as lib, and reflect where body names it. fmt
//     and os must be among them, since say needs them.
//   - tensorT, the tensor type;
//   - memory, the memory function of body;
//   - say (sayText).
func (l *Lib) programHead(body string, imports ...string) string {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	if strings.Contains(body, "reflect.") {
		imports = append(imports, "reflect")
	}
	slices.Sort(imports)
	for _, p := range imports {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	fmt.Fprintf(&b, "\n\t\"github.com/assertgen/assertgen/asserts\"\n\n\tlib %q\n)\n\n", l.Pkg.Path())
	typ := types.TypeString(l.Tensor, func(*types.Package) string { return "lib" })
	fmt.Fprintf(&b, "type tensorT = %s\n\nfunc memory(t tensorT) asserts.Memory {\n%s\n}\n\n", typ, body)
	return b.String() + sayText
}

// formProbe is the function of memoryProgram that makes and reads the
// tensor of form f.
func (l *Lib) formProbe(k int, f Form) string {
	shape := formShapes[f.Rank]
	if f.Rank == l.Ctor.Rank && l.Ctor.Shape == "" {
		shape = []int{2, 3}[:f.Rank]
	}
	val, write := ElemCode(f.Dtype)
	// A tensor of the same rank with a first size one larger (0-D: [1])
	// gives another geometry. So does, for a constructor of any rank, one
	// of a rank more (a trailing size 1).
	bigger := []int{1}
	if len(shape) > 0 {
		bigger = slices.Clone(shape)
		bigger[0]++
	}
	others := Ints(bigger)
	if l.Ctor.Shape != "" { // a constructor of any rank: a rank more too
		others = Ints(bigger) + "}, {" + Ints(append(slices.Clone(shape), 1))
	}
	r := strings.NewReplacer("$K", strconv.Itoa(k), "$ELEMS", l.Elems("t", f.Dtype), "$ELEM", f.Dtype, "$SHAPE", Ints(shape), "$OTHERS", others,
		"$VAL", val, "$CTOR", l.Ctor.Call("lib", "shape", "data"), "$SIZES", l.Sizes("t"), "$WRITE", write,
		"$NUMEL", strconv.Itoa(numel(shape)), "$NBYTES", strconv.Itoa(elemSizes[f.Dtype]*numel(shape)))
	return r.Replace(mkText + `
func form$K() (res string) {
	defer func() {
		if p := recover(); p != nil {
			res = fmt.Sprintf("refused a panic: %v", p)
		}
	}()
	shape := []int{$SHAPE}
	t := mk$K(shape)
	want := make([]$ELEM, $NUMEL)
	for i := range want {
		want[i] = $VAL
	}
	if got := $SIZES; !slices.Equal([]int(got), shape) {
		return fmt.Sprintf("refused sizes %v read back as %v", shape, got)
	}
	if got := $ELEMS; !slices.Equal(got, want) {
		return fmt.Sprintf("refused values read back as %v", got)
	}
	return read$K(t)
}

func read$K(t tensorT) (res string) {
	defer func() {
		if p := recover(); p != nil {
			res = fmt.Sprintf("unread the memory function panicked: %v", p)
		}
	}()
	m := memory(t)
	if m.Anchor() == nil {
		return "unread no storage"
	}
	if m.Extent() < $NBYTES {
		return fmt.Sprintf("unread a window of %d bytes on elements of $NBYTES bytes", m.Extent())
	}
	d0, _ := m.Digest()
	e := $ELEMS
	$WRITE
	if d1, _ := memory(t).Digest(); d1 == d0 {
		return "unread a write through its elements leaves the memory's contents as they were"
	}
	fp, ok := m.Metadata()
	if !ok {
		return "unread no geometry"
	}
	for _, sh := range [][]int{{$OTHERS}} {
		if fp2, ok := other(mk$K, sh); ok && fp2 == fp {
			return fmt.Sprintf("unread sizes %v and %v give one geometry", []int{$SHAPE}, sh)
		}
	}
	return "read"
}
`)
}

// mkText is the function of a check's program that makes a tensor of
// sizes shape with the constructor ($CTOR). Its values, of element type
// $ELEM, are those of ElemCode ($VAL). $K is its name's suffix.
const mkText = `
func mk$K(shape []int) tensorT {
	n := 1
	for _, s := range shape {
		n *= s
	}
	data := make([]$ELEM, n)
	for i := range data {
		data[i] = $VAL
	}
	return $CTOR
}
`

// ElemCode is Go code of the value of the element i of a tensor of element
// type dtype: i+1, or for a bool, whether i is even. write is Go code of a
// write of e[0], its first element: plus one, or for a bool, negated.
func ElemCode(dtype string) (val, write string) {
	switch dtype {
	case "bool":
		return "i%2 == 0", "e[0] = !e[0]"
	case "complex64", "complex128":
		return dtype + "(complex(float64(i+1), 0))", "e[0]++"
	}
	return dtype + "(i + 1)", "e[0]++"
}

// Ints is l as the elements of a Go []int literal: "2, 3". Every Go
// source init writes of a shape spells it so.
func Ints(l []int) string {
	s := make([]string, len(l))
	for i, v := range l {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}

func numel(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// valueDtypes are the reference's element types besides float64 that the
// value check makes tensors of, where the library makes them.
var valueDtypes = []string{"bool", "int64"}

// ValueForms are the forms the value check runs an op's cases on, besides
// 2-D float64 matrices, by the reference's dtype names (Ops): those of the
// forms the constructor made and read back (ProbeMemory). The library's
// element type stands for float64. A tensor of another element type is
// made where the constructor takes values of any type, and read where the
// type says a tensor's element type (Memory.Kind) and has an accessor of
// it.
func (l *Lib) ValueForms() []Form {
	m := l.Memory
	if m == nil {
		return nil
	}
	var out []Form
	for _, f := range m.Made {
		switch {
		case f.Dtype == l.Elem:
			out = append(out, Form{"float64", f.Rank})
		case slices.Contains(valueDtypes, f.Dtype) && l.Ctor.AnyData && m.Kind != "" && m.Access[f.Dtype] != "":
			out = append(out, f)
		}
	}
	return out
}

// valueDtype reports whether the value check makes and reads tensors of
// the reference's dtype d (valueDtypes) of the library's type.
func (l *Lib) valueDtype(d string) bool {
	return slices.ContainsFunc(l.ValueForms(), func(f Form) bool { return f.Dtype == d })
}

// TypedDtypes are the reference's dtypes besides float64 the value check
// makes and reads of the library's type (ValueForms), in valueDtypes'
// order.
func (l *Lib) TypedDtypes() []string {
	var out []string
	for _, d := range valueDtypes {
		if l.valueDtype(d) {
			out = append(out, d)
		}
	}
	return out
}

// ReadTyped is Go code that reads the tensor x of any of the dtypes of
// TypedDtypes: it sets dtype ("" for the library's element type, else
// "bool" or "int64"), shape ([]int) and vals ([]float64, a bool 0 or 1),
// and names reflect where there are such dtypes.
func (l *Lib) ReadTyped() string {
	var b strings.Builder
	typed := l.TypedDtypes()
	if len(typed) > 0 {
		fmt.Fprintf(&b, "switch x.%s().Kind() {\n", l.Memory.Kind)
		for _, d := range typed {
			from := "float64(v)"
			if d == "bool" {
				from = "map[bool]float64{true: 1}[v]"
			}
			fmt.Fprintf(&b, "case reflect.%s:\nd := x.%s()\ndtype, shape, vals = %q, %s, make([]float64, len(d))\nfor i, v := range d {\nvals[i] = %s\n}\nreturn\n", upperFirst(d), l.Memory.Access[d], d, l.Sizes("x"), from)
		}
		b.WriteString("}\n")
	}
	return b.String() + l.Raw.Read()
}
