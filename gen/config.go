package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/schema"
)

// Config is an assertgen.yaml: everything `assertgen gen` and `assertgen
// vet` need, in one file next to the code it generates. Every field has a
// flag of the same meaning; flags win. Relative paths are relative to the
// directory of the config file.
//
//	schema: native_functions.yaml   # default: the embedded yaml of pytorch_version
//	tags: tags.yaml                 # default: tags.yaml next to the schema
//	derivatives: derivatives.yaml   # pytorch profile only
//	profile: strict                 # or pytorch
//	pytorch_version: "2.6"          # PyTorch release: rules, embedded files, lists; 1.13 or 2.6 (default)
//	allowlists: [allowlist.yaml]
//	package: checked                # name of the generated package
//	output: ./checked               # directory of the generated files
//	prefix: assertgen               # file names: assertgen_checked.go, ...
//	mode: function                  # or interface
//	build_tag: debugasserts
//	kernels: ./kernels              # function mode: the kernels package
//	types:                          # schema type -> Go type
//	  Tensor: "*example.com/rt.Tensor"
//	  Scalar: float64
//	ops: ["add.*", transpose.int]   # default: every op
type Config struct {
	Schema      string `yaml:"schema"`
	Tags        string `yaml:"tags"`
	Derivatives string `yaml:"derivatives"`
	Profile     string `yaml:"profile"`
	// PyTorchVersion selects the PyTorch release ("1.13", "2.6"): the
	// torchgen rules the schema is read with, the embedded files when no
	// schema is given, the lists of the built-in allowlist and, under the
	// pytorch profile, the guards the wrappers run with (default: the
	// newest, 2.6).
	PyTorchVersion string            `yaml:"pytorch_version"`
	Allowlists     []string          `yaml:"allowlists"`
	Package        string            `yaml:"package"`
	Output         string            `yaml:"output"`
	Prefix         string            `yaml:"prefix"`
	Mode           string            `yaml:"mode"`
	BuildTag       string            `yaml:"build_tag"`
	Kernels        string            `yaml:"kernels"`
	Types          map[string]string `yaml:"types"`
	Ops            []string          `yaml:"ops"`

	// Dir is the directory relative paths are resolved against: the config
	// file's directory, or the working directory without a file.
	Dir string `yaml:"-"`
	// Path is the config file, if any.
	Path string `yaml:"-"`
}

var configKeys = map[string]bool{
	"schema": true, "tags": true, "derivatives": true, "profile": true, "pytorch_version": true, "allowlists": true,
	"package": true, "output": true, "prefix": true, "mode": true, "build_tag": true,
	"kernels": true, "types": true, "ops": true,
}

// LoadConfig reads an assertgen.yaml. Unknown keys and values of the wrong
// type are errors at their position.
func LoadConfig(path string) (*Config, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, src)
}

// ParseConfig parses the text of an assertgen.yaml read from path.
func ParseConfig(path string, src []byte) (*Config, error) {
	root, err := schema.ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	c := &Config{Path: path, Dir: filepath.Dir(path)}
	if root == nil {
		return c, nil
	}
	var errs schema.ErrorList
	pos := func(n *yaml.Node) schema.Position { return schema.NodePos(path, n) }
	if root.Kind != yaml.MappingNode {
		errs.Add(pos(root), "the config must be a mapping of keys to values")
		return nil, errs.Err()
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if !configKeys[k.Value] {
			errs.Addf(pos(k), "unknown key %q", k.Value)
			continue
		}
		// Decode the one key into the struct, so types are checked per key.
		one := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{k, v}}
		if err := one.Decode(c); err != nil {
			msg := err.Error()
			if te, ok := err.(*yaml.TypeError); ok {
				msg = strings.Join(te.Errors, "; ")
			}
			errs.Addf(pos(v), "%s: %s", k.Value, msg)
			continue
		}
		if k.Value == "pytorch_version" {
			if _, err := schema.LookupRelease(c.PyTorchVersion); err != nil {
				errs.Addf(pos(v), "pytorch_version: %v", err)
			}
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// Resolve returns p relative to the config's directory ("" stays "").
func (c *Config) Resolve(p string) string {
	if p == "" || filepath.IsAbs(p) || c.Dir == "" {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// TypeMap returns the default types merged with the config's.
func (c *Config) TypeMap() (TypeMap, error) {
	m := DefaultTypes()
	over := TypeMap{}
	for k, v := range c.Types {
		t, err := ParseGoType(v)
		if err != nil {
			return nil, fmt.Errorf("types: %s: %v", k, err)
		}
		over[k] = t
	}
	return m.Merge(over), nil
}
