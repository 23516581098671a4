package initcmd

import (
	"bytes"
	"go/format"
	"strconv"
	"strings"
	"text/template"

	"github.com/assertgen/assertgen/gen"
)

// A tmpl is one file init writes from a template of target's fields.
type tmpl struct {
	name string // file name in the package directory
	text string
	want func(t *target) bool // nil: always
}

// templates are the files init writes, besides the kernel stubs.
var templates = []tmpl{
	{name: "assertgen.yaml", text: configText},
	{name: "generate.go", text: generateText},
	{name: "assertgen_contract.go", text: adapterText, want: func(t *target) bool { return len(t.todo()) > 0 }},
	{name: "assertgen_contract_test.go", text: conformanceText, want: func(t *target) bool { return !t.filled() && t.MemoryFunc == "" }},
	{name: "assertgen_contract_test.go", text: conformanceFilledText, want: func(t *target) bool { return t.filled() && t.MemoryFunc == "" }},
	{name: MemoryFile, text: memoryText, want: func(t *target) bool { return t.MemoryFunc != "" && !t.MemoryHave }},
	{name: MemoryTestFile, text: memoryTestText, want: func(t *target) bool { return t.MemoryFunc != "" }},
	{name: SweepTestFile, text: sweepText + contentInitText, want: func(t *target) bool { return !t.filled() }},
	{name: SweepTestFile, text: sweepFilledText + contentInitText, want: (*target).filled},
}

// filled reports whether init writes the tests from the templates that
// take what it found in the package (fill). It does for a generic type
// always, and for a plain one when it found a constructor.
func (t *target) filled() bool {
	return len(t.Params) > 0 || t.Fill != nil && t.Fill.Union != ""
}

// MemoryFile is the memory function init writes with -memory.
// MemoryTestFile is its conformance test, beside the checked wrappers: it
// sees the tensors through the adapter gen writes there.
const (
	MemoryFile     = "assertgen_memory.go"
	MemoryTestFile = "checked/assertgen_memory_test.go"
)

// SweepTestFile is the sweep test init writes. It runs every wrapped op on
// samples made from its schema (package sweep), through an adapter whose
// Tensor method is left to write.
const SweepTestFile = "assertgen_sweep_test.go"

// contract returns the methods of the contract the checked wrappers need
// of *T: Ident and UseCounts with use counts, and Ident and StorageAnchor
// without.
func (t *target) contract() []string {
	if t.Counted {
		return []string{"Ident", "UseCounts"}
	}
	return []string{"Ident", "StorageAnchor"}
}

// todo returns the methods of the contract *T lacks in the debug build,
// which the checked wrappers are built in. Those are the methods init
// writes; none with a memory function.
func (t *target) todo() []string {
	if t.MemoryFunc != "" {
		return nil
	}
	var out []string
	for _, m := range t.contract() {
		if !t.Has[m] {
			out = append(out, m)
		}
	}
	return out
}

// ContractTag is the build constraint of assertgen_contract.go: always
// debugasserts. The contract is what the checked wrappers read, and they
// are built with that tag alone: the release build of the user's package,
// and a reproducer that imports it, link no package of assertgen.
func (t *target) ContractTag() string { return gen.DefaultBuildTag }

// ConformanceTag is the build constraint of the conformance test: none,
// or debugasserts. It is debugasserts when the release build lacks a
// method the suite needs: Ident, and UseCounts with use counts. The
// methods init writes are in the debug build alone.
func (t *target) ConformanceTag() string {
	for _, m := range t.contract() {
		if m == "StorageAnchor" {
			continue // RunUncounted takes an asserts.Identity
		}
		if !t.HasRelease[m] {
			return gen.DefaultBuildTag
		}
	}
	return ""
}

// optional returns the optional contract methods *T lacks, each with the
// check it would run. Until a method is written, that check's rows are
// skipped under the reason named, counted in every report. A memory
// function gives both.
func (t *target) optional() []string {
	if t.MemoryFunc != "" {
		return nil
	}
	var out []string
	if !t.Has["MetadataFingerprint"] {
		out = append(out, "MetadataFingerprint (asserts.Metadata, asserts.FingerprintMetadata computes one): same_metadata, a read-only input keeps its sizes, strides and offset; skipped under no_metadata_access without it")
	}
	if !t.Has["ContentDigest"] {
		out = append(out, "ContentDigest (asserts.Contents): same_content, a read-only input keeps its bytes, when the content check is on; skipped under no_content_access without it")
	}
	if t.Counted && !t.Has["StorageAnchor"] {
		out = append(out, "StorageAnchor (asserts.Anchored, asserts.SliceMemory(buf).Anchor() gives one): the checks compare memory, not only storage ids: fresh_no_alias's one buffer under two storages, and, for a runtime that pools buffers and calls asserts.Recycled in its pool's Put and asserts.Reused in its Get, same_storage's buffer given back while a tensor still uses it")
	}
	return out
}

// Lacks reports whether *T lacks method m (for the templates).
func (t *target) Lacks(m string) bool { return !t.Has[m] }

const configText = `# assertgen config, written by assertgen init (go doc github.com/assertgen/assertgen/cmd/assertgen).
package: checked
output: ./checked
mode: function
kernels: .
{{- if .MemoryFunc}}
memory: {{.Path}}.{{.MemoryFunc}} # where a tensor's elements are: its identities{{if not .MemoryHave}} ({{memoryFile}}){{end}}
{{- end}}
{{- if not .Counted}}
use_counts: false # {{.Why}}
{{- else}}
# use_counts: true (the default): {{.Why}}
{{- end}}
types:
  Tensor: "{{.GoType}}"
{{- range .Types}}
  {{index . 0}}: {{printf "%q" (index . 1)}}
{{- else}}
  # Scalar: float64 # the Go type of a Scalar argument (default: any)
{{- end}}
{{- if .Params}}
type_params: # the element types checked: the wrappers are generic in them, the tests run on each
{{- range .Params}}
  {{.Name}}: {{.List}}
{{- end}}
{{- end}}
ops: [{{range $i, $o := .Ops}}{{if $i}}, {{end}}{{printf "%q" $o}}{{end}}]
sweep: true # also write checked.SweepOps, the table assertgen_sweep_test.go sweeps
`

const memoryText = `//go:build debugasserts

package {{.Name}}

import {{imp "asserts"}}"github.com/assertgen/assertgen/asserts"

// {{.MemoryFunc}} says where a *{{.Type}}'s elements are, for assertgen's checks
// (memory: in assertgen.yaml), written by assertgen init: fill it in. The
// checks take a tensor's identities from it: the TensorImpl is the
// *{{.Type}}'s address, the storage the anchor of its memory, which every tensor
// on one buffer shares. It is never called with nil, must be safe from
// several goroutines at once and should not allocate (it runs a few times
// per checked call).
//
// It is built with -tags debugasserts alone, as the checked wrappers that call
// it are: the release build neither declares it nor links assertgen.
func {{.MemoryFunc}}(t *{{.Type}}) {{n "asserts"}}.Memory {
	// TODO: return asserts.SliceMemory(s) for the slice s holding t's
	// elements (a view made by slicing with two indices keeps its buffer's
	// capacity, so every tensor on one buffer gets the same anchor), with
	// .Strided(sizes, strides) (.Matrix for a matrix): its geometry, which
	// same_metadata compares and the conformance test asks for; see go doc
	// github.com/assertgen/assertgen/asserts.Memory.
	panic("TODO: implement {{.MemoryFunc}} in {{memoryFile}}")
}
`

const generateText = `package {{.Name}}

//go:generate go tool assertgen gen
`

const adapterText = `{{if .ContractTag}}//go:build {{.ContractTag}}

{{end}}package {{.Name}}

{{.ContractImports}}

// The contract the generated wrappers read (asserts.{{if .Counted}}Tensor{{else}}Identity and asserts.Anchored{{end}}),
// written by assertgen init: fill in each method. Each must be safe on a
// nil or undefined *{{.Type}} and from several goroutines at once.
{{if .Lacks "Ident"}}
// Ident implements asserts.Identity.
func (t *{{.Recv}}) Ident() {{n "asserts"}}.Ident {
	// TODO: return t's identities read at one instant: Impl (the tensor object) and Storage (its buffer), IDs from a counter, never reused, not addresses; Traits: asserts.Versioned and Version if every in-place write bumps a counter views share; asserts.Ident{} for a nil or undefined t.
	panic("TODO: implement (*{{.Type}}).Ident in assertgen_contract.go")
}
{{end}}{{if .Counted}}{{if .Lacks "UseCounts"}}
// UseCounts implements asserts.Tensor.
func (t *{{.Recv}}) UseCounts() (impl, storage int) {
	// TODO: return how many handles share t's tensor object and how many tensor objects share its storage: (1, 1) for a fresh tensor, (0, 0) for an undefined one.
	panic("TODO: implement (*{{.Type}}).UseCounts in assertgen_contract.go")
}
{{end}}{{else}}{{if .Lacks "StorageAnchor"}}
// StorageAnchor implements asserts.Anchored, for fresh_not_held.
func (t *{{.Recv}}) StorageAnchor() {{n "unsafe"}}.Pointer {
	// TODO: return a pointer every tensor on t's storage shares (the storage object), nil for a nil or undefined t.
	panic("TODO: implement (*{{.Type}}).StorageAnchor in assertgen_contract.go")
}
{{end}}{{end}}`

const conformanceText = `{{if .ConformanceTag}}//go:build {{.ConformanceTag}}

{{end}}package {{.Name}}_test

import (
	{{imp "testing"}}"testing"

	{{imp "asserts"}}"github.com/assertgen/assertgen/asserts"
	{{imp "assertstest"}}"github.com/assertgen/assertgen/asserts/assertstest"

	{{imp .Name}}"{{.Path}}"
)

// {{n "TestAssertsContract"}} runs the conformance suite of the contract adapter
// (assertgen_contract.go), written by assertgen init. It fails, naming
// them, until the functions marked TODO are written.
func {{n "TestAssertsContract"}}(t *{{n "testing"}}.T) {
{{- if .Counted}}
	{{n "assertstest"}}.Run(t, {{n "assertstest"}}.Runtime{
		Undefined: func() {{n "asserts"}}.Tensor { return (*{{n .Name}}.{{.Type}})(nil) },
		// TODO: New: func() asserts.Tensor returning a fresh tensor with storage and at least one element.
		// TODO: Share: func(t asserts.Tensor) asserts.Tensor returning a second handle to t's tensor object.
		// TODO: Release: func(t asserts.Tensor) dropping the handle t.
		// TODO: View: func(t asserts.Tensor) asserts.Tensor returning a new tensor object on t's storage.
		// TODO: Write: func(t asserts.Tensor) writing t in place (required if Ident reports asserts.Versioned).
	})
{{- else}}
	{{n "assertstest"}}.RunUncounted(t, {{n "assertstest"}}.Uncounted{
		Undefined: func() {{n "asserts"}}.Identity { return (*{{n .Name}}.{{.Type}})(nil) },
		// TODO: New: func() asserts.Identity returning a fresh tensor with storage and at least one element.
		// View: none found; the suite skips what needs a view (add one if the runtime has views).
		// TODO: Write: func(t asserts.Identity) writing t in place (required if Ident reports asserts.Versioned).
		// TODO: Copy: func(t asserts.Identity) asserts.Identity returning a copy with a storage of its own (optional).
	})
{{- end}}
}
`

// contentInitText ends the sweep test init writes. It switches
// same_content on for the package's debug tests, the hand-written ones
// too, unless ASSERTGEN_CONTENT says otherwise.
const contentInitText = `
// init switches the content check on for every debug test of this
// package, the hand-written ones too: same_content, a call leaves the
// bytes of each input its schema marks read-only as they were, as the
// strict profile promises (elsewhere it is off by default: it reads those
// bytes twice per call). ASSERTGEN_CONTENT in the environment decides
// instead when set: off, or a list of ops.
func init() {
	if {{n "os"}}.Getenv("ASSERTGEN_CONTENT") == "" {
		{{n "asserts"}}.SetContentCheck(true)
	}
}
`

const sweepText = `//go:build debugasserts

package {{.Name}}_test

import (
	{{imp "errors"}}"errors"
	{{imp "os"}}"os"
	{{imp "reflect"}}"reflect"
	{{imp "testing"}}"testing"

	{{imp "asserts"}}"github.com/assertgen/assertgen/asserts"
	{{imp "sweep"}}"github.com/assertgen/assertgen/sweep"

	{{imp "checked"}}"{{.Path}}/checked"
)

// {{n "sweepAdapter"}} makes the tensors of the sweep's samples (go doc
// github.com/assertgen/assertgen/sweep), written by assertgen init.
type {{n "sweepAdapter"}} struct{}

// Tensor makes the tensor sp describes, or says why it cannot: a
// *sweep.DtypeError (Want: a dtype {{.Name}} makes) moves the sample to
// that dtype; any other error counts the sample as one {{.Name}} cannot make.
func ({{n "sweepAdapter"}}) Tensor(sp {{n "sweep"}}.Spec, made []{{n "reflect"}}.Value) ({{n "reflect"}}.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil // the aliasing sample, x.add_(x): an earlier tensor itself
	}
	// TODO: return reflect.ValueOf(t), t a *{{.Name}}.{{.Type}} of dtype sp.Dtype and shape
	// sp.Shape holding sp.Elements(): a transposed view of a base of the reversed
	// shape when sp.Transposed, a view with sp.Strides at sp.Offset when they are
	// set, made[sp.ViewOf] selected at sp.Index along dim 0 when sp.ViewOf >= 0
	// (an error for what {{.Name}} cannot make).
	return {{n "reflect"}}.Value{}, {{n "errors"}}.New("TODO: make tensors in {{n "sweepAdapter"}}.Tensor (assertgen_sweep_test.go)")
}

// Value leaves every non-tensor argument to package sweep, which converts
// what gen's default Go types take.
func ({{n "sweepAdapter"}}) Value(*{{n "sweep"}}.Arg, {{n "reflect"}}.Type) ({{n "reflect"}}.Value, bool, error) {
	return {{n "reflect"}}.Value{}, false, nil
}

// {{n "TestSweep"}} runs every wrapped op on samples made from its schema, through
// the checked wrappers, and fails on each kind of violation they find.
func {{n "TestSweep"}}(t *{{n "testing"}}.T) {
	rep := {{n "sweep"}}.Run(t, {{n "sweepAdapter"}}{}, {{n "checked"}}.SweepOps)
	if len(rep.Exercised) == 0 {
		t.Error("the sweep ran no op: write {{n "sweepAdapter"}}.Tensor in assertgen_sweep_test.go")
	}
}

// {{n "FuzzSweep"}} is the coverage-guided fuzz target over the same ops:
// go test -tags debugasserts -fuzz {{n "FuzzSweep"}} (a finding replays as a test).
func {{n "FuzzSweep"}}(f *{{n "testing"}}.F) { {{n "sweep"}}.Fuzz(f, {{n "sweepAdapter"}}{}, {{n "checked"}}.SweepOps) }
`

// memoryTestText is the conformance test of a tensor type whose identities
// come from a memory function. It runs asserts' suite for runtimes without
// use counts on the tensors as the generated adapter presents them (the
// same pointers), with what init found in the package (fill).
const memoryTestText = `//go:build debugasserts

package checked_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"

	{{imp .Name}}"{{.Path}}"
	"{{.Path}}/checked/internal/assertgenshapes"
)
{{$f := .Fill}}{{$adapter := printf "assertgenshapes.Foreign%s" .Type}}
// TestMemory runs the conformance suite for runtimes without use counts on
// {{.Name}}'s tensors through the adapter gen writes over {{.MemoryFunc}}, written by
// assertgen init{{if not (and $f $f.New $f.View $f.Write)}}; it fails, naming them, until the functions marked
// TODO are written{{end}}.
func TestMemory(t *testing.T) {
	toID := func(x *{{qual}}.{{.Type}}) asserts.Identity { return (*{{$adapter}})(x) }
	fromID := func(i asserts.Identity) *{{qual}}.{{.Type}} { return (*{{qual}}.{{.Type}})(i.(*{{$adapter}})) }
	_, _ = toID, fromID
	assertstest.RunUncounted(t, assertstest.Uncounted{
		Undefined: func() asserts.Identity { return (*{{$adapter}})(nil) },
{{- if and $f $f.New}}
		New: func() asserts.Identity {
{{- if $f.Flat}}
			data := []{{$f.T}}{1, 2, 3, 4, 5, 6}
{{- else}}
			data, shape := []{{$f.T}}{1, 2, 3, 4, 5, 6}, []int{2, 3}
{{- end}}
			return toID({{$f.New}})
		},
{{- else}}
		// TODO: New: func() asserts.Identity returning toID(a fresh tensor with storage and at least one element).
{{- end}}
{{- if and $f $f.View}}
		View: func(i asserts.Identity) asserts.Identity {
			x := fromID(i)
			return toID({{$f.View}})
		},
{{- else}}
		// View: none found; the suite skips what needs a view (add one if the runtime has views).
{{- end}}
{{- if and $f $f.Write}}
		Write: func(i asserts.Identity) {
			x := fromID(i)
			{{$f.Write}}
		},
{{- else}}
		// TODO: Write: func(i asserts.Identity) writing fromID(i) in place (its digest must change).
{{- end}}
{{- if and $f $f.Copy}}
		Copy: func(i asserts.Identity) asserts.Identity {
			x := fromID(i)
			return toID({{$f.Copy}})
		},
{{- end}}
	})
}
{{- if and $f $f.New (contains $f.New "int64s(")}}
{{template "int64s" (args "Name" "int64s")}}
{{- end}}
`

// helpersText defines the helper functions the tests init writes may
// declare. Each test file declares its own copy, under its own name, since
// the conformance and the sweep test are built together in the debug
// build. The helpers:
//   - "elems" converts float64s to any of the element types; a bool is
//     true for a nonzero value.
//   - "int64s" converts a shape to []int64.
//
// Their argument is a map (args). Name is the function's name in the
// file. For elems, Of and Unit are what it converts in its doc ("test's
// numbers", "number"), and Union and Elems the element types. For int64s,
// Doc is its doc comment after its name; none without.
const helpersText = `{{define "elems"}}
// {{.Name}} converts the {{.Of}} to T: a bool is true for a
// nonzero {{.Unit}}.
func {{.Name}}[T {{.Union}}](vs ...float64) []T {
	out := make([]T, len(vs))
	for i, v := range vs {
		switch p := any(&out[i]).(type) {
{{- range .Elems}}
		case *{{.}}:
			*p = {{if eq . "bool"}}v != 0{{else}}{{.}}(v){{end}}
{{- end}}
		}
	}
	return out
}
{{- end}}
{{- define "int64s"}}
{{if .Doc}}
// {{.Name}} is {{.Doc}}
{{end -}}
func {{.Name}}(s []int) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}
{{- end}}`

// args makes the argument of a template of helpersText from its keys
// and values in turn.
func args(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

// render fills the template of f with t and ops; Go files are gofmt'd. In
// the templates, n "x" is the name x has in the file (see target.names),
// and imp "x" is the import's alias when x is renamed, "" if not.
func render(f tmpl, t *target, ops []string) ([]byte, error) {
	names := t.PkgNames
	if strings.HasSuffix(f.name, "_test.go") {
		names = t.TestNames
	}
	name := func(x string) string {
		if n, ok := names[x]; ok {
			return n
		}
		return x
	}
	funcs := template.FuncMap{
		"contains":   strings.Contains,
		"n":          name,
		"qual":       t.qual,
		"memoryFile": func() string { return MemoryFile },
		// newCall is the constructor's call (fill.New), with the shape
		// converted by the file's own helper, named helper in the file.
		"newCall": func(helper string) string {
			return strings.ReplaceAll(t.Fill.New, "int64s(", name(helper)+"(")
		},
		"args": args,
		"imp": func(x string) string {
			if n := name(x); n != x {
				return n + " "
			}
			return ""
		},
	}
	tp, err := template.New(f.name).Funcs(funcs).Parse(helpersText)
	if err == nil {
		tp, err = tp.Parse(f.text)
	}
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	data := struct {
		*target
		Ops []string
	}{t, ops}
	if err := tp.Execute(&buf, data); err != nil {
		return nil, err
	}
	if !strings.HasSuffix(f.name, ".go") {
		return buf.Bytes(), nil
	}
	return format.Source(buf.Bytes())
}

// ContractImports is the import declaration of assertgen_contract.go: the
// packages the methods it writes name, each under the name target.names
// chose in the package. It is "" without any.
func (t *target) ContractImports() string {
	var lines []string
	spec := func(id, path string) string {
		if n := t.PkgNames[id]; n != "" && n != id {
			return n + " " + strconv.Quote(path)
		}
		return strconv.Quote(path)
	}
	if !t.Counted && t.Lacks("StorageAnchor") {
		lines = append(lines, spec("unsafe", "unsafe"))
	}
	if t.Lacks("Ident") {
		lines = append(lines, spec("asserts", "github.com/assertgen/assertgen/asserts"))
	}
	switch len(lines) {
	case 0:
		return ""
	case 1:
		return "import " + lines[0]
	}
	return "import (\n\t" + strings.Join(lines, "\n\t") + "\n)"
}

// testName is the name the identifier id has in init's tests.
func (t *target) testName(id string) string {
	if n, ok := t.TestNames[id]; ok {
		return n
	}
	return id
}

// conformanceFilledText is the conformance test of a generic tensor type,
// which runs the suite once per element type, or of a plain one whose
// constructor init found. It is written with what init found in the
// package (fill), where it found it.
const conformanceFilledText = `{{if .ConformanceTag}}//go:build {{.ConformanceTag}}

{{end}}package {{.Name}}_test

import (
	{{imp "testing"}}"testing"

	{{imp "asserts"}}"github.com/assertgen/assertgen/asserts"
	{{imp "assertstest"}}"github.com/assertgen/assertgen/asserts/assertstest"

	{{imp .Name}}"{{.Path}}"
)

{{- $f := .Fill}}{{$tensor := .Instance}}

// {{n "TestAssertsContract"}} runs the conformance suite of the contract adapter
// on {{if .Params}}the tensors of each element type{{else}}{{$f.T}} tensors{{end}}, written by assertgen init.
{{- if not $f.Union}} It
// fails, naming them, until the functions marked TODO are written.{{end}}
func {{n "TestAssertsContract"}}(t *{{n "testing"}}.T) {
{{- if and $f.Union .Params}}
{{- range $f.Elems}}
	t.Run("{{.}}", func(t *{{n "testing"}}.T) { {{n "testContract"}}[{{.}}](t) })
{{- end}}
}

func {{n "testContract"}}[T {{$f.Union}}](t *{{n "testing"}}.T) {
{{- end}}
{{- if .Counted}}
	{{n "assertstest"}}.Run(t, {{n "assertstest"}}.Runtime{
		Undefined: func() {{n "asserts"}}.Tensor { return ({{$tensor}})(nil) },
{{- if $f.New}}
		New: func() {{n "asserts"}}.Tensor {
{{- if $f.Flat}}
			data := {{if $f.Bool}}{{n "testElems"}}[T](1, 2, 3, 4, 5, 6){{else}}[]{{$f.T}}{1, 2, 3, 4, 5, 6}{{end}}
{{- else}}
			data, shape := {{if $f.Bool}}{{n "testElems"}}[T](1, 2, 3, 4, 5, 6){{else}}[]{{$f.T}}{1, 2, 3, 4, 5, 6}{{end}}, []int{2, 3}
{{- end}}
			return {{newCall "int64s"}}
		},
{{- else}}
		// TODO: New: func() {{n "asserts"}}.Tensor returning a fresh tensor with storage and at least one element.
{{- end}}
{{- if $f.Share}}
		Share:   func(t {{n "asserts"}}.Tensor) {{n "asserts"}}.Tensor { return t.({{$tensor}}).{{$f.Share}}() },
{{- else}}
		// TODO: Share: func(t {{n "asserts"}}.Tensor) {{n "asserts"}}.Tensor returning a second handle to t's tensor object.
{{- end}}
{{- if $f.Release}}
		Release: func(t {{n "asserts"}}.Tensor) { t.({{$tensor}}).{{$f.Release}}() },
{{- else}}
		// TODO: Release: func(t {{n "asserts"}}.Tensor) dropping the handle t.
{{- end}}
{{- if $f.View}}
		View: func(t {{n "asserts"}}.Tensor) {{n "asserts"}}.Tensor {
			x := t.({{$tensor}})
			return {{$f.View}}
		},
{{- else}}
		// TODO: View: func(t {{n "asserts"}}.Tensor) {{n "asserts"}}.Tensor returning a new tensor object on t's storage.
{{- end}}
{{- if $f.Write}}
		Write: func(t {{n "asserts"}}.Tensor) {
			x := t.({{$tensor}})
			{{$f.Write}}
		},
{{- else}}
		// TODO: Write: func(t {{n "asserts"}}.Tensor) writing t in place (required if Ident reports {{n "asserts"}}.Versioned).
{{- end}}
	})
{{- else}}
	{{n "assertstest"}}.RunUncounted(t, {{n "assertstest"}}.Uncounted{
		Undefined: func() {{n "asserts"}}.Identity { return ({{$tensor}})(nil) },
{{- if $f.New}}
		New: func() {{n "asserts"}}.Identity {
{{- if $f.Flat}}
			data := {{if $f.Bool}}{{n "testElems"}}[T](1, 2, 3, 4, 5, 6){{else}}[]{{$f.T}}{1, 2, 3, 4, 5, 6}{{end}}
{{- else}}
			data, shape := {{if $f.Bool}}{{n "testElems"}}[T](1, 2, 3, 4, 5, 6){{else}}[]{{$f.T}}{1, 2, 3, 4, 5, 6}{{end}}, []int{2, 3}
{{- end}}
			return {{newCall "int64s"}}
		},
{{- else}}
		// TODO: New: func() {{n "asserts"}}.Identity returning a fresh tensor with storage and at least one element.
{{- end}}
{{- if $f.View}}
		View: func(t {{n "asserts"}}.Identity) {{n "asserts"}}.Identity {
			x := t.({{$tensor}})
			return {{$f.View}}
		},
{{- else}}
		// View: none found; the suite skips what needs a view (add one if the runtime has views).
{{- end}}
{{- if $f.Write}}
		Write: func(t {{n "asserts"}}.Identity) {
			x := t.({{$tensor}})
			{{$f.Write}}
		},
{{- else}}
		// TODO: Write: func(t {{n "asserts"}}.Identity) writing t in place (required if Ident reports {{n "asserts"}}.Versioned).
{{- end}}
{{- if $f.Copy}}
		Copy: func(t {{n "asserts"}}.Identity) {{n "asserts"}}.Identity {
			x := t.({{$tensor}})
			return {{$f.Copy}}
		},
{{- end}}
	})
{{- end}}
}
{{- if $f.Bool}}
{{template "elems" (args "Name" (n "testElems") "Of" "test's numbers" "Unit" "number" "Union" $f.Union "Elems" $f.Elems)}}
{{- end}}
{{- if and $f.New (contains $f.New "int64s(")}}
{{template "int64s" (args "Name" (n "int64s"))}}
{{- end}}
`

// sweepFilledText is the sweep test of a generic tensor type, which runs
// every op once per element type, or of a plain one whose constructor
// init found. Its tensors are made with what init found in the package
// (fill).
const sweepFilledText = `//go:build debugasserts

package {{.Name}}_test

import (
	{{imp "errors"}}"errors"
	{{imp "os"}}"os"
	{{imp "reflect"}}"reflect"
	{{imp "testing"}}"testing"

	{{imp "asserts"}}"github.com/assertgen/assertgen/asserts"
	{{imp "sweep"}}"github.com/assertgen/assertgen/sweep"
{{$f := .Fill}}{{$tensor := .Instance}}
{{- if and $f.Union $f.New}}
	{{imp .Name}}"{{.Path}}"
{{- end}}
	{{imp "checked"}}"{{.Path}}/checked"
)
{{- if and $f.Union $f.New}}

// {{n "sweepAdapter"}} makes the {{.Name}} tensors{{if .Params}} of element type T{{end}} of the
// sweep's samples (go doc github.com/assertgen/assertgen/sweep), written
// by assertgen init: dense tensors of {{$f.T}}, made with {{.Name}}'s
// constructor{{if $f.Flat}} (1-D tensors only){{end}}{{if or $f.Transpose $f.Select}}, {{if $f.Transpose}}transposed{{end}}{{if and $f.Transpose $f.Select}} and {{end}}{{if $f.Select}}selected{{end}} views with its kernels{{end}}.
type {{n "sweepAdapter"}}{{if .Params}}[T {{$f.Union}}]{{end}} struct{}

// Tensor makes the tensor sp describes, or says why it cannot: a sample
// of another dtype moves to {{if .Params}}T's{{else}}{{$f.T}}{{end}} (a *{{n "sweep"}}.DtypeError), and one of a
// layout, bit or autograd state {{.Name}} lacks, or a strided view at an
// offset, is counted as one it cannot make.
func ({{n "sweepAdapter"}}{{if .Params}}[T]{{end}}) Tensor(sp {{n "sweep"}}.Spec, made []{{n "reflect"}}.Value) ({{n "reflect"}}.Value, error) {
	dtype := {{n "reflect"}}.TypeFor[{{$f.T}}]().Kind().String()
	switch {
	case sp.Same >= 0:
		return made[sp.Same], nil // the aliasing sample, x.add_(x): an earlier tensor itself
	case sp.Dtype != dtype:
		return {{n "reflect"}}.Value{}, &{{n "sweep"}}.DtypeError{Want: dtype}
	case sp.Layout != "" || sp.Conj || sp.Neg || sp.RequiresGrad || sp.NonLeafView || sp.Named:
		return {{n "reflect"}}.Value{}, {{n "errors"}}.New("{{.Name}} makes dense tensors only")
	case sp.Strides != nil || sp.Offset != 0:
		// The fuzz target's strided views at an offset: init knows no
		// kernel that makes one (as_strided); write it here if {{.Name}} has one.
		return {{n "reflect"}}.Value{}, {{n "errors"}}.New("no strided view at an offset: init wrote none (assertgen_sweep_test.go)")
	case sp.ViewOf >= 0:
{{- if $f.Select}}
		base, i := made[sp.ViewOf].Interface().({{$tensor}}), sp.Index
		return {{n "reflect"}}.ValueOf({{$f.Select}}), nil
{{- else}}
		return {{n "reflect"}}.Value{}, {{n "errors"}}.New("no select.int kernel to make a view with")
{{- end}}
{{- if $f.Flat}}
	case len(sp.Shape) != 1:
		return {{n "reflect"}}.Value{}, {{n "errors"}}.New("{{.Name}}'s constructor makes 1-D tensors only")
{{- end}}
	}
	vals := sp.Elements()
{{- if $f.Bool}}
	data := {{n "sweepElems"}}[T](vals...)
{{- else}}
	data := make([]{{$f.T}}, len(vals))
	for i, v := range vals {
		data[i] = {{$f.T}}(v)
	}
{{- end}}
{{- if not $f.Flat}}
	// Never nil: a 0-dim sample's shape is empty, and a constructor that
	// takes no shape for the values' 1-D tensor still makes it 0-dim.
	shape := append([]int{}, sp.Shape...)
	if sp.Transposed && len(shape) >= 2 {
{{- if $f.Transpose}}
		// A base of the shape with its first and last dims swapped, whose
		// transposed view holds the values in order.
		last := len(shape) - 1
		data, shape = {{n "transposedBase"}}(data, shape), append([]int(nil), shape...)
		shape[0], shape[last] = shape[last], shape[0]
		base := {{newCall "sweepInt64s"}}
{{- if $f.Release}}
		defer base.{{$f.Release}}()
{{- end}}
		return {{n "reflect"}}.ValueOf({{$f.Transpose}}), nil
{{- else}}
		return {{n "reflect"}}.Value{}, {{n "errors"}}.New("no transpose.int kernel to make a transposed view with")
{{- end}}
	}
{{- end}}
	return {{n "reflect"}}.ValueOf({{newCall "sweepInt64s"}}), nil
}

// Value leaves every non-tensor argument to package sweep, which converts
// what gen's default Go types{{if .Params}} and T{{end}} take.
func ({{n "sweepAdapter"}}{{if .Params}}[T]{{end}}) Value(*{{n "sweep"}}.Arg, {{n "reflect"}}.Type) ({{n "reflect"}}.Value, bool, error) {
	return {{n "reflect"}}.Value{}, false, nil
}
{{- if and $f.Transpose (not $f.Flat)}}

// {{n "transposedBase"}} returns the values, in row-major order, of the tensor
// of shape with its first and last dims swapped whose view with those
// dims swapped back holds vals in row-major order of shape.
func {{n "transposedBase"}}[T any](vals []T, shape []int) []T {
	n := len(shape)
	strides := make([]int, n) // of the base: its dim 0 is shape's last
	k := 1
	for d := n - 1; d >= 0; d-- {
		strides[d] = k
		switch d {
		case 0:
			k *= shape[n-1]
		case n - 1:
			k *= shape[0]
		default:
			k *= shape[d]
		}
	}
	out := make([]T, len(vals))
	idx := make([]int, n)
	for _, v := range vals {
		at := 0
		for d, i := range idx {
			switch d {
			case 0:
				at += i * strides[n-1]
			case n - 1:
				at += i * strides[0]
			default:
				at += i * strides[d]
			}
		}
		out[at] = v
		for d := n - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}
{{- end}}
{{- if $f.Bool}}
{{template "elems" (args "Name" (n "sweepElems") "Of" "sample's values" "Unit" "value" "Union" $f.Union "Elems" $f.Elems)}}
{{- end}}
{{- if contains $f.New "int64s("}}
{{template "int64s" (args "Name" (n "sweepInt64s") "Doc" "the conformance test's int64s under a name of its\n// own: both tests are built together in the debug build.")}}
{{- end}}

// {{n "TestSweep"}} runs every wrapped op on samples made from its schema, through
// the checked wrappers{{if .Params}}, once per element type, and fails on each kind of
// violation they find.{{else}} and fails on each kind of violation they find.{{end}}
func {{n "TestSweep"}}(t *{{n "testing"}}.T) {
{{- if not .Params}}
	rep := {{n "sweep"}}.Run(t, {{n "sweepAdapter"}}{}, {{n "checked"}}.SweepOps)
	if len(rep.Exercised) == 0 {
		t.Error("the sweep ran no op")
	}
}

// {{n "FuzzSweep"}} is the coverage-guided fuzz target over the same ops:
// go test -tags debugasserts -fuzz {{n "FuzzSweep"}} (a finding replays as a test).
func {{n "FuzzSweep"}}(f *{{n "testing"}}.F) { {{n "sweep"}}.Fuzz(f, {{n "sweepAdapter"}}{}, {{n "checked"}}.SweepOps) }
{{- else}}
{{- range $f.Elems}}
	t.Run("{{.}}", func(t *{{n "testing"}}.T) {
		rep := {{n "sweep"}}.Run(t, {{n "sweepAdapter"}}[{{.}}]{}, {{n "checked"}}.SweepOps[{{.}}])
		if len(rep.Exercised) == 0 {
			t.Error("the sweep ran no op")
		}
	})
{{- end}}
}

// {{n "FuzzSweep"}} is the coverage-guided fuzz target over the same ops, on
// {{index $f.Elems 0}} tensors: go test -tags debugasserts -fuzz {{n "FuzzSweep"}} (a finding
// replays as a test).
func {{n "FuzzSweep"}}(f *{{n "testing"}}.F) {
	{{n "sweep"}}.Fuzz(f, {{n "sweepAdapter"}}[{{index $f.Elems 0}}]{}, {{n "checked"}}.SweepOps[{{index $f.Elems 0}}])
}
{{- end}}
{{- else}}

// {{n "sweepAdapter"}} makes the tensors of the sweep's samples (go doc
// github.com/assertgen/assertgen/sweep), written by assertgen init.
type {{n "sweepAdapter"}} struct{}

// Tensor makes the tensor sp describes, or says why it cannot.
func ({{n "sweepAdapter"}}) Tensor(sp {{n "sweep"}}.Spec, made []{{n "reflect"}}.Value) ({{n "reflect"}}.Value, error) {
	if sp.Same >= 0 {
		return made[sp.Same], nil // the aliasing sample, x.add_(x): an earlier tensor itself
	}
	// TODO: return {{n "reflect"}}.ValueOf(t), t a {{$tensor}} of dtype sp.Dtype and
	// shape sp.Shape holding sp.Elements(): a transposed view of a base of the
	// reversed shape when sp.Transposed, made[sp.ViewOf] selected at sp.Index
	// along dim 0 when sp.ViewOf >= 0.
	return {{n "reflect"}}.Value{}, {{n "errors"}}.New("TODO: make tensors in {{n "sweepAdapter"}}.Tensor (assertgen_sweep_test.go)")
}

// Value leaves every non-tensor argument to package sweep.
func ({{n "sweepAdapter"}}) Value(*{{n "sweep"}}.Arg, {{n "reflect"}}.Type) ({{n "reflect"}}.Value, bool, error) {
	return {{n "reflect"}}.Value{}, false, nil
}

// {{n "TestSweep"}} runs every wrapped op on samples made from its schema, through
// the checked wrappers, and fails on each kind of violation they find.
{{- if .OtherArgs}}
// It sweeps {{.FirstArgs}} tensors only: run it on {{.OtherArgs}} too (an
// adapter per element type), or those instances go unswept.
{{- end}}
func {{n "TestSweep"}}(t *{{n "testing"}}.T) {
	rep := {{n "sweep"}}.Run(t, {{n "sweepAdapter"}}{}, {{n "checked"}}.SweepOps[{{.FirstArgs}}])
	if len(rep.Exercised) == 0 {
		t.Error("the sweep ran no op: write {{n "sweepAdapter"}}.Tensor in assertgen_sweep_test.go")
	}
}
{{- end}}
`
