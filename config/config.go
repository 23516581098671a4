// Package config reads assertgen.yaml, the settings of `assertgen gen` and
// `assertgen vet`. It checks the values at their positions and selects the
// ops to wrap, from an ops: list or a torchgen backend yaml.
package config

import (
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// Config is an assertgen.yaml: everything `assertgen gen` and `assertgen
// vet` need, in one file next to the code it generates. Every key is a row
// of [Keys]. Every key but include, sweep, bind and bind_imports has a flag
// of the same meaning, and flags win. Relative paths are relative to the
// directory of the config file.
//
//	include: [../assertgen.yaml]    # configs whose keys this one adds to (see Load)
//	schema: native_functions.yaml   # default: the embedded yaml of pytorch_version
//	tags_yaml: tags.yaml            # default: tags.yaml next to the schema (deprecated key: tags)
//	derivatives: derivatives.yaml   # pytorch profile only
//	profile: strict                 # or pytorch
//	pytorch_version: "2.14"         # PyTorch release: rules, embedded files, lists; 1.13, 2.6 or 2.14 (default)
//	allowlists: [allowlist.yaml]
//	package: checked                # name of the generated package
//	output: ./checked               # directory of the generated files
//	prefix: assertgen               # file names: assertgen_checked.go, ...
//	mode: function                  # or interface
//	build_tag: debugasserts
//	use_counts: false               # the runtime keeps no use counts (default true; false with memory:)
//	memory: example.com/rt.Memory   # a Tensor type without ids of its own: func(T) asserts.Memory says where its elements are
//	metadata: false                 # the runtime cannot report tensor metadata: no same_metadata rows (default true)
//	sweep: true                     # also write PREFIX_sweep.go: SweepOps, the table of package sweep
//	kernels: ./kernels              # function mode: the kernels package
//	bind:                           # kernels written here: Go code over the op's parameters (ret: a new Tensor)
//	  add.out: out.Add(self, other)
//	  mm: ret.Mul(self, mat2)
//	bind_imports: [gonum.org/v1/gonum/floats]  # packages bound code refers to, besides the type map's
//	allow_missing_kernels: true     # gen succeeds with selected ops that have no kernel yet
//	types:                          # schema type -> Go type
//	  Tensor: "*example.com/rt.Tensor"  # the runtime's tensor handle: a pointer to a named type, or a named interface
//	  Scalar: float64
//	type_params:                    # a generic Tensor: "*example.com/rt.Tensor[T]" and
//	  T: [float32, float64]         # the element types to check
//	backend: my_backend.yaml        # ops of a torchgen backend yaml (see schema.Backend)
//	ops: ["add.*", transpose.int]   # op selectors (schema.Selector); default: every op (of the backend)
//
// Errors name the file, line and column of the value at fault (see
// [Config.Validate] and [Config.CheckOps]). A value a flag set is named by
// the flag.
type Config struct {
	// Include names configs whose keys this one takes, relative to its
	// directory ([Load] merges them).
	Include     []string `yaml:"include"`
	Schema      string   `yaml:"schema"`
	Tags        string   `yaml:"tags_yaml"`
	Derivatives string   `yaml:"derivatives"`
	Profile     string   `yaml:"profile"`
	// PyTorchVersion selects the PyTorch release: "1.13", "2.6" or "2.14"
	// (the default, the newest). It selects the torchgen rules the schema
	// is read with, the embedded files when no schema is given, and the
	// lists of the built-in allowlist. Under the pytorch profile it also
	// selects the guards the wrappers run with.
	PyTorchVersion string   `yaml:"pytorch_version"`
	Allowlists     []string `yaml:"allowlists"`
	Package        string   `yaml:"package"`
	Output         string   `yaml:"output"`
	Prefix         string   `yaml:"prefix"`
	Mode           string   `yaml:"mode"`
	BuildTag       string   `yaml:"build_tag"`
	// UseCounts false says the Tensor type keeps no use counts: it
	// implements asserts.Identity, not asserts.Tensor. Then returns are
	// read by their identities (the Frame's RetIdent), the use-count rows
	// are skipped at run time under no_use_counts, and fresh_not_held
	// checks freshness. Unset means true.
	UseCounts *bool `yaml:"use_counts"`
	// Metadata false says the Tensor type cannot report its sizes,
	// strides and storage offset cheaply: it does not implement
	// asserts.Metadata. The strict profile then plans no same_metadata
	// rows. Unset means true; for a type without Metadata, the rows are
	// then skipped at run time under no_metadata_access.
	Metadata *bool `yaml:"metadata"`
	// Memory names the function that says where a tensor's elements are:
	// func(T) asserts.Memory for the type map's Tensor T, such as
	// "example.com/rt.Memory". It is for a Tensor type that carries no
	// identities of its own, such as a library's type as it is (gonum's
	// *mat.Dense). The generated code derives its identities from the
	// handle and that memory (asserts.Memory). It implies use_counts:
	// false.
	Memory string `yaml:"memory"`
	// Sweep says to write PREFIX_sweep.go too: SweepOps, each op's schema
	// and checked wrapper, the table package sweep runs.
	Sweep   bool   `yaml:"sweep"`
	Kernels string `yaml:"kernels"`
	// Bind holds kernels written in the config, by op name: Go code over
	// the op's parameters (gen.Binding). It is for a library whose
	// operations are methods (out.Add(self, other)). A bound op needs no
	// function in the kernels package, and must not have one.
	Bind map[string]string `yaml:"bind"`
	// BindImports are the packages bound code refers to besides those of
	// the type map, by import path. The code names each by its package
	// name.
	BindImports []string `yaml:"bind_imports"`
	// BindAt holds where each binding's code starts (see BindPos).
	BindAt map[string]BindPos `yaml:"-"`
	// ContractPending says the Tensor type's contract methods are about
	// to be written: assertgen init looks its kernels up first. The type
	// map's check then asks no Ident of it.
	ContractPending bool `yaml:"-"`
	// AllowMissingKernels says that selected ops without a kernel in the
	// kernels package (function mode) are expected: gen wraps the others
	// and exits 0. Without it, gen exits 1 when some have no kernel and
	// the config selects ops by name or backend (ops:, backend:).
	AllowMissingKernels bool              `yaml:"allow_missing_kernels"`
	Types               map[string]string `yaml:"types"`
	// TypeParams declares the type parameters the type map's Go types
	// name, for a generic tensor type (Tensor:
	// "*example.com/rt.Tensor[T]"). Each comes with the type arguments to
	// check it with, its element types. The wrappers are generic in them.
	TypeParams map[string][]string `yaml:"type_params"`
	// Backend is a backend yaml in torchgen's format whose ops are the
	// ones to wrap (see [schema.ParseBackend]). Ops narrows them further.
	Backend string   `yaml:"backend"`
	Ops     []string `yaml:"ops"`

	// Dir is the directory relative paths are resolved against: the config
	// file's directory, or the working directory without a file.
	Dir string `yaml:"-"`
	// Path is the config file, if any.
	Path string `yaml:"-"`
	// Pos holds the positions of the values, for error messages. Its keys
	// are:
	//   - a key: "profile";
	//   - a list element: "ops.2", "allowlists.0";
	//   - a type map key, "types.Scalar" (the key), and its value,
	//     "types.Scalar=" (the Go type).
	// A value set by a flag has the flag's name as its position.
	Pos map[string]schema.Position `yaml:"-"`
	// Notes are warnings about the file that are no errors, such as a
	// deprecated key, at their positions.
	Notes []*schema.Error `yaml:"-"`
	// oldKeys holds, by key, the deprecated spelling (Key.OldKey) its
	// value was read from. Errors name the key as the user wrote it.
	oldKeys map[string]string
}

// Identity is the runtime's identity kind. This is the one place it is
// decided; the plan carries it to the generator. It is:
//   - plan.Memory with a memory: function, which implies use_counts:
//     false (Validate refuses use_counts: true beside it);
//   - plan.OwnIDs with use_counts: false;
//   - plan.Counted otherwise.
func (c *Config) Identity() plan.Identity {
	switch {
	case c.Memory != "":
		return plan.Memory
	case c.UseCounts != nil && !*c.UseCounts:
		return plan.OwnIDs
	}
	return plan.Counted
}

// Load reads an assertgen.yaml. Unknown keys and values of the wrong
// type are errors at their position.
//
// With include:, Load reads each file it names, and adds its keys to the
// config. An included file may include others; a cycle is an error. The
// keys merge this way:
//   - a key the including file sets keeps its value there;
//   - a list (ops:, allowlists:, bind_imports:) is the included file's
//     entries, then the including one's;
//   - a mapping (bind:, types:, type_params:) has the entries of both. The
//     including file's wins where both name one: a binding written by
//     hand over one a tool wrote.
//
// The included file's relative paths are read from its own directory, and
// errors in its values are at their place in it. Parse alone reads
// include: without reading the files.
func Load(path string) (*Config, error) { return load(path, nil) }

// Parse parses the text of an assertgen.yaml read from path. It checks the
// structure (keys, types of values, duplicates), not the values' meaning,
// which [Config.Validate] checks. With errors in the structure, it returns
// them (a [schema.ErrorList]) and the config made of the keys that were
// read. With a file that is not YAML, the config is nil.
func Parse(path string, src []byte) (*Config, error) {
	root, err := schema.ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	c := &Config{Path: path, Dir: filepath.Dir(path), Pos: map[string]schema.Position{}}
	if root == nil {
		return c, nil
	}
	var errs schema.ErrorList
	pos := func(n *yaml.Node) schema.Position { return schema.NodePos(path, n) }
	if root.Kind != yaml.MappingNode {
		errs.Add(pos(root), "the config must be a mapping of keys to values")
		return nil, errs.Err()
	}
	seen := map[string]*yaml.Node{}
	names := keyNames()
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if !slices.Contains(names, k.Value) {
			errs.Addf(pos(k), "unknown key %q%s", k.Value, schema.DidYouMean(k.Value, names))
			continue
		}
		written := k.Value // the key as the user wrote it, for messages
		if key := oldKey(k.Value); key != nil {
			// A deprecated spelling (tags: for tags_yaml:, its flag
			// -tags-yaml) still reads into the key's field, and says so.
			c.Notes = append(c.Notes, &schema.Error{Pos: pos(k), Msg: fmt.Sprintf("%s: is deprecated; use %s: (the -%s flag)", k.Value, key.Name, key.Flag())})
			k = &yaml.Node{Kind: k.Kind, Tag: k.Tag, Value: key.Name, Line: k.Line, Column: k.Column}
		}
		if first := seen[k.Value]; first != nil {
			errs.Addf(pos(k), "duplicate key %q; first at line %d", root.Content[i].Value, first.Line)
			continue
		}
		seen[k.Value] = k
		// yaml.v3's Decode would report a key repeated in a mapping
		// value (types:) at the mapping, not at the repeated key.
		if dups := duplicateKeys(v); len(dups) > 0 {
			for _, d := range dups {
				errs.Addf(pos(d[1]), "%s: duplicate key %q; first at line %d", k.Value, d[1].Value, d[0].Line)
			}
			continue
		}
		// Decode the one key into the struct, so types are checked per key.
		one := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{k, v}}
		before := *c
		if err := one.Decode(c); err != nil {
			// A failed Decode may have set part of the value (some
			// entries of types:). The key was not read, so it keeps none.
			*c = before
			msg := err.Error()
			if te, ok := err.(*yaml.TypeError); ok {
				msg = strings.Join(te.Errors, "; ")
				// yaml.v3 prefixes its own line: ours is the position.
				if _, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "line ") {
					msg = rest
				}
			}
			errs.Addf(pos(v), "%s: %s", written, schema.Visible(msg))
			continue
		}
		c.Pos[k.Value] = pos(v)
		if written != k.Value {
			if c.oldKeys == nil {
				c.oldKeys = map[string]string{}
			}
			c.oldKeys[k.Value] = written
		}
		switch k.Value {
		case "ops", "allowlists", "include":
			for j, e := range v.Content {
				c.Pos[fmt.Sprintf("%s.%d", k.Value, j)] = pos(e)
			}
		case "types", "type_params":
			for j := 0; j+1 < len(v.Content); j += 2 {
				tk, tv := v.Content[j], v.Content[j+1]
				c.Pos[k.Value+"."+tk.Value] = pos(tk)
				c.Pos[k.Value+"."+tk.Value+"="] = pos(tv)
				for e, ev := range tv.Content {
					c.Pos[fmt.Sprintf("%s.%s.%d", k.Value, tk.Value, e)] = pos(ev)
				}
			}
		case "bind":
			c.BindAt = map[string]BindPos{}
			for j := 0; j+1 < len(v.Content); j += 2 {
				bk, bv := v.Content[j], v.Content[j+1]
				c.Pos["bind."+bk.Value] = pos(bk)
				c.Pos["bind."+bk.Value+"="] = pos(bv)
				c.BindAt[bk.Value] = bindPos(pos(bv), bv, scalarPlaces(path, src, bv))
			}
		case "bind_imports":
			for j, e := range v.Content {
				c.Pos[fmt.Sprintf("%s.%d", k.Value, j)] = pos(e)
			}
		}
	}
	// The config comes back with the errors, holding the keys that were
	// read, so that a caller can report the values' errors too.
	return c, errs.Err()
}

// A BindPos is where a binding's code starts in the config: at the value's
// first byte, past a quote. Exact says that a byte's column in the code's
// first line is At's column plus its offset there: a plain or quoted value
// on one line. Otherwise only the code's line is known. Places, when
// known, holds the place of each byte of the code and one past its end,
// for every style of value (see scalarPlaces). Errors in the code are
// reported there.
type BindPos struct {
	At     schema.Position
	Exact  bool
	Places []schema.Position
}

func bindPos(at schema.Position, v *yaml.Node, places []schema.Position) BindPos {
	quoted := v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0
	plain := v.Style&^yaml.FlowStyle == 0
	if quoted {
		at.Column++
	}
	return BindPos{At: at, Places: places, Exact: (plain || quoted) && !strings.Contains(v.Value, "\n") &&
		(!quoted || !strings.ContainsAny(v.Value, "\\'"))}
}

// oldKey returns the key whose earlier spelling name is, or nil.
func oldKey(name string) *Key {
	for i := range Keys {
		if Keys[i].OldKey == name {
			return &Keys[i]
		}
	}
	return nil
}

// duplicateKeys returns the keys of the mapping n that repeat an earlier
// one, each with the first.
func duplicateKeys(n *yaml.Node) [][2]*yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	var dups [][2]*yaml.Node
	first := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode {
			continue
		}
		if f, ok := first[k.Value]; ok {
			dups = append(dups, [2]*yaml.Node{f, k})
			continue
		}
		first[k.Value] = k
	}
	return dups
}

// At returns the position of a value (a key of Pos). It is the value's,
// else its list's or map's, else the config file's.
func (c *Config) At(key string) schema.Position {
	for k := key; ; {
		if p, ok := c.Pos[k]; ok {
			return p
		}
		i := strings.LastIndexAny(k, ".")
		if i < 0 {
			break
		}
		k = k[:i]
	}
	if c.Path == "" {
		return schema.Position{Filename: "assertgen"}
	}
	return schema.Position{Filename: c.Path}
}

// SetByFlag records that a flag set the value of key, so that errors about
// it name the flag.
func (c *Config) SetByFlag(key, flag string) {
	if c.Pos == nil {
		c.Pos = map[string]schema.Position{}
	}
	for k := range c.Pos {
		if k == key || strings.HasPrefix(k, key+".") {
			delete(c.Pos, k)
		}
	}
	c.Pos[key] = schema.Position{Filename: flag}
}

// Errorf returns an error about the value of key (a key of Pos), at its
// position. The message starts with the key's name ("profile: ...",
// "types: ..."), unless a flag set the value: the position names the flag.
func (c *Config) Errorf(key, format string, args ...any) *schema.Error {
	at := c.At(key)
	msg := fmt.Sprintf(format, args...)
	if !strings.HasPrefix(at.Filename, "-") || at.IsValid() {
		name, _, _ := strings.Cut(key, ".")
		if old := c.oldKeys[name]; old != "" {
			name = old // the value was read from the earlier spelling
		}
		msg = name + ": " + msg
	}
	return &schema.Error{Pos: at, Msg: msg}
}

// Validate checks the values: profile, PyTorch version, mode, package,
// build tag, prefix and the type map. The type map's schema types must be
// known, its Go types valid, and its tensor entries ones a wrapper can
// hold (checkTensorTypes). Every problem is an error at its value's
// position.
func (c *Config) Validate() error {
	var errs schema.ErrorList
	if c.Profile != "" {
		if _, err := plan.ParseProfile(c.Profile); err != nil {
			errs = append(errs, c.Errorf("profile", "%v%s", err, schema.DidYouMean(c.Profile, []string{string(plan.Strict), string(plan.PyTorch)})))
		}
	}
	if c.PyTorchVersion != "" {
		if _, err := pytorch.Lookup(c.PyTorchVersion); err != nil {
			errs = append(errs, c.Errorf("pytorch_version", "%v", err))
		}
	}
	if c.Mode != "" && c.Mode != string(output.FunctionMode) && c.Mode != string(output.InterfaceMode) {
		errs = append(errs, c.Errorf("mode", "unknown mode %q (want function or interface)%s", c.Mode,
			schema.DidYouMean(c.Mode, []string{string(output.FunctionMode), string(output.InterfaceMode)})))
	}
	if c.Package != "" && (!token.IsIdentifier(c.Package) || c.Package == "_") {
		errs = append(errs, c.Errorf("package", "%q is not a Go package name (a Go identifier, not a keyword)", c.Package))
	}
	if c.Pos["build_tag"] != (schema.Position{}) && !output.ValidTag(c.BuildTag) {
		errs = append(errs, c.Errorf("build_tag", "%q is not a build tag (letters, digits, _ and .)", c.BuildTag))
	}
	if c.Prefix != "" && !output.ValidPrefix(c.Prefix) {
		errs = append(errs, c.Errorf("prefix", "%q is not a file name prefix (ASCII letters, digits, _, - and ., not first ., - or _: the go command ignores a file whose name starts with . or _)", c.Prefix))
	}
	if _, ok := c.Pos["output"]; ok && c.Output == "" {
		errs = append(errs, c.Errorf("output", "empty directory (leave it out for the default)"))
	}
	if _, ok := c.Pos["ops"]; ok && len(c.Ops) == 0 {
		errs = append(errs, c.Errorf("ops", "empty list of ops (leave it out to select every op)"))
	}
	if c.Memory != "" {
		if _, err := kernels.ParseFuncRef(c.Memory); err != nil {
			errs = append(errs, c.Errorf("memory", "%v", err))
		} else if c.UseCounts != nil && *c.UseCounts {
			errs = append(errs, c.Errorf("use_counts", "true with memory: a Tensor type whose identities come from its memory keeps no use counts; leave use_counts out"))
		}
	}
	if len(c.TypeParams) > 0 {
		// The bound functions and the memory adapter are not generic.
		if len(c.Bind) > 0 {
			errs = append(errs, c.Errorf("bind", "kernels bound in the config are not supported for a generic Tensor type (type_params:); write them as generic functions of the kernels package"))
		}
		if c.Memory != "" {
			errs = append(errs, c.Errorf("memory", "a memory function is not supported for a generic Tensor type (type_params:); give the type the contract (asserts.Identity)"))
		}
	}
	params := c.paramNames()
	for _, k := range slices.Sorted(maps.Keys(c.Types)) {
		if msg := checkTypeKey(k); msg != "" {
			errs = append(errs, c.Errorf("types."+k, "%s", msg))
		}
		if k == "Tensor" && interfaceLiteral(c.Types[k]) {
			continue // checkTensorTypes says what to write
		}
		if _, err := kernels.ParseGoTypeIn(c.Types[k], params); err != nil {
			errs = append(errs, c.Errorf("types."+k+"=", "%s: %v", k, err))
		}
	}
	errs = append(errs, c.checkTypeParams()...)
	errs = append(errs, c.checkTensorTypes()...)
	return errs.Err()
}

// paramNames returns the declared type parameters' names, sorted.
func (c *Config) paramNames() []string { return slices.Sorted(maps.Keys(c.TypeParams)) }

// checkTypeParams checks type_params:. Each name is a Go identifier that
// starts with an upper-case letter, so that it is neither a builtin type
// nor one of the generated code's names. Each has a non-empty list of Go
// types, with no type parameter among them. Each is a type argument of the
// Tensor type.
func (c *Config) checkTypeParams() schema.ErrorList {
	var errs schema.ErrorList
	tensor, terr := kernels.ParseGoTypeIn(c.Types["Tensor"], c.paramNames())
	for _, name := range c.paramNames() {
		key := "type_params." + name
		switch {
		case !token.IsIdentifier(name) || !token.IsExported(name):
			errs = append(errs, c.Errorf(key, "%q is not a Go identifier that starts with an upper-case letter (T, E, Elem): the generated code's own names are lower-case", name))
			continue
		case len(c.TypeParams[name]) == 0:
			errs = append(errs, c.Errorf(key+"=", "%s: no type arguments; list the element types to check, e.g. [float32, float64]", name))
		}
		for i, v := range c.TypeParams[name] {
			if _, err := kernels.ParseGoType(v); err != nil {
				errs = append(errs, c.Errorf(fmt.Sprintf("%s.%d", key, i), "%s: %v", name, err))
			}
		}
		if tensor.Param && tensor.Name == name {
			continue // the Tensor type is the parameter itself: checkTensorTypes says so at its entry
		}
		if _, ok := c.Types["Tensor"]; terr == nil && (!ok || !slices.ContainsFunc(tensor.Args, func(a kernels.GoType) bool { return a.Param && a.Prefix == "" && a.Name == name })) {
			errs = append(errs, c.Errorf(key, "%s is no type argument of the Tensor type (types: Tensor: %q): write it as one, such as \"*example.com/rt.Tensor[%s]\"", name, c.Types["Tensor"], name))
		}
	}
	return errs
}

// TypeParamList returns the declared type parameters, in the order the
// Tensor type takes them as type arguments, each with its instances. The
// command finds their constraints, from the Tensor type's declaration.
func (c *Config) TypeParamList() ([]kernels.TypeParam, error) {
	tensor, err := kernels.ParseGoTypeIn(c.Types["Tensor"], c.paramNames())
	if err != nil && len(c.TypeParams) > 0 {
		return nil, c.Errorf("types.Tensor=", "Tensor: %v", err)
	}
	order := tensor.Params()
	for _, n := range c.paramNames() {
		if !slices.Contains(order, n) {
			order = append(order, n)
		}
	}
	var out []kernels.TypeParam
	var errs schema.ErrorList
	for _, n := range order {
		p := kernels.TypeParam{Name: n}
		for i, v := range c.TypeParams[n] {
			t, err := kernels.ParseGoType(v)
			if err != nil {
				errs = append(errs, c.Errorf(fmt.Sprintf("type_params.%s.%d", n, i), "%s: %v", n, err))
				continue
			}
			p.Instances = append(p.Instances, t)
		}
		out = append(out, p)
	}
	return out, errs.Err()
}

// CheckFiles checks that the files the config names exist: schema, tags,
// derivatives, backend, allowlists and a kernels directory. Each missing
// one is an error at its value's position.
func (c *Config) CheckFiles() error {
	var errs schema.ErrorList
	exists := func(key, p string) {
		if p == "" {
			return
		}
		if _, err := os.Stat(c.Resolve(p)); err != nil {
			msg := err.Error()
			if pe, ok := err.(*os.PathError); ok {
				msg = pe.Path + ": " + pe.Err.Error()
			}
			errs = append(errs, c.Errorf(key, "%s", msg))
		}
	}
	exists("schema", c.Schema)
	exists("tags_yaml", c.Tags)
	exists("derivatives", c.Derivatives)
	exists("backend", c.Backend)
	if strings.HasPrefix(c.Kernels, ".") {
		exists("kernels", c.Kernels)
	}
	for i, a := range c.Allowlists {
		exists(fmt.Sprintf("allowlists.%d", i), a)
	}
	return errs.Err()
}

// checkTypeKey returns what is wrong with a type map key, or "". It must
// spell a schema type the way the map looks types up: a base type or a
// custom class, with ? and [] suffixes, sizes dropped.
func checkTypeKey(k string) string {
	base, suffix := k, ""
	for {
		switch {
		case strings.HasSuffix(base, "?"):
			base, suffix = base[:len(base)-1], "?"+suffix
			continue
		case strings.HasSuffix(base, "[]"):
			base, suffix = base[:len(base)-2], "[]"+suffix
			continue
		case strings.HasSuffix(base, "]"):
			if i := strings.LastIndexByte(base, '['); i > 0 {
				return fmt.Sprintf("%q: list sizes are not part of a key%s", k, schema.Suggest(strconv.Quote(base[:i]+"[]"+suffix)))
			}
		}
		break
	}
	if strings.HasPrefix(base, schema.CustomClassPrefix) && len(base) > len(schema.CustomClassPrefix) {
		return ""
	}
	known := slices.Sorted(maps.Keys(kernels.DefaultTypes()))
	if slices.Contains(known, base) {
		return ""
	}
	if best := schema.Near(base, known); len(best) > 0 {
		return fmt.Sprintf("unknown schema type %q%s", k, schema.Suggest(strconv.Quote(best[0]+suffix)))
	}
	return fmt.Sprintf("unknown schema type %q (want one of %s, with ? and [] as needed, or a %s class)", k, strings.Join(known, ", "), schema.CustomClassPrefix)
}

// Resolve returns p relative to the config's directory ("" stays "").
func (c *Config) Resolve(p string) string {
	if p == "" || filepath.IsAbs(p) || c.Dir == "" {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// TypeMap returns the default types merged with the config's.
func (c *Config) TypeMap() (kernels.TypeMap, error) {
	m := kernels.DefaultTypes()
	over := kernels.TypeMap{}
	var errs schema.ErrorList
	for k, v := range c.Types {
		t, err := kernels.ParseGoTypeIn(v, c.paramNames())
		if err != nil {
			errs = append(errs, c.Errorf("types."+k+"=", "%s: %v", k, err))
			continue
		}
		over[k] = t
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return m.Merge(over), nil
}

// CheckOps checks the ops list against s. Every entry is an op selector
// (schema.Selector: an op name, name.* or *) that selects an op of s, and
// none is listed twice. An unknown name comes with the closest names of s.
// A pattern of another kind comes with the selectors to write instead.
func (c *Config) CheckOps(s *schema.Schema) error {
	if len(c.Ops) == 0 {
		return nil
	}
	names := make(map[string]bool, len(s.Ops))
	for _, o := range s.Ops {
		names[o.Name] = true
	}
	var errs schema.ErrorList
	var list *schema.OpList // made at the first name that is no op
	first := map[string]string{}
	suggested := 0
	for i, pat := range c.Ops {
		key := fmt.Sprintf("ops.%d", i)
		if pat == "" {
			errs = append(errs, c.Errorf(key, "empty op name"))
			continue
		}
		if f, ok := first[pat]; ok {
			where := c.At(f)
			msg := "first at " + where.String()
			if !where.IsValid() {
				msg = "listed before"
			}
			errs = append(errs, c.Errorf(key, "duplicate op %q (%s)", pat, msg))
			continue
		}
		first[pat] = key
		if names[pat] {
			continue
		}
		if list == nil {
			list = s.OpList()
		}
		// Near names cost a search of the schema each. The first
		// MaxSuggested unknown names get them, the rest a plain message.
		if msg, _ := list.SelectsNone(pat, suggested < MaxSuggested); msg != "" {
			errs = append(errs, c.Errorf(key, "%s", msg))
			suggested++
		}
	}
	return errs.Err()
}

// MaxSuggested is how many unknown op names in one list CheckOps suggests
// near names for. So a list of thousands of unknown names is checked in
// time linear in its length.
const MaxSuggested = 10
