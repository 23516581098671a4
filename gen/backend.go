package gen

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/input"
	"github.com/assertgen/assertgen/schema"
)

// A Backend is an out-of-tree backend's yaml in the format torchgen's
// gen_backend_stubs reads (the file a backend author keeps beside their
// kernels, e.g. PyTorch's ts_native_functions.yaml for the Lazy backend):
//
//	backend: MyDevice              # required: the dispatch key
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
// kernel for, which are supported, full_codegen and autograd (torchgen
// adds full_codegen to supported). ir_gen and non_native register no
// kernel of a native op and are read for their structure only.
// Keys outside this list are errors, as in torchgen (which also rejects
// extra_headers, although its error message lists it).
type Backend struct {
	Path         string
	Key          string // backend:
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
	Pos  schema.Position
}

var backendKeys = []string{
	"backend", "class_name", "cpp_namespace", "use_out_as_primary", "device_guard",
	"supported", "autograd", "full_codegen", "symint", "ir_gen", "non_native",
}

// LoadBackend reads a backend yaml.
func LoadBackend(path string) (*Backend, error) {
	src, err := input.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseBackend(path, src)
}

// ParseBackend parses the text of a backend yaml read from path. It checks
// the structure (keys, the required backend and cpp_namespace, types of
// values, op name syntax, an op listed twice or under both supported and
// autograd), not the op names' meaning, which [Backend.Check] checks
// against a schema. Errors are at path:line:col.
func ParseBackend(path string, src []byte) (*Backend, error) {
	root, err := schema.ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	b := &Backend{Path: path}
	var errs schema.ErrorList
	pos := func(n *yaml.Node) schema.Position { return schema.NodePos(path, n) }
	if root == nil || root.Kind != yaml.MappingNode {
		p := schema.Position{Filename: path, Line: 1, Column: 1}
		if root != nil {
			p = pos(root)
		}
		errs.Add(p, "a backend yaml must be a mapping with at least backend: and cpp_namespace:")
		return nil, errs.Err()
	}
	seen := map[string]*yaml.Node{}
	firstOp := map[string]schema.Position{}
	firstList := map[string]string{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if !slices.Contains(backendKeys, k.Value) {
			errs.Addf(pos(k), "unknown key %q%s", k.Value, didYouMean(k.Value, backendKeys))
			continue
		}
		if f := seen[k.Value]; f != nil {
			errs.Addf(pos(k), "duplicate key %q; first at line %d", k.Value, f.Line)
			continue
		}
		seen[k.Value] = k
		str := func(dst *string) {
			if v.Kind != yaml.ScalarNode || v.Tag != "!!str" || v.Value == "" {
				errs.Addf(pos(v), "%s: want a non-empty string", k.Value)
				return
			}
			*dst = v.Value
		}
		ops := func(dst *[]BackendOp, kernel bool) {
			if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
				return // an empty list, as torchgen allows
			}
			if v.Kind != yaml.SequenceNode {
				errs.Addf(pos(v), "%s: want a list of op names", k.Value)
				return
			}
			for _, e := range v.Content {
				if e.Kind != yaml.ScalarNode || e.Tag != "!!str" {
					errs.Addf(pos(e), "%s: want an op name such as add.Tensor", k.Value)
					continue
				}
				if strings.ContainsAny(e.Value, `*?[\`) {
					errs.Addf(pos(e), "%s: %q: a backend names ops, not patterns", k.Value, e.Value)
					continue
				}
				if _, err := schema.ParseOperatorName(e.Value); err != nil {
					msg := err.Error()
					if _, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "offset ") {
						msg = rest
					}
					errs.Addf(pos(e), "%s: bad op name %q: %s", k.Value, e.Value, msg)
					continue
				}
				if kernel {
					if f, ok := firstOp[e.Value]; ok {
						what := "duplicate op %q (first at line %d)"
						if firstList[e.Value] != k.Value {
							what = "op %q is also listed under " + firstList[e.Value] + " (line %d); an op's kernel is for the backend key or for its autograd key, not both"
						}
						errs.Addf(pos(e), "%s: "+what, k.Value, e.Value, f.Line)
						continue
					}
					firstOp[e.Value], firstList[e.Value] = pos(e), k.Value
				}
				*dst = append(*dst, BackendOp{e.Value, pos(e)})
			}
		}
		switch k.Value {
		case "backend":
			str(&b.Key)
		case "cpp_namespace":
			str(&b.CppNamespace)
		case "class_name":
			str(&b.ClassName)
		case "use_out_as_primary", "device_guard":
			if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
				errs.Addf(pos(v), "%s: want true or false", k.Value)
			}
		case "supported":
			ops(&b.Supported, true)
		case "autograd":
			ops(&b.Autograd, true)
		case "full_codegen":
			ops(&b.FullCodegen, true)
		case "symint":
			ops(&b.SymInt, false)
		case "ir_gen":
			ops(&b.IRGen, false)
		case "non_native":
			if v.Kind != yaml.SequenceNode && !(v.Kind == yaml.ScalarNode && v.Tag == "!!null") {
				errs.Addf(pos(v), "non_native: want a list of entries")
			}
		}
	}
	for _, req := range []string{"backend", "cpp_namespace"} {
		if seen[req] == nil {
			errs.Addf(pos(root), "missing key %q (torchgen requires it)", req)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return b, nil
}

// Ops returns the ops the backend registers a kernel for, in file order:
// supported, full_codegen, then autograd.
func (b *Backend) Ops() []BackendOp {
	return slices.Concat(b.Supported, b.FullCodegen, b.Autograd)
}

// Check checks every op name of the backend (symint and ir_gen too)
// against s, as torchgen does ("Found an invalid operator name"), but
// reporting all of them at path:line:col with the closest names of s.
func (b *Backend) Check(s *schema.Schema) error {
	names := make(map[string]bool, len(s.Ops))
	for _, o := range s.Ops {
		names[o.Name] = true
	}
	var errs schema.ErrorList
	for _, list := range []struct {
		key string
		ops []BackendOp
	}{{"supported", b.Supported}, {"autograd", b.Autograd}, {"full_codegen", b.FullCodegen}, {"symint", b.SymInt}, {"ir_gen", b.IRGen}} {
		for _, op := range list.ops {
			if names[op.Name] {
				continue
			}
			errs.Addf(op.Pos, "%s: %s", list.key, UnknownOp(s, names, op.Name))
		}
	}
	return errs.Err()
}

// Select checks the backend against s and returns the names of its ops
// that c's ops list selects (all of them when the list is empty), in
// file order. An entry of the list that selects no op of the backend is
// an error at its position.
func (b *Backend) Select(s *schema.Schema, c *Config) ([]string, error) {
	if err := b.Check(s); err != nil {
		return nil, err
	}
	var out []string
	hit := make([]bool, len(c.Ops))
	for _, op := range b.Ops() {
		if len(c.Ops) == 0 {
			out = append(out, op.Name)
			continue
		}
		for i, pat := range c.Ops {
			if ok, _ := path.Match(pat, op.Name); ok {
				hit[i] = true
				out = append(out, op.Name)
				break
			}
		}
	}
	var errs schema.ErrorList
	for i, pat := range c.Ops {
		if !hit[i] {
			errs = append(errs, c.Errorf(fmt.Sprintf("ops.%d", i), "%q selects no op of the backend %s", pat, b.Path))
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: the backend lists no op with a kernel (supported, full_codegen, autograd)", b.Path)
	}
	return out, nil
}
