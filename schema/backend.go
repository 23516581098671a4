package schema

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/input"
)

// A Backend is an out-of-tree backend's yaml, in the format torchgen's
// gen_backend_stubs reads. A backend author keeps it beside their kernels,
// like PyTorch's ts_native_functions.yaml for the Lazy backend:
//
//	backend: PrivateUse1           # required: the dispatch key
//	cpp_namespace: my_device       # required
//	class_name: MyDeviceNativeFunctions  # optional
//	use_out_as_primary: false      # optional, bool
//	device_guard: false            # optional, bool
//	supported:                     # ops with a kernel for the backend key
//	  - add.Tensor
//	  - abs
//	autograd:                      # ops with a kernel for its autograd key
//	  - max_pool3d
//	full_codegen: [...]            # lazy-tensor ops torchgen generates
//	symint: [...]                  # ops whose kernels take SymInt
//	ir_gen: [...]                  # ops with IR only (no kernel)
//	non_native: [...]              # ops outside native_functions.yaml
//
// For assertgen it selects the ops to wrap: those the backend registers a
// kernel for. Those are supported, full_codegen and autograd (torchgen
// adds full_codegen to supported). ir_gen and non_native register no
// kernel of a native op, and are read for their structure only. Keys
// outside this list are errors, as in torchgen. torchgen also rejects
// extra_headers, although its error message lists it.
type Backend struct {
	Path         string
	Key          string   // backend:
	KeyPos       Position // where backend:'s value is
	CppNamespace string
	ClassName    string
	Supported    []BackendOp
	Autograd     []BackendOp
	FullCodegen  []BackendOp
	SymInt       []BackendOp
	IRGen        []BackendOp
}

// A BackendOp is an op name of a backend yaml and its position.
type BackendOp struct {
	Name string
	Pos  Position
}

var backendKeys = []string{
	"backend", "class_name", "cpp_namespace", "use_out_as_primary", "device_guard",
	"supported", "autograd", "full_codegen", "symint", "ir_gen", "non_native",
}

// LoadBackend reads a backend yaml.
func LoadBackend(path string) (*Backend, error) { return input.Parse(path, ParseBackend) }

// ParseBackend parses the text of a backend yaml read from path. It checks
// the structure: the keys, the required backend and cpp_namespace, the
// types of values, the op names' syntax, and an op listed twice or under
// both supported and autograd. It does not check what the op names mean;
// [Backend.Check] checks that against a schema. Errors are at
// path:line:col.
func ParseBackend(path string, src []byte) (*Backend, error) {
	root, err := ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	p := &backendParser{yamlText: yamlText{path: path, src: src}, firstOp: map[string]Position{}, firstList: map[string]string{}}
	if root == nil || root.Kind != yaml.MappingNode {
		at := Position{Filename: path, Line: 1, Column: 1}
		if root != nil {
			at = p.pos(root)
		}
		p.errs.Add(at, "a backend yaml must be a mapping with at least backend: and cpp_namespace:")
		return nil, p.errs.Err()
	}
	b := &Backend{Path: path}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if !slices.Contains(backendKeys, k.Value) {
			p.errs.Addf(p.pos(k), "unknown key %q%s", k.Value, DidYouMean(k.Value, backendKeys))
			continue
		}
		if f := seen[k.Value]; f != nil {
			p.errs.Addf(p.pos(k), "duplicate key %q; first at line %d", k.Value, f.Line)
			continue
		}
		seen[k.Value] = k
		switch k.Value {
		case "backend":
			p.str(k.Value, v, &b.Key)
			b.KeyPos = p.pos(v)
		case "cpp_namespace":
			p.str(k.Value, v, &b.CppNamespace)
		case "class_name":
			p.str(k.Value, v, &b.ClassName)
		case "use_out_as_primary", "device_guard":
			if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
				p.errs.Addf(p.pos(v), "%s: want true or false", k.Value)
			}
		case "supported":
			b.Supported = p.ops(k.Value, v, true)
		case "autograd":
			b.Autograd = p.ops(k.Value, v, true)
		case "full_codegen":
			b.FullCodegen = p.ops(k.Value, v, true)
		case "symint":
			b.SymInt = p.ops(k.Value, v, false)
		case "ir_gen":
			b.IRGen = p.ops(k.Value, v, false)
		case "non_native":
			if v.Kind != yaml.SequenceNode && !(v.Kind == yaml.ScalarNode && v.Tag == "!!null") {
				p.errs.Addf(p.pos(v), "non_native: want a list of entries")
			}
		}
	}
	for _, req := range []string{"backend", "cpp_namespace"} {
		if seen[req] == nil {
			p.errs.Addf(p.pos(root), "missing key %q (torchgen requires it)", req)
		}
	}
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	return b, nil
}

// A backendParser holds the errors of a backend yaml and the first place
// of each op listed with a kernel, for the duplicate checks.
type backendParser struct {
	yamlText
	errs      ErrorList
	firstOp   map[string]Position
	firstList map[string]string
}

func (p *backendParser) pos(n *yaml.Node) Position { return NodePos(p.path, n) }

// str reads the non-empty string value v of key into dst.
func (p *backendParser) str(key string, v *yaml.Node, dst *string) {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!str" || v.Value == "" {
		p.errs.Addf(p.pos(v), "%s: want a non-empty string", key)
		return
	}
	*dst = v.Value
}

// ops reads the list of op names v of key. kernel says the list registers
// kernels: an op may be in only one such list, once.
func (p *backendParser) ops(key string, v *yaml.Node, kernel bool) []BackendOp {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return nil // an empty list, as torchgen allows
	}
	if v.Kind != yaml.SequenceNode {
		p.errs.Addf(p.pos(v), "%s: want a list of op names", key)
		return nil
	}
	var out []BackendOp
	for _, e := range v.Content {
		if e.Kind != yaml.ScalarNode || e.Tag != "!!str" {
			p.errs.Addf(p.pos(e), "%s: want an op name such as add.Tensor", key)
			continue
		}
		if strings.ContainsAny(e.Value, `*?[\`) {
			p.errs.Addf(p.pos(e), "%s: %q: a backend names ops, not patterns", key, e.Value)
			continue
		}
		if _, err := ParseOperatorName(e.Value); err != nil {
			at, msg := p.pos(e), err.Error()
			if se, ok := err.(*SyntaxError); ok {
				at, msg = p.valuePos(e, se.Offset), se.Msg
			}
			p.errs.Addf(at, "%s: bad op name %q: %s", key, e.Value, msg)
			continue
		}
		if kernel {
			if f, ok := p.firstOp[e.Value]; ok {
				what := "duplicate op %q (first at line %d)"
				if p.firstList[e.Value] != key {
					what = "op %q is also listed under " + p.firstList[e.Value] + " (line %d); an op's kernel is for the backend key or for its autograd key, not both"
				}
				p.errs.Addf(p.pos(e), "%s: "+what, key, e.Value, f.Line)
				continue
			}
			p.firstOp[e.Value], p.firstList[e.Value] = p.pos(e), key
		}
		out = append(out, BackendOp{e.Value, p.pos(e)})
	}
	return out
}

// Ops returns the ops the backend registers a kernel for, in file order:
// supported, full_codegen, then autograd.
func (b *Backend) Ops() []BackendOp {
	return slices.Concat(b.Supported, b.FullCodegen, b.Autograd)
}

// CheckKeys checks what torchgen's gen_backend_stubs checks of a backend
// against the release of s, beyond the op names (which config checks):
//
//   - the backend key is a member of the release's DispatchKey enum, once
//     supported or full_codegen lists an op. torchgen parses the key then:
//     "must be a valid DispatchKey".
//   - Autograd followed by the backend key is one too, once autograd lists
//     an op: the kernels are registered for that key.
//   - an op group is all under supported and full_codegen, or all under
//     autograd: torchgen registers a group's kernels for one key. A group
//     is the functional op and its in-place, out= and mutable variants of
//     one signature, when it has an out= variant, as torchgen groups them.
//
// Errors are at the backend key's value or at the autograd entry.
func (b *Backend) CheckKeys(s *Schema) error {
	rel, err := lookupRules(s.Version)
	if err != nil {
		return err
	}
	var errs ErrorList
	forward := slices.Concat(b.Supported, b.FullCodegen)
	if len(forward) > 0 && !slices.Contains(rel.EnumKeys, b.Key) {
		errs.Addf(b.KeyPos, "backend: %q is not a dispatch key of %s: torchgen registers the kernels of supported: for it, so it must name one (CPU, CUDA, XLA, Lazy, PrivateUse1, ...)%s",
			b.Key, rel, DidYouMean(b.Key, rel.EnumKeys))
	} else if len(b.Autograd) > 0 && !slices.Contains(rel.EnumKeys, "Autograd"+b.Key) {
		errs.Addf(b.KeyPos, "backend: %q has no autograd key in %s (no dispatch key Autograd%s): torchgen registers the kernels of autograd: for that key, so drop autograd: or use a backend that has one (XLA, Lazy, PrivateUse1, ...)",
			b.Key, rel, b.Key)
	}
	errs = append(errs, b.splitGroups(s)...)
	return errs.Err()
}

// splitGroups reports each autograd entry whose op group also has an op
// under supported or full_codegen.
func (b *Backend) splitGroups(s *Schema) ErrorList {
	type groupInfo struct {
		hasFunctional, hasOut bool
		forward               *BackendOp
	}
	keyOf := make(map[string]string, len(s.Ops))
	groups := map[string]*groupInfo{}
	var key []byte
	for _, o := range s.Ops {
		key = o.Func.AppendSignatureKey(key[:0], false, false)
		g := groups[string(key)]
		if g == nil {
			g = &groupInfo{}
			groups[string(key)] = g
		}
		g.hasFunctional = g.hasFunctional || o.Kind == Functional
		g.hasOut = g.hasOut || o.Kind == Out
		keyOf[o.Name] = string(key)
	}
	for _, op := range slices.Concat(b.Supported, b.FullCodegen) {
		if g := groups[keyOf[op.Name]]; g != nil && g.forward == nil {
			g.forward = &op
		}
	}
	var errs ErrorList
	for _, op := range b.Autograd {
		g := groups[keyOf[op.Name]]
		if g == nil || g.forward == nil || !g.hasFunctional || !g.hasOut {
			continue
		}
		errs.Addf(op.Pos, "autograd: %s is a variant of %s, which is listed for the backend key (line %d); torchgen registers every variant of an op group (functional, in-place, out=) for the backend key or every one for its autograd key, not some of each",
			op.Name, g.forward.Name, g.forward.Pos.Line)
	}
	return errs
}
