package setup

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"strconv"
	"strings"
	"text/template"
)

// render returns the files init writes for the library's type.
func (t *libTarget) render() (map[string][]byte, error) {
	t.LibName = t.Lib.Pkg.Name()
	if t.LibName == t.Name || t.LibName == "asserts" || t.LibName == "assertstest" || t.LibName == "checked" || t.LibName == "sweep" || t.LibName == "assertgenshapes" {
		t.LibName = "assertgen" + upperFirst(t.LibName)
	}
	raw := t.Lib.Raw
	t.GoType, t.MemoryBody, t.WriteCode, t.ReadCode = t.Lib.GoType(), raw.Memory(), raw.Write(), raw.Read()
	texts := map[string]string{"assertgen.yaml": libConfigText, "generate.go": generateText, MemoryFile: libMemoryText,
		MemoryTestFile: libMemoryTestText, SweepTestFile: libSweepText}
	files := map[string][]byte{}
	funcs := template.FuncMap{"quote": strconv.Quote, "memoryFile": func() string { return MemoryFile }, "indent": func(s string) string { return strings.ReplaceAll(s, "\n", "\n\t") }}
	for _, name := range libraryFiles {
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

// Adapter is the type gen's shape helpers declare over the tensor type.
func (t *libTarget) Adapter() string { return "assertgenshapes.Foreign" + t.Lib.Named.Obj().Name() }

// Ctor is the constructor's call with sizes from shape and values from
// data.
func (t *libTarget) Ctor() string { return t.Lib.Ctor.Call(t.LibName, "shape", "data") }

// BindLines are the config's bind: entries, each with what it calls.
func (t *libTarget) BindLines() []string {
	var out []string
	for _, b := range t.Found.Bindings {
		how := b.Callable
		switch {
		case b.Map:
			how += ", the op mapped over the elements"
		case !b.Named:
			how += ", by its values (its name is not the op's)"
		}
		out = append(out, fmt.Sprintf("%s: %s # %s", b.Op, strconv.Quote(b.Code), how))
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
{{- if .Found.Imports}}
bind_imports: [{{range $i, $p := .Found.Imports}}{{if $i}}, {{end}}{{$p}}{{end}}]
{{- end}}
ops: [{{range $i, $o := .Ops}}{{if $i}}, {{end}}{{quote $o}}{{end}}]
sweep: true # also write checked.SweepOps, the table assertgen_sweep_test.go sweeps
bind:
{{- range .BindLines}}
  {{.}}
{{- end}}
`

const libMemoryText = `package {{.Name}}

import (
	"github.com/assertgen/assertgen/asserts"

	{{.Import}}
)

// {{.MemoryFunc}} says where a {{.Qual}}'s elements are, for assertgen's checks
// (memory: in assertgen.yaml), written by assertgen init from the
// library's exported API (({{.Qual}}).{{.Lib.Raw.Method}}). The checks take a
// tensor's identities from it: the TensorImpl is the handle's address, the
// storage the anchor of its memory, which every tensor on one buffer
// shares.
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
	"{{.Path}}/checked/internal/assertgenshapes"
)

// TestMemory runs the conformance suite for runtimes without use counts on
// {{.Qual}} through the adapter gen writes over {{.MemoryFunc}}, written by
// assertgen init: tensors made with {{.LibName}}.{{.Lib.Ctor.Name}}, written through
// their elements ({{.Lib.Raw.Method}}), copied into a new tensor of their values.
// init found no view of the type: the suite skips what needs one.
func TestMemory(t *testing.T) {
	toID := func(x {{.Qual}}) asserts.Identity { return (*{{.Adapter}})(x) }
	fromID := func(i asserts.Identity) {{.Qual}} { return ({{.Qual}})(i.(*{{.Adapter}})) }
	assertstest.RunUncounted(t, assertstest.Uncounted{
		Undefined: func() asserts.Identity { return (*{{.Adapter}})(nil) },
		New: func() asserts.Identity {
			data, shape := []{{.Lib.Elem}}{1, 2, 3, 4, 5, 6}, []int{2, 3}
			return toID({{.Ctor}})
		},
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
	})
}
`

const libSweepText = `//go:build debugasserts

package {{.Name}}_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/assertgen/assertgen/sweep"

	{{.Import}}
	"{{.Path}}/checked"
)

// sweepAdapter makes the tensors of the sweep's samples (go doc
// github.com/assertgen/assertgen/sweep), written by assertgen init:
// {{.Lib.Ctor.Rank}}-D {{.Lib.Elem}} tensors made with {{.LibName}}.{{.Lib.Ctor.Name}}. init found no
// view of the type: the samples that are views are counted as ones it
// cannot make.
type sweepAdapter struct{}

// Tensor makes the tensor sp describes, or says why it cannot: a sample
// of another dtype moves to {{.Lib.Elem}} (a *sweep.DtypeError); one of
// another rank, layout, bit or autograd state, a view, or one the
// constructor refuses (it panics) is counted as one it cannot make.
func (sweepAdapter) Tensor(sp sweep.Spec, made []reflect.Value) (v reflect.Value, err error) {
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil // the aliasing sample, x.add_(x): an earlier tensor itself
	case sp.Dtype != "{{.Lib.Elem}}":
		return reflect.Value{}, &sweep.DtypeError{Want: "{{.Lib.Elem}}"}
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named:
		return reflect.Value{}, errors.New("{{.LibName}} makes dense tensors only")
	case sp.Strides != nil || sp.Offset != 0 || sp.Transposed || sp.ViewOf >= 0:
		return reflect.Value{}, errors.New("no view of {{.Qual}}: init found none to make a strided, transposed or selected one with")
	case len(sp.Shape) != {{.Lib.Ctor.Rank}}:
		return reflect.Value{}, fmt.Errorf("{{.LibName}}.{{.Lib.Ctor.Name}} makes {{.Lib.Ctor.Rank}}-D tensors, not %d-D", len(sp.Shape))
	}
	defer func() {
		if p := recover(); p != nil {
			v, err = reflect.Value{}, fmt.Errorf("{{.LibName}}.{{.Lib.Ctor.Name}} of sizes %v: %v", sp.Shape, p)
		}
	}()
	vals := sp.Elements()
	data := make([]{{.Lib.Elem}}, len(vals))
	for i, x := range vals {
		data[i] = {{.Lib.Elem}}(x)
	}
	shape := append([]int(nil), sp.Shape...) // the tensor's own: a library may keep it
	return reflect.ValueOf({{.Ctor}}), nil
}

// Value leaves every non-tensor argument to package sweep, which converts
// what gen's default Go types take.
func (sweepAdapter) Value(*sweep.Arg, reflect.Type) (reflect.Value, bool, error) {
	return reflect.Value{}, false, nil
}

// TestSweep runs every bound op on samples made from its schema, through
// the checked wrappers, and fails on each kind of violation they find.
func TestSweep(t *testing.T) {
	rep := sweep.Run(t, sweepAdapter{}, checked.SweepOps)
	if len(rep.Exercised) == 0 {
		t.Error("the sweep ran no op")
	}
}

// FuzzSweep is the coverage-guided fuzz target over the same ops:
// go test -tags debugasserts -fuzz FuzzSweep (a finding replays as a test).
func FuzzSweep(f *testing.F) { sweep.Fuzz(f, sweepAdapter{}, checked.SweepOps) }
`

// report says what init wrote for the library's type, what it bound and
// how, what it did not bind and why, and where it guessed.
func (t *libTarget) report(w io.Writer) {
	f := t.Found
	fmt.Fprintf(w, "assertgen init: wrote %s\n", strings.Join(libraryFiles, ", "))
	alias := ""
	if !strings.HasPrefix(t.Flags, "-type") {
		alias = " (-memory: -type names an alias of it)"
	}
	fmt.Fprintf(w, "  type: %s%s, a library's type: no use counts, identities from %s.%s (%s, from (%s).%s)\n", t.Spec, alias, t.Path, t.MemoryFunc, MemoryFile, t.Qual(), t.Lib.Raw.Method)
	fmt.Fprintf(w, "  tests: tensors made with %s.%s (%d-D %s), read and written through %s\n", t.LibName, t.Lib.Ctor.Name, t.Lib.Ctor.Rank, t.Lib.Elem, t.Lib.Raw.Method)
	var named, byValue, mapped []string
	for _, b := range f.Bindings {
		switch {
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
	for _, r := range f.Rejected {
		fmt.Fprintf(w, "  not bound: %s\n", r)
	}
	for _, b := range f.Bindings {
		if len(b.Also) > 0 {
			fmt.Fprintf(w, "  guessed: %s: %s, the first by name; %s compute it too\n", b.Op, b.Callable, strings.Join(b.Also, ", "))
		}
	}
	if r := t.Lib.Raw; r.Elems != "" {
		fmt.Fprintf(w, "  guessed: the elements, %s().%s(), are contiguous and row-major in the sizes %s() gives (the API says no stride)\n", r.Method, r.Elems, r.Shape)
	}
	if n := t.Lib.ReadAllocs; n > 0 {
		fmt.Fprintf(w, "  note: reading the elements through the library's API allocates (%d per call), and %s does per call: the conformance test's metadata case fails on it (the function runs twice per argument per checked call); the API offers no other access\n", n, t.MemoryFunc)
	}
	fmt.Fprintf(w, "  guessed: an out= op writes its out tensor through the library's receiver (out.M(...)), checked with an out of the result's size; PyTorch resizes out, the library may refuse one of another size\n")
	fmt.Fprintf(w, "  guessed: the values were checked on tensors of one size each; where PyTorch broadcasts, the library may refuse the sizes\n")
	fmt.Fprintf(w, "  views: none bound (no view op's values and memory are checked by init); the sweep's views and the suite's view case are skipped\n")
	fmt.Fprintf(w, "next: go generate ./... && go test ./... && go test -tags debugasserts ./...\n")
}

// list is the names joined, "none" for none.
func list(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
