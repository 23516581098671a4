package plan

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// Derivatives is what the pytorch profile reads from PyTorch's
// tools/autograd/derivatives.yaml: which ops have derivative formulas,
// per autograd dispatch key. Whether PyTorch's codegen generates a
// VariableType kernel for an op, and so emits its debug asserts at all,
// depends on it (see docs/plan.md).
type Derivatives struct {
	Path    string
	Entries []Derivative
}

// A Derivative is one entry of derivatives.yaml.
type Derivative struct {
	// Name is the schema the entry is for, as written.
	Name string
	// Pos is the position of the name's value.
	Pos schema.Position
	// Keys lists the entry's formulas per autograd dispatch key; an entry
	// without a dispatch: block has the single key "Default".
	Keys []DerivativeKey
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
func LoadDerivatives(path string) (*Derivatives, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseDerivatives(path, src)
}

var pytorchDerivatives = sync.OnceValues(func() (*Derivatives, error) {
	return ParseDerivatives(pytorch.DerivativesPath, pytorch.Derivatives)
})

// PyTorchDerivatives returns the derivatives.yaml of PyTorch 1.13.1
// embedded in assertgen, the one that goes with [schema.Default]. It is
// shared: do not modify it.
func PyTorchDerivatives() (*Derivatives, error) { return pytorchDerivatives() }

// embeddedRelease returns the release of an embedded schema, known by its
// path ("pytorch-1.13.1/native_functions.yaml"), or nil for another file.
func embeddedRelease(path string) *Release {
	for i := range releases {
		if path == "pytorch-"+releases[i].Full+"/native_functions.yaml" {
			return &releases[i]
		}
	}
	return nil
}

// embeddedDerivatives returns the embedded derivatives.yaml of release r,
// the one that goes with its embedded schema.
func embeddedDerivatives(r *Release) (*Derivatives, error) {
	if pytorch.DerivativesPath == "pytorch-"+r.Full+"/derivatives.yaml" {
		return PyTorchDerivatives()
	}
	return nil, fmt.Errorf("no embedded derivatives.yaml for PyTorch %s: pass -derivatives", r.Full)
}

// ParseDerivatives reads a derivatives.yaml. It keeps only what decides
// kernels: each entry's schema, its dispatch keys and, per formula, its
// names and whether it is non_differentiable.
//
// The file is large and every run of the pytorch profile reads it, so a
// line scanner handles the block-style subset PyTorch writes (about 50
// times faster than a full YAML decode); anything outside that subset
// (flow mappings, anchors, block scalars, tabs) is read with a full YAML
// decoder instead, with the same result.
func ParseDerivatives(path string, src []byte) (*Derivatives, error) {
	d, err := scanDerivatives(path, src)
	if errors.Is(err, errUnsupportedYAML) {
		return decodeDerivatives(path, src)
	}
	return d, err
}

var errUnsupportedYAML = errors.New("YAML outside the scanned subset")

// scanDerivatives is the fast reader: a top-level list of mappings whose
// values are scalars (plain or quoted, possibly over several lines), flow
// lists on one line, or, for dispatch:, a mapping of mappings.
func scanDerivatives(path string, src []byte) (*Derivatives, error) {
	d := &Derivatives{Path: path, Entries: make([]Derivative, 0, bytes.Count(src, []byte("\n- ")))}
	var (
		cur      *Derivative
		top      DerivativeKey // formulas outside dispatch:, for key Default
		hasDisp  bool          // the current entry has a dispatch: block
		entryInd = -1          // indentation of the current entry's keys
		dispInd  = -2          // indentation of dispatch keys: -2 outside dispatch:, -1 not yet known
		formInd  = -1          // indentation of the formulas under a dispatch key
		contInd  = -1          // a plain scalar continues on lines indented more than this
		quote    byte          // the open quote of a multi-line quoted scalar
		last     *Formula      // the formula whose value may continue
	)
	finish := func() {
		if cur == nil {
			return
		}
		if !hasDisp {
			// Only an entry without dispatch: has formulas for Default
			// at the top level (load_derivatives ignores them otherwise).
			top.Key = "Default"
			cur.Keys = append(cur.Keys, top)
		}
		top, hasDisp = DerivativeKey{}, false
	}
	line := 0
	for len(src) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			l, src = src[:i], src[i+1:]
		} else {
			l, src = src, nil
		}
		l = bytes.TrimSuffix(l, []byte("\r"))
		if quote != 0 {
			if closeQuote(l, quote) >= 0 {
				quote = 0
			}
			continue
		}
		ind := 0
		for ind < len(l) && l[ind] == ' ' {
			ind++
		}
		rest := l[ind:]
		if len(rest) == 0 || rest[0] == '#' {
			continue
		}
		if rest[0] == '\t' {
			return nil, errUnsupportedYAML
		}
		if contInd >= 0 && ind > contInd {
			// A continuation of a multi-line plain scalar: a formula
			// spread over lines is never the single word
			// non_differentiable.
			if last != nil {
				last.NonDifferentiable = false
			}
			continue
		}
		contInd, last = -1, nil
		if ind == 0 {
			if len(rest) < 2 || rest[0] != '-' || rest[1] != ' ' {
				return nil, errUnsupportedYAML
			}
			finish()
			d.Entries = append(d.Entries, Derivative{})
			cur = &d.Entries[len(d.Entries)-1]
			ind = 2
			for ind < len(l) && l[ind] == ' ' {
				ind++
			}
			rest = l[ind:]
			entryInd, dispInd, formInd = ind, -2, -1
		}
		if cur == nil || ind < entryInd {
			return nil, errUnsupportedYAML
		}
		key, val, ok := splitKey(rest)
		if !ok {
			return nil, errUnsupportedYAML
		}
		valCol := len(l) - len(val) + 1
		v, q, err := scalarValue(val)
		if err != nil {
			return nil, err
		}
		quote = q
		switch {
		case ind == entryInd:
			dispInd, formInd = -2, -1
			switch key {
			case "name":
				if len(val) == 0 || q != 0 || cur.Name != "" {
					return nil, errUnsupportedYAML
				}
				cur.Name = v
				cur.Pos = schema.Position{Filename: path, Line: line, Column: valCol}
			case "dispatch":
				if len(val) != 0 || hasDisp {
					return nil, errUnsupportedYAML
				}
				dispInd, hasDisp = -1, true
			case "output_differentiability":
				contInd = ind
			default:
				if len(val) == 0 {
					return nil, errUnsupportedYAML
				}
				top.Formulas = append(top.Formulas, Formula{Names: key, NonDifferentiable: isNonDifferentiable(v)})
				last = &top.Formulas[len(top.Formulas)-1]
				contInd = ind
			}
		case dispInd == -1 || dispInd >= 0 && ind == dispInd:
			if len(val) != 0 {
				return nil, errUnsupportedYAML
			}
			dispInd, formInd = ind, -1
			cur.Keys = append(cur.Keys, DerivativeKey{Key: key})
		case dispInd >= 0 && ind > dispInd && (formInd == -1 || ind == formInd):
			if len(val) == 0 {
				return nil, errUnsupportedYAML
			}
			formInd = ind
			k := &cur.Keys[len(cur.Keys)-1]
			k.Formulas = append(k.Formulas, Formula{Names: key, NonDifferentiable: isNonDifferentiable(v)})
			last = &k.Formulas[len(k.Formulas)-1]
			contInd = ind
		default:
			return nil, errUnsupportedYAML
		}
		if quote != 0 {
			last = nil
		}
	}
	finish()
	if quote != 0 {
		return nil, errUnsupportedYAML
	}
	for i := range d.Entries {
		if d.Entries[i].Name == "" {
			return nil, errUnsupportedYAML // let the decoder report it
		}
	}
	return d, nil
}

// isNonDifferentiable applies load_derivatives' test:
// formula.lower().strip() == "non_differentiable".
func isNonDifferentiable(formula string) bool {
	return strings.EqualFold(strings.TrimSpace(formula), "non_differentiable")
}

// splitKey splits "key: value" (or "key:") at the first colon followed by
// a space or the end of the line. Quoted or complex keys are not in the
// scanned subset.
func splitKey(l []byte) (key string, val []byte, ok bool) {
	switch l[0] {
	case '"', '\'', '?', '-', '[', '{', '&', '*', '!', '|', '>', '%', '@', '`':
		return "", nil, false
	}
	for i := 0; i < len(l); i++ {
		if l[i] == ':' && (i+1 == len(l) || l[i+1] == ' ') {
			return strings.TrimRight(string(l[:i]), " "), bytes.TrimLeft(l[i+1:], " "), true
		}
		if l[i] == '#' && i > 0 && l[i-1] == ' ' {
			return "", nil, false
		}
	}
	return "", nil, false
}

// scalarValue reads the value part of a line. It returns the open quote
// character when a quoted scalar goes on past the line.
func scalarValue(val []byte) (string, byte, error) {
	if len(val) == 0 {
		return "", 0, nil
	}
	switch c := val[0]; c {
	case '"', '\'':
		end := closeQuote(val[1:], c)
		if end < 0 {
			return "", c, nil
		}
		body := val[1 : 1+end]
		after := bytes.TrimLeft(val[2+end:], " ")
		if len(after) > 0 && after[0] != '#' {
			return "", 0, errUnsupportedYAML
		}
		if c == '\'' {
			return strings.ReplaceAll(string(body), "''", "'"), 0, nil
		}
		if bytes.IndexByte(body, '\\') >= 0 {
			// Escapes other than \" do not matter to the one comparison
			// made on values; keep the text.
			return strings.ReplaceAll(string(body), `\"`, `"`), 0, nil
		}
		return string(body), 0, nil
	case '[':
		if bytes.IndexByte(val, ']') < 0 {
			return "", 0, errUnsupportedYAML
		}
		return string(val), 0, nil
	case '{', '&', '*', '!', '|', '>', '%', '@', '`':
		return "", 0, errUnsupportedYAML
	}
	if i := bytes.Index(val, []byte(" #")); i >= 0 {
		val = val[:i]
	}
	return string(bytes.TrimRight(val, " ")), 0, nil
}

// closeQuote returns the index in l of the quote q that ends a quoted
// scalar, or -1.
func closeQuote(l []byte, q byte) int {
	for i := 0; i < len(l); i++ {
		switch {
		case q == '"' && l[i] == '\\':
			i++
		case l[i] == q:
			if q == '\'' && i+1 < len(l) && l[i+1] == '\'' {
				i++
				continue
			}
			return i
		}
	}
	return -1
}

// decodeDerivatives is the complete reader, for files outside the scanned
// subset.
func decodeDerivatives(path string, src []byte) (*Derivatives, error) {
	var errs schema.ErrorList
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		errs.Add(schema.Position{Filename: path, Line: 1, Column: 1}, "invalid derivatives.yaml: "+err.Error())
		return nil, errs.Err()
	}
	d := &Derivatives{Path: path}
	if len(doc.Content) == 0 {
		return d, nil
	}
	pos := func(n *yaml.Node) schema.Position {
		return schema.Position{Filename: path, Line: n.Line, Column: n.Column}
	}
	root := doc.Content[0]
	if root.Kind != yaml.SequenceNode {
		errs.Add(pos(root), "derivatives.yaml: want a list of entries")
		return nil, errs.Err()
	}
	for _, item := range root.Content {
		if item.Kind != yaml.MappingNode {
			errs.Add(pos(item), "derivatives.yaml: an entry is a mapping with a name")
			continue
		}
		var e Derivative
		var dispatch *yaml.Node
		top := DerivativeKey{Key: "Default"}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i], item.Content[i+1]
			switch k.Value {
			case "name":
				e.Name, e.Pos = v.Value, pos(v)
			case "dispatch":
				dispatch = v
			case "output_differentiability":
			default:
				top.Formulas = append(top.Formulas, Formula{Names: k.Value, NonDifferentiable: isNonDifferentiable(v.Value)})
			}
		}
		if dispatch == nil {
			e.Keys = []DerivativeKey{top}
		} else {
			for i := 0; i+1 < len(dispatch.Content); i += 2 {
				k, v := dispatch.Content[i], dispatch.Content[i+1]
				dk := DerivativeKey{Key: k.Value}
				for j := 0; j+1 < len(v.Content); j += 2 {
					dk.Formulas = append(dk.Formulas, Formula{
						Names:             v.Content[j].Value,
						NonDifferentiable: isNonDifferentiable(v.Content[j+1].Value),
					})
				}
				e.Keys = append(e.Keys, dk)
			}
		}
		if e.Name == "" {
			errs.Add(pos(item), "derivatives.yaml: entry without name")
			continue
		}
		d.Entries = append(d.Entries, e)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return d, nil
}
