package setup

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/kernels"
	"github.com/assertgen/assertgen/schema"
)

// ConfigFlags is the flags every command but version and init shares: the
// config file and an override for each of its keys. plan and explain take
// the ones that shape the plan; gen and vet all of them.
type ConfigFlags struct {
	cmd    string
	full   bool // gen and vet
	stderr io.Writer

	config     string
	cfg        config.Config // values of the flags that were set
	types      StringList
	typeParams StringList
	allow      StringList
	ops        string
	useCounts  bool
	metadata   bool
	deprecated []string // notes about deprecated spellings used
}

// deprecate registers the old spelling old of the flag now named name: it
// still works, and says so on stderr. The flags are named as the config
// keys, with - for _ (output:, -output); the old spellings came first.
func (f *ConfigFlags) deprecate(fs *flag.FlagSet, old, name, what string, set func(string) error) {
	fs.Func(old, "deprecated spelling of -"+name+" ("+what+")", func(s string) error {
		note := fmt.Sprintf("assertgen %s: -%s is deprecated; use -%s", f.cmd, old, name)
		if !slices.Contains(f.deprecated, note) {
			f.deprecated = append(f.deprecated, note)
		}
		return set(s)
	})
}

// RegisterConfig defines the config flags of the command cmd in fs: full for
// gen and vet (all of them), else those that shape the plan. Notes and
// usage errors go to stderr.
func RegisterConfig(fs *flag.FlagSet, cmd string, full bool, stderr io.Writer) *ConfigFlags {
	f := &ConfigFlags{cmd: cmd, full: full, stderr: stderr}
	configDefault := "config `file` (default: none)"
	if full {
		configDefault = "config `file` (default: assertgen.yaml in the current directory, if any)"
	}
	fs.StringVar(&f.config, "config", "", configDefault)
	fs.StringVar(&f.cfg.Schema, "schema", "", "schema `file`: native_functions.yaml (.yaml/.yml) or a schema list (.txt); default: the embedded yaml of the -pytorch-version release")
	fs.StringVar(&f.cfg.Tags, "tags-yaml", "", "tags.yaml `file` (default: tags.yaml next to the schema, if any)")
	f.deprecate(fs, "tags", "tags-yaml", "a tags.yaml `file`; -build-tag is the build tag", func(s string) error { f.cfg.Tags = s; return nil })
	fs.StringVar(&f.cfg.Derivatives, "derivatives", "", "PyTorch's derivatives.yaml `file`, for the pytorch profile (default: the embedded one of the release with the embedded schema, none otherwise)")
	fs.StringVar(&f.cfg.Profile, "profile", "", "check `profile`: strict (default) or pytorch")
	fs.StringVar(&f.cfg.PyTorchVersion, "pytorch-version", "", versionUsage)
	fs.Var(&f.allow, "allowlists", "allowlist `file`, merged over the built-in defaults (repeatable)")
	f.deprecate(fs, "allowlist", "allowlists", "an allowlist `file`", f.allow.Set)
	fs.BoolVar(&f.useCounts, "use-counts", true, "the Tensor type keeps use counts; false for a runtime that implements only asserts.Identity (plans fresh_not_held on fresh returns)")
	fs.StringVar(&f.cfg.Memory, "memory", "", "the `function` that says where a Tensor's elements are, func(T) asserts.Memory (e.g. example.com/rt.Memory), for a Tensor type without ids of its own; implies -use-counts=false")
	fs.BoolVar(&f.metadata, "metadata", true, "the Tensor type reports its sizes, strides and storage offset (asserts.Metadata); false plans no same_metadata rows")
	if cmd == "plan" {
		f.opsFlag(fs)
	}
	if !full {
		return f
	}
	fs.StringVar(&f.cfg.Package, "package", "", "generated package `name` (default: the output directory's name)")
	fs.StringVar(&f.cfg.Output, "output", "", "output `directory` (default: the config file's directory, or . without one)")
	f.deprecate(fs, "out", "output", "the output `directory`", func(s string) error { f.cfg.Output = s; return nil })
	fs.StringVar(&f.cfg.Prefix, "prefix", "", "output file name `prefix` (default: assertgen)")
	fs.StringVar(&f.cfg.Mode, "mode", "", "`mode`: function (default) or interface")
	fs.StringVar(&f.cfg.BuildTag, "build-tag", "", "build `tag` of the checked files (default: debugasserts)")
	f.deprecate(fs, "tag", "build-tag", "the build `tag`", func(s string) error { f.cfg.BuildTag = s; return nil })
	fs.StringVar(&f.cfg.Kernels, "kernels", "", "kernels `package`: import path or ./dir (function mode: the functions to wrap; interface mode: the functions the generated adapter Functions calls)")
	fs.Var(&f.types, "types", "schema type to Go type, `T=GOTYPE` (repeatable), e.g. Tensor=*example.com/rt.Tensor")
	f.deprecate(fs, "type", "types", "a type map entry `T=GOTYPE`", f.types.Set)
	fs.Var(&f.typeParams, "type-params", "a type parameter of a generic Tensor type and the element types to check, `T=float32,float64` (repeatable; config key: type_params)")
	fs.BoolVar(&f.cfg.AllowMissingKernels, "allow-missing-kernels", false, "selected ops without a kernel are expected: gen wraps the others and exits 0 (function mode)")
	fs.StringVar(&f.cfg.Backend, "backend", "", "backend yaml `file` in torchgen's format: wrap the ops it lists (supported, autograd, full_codegen)")
	f.opsFlag(fs)
	return f
}

func (f *ConfigFlags) opsFlag(fs *flag.FlagSet) {
	fs.StringVar(&f.ops, "ops", "", "comma-separated op `selectors` (default: all, or all of the backend)")
}

// Load reads the config file (the -config one, or for gen and vet
// assertgen.yaml in the working directory if there is one), applies the
// flags that were set and validates the result. A bad flag value is a
// usage error; a bad value in the file an error at its position.
func (f *ConfigFlags) Load(fs *flag.FlagSet) (*config.Config, error) {
	for _, note := range f.deprecated {
		fmt.Fprintln(f.stderr, note)
	}
	var c *config.Config
	path := f.config
	if path == "" && f.full {
		if _, err := os.Stat("assertgen.yaml"); err == nil {
			path = "assertgen.yaml"
		}
	}
	var errs schema.ErrorList
	if path != "" {
		var err error
		c, err = config.Load(path)
		if err != nil && (c == nil || !errors.As(err, &errs)) {
			return nil, err
		}
		for _, note := range c.Notes {
			fmt.Fprintf(f.stderr, "assertgen: %v\n", note)
		}
	} else {
		c = &config.Config{Dir: "."}
	}
	fs.Visit(func(fl *flag.Flag) { f.apply(c, fl) })
	if err := c.Validate(); err != nil {
		errs = append(errs, err.(schema.ErrorList)...)
	}
	if err := f.split(errs); err != nil {
		return nil, err
	}
	return c, c.CheckFiles()
}

// apply sets the value of the flag fl, which was set, in c, and records
// that the flag set it.
func (f *ConfigFlags) apply(c *config.Config, fl *flag.Flag) {
	key := ""
	switch fl.Name {
	case "schema":
		c.Schema, key = wd(f.cfg.Schema), "schema"
	case "tags", "tags-yaml":
		c.Tags, key = wd(f.cfg.Tags), "tags"
	case "derivatives":
		c.Derivatives, key = wd(f.cfg.Derivatives), "derivatives"
	case "profile":
		c.Profile, key = f.cfg.Profile, "profile"
	case "pytorch-version":
		c.PyTorchVersion, key = f.cfg.PyTorchVersion, "pytorch_version"
	case "allowlist", "allowlists":
		c.Allowlists, key = nil, "allowlists"
		for _, a := range f.allow {
			c.Allowlists = append(c.Allowlists, wd(a))
		}
	case "package":
		c.Package, key = f.cfg.Package, "package"
	case "out", "output":
		c.Output, key = wd(f.cfg.Output), "output"
	case "prefix":
		c.Prefix, key = f.cfg.Prefix, "prefix"
	case "mode":
		c.Mode, key = f.cfg.Mode, "mode"
	case "tag", "build-tag":
		c.BuildTag, key = f.cfg.BuildTag, "build_tag"
	case "use-counts":
		v := f.useCounts
		c.UseCounts, key = &v, "use_counts"
	case "memory":
		c.Memory, key = f.cfg.Memory, "memory"
	case "metadata":
		v := f.metadata
		c.Metadata, key = &v, "metadata"
	case "kernels":
		k := f.cfg.Kernels
		if strings.HasPrefix(k, ".") {
			k = wd(k)
		}
		c.Kernels, key = k, "kernels"
	case "allow-missing-kernels":
		c.AllowMissingKernels, key = f.cfg.AllowMissingKernels, "allow_missing_kernels"
	case "backend":
		c.Backend, key = wd(f.cfg.Backend), "backend"
	case "type", "types":
		// Entries add to the file's map; each is named by the flag.
		if c.Types == nil {
			c.Types = map[string]string{}
		}
		for _, kv := range f.types {
			k, v, _ := strings.Cut(kv, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			c.Types[k] = v
			c.SetByFlag("types."+k, "-"+fl.Name)
			c.SetByFlag("types."+k+"=", "-"+fl.Name)
		}
	case "type-params":
		if c.TypeParams == nil {
			c.TypeParams = map[string][]string{}
		}
		for _, kv := range f.typeParams {
			k, v, _ := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			c.TypeParams[k] = kernels.SplitTypeList(v)
			c.SetByFlag("type_params."+k, "-"+fl.Name)
			c.SetByFlag("type_params."+k+"=", "-"+fl.Name)
		}
	case "ops":
		c.Ops, key = SplitList(f.ops), "ops"
	}
	if key != "" {
		c.SetByFlag(key, "-"+fl.Name)
	}
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

// Route reports an error of the checks after Load as Load does: errors
// about flags, and a *UsageError, are usage errors (ErrUsage),
// printed here; others are returned.
func (f *ConfigFlags) Route(err error) error {
	var el schema.ErrorList
	var e *schema.Error
	var ue *UsageError
	switch {
	case errors.As(err, &ue):
		fmt.Fprintf(f.stderr, "assertgen %s: %s\n", f.cmd, ue.Msg)
		return ErrUsage
	case errors.As(err, &el):
		return f.split(el)
	case errors.As(err, &e):
		return f.split(schema.ErrorList{e})
	}
	return err
}

// RouteFor is Route for the command cmd, which takes no config flags
// (init): errors about its flags, and a *UsageError, are usage
// errors (ErrUsage), printed on stderr; others are returned.
func RouteFor(cmd string, stderr io.Writer, err error) error {
	return (&ConfigFlags{cmd: cmd, stderr: stderr}).Route(err)
}

// split reports errs: errors about flags (their position is the flag's
// name) make a usage error, printed here; errors in the file are returned.
func (f *ConfigFlags) split(errs schema.ErrorList) error {
	var file schema.ErrorList
	usage := false
	for _, e := range errs {
		if !e.Pos.IsValid() && strings.HasPrefix(e.Pos.Filename, "-") {
			fmt.Fprintf(f.stderr, "assertgen %s: %v\n", f.cmd, e)
			usage = true
			continue
		}
		file = append(file, e)
	}
	if err := file.Err(); err != nil {
		return err
	}
	if usage {
		return ErrUsage
	}
	return nil
}
