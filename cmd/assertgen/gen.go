package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// errFindings reports that a command found problems it has already printed.
var errFindings = errors.New("findings")

// genFlags are the flags of gen and vet: the config file and an override
// for each of its keys.
type genFlags struct {
	config string
	cfg    gen.Config // values of the flags that were set
	types  stringList
	allow  stringList
	ops    string
}

func (g *genFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.config, "config", "", "config `file` (default: assertgen.yaml in the current directory, if any)")
	fs.StringVar(&g.cfg.Schema, "schema", "", "schema `file`: native_functions.yaml or a .txt schema list (default: the embedded yaml of the -pytorch-version release)")
	fs.StringVar(&g.cfg.Tags, "tags", "", "tags.yaml `file` (default: next to the schema)")
	fs.StringVar(&g.cfg.Derivatives, "derivatives", "", "derivatives.yaml `file` for the pytorch profile")
	fs.StringVar(&g.cfg.Profile, "profile", "", "check `profile`: strict (default) or pytorch")
	fs.StringVar(&g.cfg.PyTorchVersion, "pytorch-version", "", versionUsage)
	fs.Var(&g.allow, "allowlist", "allowlist `file` (repeatable)")
	fs.StringVar(&g.cfg.Package, "package", "", "generated package `name` (default: the output directory's name)")
	fs.StringVar(&g.cfg.Output, "out", "", "output `directory` (default: the config file's directory, or . without one)")
	fs.StringVar(&g.cfg.Prefix, "prefix", "", "output file name `prefix` (default: assertgen)")
	fs.StringVar(&g.cfg.Mode, "mode", "", "`mode`: function (default) or interface")
	fs.StringVar(&g.cfg.BuildTag, "tag", "", "build `tag` of the checked files (default: debugasserts)")
	fs.StringVar(&g.cfg.Kernels, "kernels", "", "kernels `package`: import path or ./dir (function mode: the functions to wrap; interface mode: the functions the generated adapter Functions calls)")
	fs.Var(&g.types, "type", "schema type to Go type, `T=GOTYPE` (repeatable), e.g. Tensor=*example.com/rt.Tensor")
	fs.StringVar(&g.ops, "ops", "", "comma-separated op names or `patterns` (default: all)")
}

// parse parses the command line of gen or vet, reads the config file and
// applies the flags that were set.
func (g *genFlags) parse(fs *flag.FlagSet, args []string) (*gen.Config, error) {
	if err := parseFlagsNoArgs(fs, args); err != nil {
		return nil, err
	}
	if _, err := schema.LookupRelease(g.cfg.PyTorchVersion); err != nil {
		fmt.Fprintf(fs.Output(), "%s: -pytorch-version: %v\n", fs.Name(), err)
		return nil, errUsage
	}
	var c *gen.Config
	path := g.config
	if path == "" {
		if _, err := os.Stat("assertgen.yaml"); err == nil {
			path = "assertgen.yaml"
		}
	}
	if path != "" {
		var err error
		if c, err = gen.LoadConfig(path); err != nil {
			return nil, err
		}
	} else {
		c = &gen.Config{Dir: "."}
	}
	// Paths given as flags are relative to the working directory.
	wd := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return p
		}
		return abs
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "schema":
			c.Schema = wd(g.cfg.Schema)
		case "tags":
			c.Tags = wd(g.cfg.Tags)
		case "derivatives":
			c.Derivatives = wd(g.cfg.Derivatives)
		case "profile":
			c.Profile = g.cfg.Profile
		case "pytorch-version":
			c.PyTorchVersion = g.cfg.PyTorchVersion
		case "allowlist":
			c.Allowlists = nil
			for _, a := range g.allow {
				c.Allowlists = append(c.Allowlists, wd(a))
			}
		case "package":
			c.Package = g.cfg.Package
		case "out":
			c.Output = wd(g.cfg.Output)
		case "prefix":
			c.Prefix = g.cfg.Prefix
		case "mode":
			c.Mode = g.cfg.Mode
		case "tag":
			c.BuildTag = g.cfg.BuildTag
		case "kernels":
			k := g.cfg.Kernels
			if strings.HasPrefix(k, ".") {
				k = wd(k)
			}
			c.Kernels = k
		case "type":
			if c.Types == nil {
				c.Types = map[string]string{}
			}
			for _, kv := range g.types {
				k, v, _ := strings.Cut(kv, "=")
				c.Types[k] = v
			}
		case "ops":
			c.Ops = strings.Split(g.ops, ",")
		}
	})
	return c, nil
}

// setup turns a config into the schema, the plan and the generator
// options.
func setup(c *gen.Config) (*schema.Schema, *plan.Plan, gen.Options, error) {
	var o gen.Options
	in := planInput{schema: c.Resolve(c.Schema), tags: c.Resolve(c.Tags), derivatives: c.Resolve(c.Derivatives),
		version: c.PyTorchVersion, profile: plan.Strict}
	if c.Profile != "" {
		p, err := plan.ParseProfile(c.Profile)
		if err != nil {
			return nil, nil, o, err
		}
		in.profile = p
	}
	for _, a := range c.Allowlists {
		in.allowlists = append(in.allowlists, c.Resolve(a))
	}
	s, opts, err := in.load()
	if err != nil {
		return nil, nil, o, err
	}
	p, err := plan.BuildWith(s, opts)
	if err != nil {
		return nil, nil, o, err
	}
	types, err := c.TypeMap()
	if err != nil {
		return nil, nil, o, err
	}
	o = gen.Options{Mode: gen.Mode(c.Mode), Package: c.Package, Prefix: c.Prefix, BuildTag: c.BuildTag, Types: types, Ops: c.Ops}
	if o.Mode == "" {
		o.Mode = gen.FunctionMode
	}
	if o.Package == "" {
		abs, err := filepath.Abs(outputDir(c))
		if err != nil {
			return nil, nil, o, err
		}
		o.Package = packageNameFor(filepath.Base(abs))
	}
	if o.Mode == gen.FunctionMode && c.Kernels == "" {
		return nil, nil, o, fmt.Errorf("function mode needs the kernels package (kernels: in the config, or -kernels)")
	}
	if c.Kernels != "" {
		// Function mode wraps the kernels; interface mode writes an
		// adapter (Functions) that implements Kernels with them.
		if o.Kernels, err = gen.LoadKernels(c.Dir, c.Kernels); err != nil {
			return nil, nil, o, err
		}
	}
	return s, p, o, nil
}

// packageNameFor makes a package name of a directory name.
func packageNameFor(dir string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(dir) {
		if r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "checked"
	}
	return b.String()
}

func outputDir(c *gen.Config) string {
	if out := c.Resolve(c.Output); out != "" {
		return out
	}
	return c.Dir
}

func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("gen", stderr)
	var g genFlags
	g.register(fs)
	check := fs.Bool("check", false, "write nothing; exit 1 and name the files that are stale")
	c, err := g.parse(fs, args)
	if err != nil {
		return err
	}
	_, p, o, err := setup(c)
	if err != nil {
		return err
	}
	o.Progress = progress(stderr, time.Now())
	res, err := gen.Generate(p, o)
	if err != nil {
		return err
	}
	dir := outputDir(c)
	if *check {
		stale, err := gen.Stale(dir, res.Files)
		if err != nil {
			return err
		}
		obsolete, err := gen.Obsolete(dir, res.Prefix, res.Files)
		if err != nil {
			return err
		}
		for _, s := range stale {
			fmt.Fprintf(stdout, "%s: stale; run assertgen gen\n", s)
		}
		for _, s := range obsolete {
			fmt.Fprintf(stdout, "%s: obsolete; run assertgen gen\n", s)
		}
		if len(stale)+len(obsolete) > 0 {
			return errFindings
		}
		return nil
	}
	if err := gen.WriteFiles(dir, res.Files); err != nil {
		return err
	}
	obsolete, err := gen.Obsolete(dir, res.Prefix, res.Files)
	if err != nil {
		return err
	}
	for _, o := range obsolete {
		if err := os.Remove(o); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "assertgen: %d ops wrapped in %s", len(res.Wrapped), dir)
	if len(res.Missing) > 0 {
		fmt.Fprintf(stderr, "; %d selected ops have no kernel (assertgen vet lists them)", len(res.Missing))
	}
	fmt.Fprintln(stderr)
	return nil
}

func cmdVet(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("vet", stderr)
	var g genFlags
	g.register(fs)
	verbose := fs.Bool("v", false, "list every op without a kernel")
	c, err := g.parse(fs, args)
	if err != nil {
		return err
	}
	s, p, o, err := setup(c)
	if err != nil {
		return err
	}
	n := 0
	if o.Mode == gen.FunctionMode {
		findings, missing, err := gen.Vet(p, o)
		if err != nil {
			return err
		}
		for _, f := range findings {
			fmt.Fprintln(stdout, f)
			n++
		}
		// Missing kernels are findings when the config names the ops it
		// wants; with every op selected they are information.
		explicit := len(c.Ops) > 0
		for _, m := range missing {
			switch {
			case explicit:
				fmt.Fprintf(stdout, "%s: %s: no kernel %s in %s\n", c.Path, m, goNameOf(m), o.Kernels.Path)
				n++
			case *verbose:
				fmt.Fprintf(stdout, "info: %s: no kernel %s\n", m, goNameOf(m))
			}
		}
		if !explicit && len(missing) > 0 {
			fmt.Fprintf(stdout, "info: %d of %d ops have no kernel in %s (-v lists them; select ops with ops: to require them)\n",
				len(missing), len(p.Ops), o.Kernels.Path)
		}
	}
	// Built-in allowlist entries that select no op are information:
	// PyTorch's lists name ops of several releases. Problems in the user's
	// allowlists already failed the plan.
	for _, line := range unmatchedDefaults(s) {
		fmt.Fprintln(stdout, "info:", line)
	}
	if n > 0 {
		return errFindings
	}
	return nil
}

// goNameOf returns the Go name of an op name ("add.Tensor" -> AddTensor).
func goNameOf(op string) string {
	n, err := schema.ParseOperatorName(op)
	if err != nil {
		return op
	}
	return gen.GoName(n)
}
