package schema

import (
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/input"
	"github.com/assertgen/assertgen/internal/pytorch"
)

// Derivatives is what the pytorch profile of package plan reads from
// PyTorch's tools/autograd/derivatives.yaml: which ops have derivative
// formulas, per autograd dispatch key. It decides whether PyTorch's codegen
// generates a VariableType kernel for an op, and so whether it emits the
// op's debug asserts at all (see docs/plan.md).
type Derivatives struct {
	Path    string
	Entries []Derivative
}

// A Derivative is one entry of derivatives.yaml.
type Derivative struct {
	// Name is the schema the entry is for, as written.
	Name string
	// Pos is the position of the name's value.
	Pos Position
	// text and node locate the name's value, for PosAt.
	text *yamlText
	node *yaml.Node
	// Keys lists the entry's formulas per autograd dispatch key; an entry
	// without a dispatch: block has the single key "Default".
	Keys []DerivativeKey
}

// PosAt returns the position of the byte at offset off of the name's
// value (an offset of a [SyntaxError] in it).
func (d *Derivative) PosAt(off int) Position {
	if d.text == nil {
		return d.Pos
	}
	return d.text.valuePos(d.node, off)
}

// A DerivativeKey holds the formulas of one autograd dispatch key.
type DerivativeKey struct {
	Key      string
	Formulas []Formula
}

// A Formula is one "names: formula" item: a backward formula when its
// first name is an argument of the op, else a forward one.
type Formula struct {
	// Names is the key as written: "self", "self, other", "result".
	Names string
	// NonDifferentiable reports whether the formula is the word
	// non_differentiable.
	NonDifferentiable bool
}

// LoadDerivatives reads a derivatives.yaml file.
func LoadDerivatives(path string) (*Derivatives, error) { return input.Parse(path, ParseDerivatives) }

// pytorchDerivatives parses each embedded derivatives.yaml once, by
// release.
var pytorchDerivatives = func() map[string]func() (*Derivatives, error) {
	m := map[string]func() (*Derivatives, error){}
	for _, r := range pytorch.Releases {
		m[r.Version] = sync.OnceValues(func() (*Derivatives, error) {
			return ParseDerivatives(r.DerivativesPath, r.Derivatives)
		})
	}
	return m
}()

// PyTorchDerivatives returns the derivatives.yaml assertgen embeds for a
// release: "1.13", "2.6.0", or "" for the newest. It goes with [Embedded]
// of the same release. It is shared: do not modify it.
func PyTorchDerivatives(version string) (*Derivatives, error) {
	rel, err := lookupRules(version)
	if err != nil {
		return nil, err
	}
	return pytorchDerivatives[rel.Version]()
}

// ParseDerivatives reads a derivatives.yaml. It is a list of entries. Each
// is a mapping with a name (the op's schema), "names: formula" items, an
// optional output_differentiability and an optional dispatch: mapping
// from autograd dispatch keys to formulas. ParseDerivatives keeps only
// what decides kernels: each entry's schema, its dispatch keys and, per
// formula, its names and whether it is non_differentiable. As in
// PyTorch's load_derivatives, the formulas outside dispatch: count only
// for an entry without dispatch:, as key Default.
func ParseDerivatives(path string, src []byte) (*Derivatives, error) {
	root, err := ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	d := &Derivatives{Path: path}
	if root == nil {
		return d, nil
	}
	var errs ErrorList
	if root.Kind != yaml.SequenceNode {
		errs.Add(NodePos(path, root), "derivatives.yaml: want a list of entries")
		return nil, errs
	}
	d.Entries = make([]Derivative, 0, len(root.Content))
	text := &yamlText{path: path, src: src}
	for _, item := range root.Content {
		if item.Kind != yaml.MappingNode {
			errs.Add(NodePos(path, item), "derivatives.yaml: an entry is a mapping with a name")
			continue
		}
		var e Derivative
		var dispatch *yaml.Node
		top := DerivativeKey{Key: "Default"}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i], item.Content[i+1]
			switch k.Value {
			case "name":
				e.Name, e.Pos, e.text, e.node = v.Value, NodePos(path, v), text, v
			case "dispatch":
				dispatch = v
			case "output_differentiability":
			default:
				top.Formulas = append(top.Formulas, formula(k, v))
			}
		}
		switch {
		case e.Name == "":
			errs.Add(NodePos(path, item), "derivatives.yaml: entry without name")
			continue
		case dispatch == nil:
			e.Keys = []DerivativeKey{top}
		case dispatch.Kind != yaml.MappingNode:
			errs.Add(NodePos(path, dispatch), "derivatives.yaml: dispatch: want a mapping from dispatch keys to formulas")
			continue
		}
		for i := 0; dispatch != nil && i+1 < len(dispatch.Content); i += 2 {
			k, v := dispatch.Content[i], dispatch.Content[i+1]
			if v.Kind != yaml.MappingNode {
				errs.Addf(NodePos(path, v), "derivatives.yaml: dispatch: %s: want a mapping of formulas", k.Value)
				continue
			}
			dk := DerivativeKey{Key: k.Value}
			for j := 0; j+1 < len(v.Content); j += 2 {
				dk.Formulas = append(dk.Formulas, formula(v.Content[j], v.Content[j+1]))
			}
			e.Keys = append(e.Keys, dk)
		}
		d.Entries = append(d.Entries, e)
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	return d, nil
}

// formula reads one "names: formula" item, applying load_derivatives'
// test formula.lower().strip() == "non_differentiable".
func formula(names, f *yaml.Node) Formula {
	return Formula{
		Names:             names.Value,
		NonDifferentiable: f.Kind == yaml.ScalarNode && strings.EqualFold(strings.TrimSpace(f.Value), "non_differentiable"),
	}
}
