package scaffold

import (
	"bytes"
	"go/format"
	"strings"
	"text/template"
)

// A tmpl is one file init writes from a template of target's fields.
type tmpl struct {
	name string // file name in the package directory
	text string
	want func(t *target) bool // nil: always
}

// templates are the files init writes, besides the kernel stubs. The
// sweep test, once the public sweep package exists, is one more entry.
var templates = []tmpl{
	{name: "assertgen.yaml", text: configText},
	{name: "generate.go", text: generateText},
	{name: "assertgen_contract.go", text: adapterText, want: func(t *target) bool { return len(t.todo()) > 0 }},
	{name: "assertgen_contract_test.go", text: conformanceText},
}

// todo returns the adapter methods *T still lacks.
func (t *target) todo() []string {
	want := []string{"Ident", "UseCounts"}
	if !t.Counted {
		want = []string{"Ident", "StorageAnchor"}
	}
	var out []string
	for _, m := range want {
		if !t.Has[m] {
			out = append(out, m)
		}
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
ops: [{{range $i, $o := .Ops}}{{if $i}}, {{end}}{{printf "%q" $o}}{{end}}]
`

const generateText = `package {{.Name}}

//go:generate go tool assertgen gen
`

const adapterText = `package {{.Name}}

import (
{{- if .Lacks "StorageAnchor"}}{{if not .Counted}}
	"unsafe"
{{end}}{{end}}
	"github.com/assertgen/assertgen/asserts"
)

// The contract the generated wrappers read (asserts.{{if .Counted}}Tensor{{else}}Identity and asserts.Anchored{{end}}),
// written by assertgen init: fill in each method. Each must be safe on a
// nil or undefined *{{.Type}} and from several goroutines at once.
{{if .Lacks "Ident"}}
// Ident implements asserts.Identity.
func (t *{{.Type}}) Ident() asserts.Ident {
	// TODO: return t's identities read at one instant: Impl (the tensor object) and Storage (its buffer), IDs from a counter, never reused, not addresses; Traits: asserts.Versioned and Version if every in-place write bumps a counter views share; asserts.Ident{} for a nil or undefined t.
	panic("TODO: implement (*{{.Type}}).Ident in assertgen_contract.go")
}
{{end}}{{if .Counted}}{{if .Lacks "UseCounts"}}
// UseCounts implements asserts.Tensor.
func (t *{{.Type}}) UseCounts() (impl, storage int) {
	// TODO: return how many handles share t's tensor object and how many tensor objects share its storage: (1, 1) for a fresh tensor, (0, 0) for an undefined one.
	panic("TODO: implement (*{{.Type}}).UseCounts in assertgen_contract.go")
}
{{end}}{{else}}{{if .Lacks "StorageAnchor"}}
// StorageAnchor implements asserts.Anchored, for fresh_not_held.
func (t *{{.Type}}) StorageAnchor() unsafe.Pointer {
	// TODO: return a pointer every tensor on t's storage shares (the storage object), nil for a nil or undefined t.
	panic("TODO: implement (*{{.Type}}).StorageAnchor in assertgen_contract.go")
}
{{end}}{{end}}`

const conformanceText = `package {{.Name}}_test

import (
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/assertstest"

	"{{.Path}}"
)

// TestAssertsContract runs the conformance suite of the contract adapter
// (assertgen_contract.go), written by assertgen init. It fails, naming
// them, until the functions marked TODO are written.
func TestAssertsContract(t *testing.T) {
{{- if .Counted}}
	assertstest.Run(t, assertstest.Runtime{
		Undefined: func() asserts.Tensor { return (*{{.Name}}.{{.Type}})(nil) },
		// TODO: New: func() asserts.Tensor returning a fresh tensor with storage and at least one element.
		// TODO: Share: func(t asserts.Tensor) asserts.Tensor returning a second handle to t's tensor object.
		// TODO: Release: func(t asserts.Tensor) dropping the handle t.
		// TODO: View: func(t asserts.Tensor) asserts.Tensor returning a new tensor object on t's storage.
		// TODO: Write: func(t asserts.Tensor) writing t in place (required if Ident reports asserts.Versioned).
	})
{{- else}}
	assertstest.RunUncounted(t, assertstest.Uncounted{
		Undefined: func() asserts.Identity { return (*{{.Name}}.{{.Type}})(nil) },
		// TODO: New: func() asserts.Identity returning a fresh tensor with storage and at least one element.
		// TODO: View: func(t asserts.Identity) asserts.Identity returning a new tensor object on t's storage.
		// TODO: Write: func(t asserts.Identity) writing t in place (required if Ident reports asserts.Versioned).
		// TODO: Copy: func(t asserts.Identity) asserts.Identity returning a copy with a storage of its own (optional).
	})
{{- end}}
}
`

// render fills the template of f with t and ops; Go files are gofmt'd.
func render(f tmpl, t *target, ops []string) ([]byte, error) {
	tp, err := template.New(f.name).Parse(f.text)
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
