package base

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/schema"
)

// ConfigFlags is the flags every command but version and init shares: the
// config file, and an override for each of its keys (config.Keys). plan
// and explain take the ones that shape the plan; gen and vet take all.
type ConfigFlags struct {
	cmd    string
	full   bool // gen and vet
	stderr io.Writer

	config     string
	keys       []*keyFlag // the keys' flags, in the table's order
	deprecated []string   // notes about deprecated spellings used
}

// A keyFlag holds what the flag of a config key was given: each value,
// and the flag given last, or its deprecated spelling.
type keyFlag struct {
	key    *config.Key
	values []string
	flag   string // "-build-tag"
}

// A keyValue is the flag.Value of one spelling of a key's flag.
type keyValue struct {
	*keyFlag
	name string // the spelling
	note func() // for an earlier spelling: says it is deprecated
	def  string // the default shown by -h: "true" for a Bool that is true unset
}

func (v *keyValue) String() string {
	if v == nil || v.keyFlag == nil || len(v.values) == 0 {
		return v.defValue()
	}
	return v.values[len(v.values)-1]
}

func (v *keyValue) defValue() string {
	if v == nil {
		return ""
	}
	return v.def
}

func (v *keyValue) Set(s string) error {
	if v.key.Kind == config.Bool {
		if _, err := strconv.ParseBool(s); err != nil {
			return errors.New("parse error") // as the flag package's own bool flags say
		}
	}
	if v.note != nil {
		v.note()
	}
	v.values, v.flag = append(v.values, s), "-"+v.name
	return nil
}

// Stderr is where the command's notes and usage errors go.
func (f *ConfigFlags) Stderr() io.Writer { return f.stderr }

// Cmd is the command's name ("gen").
func (f *ConfigFlags) Cmd() string { return f.cmd }

// IsBoolFlag makes a Bool key's flag one the flag package sets to true
// when it is given without a value.
func (v *keyValue) IsBoolFlag() bool { return v.key.Kind == config.Bool }

// RegisterConfig defines the config flags of the command cmd in fs. full,
// for gen and vet, defines all of them. Otherwise it defines those
// config.Keys marks for plan or explain. Notes and usage errors go to
// stderr.
func RegisterConfig(fs *flag.FlagSet, cmd string, full bool, stderr io.Writer) *ConfigFlags {
	f := &ConfigFlags{cmd: cmd, full: full, stderr: stderr}
	configDefault := "config `file` (default: none)"
	if full {
		configDefault = "config `file` (default: assertgen.yaml in the current directory, if any)"
	}
	fs.StringVar(&f.config, "config", "", configDefault)
	for i := range config.Keys {
		k := &config.Keys[i]
		if k.Usage == "" || !full && !(cmd == "plan" && k.Plan) && !(cmd == "explain" && k.Explain) {
			continue
		}
		kf := &keyFlag{key: k}
		f.keys = append(f.keys, kf)
		def := ""
		if k.Kind == config.Bool && k.BoolDefault() {
			def = "true"
		}
		fs.Var(&keyValue{keyFlag: kf, name: k.Flag(), def: def}, k.Flag(), k.Usage)
		for _, old := range k.OldFlags {
			note := fmt.Sprintf("assertgen %s: -%s is deprecated; use -%s", cmd, old.Name, k.Flag())
			said := func() {
				if !slices.Contains(f.deprecated, note) {
					f.deprecated = append(f.deprecated, note)
				}
			}
			fs.Var(&keyValue{keyFlag: kf, name: old.Name, note: said, def: def}, old.Name, "deprecated spelling of -"+k.Flag()+" ("+old.What+")")
		}
	}
	return f
}

// Load reads the config file, applies the flags that were set and
// validates the result. The file is the -config one, or, for gen and vet,
// assertgen.yaml in the working directory if there is one. A bad flag
// value is a usage error; a bad value in the file is an error at its
// position.
func (f *ConfigFlags) Load() (*config.Config, error) {
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
	f.apply(c)
	if err := c.Validate(); err != nil {
		errs = append(errs, err.(schema.ErrorList)...)
	}
	if err := f.split(errs); err != nil {
		return nil, err
	}
	return c, c.CheckFiles()
}

// apply sets in c the keys whose flags were given, each recorded as set by
// its flag.
func (f *ConfigFlags) apply(c *config.Config) {
	for _, kf := range f.keys {
		if len(kf.values) > 0 {
			c.SetFlag(kf.key, kf.flag, kf.values)
		}
	}
}

// Route reports an error of the checks after Load as Load does. Errors
// about flags, and a *UsageError, are usage errors (ErrUsage), printed
// here. Others are returned.
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
// (init). Errors about its flags, and a *UsageError, are usage errors
// (ErrUsage), printed on stderr. Others are returned.
func RouteFor(cmd string, stderr io.Writer, err error) error {
	return (&ConfigFlags{cmd: cmd, stderr: stderr}).Route(err)
}

// split reports errs. Errors about flags, whose position is the flag's
// name, make a usage error, printed here. Errors in the file are returned.
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
