package initcmd

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/initcmd/finder"
)

// render returns the files init writes for the library's type.
func (t *libTarget) render() (map[string][]byte, error) {
	t.LibName = t.Lib.Pkg.Name()
	if t.LibName == t.Name || t.LibName == "asserts" || t.LibName == "assertstest" || t.LibName == "checked" || t.LibName == "sweep" || t.LibName == "assertgenshapes" {
		t.LibName = "assertgen" + upperFirst(t.LibName)
	}
	raw := t.Lib.Raw
	t.GoType, t.MemoryBody, t.WriteCode, t.ReadCode = t.Lib.GoType(), t.Lib.MemoryBody(t.memoryDtypes()), raw.Write(), raw.Read()
	texts := map[string]string{"assertgen.yaml": libConfigText, "generate.go": generateText, MemoryFile: libMemoryText,
		MemoryTestFile: libMemoryTestText, SweepTestFile: libSweepText}
	files := map[string][]byte{}
	funcs := template.FuncMap{"quote": strconv.Quote, "lines": func(prefix string, l []string) string { return prefix + strings.Join(l, "\n"+prefix) }, "memoryFile": func() string { return MemoryFile }, "viewsFile": func() string { return ViewsFile }, "indent": func(s string) string { return strings.ReplaceAll(s, "\n", "\n\t") }}
	if v := t.Found.Views; v != nil {
		texts[ViewsFile] = t.viewsText()
	}
	for _, name := range t.files() {
		if name == ValuesTestFile {
			continue
		}
		tp, err := template.New(name).Funcs(funcs).Parse(texts[name])
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := tp.Execute(&buf, t); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		files[name] = buf.Bytes()
		if strings.HasSuffix(name, ".go") {
			if files[name], err = format.Source(buf.Bytes()); err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
		}
	}
	if err := t.checkConfig(files["assertgen.yaml"]); err != nil {
		return nil, err
	}
	var err error
	if files[ValuesTestFile], err = t.valuesTest(); err != nil {
		return nil, err
	}
	return files, nil
}

// Qual is the tensor type as init's Go files spell it: "*mat.Dense".
func (t *libTarget) Qual() string {
	q := t.Lib.Qual()
	pkg := t.Lib.Pkg.Name()
	return strings.Replace(q, pkg+".", t.LibName+".", 1)
}

// Import is the library's import spec in init's Go files.
func (t *libTarget) Import() string {
	if t.LibName != t.Lib.Pkg.Name() {
		return t.LibName + " " + strconv.Quote(t.Lib.Pkg.Path())
	}
	return strconv.Quote(t.Lib.Pkg.Path())
}

// ReproImports are the reproducer hooks' imports, as Go strings.
func (t *libTarget) ReproImports() string {
	var qs []string
	for _, p := range t.Repro.Imports {
		qs = append(qs, strconv.Quote(p))
	}
	return strings.Join(qs, ", ")
}

// ReproElem is Go code of the element type a reproducer writes a sample's
// tensor with. It is the sample's dtype for a constructor of values of any
// type, else the constructor's.
func (t *libTarget) ReproElem() string {
	if t.Lib.Ctor.AnyData {
		return "sp.Dtype"
	}
	return strconv.Quote(t.Lib.Elem)
}

// ReproFormat is the format of a reproducer's tensor, as a Go string.
func (t *libTarget) ReproFormat() string { return strconv.Quote(t.Repro.Format()) }

// ReproViews is Go code of ReproTensor's switch of the views the sweep
// adapter makes: the methods init found and CheckRepro ran the hooks on.
// Each is written as the adapter makes it:
//   - a transposed view, of its base of the values transposed
//     (assertgenReproTranspose);
//   - a selected view, of its base at its index (assertgenReproSelect).
//
// The others, and strided views at an offset, are refused with why. It is
// "" where the adapter makes none.
func (t *libTarget) ReproViews() string {
	h := t.Repro
	if h.Transpose == "" && h.Select == "" {
		return ""
	}
	why := func(kind string) string {
		w := h.NoView[kind]
		if w == "" {
			w = t.Lib.Views.Why[kind]
		}
		return strconv.Quote(fmt.Sprintf("no %s view of %s: %s", kind, t.Qual(), w))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "switch {\ncase sp.Strides != nil || sp.Offset != 0:\nreturn \"\", errors.New(%s)\n", strconv.Quote("no strided view of "+t.Qual()+" at an offset"))
	if h.Select != "" {
		b.WriteString("case sp.ViewOf >= 0:\nreturn fmt.Sprintf(assertgenReproSelect, made[sp.ViewOf], sp.Index), nil\n")
	} else {
		fmt.Fprintf(&b, "case sp.ViewOf >= 0:\nreturn \"\", errors.New(%s)\n", why("selected"))
	}
	if h.Transpose != "" {
		b.WriteString(`case sp.Transposed && len(sp.Shape) == 2:
base := sp // its base, as Tensor makes it: the sample's values transposed, of its sizes swapped
base.Transposed, base.Fill = false, ""
base.Data, base.Shape = assertgenTransposedValues(sp.Elements(), sp.Shape)
x, err := sweepAdapter{}.ReproTensor(base, made)
if err != nil {
	return "", err
}
return fmt.Sprintf(assertgenReproTranspose, x), nil
case sp.Transposed:
return "", fmt.Errorf("no transposed view of a %d-D tensor", len(sp.Shape))
`)
	} else {
		fmt.Fprintf(&b, "case sp.Transposed:\nreturn \"\", errors.New(%s)\n", why("transposed"))
	}
	b.WriteString("}")
	return b.String()
}

// ReproViewFormats are the declarations of the formats of the views
// ReproViews writes.
func (t *libTarget) ReproViewFormats() string {
	var b strings.Builder
	for _, f := range []struct{ name, format, doc string }{
		{"assertgenReproTranspose", t.Repro.Transpose, "is the Go of the transposed view of a tensor (%[1]s), made as\n// assertgenTranspose makes it"},
		{"assertgenReproSelect", t.Repro.Select, "is the Go of the view of a tensor (%[1]s) at an index along\n// dim 0 (%[2]d), made as assertgenSelect makes it"},
	} {
		if f.format != "" {
			fmt.Fprintf(&b, "\n\n// %s %s.\nconst %s = %s", f.name, f.doc, f.name, strconv.Quote(f.format))
		}
	}
	return b.String()
}

// ReproDecls are the reproducer hooks' declarations, as a raw Go string.
func (t *libTarget) ReproDecls() string { return "`\n" + t.Repro.Decls + "`" }

// Adapter is the type gen's shape helpers declare over the tensor type.
func (t *libTarget) Adapter() string { return "assertgenshapes.Foreign" + t.Lib.Named.Obj().Name() }

// Ctor is the constructor's call with sizes from shape and values from
// data.
func (t *libTarget) Ctor() string { return t.Lib.Ctor.Call(t.LibName, "shape", "data") }

// Sizes is Go code of x's sizes, in init's Go files.
func (t *libTarget) Sizes(x string) string { return t.Lib.Sizes(x) }

// ViewNames says the views the sweep's adapter makes, with the call of
// each: "transposed views (Dense.T())"; "" for none.
func (t *libTarget) ViewNames() string {
	var out []string
	if v := t.Lib.Views.Transpose; v != nil {
		out = append(out, "transposed views ("+v.Name(t.LibName)+")")
	}
	if v := t.Lib.Views.Select; v != nil {
		out = append(out, "views selected along dim 0 ("+v.Name(t.LibName)+")")
	}
	return strings.Join(out, " and ")
}

// ViewsLacked says the kinds of view init found no method to make:
// "transposed or selected", one of them, or "".
func (t *libTarget) ViewsLacked() string {
	var out []string
	if t.Lib.Views.Transpose == nil {
		out = append(out, "transposed")
	}
	if t.Lib.Views.Select == nil {
		out = append(out, "selected")
	}
	return strings.Join(out, " or ")
}

// BindImports are the packages the bindings' code needs besides the
// library's: the user's, for the helpers of ViewsFile.
func (t *libTarget) BindImports() []string {
	out := slices.Clone(t.Found.Imports)
	if t.Found.Views != nil && !slices.Contains(out, t.Path) {
		out = append(out, t.Path) // once: the package may hold bound kernels too
	}
	return out
}

// viewsText is ViewsFile's template: the helpers of the view method init
// checked, and of cat, with the copy it checked.
func (t *libTarget) viewsText() string {
	f := t.Found.Views
	if t.Found.Cat != nil {
		f = t.Found.Cat
	}
	ctor := strings.ReplaceAll(t.Ctor(), "{{", "{{`{{`}}")
	src := f.Source(t.Qual(), t.Lib.Elem, "", t.Lib.Raw.Dims(), ctor)
	return `package {{.Name}}

import (
	"fmt"

	{{.Import}}
)

// The views of {{.Qual}} and cat, written by assertgen init and bound in
// assertgen.yaml: ` + f.Method.Name + `, whose values (against assertgen's
// reference) and memory (a write through a view shows in its base) init
// checked, reads its bounds as ` + f.Describe() + `.

` + src
}

// BindLines are the config's bind: entries, each with what it calls.
func (t *libTarget) BindLines() []string {
	var out []string
	for _, b := range t.Found.Bindings {
		how := b.Callable
		switch {
		case b.Map:
			how += ", the op mapped over the elements"
		case b.Swapped:
			how += ", its operands swapped (rsub is other - alpha*self)"
		case !b.Named:
			how += ", by its values (its name is not the op's)"
		}
		if b.Option != "" {
			how += ", with " + b.Option
		}
		if h := b.HeldText(); h != "" {
			how += ", " + h + " (it has no parameter for it: a call with another value is refused)"
		}
		code := b.Code
		if b.Helper {
			code, how = t.Name+"."+code, "init's "+strings.TrimSuffix(ViewsFile, ".go")+", through "+b.Callable
		}
		out = append(out, fmt.Sprintf("%s: %s # %s", b.Op, strconv.Quote(code), how))
	}
	return out
}

const libConfigText = `# assertgen config, written by assertgen init {{.Flags}}
# (go doc github.com/assertgen/assertgen/cmd/assertgen). Each op is bound
# to the library (bind:) where one of its methods or functions computes
# the op's values on small inputs, as init checked against assertgen's
# reference; init's report lists what it did not bind and why.
package: checked
output: ./checked
memory: {{.Path}}.{{.MemoryFunc}} # where a tensor's elements are: its identities ({{memoryFile}})
use_counts: false # a library's type: its identities come from the memory function
types:
  Tensor: "{{.GoType}}"
  Scalar: {{.Lib.Elem}}
{{- if .BindImports}}
bind_imports: [{{range $i, $p := .BindImports}}{{if $i}}, {{end}}{{$p}}{{end}}]
{{- end}}
ops: [{{range $i, $o := .Ops}}{{if $i}}, {{end}}{{quote $o}}{{end}}]
sweep: true # also write checked.SweepOps, the table assertgen_sweep_test.go sweeps
bind:
{{- range .BindLines}}
  {{.}}
{{- end}}
`

const libMemoryText = `//go:build debugasserts

package {{.Name}}

import (
{{- if .MemoryImportsReflect}}
	"reflect"

{{end}}
	"github.com/assertgen/assertgen/asserts"

	{{.Import}}
)

// {{.MemoryFunc}} says where a {{.Qual}}'s elements are, for assertgen's checks
// (memory: in assertgen.yaml), written by assertgen init from the
// library's exported API (({{.Qual}}).{{.Lib.Raw.Method}}). The checks take a
// tensor's identities from it: the TensorImpl is the handle's address, the
// storage the anchor of its memory, which every tensor on one buffer
// shares.
//
// It is built with -tags debugasserts alone, as the checked wrappers that call
// it are: the release build neither declares it nor links assertgen.
//
{{lines "// " .MemoryNotes}}
func {{.MemoryFunc}}(t {{.Qual}}) asserts.Memory {
	{{indent .MemoryBody}}
}
`

const libMemoryTestText = `//go:build debugasserts

package checked_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"

	{{.Import}}
{{- if .Found.Views}}
	"{{.Path}}"
{{- end}}
	"{{.Path}}/checked/internal/assertgenshapes"
)

// TestMemory runs the conformance suite for runtimes without use counts on
// {{.Qual}} through the adapter gen writes over {{.MemoryFunc}}, written by
// assertgen init: tensors made with {{.LibName}}.{{.Lib.Ctor.Name}}, written through
// their elements ({{.Lib.Raw.Method}}), copied into a new tensor of their values.
{{- if .Found.Views}}
// Views are made with {{.Name}}.AssertgenAlias ({{viewsFile}}).
{{- else}}
// init found no view of the type: the suite skips what needs one.
{{- end}}
{{- if .Lib.ReadAllocs}}
// {{.MemoryFunc}} allocates {{.Lib.ReadAllocs}} per call (the library's API gives
// its elements no other way): MemoryAllocs allows it.
{{- end}}
func TestMemory(t *testing.T) {
	toID := func(x {{.Qual}}) asserts.Identity { return (*{{.Adapter}})(x) }
	fromID := func(i asserts.Identity) {{.Qual}} { return ({{.Qual}})(i.(*{{.Adapter}})) }
	assertstest.RunUncounted(t, assertstest.Uncounted{
		Undefined: func() asserts.Identity { return (*{{.Adapter}})(nil) },
		New: func() asserts.Identity {
			data, shape := []{{.Lib.Elem}}{1, 2, 3, 4, 5, 6}, []int{2, 3}
			return toID({{.Ctor}})
		},
{{- if .Found.Views}}
		View: func(i asserts.Identity) asserts.Identity { return toID({{.Name}}.AssertgenAlias(fromID(i))) },
{{- end}}
		Write: func(i asserts.Identity) {
			x := fromID(i)
			{{.WriteCode}}
		},
		Copy: func(i asserts.Identity) asserts.Identity {
			x := fromID(i)
			var shape []int
			var vals []float64
			{{indent (indent .ReadCode)}}
			data := make([]{{.Lib.Elem}}, len(vals))
			for i, v := range vals {
				data[i] = {{.Lib.Elem}}(v)
			}
			return toID({{.Ctor}})
		},
{{- if .Lib.ReadAllocs}}
		MemoryAllocs: {{.Lib.ReadAllocs}},
{{- end}}
	})
}
{{- if .FormCases}}

// TestMemoryForms runs the suite on the other tensors {{.LibName}}.{{.Lib.Ctor.Name}} makes
// whose memory init checked {{.MemoryFunc}} reads (its element types and
// ranks), written by assertgen init: made with their sizes, written
// through their elements, copied into a new tensor of their values.
func TestMemoryForms(t *testing.T) {
	toID := func(x {{.Qual}}) asserts.Identity { return (*{{.Adapter}})(x) }
	fromID := func(i asserts.Identity) {{.Qual}} { return ({{.Qual}})(i.(*{{.Adapter}})) }
	for _, c := range []struct {
		name  string
		new   func() {{.Qual}}
		write func({{.Qual}})
		copy  func({{.Qual}}) {{.Qual}}
	}{
		{{.FormCases}}
	} {
		t.Run(c.name, func(t *testing.T) {
			assertstest.RunUncounted(t, assertstest.Uncounted{
				Undefined: func() asserts.Identity { return (*{{.Adapter}})(nil) },
				New:       func() asserts.Identity { return toID(c.new()) },
				Write:     func(i asserts.Identity) { c.write(fromID(i)) },
				Copy:      func(i asserts.Identity) asserts.Identity { return toID(c.copy(fromID(i))) },
{{- if .Lib.ReadAllocs}}
				MemoryAllocs: {{.Lib.ReadAllocs}},
{{- end}}
			})
		})
	}
}
{{- end}}
`

const libSweepText = `//go:build debugasserts

package {{.Name}}_test

import (
	"errors"
	"fmt"
{{- if .Repro}}
	"math"
{{- end}}
	"os"
	"reflect"
	"slices"
{{- if .Repro}}
	"strconv"
	"strings"
{{- end}}
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/sweep"

	{{.Import}}
	"{{.Path}}/checked"
)

// sweepAdapter makes the tensors of the sweep's samples (go doc
// github.com/assertgen/assertgen/sweep), written by assertgen init:
// tensors made with {{.LibName}}.{{.Lib.Ctor.Name}}, of the dtypes and ranks init saw it
// make (assertgenSweepRanks){{if .ViewNames}}, and their {{.ViewNames}}{{end}}.
{{- if .ViewsLacked}} init found no {{.ViewsLacked}} view of the
// type: those samples, and strided views at an offset, are counted as
// ones it cannot make.
{{- else}} Strided views at an offset are counted as samples it cannot
// make.
{{- end}}
type sweepAdapter struct{}

// assertgenSweepRanks are, per dtype, the ranks of the tensors init saw
// {{.LibName}}.{{.Lib.Ctor.Name}} make and read back (its report lists what it did not).
var assertgenSweepRanks = map[string][]int{
{{.SweepRanks}}}

// Tensor makes the tensor sp describes, or says why it cannot: a sample
// of another dtype moves to {{.Lib.Elem}} (a *sweep.DtypeError); one of
// another rank, layout, bit or autograd state, a view, or one the
// constructor refuses (it panics) is counted as one it cannot make.
{{- if .EmptyCrashes}}
// An empty one is made: init's value check saw bound ops crash on empty
// inputs inside the library (its report lists them), findings the sweep
// reports as crashes (a verdict in assertgen_verdicts.json keeps one).
{{- end}}
func (sweepAdapter) Tensor(sp sweep.Spec, made []reflect.Value) (v reflect.Value, err error) {
{{- if .GoInt}}
	dtype := sp.Dtype
	if sp.GoInt {
		dtype = "int" // the probe Go int: Go's int, which {{.LibName}}.{{.Lib.Ctor.Name}} makes besides int64
	}
{{- end}}
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil // the aliasing sample, x.add_(x): an earlier tensor itself
	case assertgenSweepRanks[{{.DtypeExpr}}] == nil:
		return reflect.Value{}, &sweep.DtypeError{Want: "{{.Lib.Elem}}"}
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named:
		return reflect.Value{}, errors.New("{{.LibName}} makes dense tensors only")
	case sp.Strides != nil || sp.Offset != 0:
		return reflect.Value{}, errors.New("no strided view of {{.Qual}} at an offset: init knows no method of it that makes one")
{{- with .Lib.Views.Select}}
	case sp.ViewOf >= 0:
		return assertgenSelect(made[sp.ViewOf].Interface().({{$.Qual}}), sp.Index, sp.Shape)
{{- else}}
	case sp.ViewOf >= 0:
		return reflect.Value{}, errors.New({{quote (printf "no selected view of %s: %s" .Qual (index .Lib.Views.Why "selected"))}})
{{- end}}
{{- if not .Lib.Views.Transpose}}
	case sp.Transposed:
		return reflect.Value{}, errors.New({{quote (printf "no transposed view of %s: %s" .Qual (index .Lib.Views.Why "transposed"))}})
{{- end}}
	case !slices.Contains(assertgenSweepRanks[{{.DtypeExpr}}], len(sp.Shape)):
		return reflect.Value{}, fmt.Errorf("{{.LibName}}.{{.Lib.Ctor.Name}} makes %s tensors of ranks %v, not %d-D", {{.DtypeExpr}}, assertgenSweepRanks[{{.DtypeExpr}}], len(sp.Shape))
	}
	defer func() {
		if p := recover(); p != nil {
			v, err = reflect.Value{}, fmt.Errorf("{{.LibName}}.{{.Lib.Ctor.Name}} of sizes %v: %v", sp.Shape, p)
		}
	}()
	vals := sp.Elements()
	shape := append([]int(nil), sp.Shape...) // the tensor's own: a library may keep it
{{- if .Lib.Views.Transpose}}
	if sp.Transposed {
		vals, shape = assertgenTransposedValues(vals, shape)
	}
{{- end}}
	{{indent .SweepData}}
{{- if .Lib.Views.Transpose}}
	if sp.Transposed {
		return assertgenTranspose({{.Ctor}}, sp.Shape)
	}
{{- end}}
	return reflect.ValueOf({{.Ctor}}), nil
}
{{- with .Lib.Views.Transpose}}

// assertgenTransposedValues returns the values and sizes of the base of
// a transposed sample, its sizes swapped: its transposed view holds vals
// in the sample's order.
func assertgenTransposedValues(vals []float64, shape []int) ([]float64, []int) {
	rows, cols := shape[0], shape[1]
	out := make([]float64, len(vals))
	for i := range rows {
		for j := range cols {
			out[j*rows+i] = vals[i*cols+j]
		}
	}
	return out, []int{cols, rows}
}

// assertgenTranspose returns base's transposed view, of sizes want,
// made with {{.Name $.LibName}}: init checked that its result is on base's
// memory with its sizes and strides swapped.
func assertgenTranspose(base {{$.Qual}}, want []int) (v reflect.Value, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = reflect.Value{}, fmt.Errorf("{{.Name $.LibName}} of sizes %v: %v", {{$.Sizes "base"}}, p)
		}
	}()
	{{indent (.Code $.LibName)}}
	if got := {{$.Sizes "view"}}; !slices.Equal([]int(got), want) {
		return reflect.Value{}, fmt.Errorf("{{.Name $.LibName}} made sizes %v, not %v", got, want)
	}
	return reflect.ValueOf(view), nil
}
{{- end}}
{{- with .Lib.Views.Select}}

// assertgenSelect returns the view of base at index i along dim 0, of
// sizes want, made with {{.Name $.LibName}}: init checked that its result is
// on base's memory at that index, with base's other sizes and strides.
func assertgenSelect(base {{$.Qual}}, i int, want []int) (v reflect.Value, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = reflect.Value{}, fmt.Errorf("{{.Name $.LibName}} at %d of sizes %v: %v", i, {{$.Sizes "base"}}, p)
		}
	}()
	{{indent (.Code $.LibName)}}
	if got := {{$.Sizes "view"}}; !slices.Equal([]int(got), want) {
		return reflect.Value{}, fmt.Errorf("{{.Name $.LibName}} made sizes %v, not %v", got, want)
	}
	return reflect.ValueOf(view), nil
}
{{- end}}

// Capabilities says which kinds of tensor {{.LibName}}'s type has: strided
// tensors, with no layout, conj or neg bit, autograd or named dims
// (PyTorch's, which a Go library's tensor has not). The sweep generates
// no variant that asks for one, and its summary says which and why in one
// line. The dtypes and ranks are left open: Tensor makes every one init
// saw {{.LibName}}.{{.Lib.Ctor.Name}} make (assertgenSweepRanks); a sample of another
// dtype moves to {{.Lib.Elem}} (a *sweep.DtypeError) and runs, and one of another
// rank is counted as one it cannot make, unless a repair moves it.
{{- if .GoInt}} It
// makes Go's int tensors besides int64 ones: the probe Go int runs.
func (sweepAdapter) Capabilities() sweep.Capabilities { return sweep.Capabilities{GoInt: true} }
{{- else}}
func (sweepAdapter) Capabilities() sweep.Capabilities { return sweep.Capabilities{} }
{{- end}}

// Value leaves every non-tensor argument to package sweep, which converts
// what gen's default Go types take.
func (sweepAdapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}
{{- if .Repro}}

// ReproSource and ReproTensor write the sweep's tensors as Go of
// {{.LibName}} alone, for the reproducers a sweep writes of its findings
// when ASSERTGEN_SWEEP_REPRO (or sweep.Options.Repro) names a directory
// (go doc sweep.ReproRuntime); written by assertgen init, which ran them
// on the tensors {{.LibName}}.{{.Lib.Ctor.Name}} makes.
func (sweepAdapter) ReproSource() sweep.Source {
	return sweep.Source{Imports: []string{ {{- .ReproImports -}} }, Decls: assertgenReproDecls}
}

// ReproTensor writes the tensor of sp as Tensor makes it: the call of
// {{.LibName}}.{{.Lib.Ctor.Name}} of its sizes and values
{{- if .ReproViews}}, and the views of it Tensor makes, made
// as Tensor makes them{{end}}.
func (sweepAdapter) ReproTensor(sp sweep.Spec, made []string) (string, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil
	}
{{- if .ReproViews}}
	{{.ReproViews}}
{{- else}}
	if sp.ViewOf >= 0 || sp.Transposed || sp.Strides != nil || sp.Offset != 0 {
		return "", errors.New("no view of {{.Qual}}")
	}
{{- end}}
	elem := {{.ReproElem}}
{{- if .GoInt}}
	if sp.GoInt {
		elem = "int"
	}
{{- end}}
	var vals []string
	for _, x := range sp.Elements() {
		switch {
		case elem == "bool":
			vals = append(vals, strconv.FormatBool(x != 0))
		case strings.HasPrefix(elem, "int") || strings.HasPrefix(elem, "uint"):
			if x != x || x < 0 && elem[0] == 'u' {
				return "", fmt.Errorf("no %s of %v", elem, x)
			}
			vals = append(vals, strconv.FormatInt(int64(x), 10))
		case x != x || math.IsInf(x, 0):
			vals = append(vals, fmt.Sprintf("%s(tensorFloat(%q))", elem, strconv.FormatFloat(x, 'g', -1, 64)))
		default:
			vals = append(vals, strconv.FormatFloat(x, 'g', -1, 64))
		}
	}
	shape := strings.Trim(strings.ReplaceAll(fmt.Sprint(sp.Shape), " ", ", "), "[]")
	return fmt.Sprintf({{.ReproFormat}}, shape, elem, strings.Join(vals, ", ")), nil
}

// assertgenReproDecls are the functions every reproducer gets, of
// {{.LibName}}'s API alone (go doc sweep.Source).
const assertgenReproDecls = {{.ReproDecls}}
{{- .ReproViewFormats}}
{{- end}}

// TestSweep runs every bound op on samples made from its schema, through
// the checked wrappers, and fails on each kind of violation they find, on
// each crash, and on each op the library refused on every sample (none of
// its checks ran), but those assertgen_verdicts.json declares: a key the
// report names, and why the library keeps it (go doc sweep.ReadVerdicts).
func TestSweep(t *testing.T) {
	verdicts, err := sweep.ReadVerdicts("assertgen_verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	rep := sweep.RunWith(t, sweepAdapter{}, checked.SweepOps, sweep.Options{Content: true, Verdicts: verdicts})
	if len(rep.Exercised) == 0 {
		t.Error("the sweep ran no op")
	}
}

// FuzzSweep is the coverage-guided fuzz target over the same ops:
// go test -tags debugasserts -fuzz FuzzSweep (a finding replays as a test).
func FuzzSweep(f *testing.F) { sweep.Fuzz(f, sweepAdapter{}, checked.SweepOps) }

// init switches the content check on for every debug test of this
// package, the hand-written ones too: same_content, a call leaves the
// bytes of each input its schema marks read-only as they were, as the
// strict profile promises (elsewhere it is off by default: it reads those
// bytes twice per call). ASSERTGEN_CONTENT in the environment decides
// instead when set: off, or a list of ops.
func init() {
	if os.Getenv("ASSERTGEN_CONTENT") == "" {
		asserts.SetContentCheck(true)
	}
}
`

// report says what init wrote for the library's type, what it bound and
// how, what it did not bind and why, and where it guessed.
func (t *libTarget) report(w io.Writer) {
	f := t.Found
	fmt.Fprintf(w, "assertgen init: wrote %s\n", strings.Join(t.files(), ", "))
	alias := ""
	if !strings.HasPrefix(t.Flags, "-type") {
		alias = " (-memory: -type names an alias of it)"
	}
	fmt.Fprintf(w, "  type: %s%s, a library's type: no use counts, identities from %s.%s (%s, from (%s).%s)\n", t.Spec, alias, t.Path, t.MemoryFunc, MemoryFile, t.Qual(), t.Lib.Raw.Method)
	fmt.Fprintf(w, "  unchecked: on every op, no_mutation (%s gives no version counter: skipped under no_version_counter; same_content sees a write of an input) and the use-count checks (impl_use_count_eq_fresh's count, storage_use_count_eq_1, view_holds_storage: skipped under no_use_counts; not_arg_handle and fresh_not_held check a fresh return instead); same_impl runs but cannot fail (a kernel given a %s cannot make the caller's handle point elsewhere)\n", t.MemoryFunc, t.Qual())
	fmt.Fprintf(w, "  tests: tensors made with %s.%s (%d-D %s), read and written through %s\n", t.LibName, t.Lib.Ctor.Name, t.Lib.Ctor.Rank, t.Lib.Elem, t.Lib.Raw.Method)
	t.reportMemory(w)
	if t.Repro != nil {
		fmt.Fprintf(w, "  reproducers: %s's sweepAdapter writes %s tensors as Go (ReproSource, ReproTensor; run on the tensors %s.%s made%s): ASSERTGEN_SWEEP_REPRO=testdata/repro go test -tags debugasserts -run TestSweep writes a test of the library alone per finding\n", SweepTestFile, strings.Join(t.Repro.Dtypes, ", "), t.LibName, t.Lib.Ctor.Name, t.reproViewsSaid())
	} else if t.ReproLeftOut != "" {
		fmt.Fprintf(w, "  reproducers: none (%s's sweepAdapter has no ReproSource): %s\n", SweepTestFile, t.ReproLeftOut)
	}
	var named, byValue, mapped, helped []string
	for _, b := range f.Bindings {
		switch {
		case b.Helper:
			helped = append(helped, b.Op)
		case b.Map:
			mapped = append(mapped, b.Op)
		case b.Named:
			named = append(named, b.Op)
		default:
			byValue = append(byValue, b.Op+" ("+b.Callable+")")
		}
	}
	fmt.Fprintf(w, "  bound: %d ops, each computing the op's values on small inputs (%d candidates run against assertgen's reference)\n", len(f.Bindings), f.Candidates)
	fmt.Fprintf(w, "    by name and signature: %s\n", list(named))
	fmt.Fprintf(w, "    by values alone (the name is not the op's): %s\n", list(byValue))
	fmt.Fprintf(w, "    mapped over the elements: %s\n", list(mapped))
	for _, k := range t.Lib.Kernels {
		var ops []string
		for _, b := range f.Bindings {
			if strings.HasPrefix(b.Callable, k.Name()+".") && !b.Helper {
				ops = append(ops, b.Op)
			}
		}
		fmt.Fprintf(w, "    by the kernels of %s: %s\n", k.Path(), list(ops))
	}
	if f.Views != nil {
		fmt.Fprintf(w, "    views and cat, through %s's helpers: %s\n", ViewsFile, list(helped))
	}
	for _, u := range f.Operators {
		if len(u.Ops) > 0 {
			fmt.Fprintf(w, "    by the operator %s\n", u)
		}
	}
	for _, u := range f.Operators {
		if len(u.Ops) == 0 {
			fmt.Fprintf(w, "  not bound: the operator %s\n", u)
		}
	}
	if t.KernelsLeftOut != "" {
		fmt.Fprintf(w, "  not tried: the functions of this package as kernels over the type (%s); run init -kernels . once it builds\n", t.KernelsLeftOut)
	}
	for _, r := range f.Rejected {
		fmt.Fprintf(w, "  not bound: %s\n", r)
	}
	t.reportGuesses(w)
	fmt.Fprintf(w, "next: go generate ./... && go test ./... && go test -tags debugasserts ./...\n")
}

// reportGuesses says where init guessed: a binding of several callables,
// the elements' layout, their reads' allocations, the arguments left out,
// out='s size, broadcasting and the views.
func (t *libTarget) reportGuesses(w io.Writer) {
	f := t.Found
	t.reportChoices(w)
	if r := t.Lib.Raw; r.Elems != "" {
		fmt.Fprintf(w, "  guessed: the elements, %s().%s(), are contiguous and row-major in the sizes %s() gives (the API says no stride)\n", r.Method, r.Elems, r.Shape)
	} else if r.Flat {
		fmt.Fprintf(w, "  guessed: the elements, %s(), are contiguous and row-major in the sizes %s() gives (the tensors init's tests make are; a bound op's result was read so on init's inputs)\n", r.Method, r.Shape)
	}
	if c := t.Lib.Ctor; c.AnyData {
		fmt.Fprintf(w, "  chosen: the element type, %s: %s.%s takes the values as interface{}; init makes and checks %s tensors (Scalar: %s), the sweep moves other dtypes to it\n", c.Elem, t.LibName, c.Data, c.Elem, c.Elem)
	}
	for _, u := range f.Options {
		kind, dst := "in-place", "self"
		if u.OutArg {
			kind, dst = "out=", "out"
		}
		if len(u.Ops) > 0 {
			fmt.Fprintf(w, "  chosen: %s ops call the library with its option %s (the value check saw the call write %s and return it): %s\n", kind, u.Arg, dst, strings.Join(u.Ops, ", "))
		} else {
			fmt.Fprintf(w, "  found: the option %s, tried for %s ops, binds none: %s\n", u.Arg, kind, u.Why)
		}
	}
	if n := t.Lib.ReadAllocs; n > 0 {
		fmt.Fprintf(w, "  note: reading the elements through the library's API allocates (%d per call), and %s does per call (it runs twice per argument per checked call); the API offers no other access: the conformance test (%s) allows that many (MemoryAllocs)\n", n, t.MemoryFunc, MemoryTestFile)
	}
	var left []string // "dtype, layout (ones_like, zeros_like)"
	byArgs := map[string][]string{}
	var outs, outOpts []string
	recv := false // an out= binding writes out through its receiver
	for _, b := range f.Bindings {
		var args []string
		for _, p := range b.Of.Params {
			switch p.Role {
			case finder.Ignore:
				args = append(args, p.Name)
			case finder.OutArg:
				outs = append(outs, b.Op)
				if b.Option == "" {
					recv = true
				} else if !slices.Contains(outOpts, b.Option) {
					outOpts = append(outOpts, b.Option)
				}
			}
		}
		if k := strings.Join(args, ", "); k != "" {
			if byArgs[k] == nil {
				left = append(left, k)
			}
			byArgs[k] = append(byArgs[k], b.Op)
		}
	}
	for _, k := range left {
		fmt.Fprintf(w, "  guessed: %s: %s left out (they do not change the values: unset, PyTorch takes self's, and the library has one element type, one device and one layout); a caller's other value is ignored\n", strings.Join(byArgs[k], ", "), k)
	}
	if len(outs) > 0 {
		how := "through its receiver (out.M(...))"
		if len(outOpts) > 0 {
			how = "given it as " + strings.Join(outOpts, ", ")
			if recv {
				how = "through its receiver (out.M(...)) or " + how
			}
		}
		fmt.Fprintf(w, "  guessed: out= (%d ops, such as %s): the library writes out %s, checked with an out of the result's size only; PyTorch resizes an out of another size, where the library may refuse it (panic) or give it a new buffer (same_storage reports that): an out of another size is yours to judge\n", len(outs), outs[0], how)
	}
	fmt.Fprintf(w, "  guessed: the values were checked on tensors of one size each; where PyTorch broadcasts, the library may refuse the sizes\n")
	t.reportViews(w)
	if t.EmptyCrashes != "" {
		byWhy := map[string][]string{}
		var whys []string
		for _, b := range f.Bindings {
			if b.EmptyCrash != "" {
				if byWhy[b.EmptyCrash] == nil {
					whys = append(whys, b.EmptyCrash)
				}
				byWhy[b.EmptyCrash] = append(byWhy[b.EmptyCrash], b.Op)
			}
		}
		for _, why := range whys {
			fmt.Fprintf(w, "  found: %s crashed on empty inputs (no rows), a Go runtime error inside the library: %s\n", strings.Join(byWhy[why], ", "), why)
		}
		fmt.Fprintf(w, "  so: the sweep (%s) makes its empty samples and reports these crashes as findings; a verdict in assertgen_verdicts.json keeps one the library means\n", SweepTestFile)
	}
}

// reportChoices says which callable init chose where several fit: a
// generic one's type arguments, a binding of several callables, a kernel
// of the user's over the type's own method, and a kernel bound though it
// writes its input.
func (t *libTarget) reportChoices(w io.Writer) {
	f := t.Found
	for _, c := range t.Lib.Callables {
		if c.TypeArgs != "" {
			fmt.Fprintf(w, "  chosen: %s is generic: called as %s%s (%s)\n", c.Name, c.Name, c.TypeArgs, c.TypeArgsFrom)
		}
	}
	for _, b := range f.Bindings {
		if len(b.Also) > 0 {
			fmt.Fprintf(w, "  guessed: %s: %s, the first by name; %s compute it too\n", b.Op, b.Callable, strings.Join(b.Also, ", "))
		}
		if len(b.Over) > 0 {
			verb := "computes"
			if len(b.Over) > 1 {
				verb = "compute"
			}
			fmt.Fprintf(w, "  chosen: %s: %s, a kernel of yours, over the type's own %s, which %s it too\n", b.Op, b.Callable, strings.Join(b.Over, ", "), verb)
		}
		if b.WritesInput != "" {
			fmt.Fprintf(w, "  note: %s: %s changes its input on init's inputs, where the op only reads it: bound all the same (a kernel of yours, named for the op), its bug the sweep's to report (%s)\n", b.Op, b.Callable, b.WritesInput)
		}
	}
}

// reportViews says how the views and cat are bound, or why none is.
func (t *libTarget) reportViews(w io.Writer) {
	f := t.Found
	if f.Views == nil {
		var whole []string // view ops bound by a callable of their own (alias: ShallowClone)
		for _, b := range f.Bindings {
			if b.Of != nil && b.Of.Ref.View {
				whole = append(whole, b.Op+" ("+b.Callable+")")
			}
		}
		if len(whole) > 0 {
			fmt.Fprintf(w, "  views: %s bound by their values, each checked to be a view (its result on self's memory, a write through it shown in self); no other: no method of %s returns it on its memory from four ints, or its values or memory are not a view's (see not bound); the suite's view case is skipped (the sweep's views: see sweep)\n", strings.Join(whole, ", "), t.Qual())
			return
		}
		fmt.Fprintf(w, "  views: none bound (no method of %s returns it on its memory from four ints, or its values or memory are not a view's: see not bound); the suite's view case is skipped (the sweep's views: see sweep)\n", t.Qual())
		return
	}
	fmt.Fprintf(w, "  views: through %s, each checked by its values and by a write through the view that shows in self (%s)\n", f.Views.Describe(), ViewsFile)
	if f.Cat != nil {
		fmt.Fprintf(w, "  cat: a new tensor made with %s.%s, each input copied once into a view of it (%s, copy_'s binding)\n", t.LibName, t.Lib.Ctor.Name, f.Cat.Copy)
	}
	fmt.Fprintf(w, "  guessed: select.int keeps the selected dimension (a 1xn row, an nx1 column: the library's views are matrices), where PyTorch's result has one dimension fewer; slice.Tensor steps by 1 only (another step panics)\n")
}

// reproViewsSaid says, for init's report, the views the reproducers make
// as the sweep adapter does, and why not one it makes. An example: ", and
// on their views made with T.T(), T.Slice(viewlib.S(i))".
func (t *libTarget) reproViewsSaid() string {
	var made, not []string
	for _, k := range []struct {
		kind   string
		v      *finder.SweepView
		format string
	}{{"transposed", t.Lib.Views.Transpose, t.Repro.Transpose}, {"selected", t.Lib.Views.Select, t.Repro.Select}} {
		switch {
		case k.v == nil:
		case k.format != "":
			made = append(made, k.v.Name(t.LibName))
		default:
			not = append(not, fmt.Sprintf("not on its %s views: %s", k.kind, t.Repro.NoView[k.kind]))
		}
	}
	s := ""
	if len(made) > 0 {
		s = ", and on their views made with " + strings.Join(made, ", ")
	}
	if len(not) > 0 {
		s += "; " + strings.Join(not, "; ")
	}
	return s
}

// list is the names joined, "none" for none.
func list(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
