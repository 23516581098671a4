package config

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/kernels"
)

// A Key is a key of assertgen.yaml and the flag that sets it. [Keys] is
// the one table of them:
//   - Parse knows the keys it lists;
//   - the command registers and applies their flags from it
//     (cmd/assertgen/internal/base);
//   - TestKeys checks against it Config's yaml tags, the keys of Config's
//     doc, and the manual's list of flags (cmd/assertgen).
//
// A new key is a field of Config and a row of Keys.
type Key struct {
	// Name is the key ("build_tag"), the yaml tag of its field. Its flag
	// is the name with - for _ (-build-tag).
	Name string
	// Kind is what the value is, and so how its flag is read.
	Kind Kind
	// Field returns a pointer to the key's field of c.
	Field func(c *Config) any
	// Usage is the flag's usage (flag.PrintDefaults), with the name of its
	// value in back quotes. It is "" for a key without a flag: bind:, a
	// mapping of code that a command line does not spell.
	Usage string
	// Plan and Explain say that plan and explain take the flag too, since
	// the key shapes the plan. gen and vet take every one.
	Plan, Explain bool
	// OldFlags are deprecated spellings of the flag, which still work and
	// say they are deprecated. OldKey is a deprecated spelling of the key.
	OldFlags []OldFlag
	OldKey   string
}

// An OldFlag is a deprecated spelling of a key's flag: its name, and the
// usage it shows ("deprecated spelling of -NAME (What)").
type OldFlag struct{ Name, What string }

// A Kind is what a key's value is: the type of its field, and how its
// flag's value is read.
type Kind int

const (
	Text    Kind = iota // a string
	Path                // a file or directory; a flag's is relative to the working directory
	Import              // an import path, or a directory (./dir) as Path
	Bool                // true or false; unset, a *bool field is true
	Files               // a list of Paths; the flag repeats
	List                // a list of strings; the flag's value is comma-separated
	Entries             // a mapping from names to strings; the flag repeats, each NAME=VALUE
	Lists               // a mapping from names to lists; the flag repeats, each NAME=A,B
)

// Flag returns the key's flag name: Name with - for _.
func (k *Key) Flag() string { return strings.ReplaceAll(k.Name, "_", "-") }

// BoolDefault is what a Bool key is when unset: true for a *bool field.
func (k *Key) BoolDefault() bool {
	_, ptr := k.Field(&Config{}).(**bool)
	return ptr
}

// Keys is the table of assertgen.yaml's keys, in the order of Config's
// doc and of the manual.
var Keys = []Key{
	{Name: "include", Kind: Files, Field: func(c *Config) any { return &c.Include }},
	{Name: "schema", Kind: Path, Field: func(c *Config) any { return &c.Schema }, Plan: true, Explain: true,
		Usage: "schema `file`: native_functions.yaml (.yaml/.yml) or a schema list (.txt); default: the embedded yaml of the -pytorch-version release"},
	{Name: "tags_yaml", Kind: Path, Field: func(c *Config) any { return &c.Tags }, Plan: true, Explain: true,
		Usage:    "tags.yaml `file` (default: tags.yaml next to the schema, if any)",
		OldFlags: []OldFlag{{"tags", "a tags.yaml `file`; -build-tag is the build tag"}}, OldKey: "tags"},
	{Name: "derivatives", Kind: Path, Field: func(c *Config) any { return &c.Derivatives }, Plan: true, Explain: true,
		Usage: "PyTorch's derivatives.yaml `file`, for the pytorch profile (default: the embedded one of the release with the embedded schema, none otherwise)"},
	{Name: "profile", Kind: Text, Field: func(c *Config) any { return &c.Profile }, Plan: true, Explain: true,
		Usage: "check `profile`: strict (default) or pytorch"},
	{Name: "pytorch_version", Kind: Text, Field: func(c *Config) any { return &c.PyTorchVersion }, Plan: true, Explain: true,
		Usage: versionUsage()},
	{Name: "allowlists", Kind: Files, Field: func(c *Config) any { return &c.Allowlists }, Plan: true, Explain: true,
		Usage:    "allowlist `file`, merged over the built-in defaults (repeatable)",
		OldFlags: []OldFlag{{"allowlist", "an allowlist `file`"}}},
	{Name: "package", Kind: Text, Field: func(c *Config) any { return &c.Package },
		Usage: "generated package `name` (default: the output directory's name)"},
	{Name: "output", Kind: Path, Field: func(c *Config) any { return &c.Output },
		Usage:    "output `directory` (default: the config file's directory, or . without one)",
		OldFlags: []OldFlag{{"out", "the output `directory`"}}},
	{Name: "prefix", Kind: Text, Field: func(c *Config) any { return &c.Prefix },
		Usage: "output file name `prefix` (default: assertgen)"},
	{Name: "mode", Kind: Text, Field: func(c *Config) any { return &c.Mode },
		Usage: "`mode`: function (default) or interface"},
	{Name: "build_tag", Kind: Text, Field: func(c *Config) any { return &c.BuildTag },
		Usage:    "build `tag` of the checked files (default: debugasserts)",
		OldFlags: []OldFlag{{"tag", "the build `tag`"}}},
	{Name: "use_counts", Kind: Bool, Field: func(c *Config) any { return &c.UseCounts }, Plan: true, Explain: true,
		Usage: "the Tensor type keeps use counts; false for a runtime that implements only asserts.Identity (plans fresh_not_held on fresh returns)"},
	{Name: "memory", Kind: Text, Field: func(c *Config) any { return &c.Memory }, Plan: true, Explain: true,
		Usage: "the `function` that says where a Tensor's elements are, func(T) asserts.Memory (e.g. example.com/rt.Memory), for a Tensor type without ids of its own; implies -use-counts=false"},
	{Name: "metadata", Kind: Bool, Field: func(c *Config) any { return &c.Metadata }, Plan: true, Explain: true,
		Usage: "the Tensor type reports its sizes, strides and storage offset (asserts.Metadata); false plans no same_metadata rows"},
	{Name: "sweep", Kind: Bool, Field: func(c *Config) any { return &c.Sweep }},
	{Name: "kernels", Kind: Import, Field: func(c *Config) any { return &c.Kernels },
		Usage: "kernels `package`: import path or ./dir (function mode: the functions to wrap; interface mode: the functions the generated adapter Functions calls)"},
	{Name: "bind", Kind: Entries, Field: func(c *Config) any { return &c.Bind }},
	{Name: "bind_imports", Kind: List, Field: func(c *Config) any { return &c.BindImports }},
	{Name: "allow_missing_kernels", Kind: Bool, Field: func(c *Config) any { return &c.AllowMissingKernels },
		Usage: "selected ops without a kernel are expected: gen wraps the others and exits 0 (function mode)"},
	{Name: "types", Kind: Entries, Field: func(c *Config) any { return &c.Types },
		Usage:    "schema type to Go type, `T=GOTYPE` (repeatable), e.g. Tensor=*example.com/rt.Tensor",
		OldFlags: []OldFlag{{"type", "a type map entry `T=GOTYPE`"}}},
	{Name: "type_params", Kind: Lists, Field: func(c *Config) any { return &c.TypeParams },
		Usage: "a type parameter of a generic Tensor type and the element types to check, `T=float32,float64` (repeatable; config key: type_params)"},
	{Name: "backend", Kind: Path, Field: func(c *Config) any { return &c.Backend },
		Usage: "backend yaml `file` in torchgen's format: wrap the ops it lists (supported, autograd, full_codegen)"},
	{Name: "ops", Kind: List, Field: func(c *Config) any { return &c.Ops }, Plan: true,
		Usage: "comma-separated op `selectors` (default: all, or all of the backend)"},
}

// versionUsage documents -pytorch-version.
func versionUsage() string {
	var vs []string
	for _, r := range pytorch.Releases {
		vs = append(vs, r.Series)
	}
	return "PyTorch `release` whose torchgen rules, embedded files and lists apply: " + strings.Join(vs, " or ") +
		" (default: " + pytorch.Newest().Series + ")"
}

// keyNames returns the names Parse knows: every key's, and the earlier
// spelling of those that have one.
func keyNames() []string {
	var names []string
	for _, k := range Keys {
		names = append(names, k.Name)
		if k.OldKey != "" {
			names = append(names, k.OldKey)
		}
	}
	return names
}

// SetFlag sets key k of c from its flag, named flag ("-build-tag"), and
// records that the flag set it. values are the values given. A repeated
// flag adds each (Files, Entries, Lists); otherwise the last one counts.
// A path is made absolute from the working directory. A list, a type map
// entry or a type parameter is read as in the file. A Bool's value is one
// strconv.ParseBool reads, as the flag package has checked.
func (c *Config) SetFlag(k *Key, flag string, values []string) {
	last := values[len(values)-1]
	switch p := k.Field(c).(type) {
	case *string:
		if k.Kind == Path || k.Kind == Import && strings.HasPrefix(last, ".") {
			last = wd(last)
		}
		*p = last
	case *bool:
		*p, _ = strconv.ParseBool(last)
	case **bool:
		v, _ := strconv.ParseBool(last)
		*p = &v
	case *[]string:
		if k.Kind != Files {
			*p = SplitList(last)
			break
		}
		*p = nil
		for _, v := range values {
			*p = append(*p, wd(v))
		}
	case *map[string]string:
		c.setEntries(k, flag, values, func(name, v string) {
			if *p == nil {
				*p = map[string]string{}
			}
			(*p)[name] = strings.TrimSpace(v)
		})
		return
	case *map[string][]string:
		c.setEntries(k, flag, values, func(name, v string) {
			if *p == nil {
				*p = map[string][]string{}
			}
			(*p)[name] = kernels.SplitTypeList(v)
		})
		return
	default:
		panic(fmt.Sprintf("config key %s: a field of type %T", k.Name, p))
	}
	c.SetByFlag(k.Name, flag)
}

// setEntries sets each NAME=VALUE of values with set. They add to the
// file's mapping, and each is named by the flag.
func (c *Config) setEntries(k *Key, flag string, values []string, set func(name, value string)) {
	for _, kv := range values {
		name, v, _ := strings.Cut(kv, "=")
		name = strings.TrimSpace(name)
		set(name, v)
		c.SetByFlag(k.Name+"."+name, flag)
		c.SetByFlag(k.Name+"."+name+"=", flag)
	}
}

// SplitList splits a comma-separated flag value (-ops a, b) into its
// entries, without the spaces around them. Empty entries are dropped.
func SplitList(s string) []string {
	var list []string
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e != "" {
			list = append(list, e)
		}
	}
	return list
}

// wd returns a path given as a flag, relative to the working directory,
// as an absolute path ("" stays "").
func wd(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}
