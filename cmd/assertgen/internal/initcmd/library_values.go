package initcmd

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"strconv"
	"strings"
	"text/template"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd/finder"
	"github.com/assertgen/assertgen/internal/refvalues"
)

// ValuesTestFile is the test init writes for a library's type. Each bound
// op, called through the checked wrappers on the inputs init checked it
// on, must give the reference's values. So a binding that stops computing
// its op fails a test, as after a library's upgrade or an edit of
// assertgen.yaml.
const ValuesTestFile = "assertgen_values_test.go"

// valuesTest returns the file ValuesTestFile.
func (t *libTarget) valuesTest() ([]byte, error) {
	var cases strings.Builder
	lit := func(v float64) string {
		switch {
		case math.IsNaN(v):
			return "math.NaN()"
		case math.IsInf(v, 0):
			return fmt.Sprintf("math.Inf(%d)", int(math.Copysign(1, v)))
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	matrix := func(m refvalues.Matrix) string {
		var vs, sizes []string
		for _, v := range m.Data {
			vs = append(vs, lit(v))
		}
		for _, n := range m.Shape() {
			sizes = append(sizes, strconv.Itoa(n))
		}
		dtype := ""
		if m.DType != refvalues.Float64 {
			dtype = m.DType.String()
		}
		return fmt.Sprintf("{[]int{%s}, []float64{%s}, %q}", strings.Join(sizes, ", "), strings.Join(vs, ", "), dtype)
	}
	for _, b := range t.Found.Bindings {
		op := b.Of
		for _, k := range op.Ref.Cases {
			if !b.Holds(k.Scalars) {
				continue // a case its binding refuses (Binding.Held)
			}
			want, err := op.Ref.Want(k)
			if err != nil {
				return nil, fmt.Errorf("%s: reference of %s: %v", ValuesTestFile, op.Name, err)
			}
			var in []string
			for _, m := range k.In {
				in = append(in, matrix(m))
			}
			fmt.Fprintf(&cases, "{op: %q, in: []assertgenMatrix{%s}, want: assertgenMatrix%s,\n\trun: func(in []%s, out %s) %s { return checked.%s(%s) }},\n",
				op.Name, strings.Join(in, ", "), matrix(want), t.Qual(), t.Qual(), t.Qual(), op.GoName, callArgs(op, k))
		}
	}
	tp, err := template.New(ValuesTestFile).Parse(valuesText)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	data := struct {
		*libTarget
		Cases, Read string
		Typed       []string
	}{t, cases.String(), strings.ReplaceAll(t.Lib.ReadTyped(), "\n", "\n\t"), t.Lib.TypedDtypes()}
	if err := tp.Execute(&buf, data); err != nil {
		return nil, err
	}
	return format.Source(buf.Bytes())
}

// callArgs are the arguments of op's checked wrapper on case k, in its
// parameters' order: the inputs in, the case's scalars and int lists, and
// the tensor out.
func callArgs(op *finder.Op, k refvalues.Case) string {
	var out []string
	for _, p := range op.Params {
		switch p.Role {
		case finder.Input:
			if op.List {
				out = append(out, "in") // cat's list
				continue
			}
			out = append(out, fmt.Sprintf("in[%d]", p.Index))
		case finder.Dims:
			l := k.Lists[p.Index]
			if l == nil {
				out = append(out, "nil")
				continue
			}
			var vs []string
			for _, v := range l {
				vs = append(vs, strconv.Itoa(v))
			}
			out = append(out, "[]int64{"+strings.Join(vs, ", ")+"}")
		case finder.Scalar:
			s := k.Scalars[p.Index]
			v := strconv.FormatFloat(s, 'g', -1, 64)
			switch {
			case strings.HasPrefix(p.Type, "*") && refvalues.IsNone(s):
				v = "nil"
			case p.Type == "*int64":
				v = "func() *int64 { v := int64(" + v + "); return &v }()"
			case p.Type == "bool":
				v = strconv.FormatBool(s != 0)
			case p.Type == "int": // a dtype: PyTorch's ScalarType number
				v = strconv.Itoa(refvalues.DType(s).ScalarType())
			case p.Type == "*int":
				v = "func() *int { v := " + strconv.Itoa(refvalues.DType(s).ScalarType()) + "; return &v }()"
			}
			out = append(out, v)
		case finder.OutArg:
			out = append(out, "out")
		case finder.Ignore:
			out = append(out, map[bool]string{true: "false", false: "nil"}[p.Type == "bool"])
		}
	}
	return strings.Join(out, ", ")
}

const valuesText = `package {{.Name}}_test

import (
	"math"
{{- if .Typed}}
	"reflect"
{{- end}}
	"slices"
	"testing"

	{{.Import}}
	"{{.Path}}/checked"
)

// TestBoundValues holds the values of each op bound in assertgen.yaml on
// the small inputs assertgen init checked it on, against assertgen's
// reference of the op's values, written by init: a binding that stops
// computing its op (the library upgraded, assertgen.yaml edited) fails
// here. With -tags debugasserts the calls are checked too.
func TestBoundValues(t *testing.T) {
	for _, c := range assertgenValueCases {
		in := make([]{{.Qual}}, len(c.in))
		for i, m := range c.in {
			in[i] = assertgenTensor(m)
		}
		n := 1
		for _, s := range c.want.shape {
			n *= s
		}
		stale := make([]float64, n) // out's values before: a kernel must not add to them
		for i := range stale {
			stale[i] = 1000 + float64(i)
		}
		out := assertgenTensor(assertgenMatrix{c.want.shape, stale, c.want.dtype})
		if got := assertgenRead(c.run(in, out)); !assertgenEqual(got, c.want) {
			t.Errorf("%s on %v: got %v, want %v", c.op, c.in, got, c.want)
		}
	}
}

// assertgenMatrix is a row-major tensor of the cases: its sizes, its
// values (a bool 0 or 1) and its dtype, "" for {{.Lib.Elem}}.
type assertgenMatrix struct {
	shape []int
	data  []float64
	dtype string
}

// assertgenTensor makes m with {{.LibName}}.{{.Lib.Ctor.Name}}.
func assertgenTensor(m assertgenMatrix) {{.Qual}} {
	shape := m.shape
{{- range .Typed}}
	if m.dtype == "{{.}}" {
		data := make([]{{.}}, len(m.data))
		for i, v := range m.data {
			data[i] = {{if eq . "bool"}}v != 0{{else}}{{.}}(v){{end}}
		}
		return {{$.Ctor}}
	}
{{- end}}
	data := make([]{{.Lib.Elem}}, len(m.data))
	for i, v := range m.data {
		data[i] = {{.Lib.Elem}}(v)
	}
	return {{.Ctor}}
}

// assertgenRead reads x's dtype, sizes and values.
func assertgenRead(x {{.Qual}}) assertgenMatrix {
	if x == nil {
		return assertgenMatrix{}
	}
	dtype, shape, vals := assertgenReadAs(x)
	return assertgenMatrix{shape, vals, dtype}
}

// assertgenReadAs reads x through {{.Lib.Raw.Method}}{{range .Typed}}, or its {{.}} elements{{end}}.
func assertgenReadAs(x {{.Qual}}) (dtype string, shape []int, vals []float64) {
	{{.Read}}
	return dtype, shape, vals
}

// assertgenEqual reports whether got holds want's values: the same sizes
// and dtype, each element within 1e-9 of want's (relative beyond 1), NaN
// where want is NaN, the same infinities.
func assertgenEqual(got, want assertgenMatrix) bool {
	if !slices.Equal(got.shape, want.shape) || got.dtype != want.dtype || len(got.data) != len(want.data) {
		return false
	}
	for i, w := range want.data {
		g := got.data[i]
		switch {
		case math.IsNaN(g) || math.IsNaN(w):
			if math.IsNaN(g) != math.IsNaN(w) {
				return false
			}
		case math.IsInf(g, 0) || math.IsInf(w, 0):
			if g != w {
				return false
			}
		case math.Abs(g-w) > 1e-9*max(1, math.Abs(w)):
			return false
		}
	}
	return true
}

// assertgenValueCases are the ops' cases: their inputs, the reference's
// result and the call of the op's checked wrapper.
var assertgenValueCases = []struct {
	op   string
	in   []assertgenMatrix
	want assertgenMatrix
	run  func(in []{{.Qual}}, out {{.Qual}}) {{.Qual}}
}{
{{.Cases}}}
`
