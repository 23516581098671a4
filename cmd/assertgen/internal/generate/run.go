package generate

// This file runs plan, explain, gen and vet once their flags are parsed.
// It loads the config from the flags, builds the plan of the selected ops,
// writes the files under the command's guard, and reports.

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/assertgen/assertgen/cmd/assertgen/internal/base"
	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/gen"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
)

// runPlan runs `assertgen plan` with the flags f was registered with. It
// prints the plan as text or JSON, to stdout or to the file out. The plan
// is of the ops names selects (op selectors, or names with overloads);
// else of those the config's ops: and backend: (or -ops) select; else of
// all.
func runPlan(f *base.ConfigFlags, names []string, asJSON bool, out string, stdout io.Writer) error {
	c, err := f.Load()
	if err != nil {
		return err
	}
	s, opts, err := Input(c)
	if err != nil {
		return err
	}
	patterns, where, err := Ops(c, s)
	if err != nil {
		return f.Route(err)
	}
	if len(names) > 0 {
		if patterns, err = Names(s, names); err != nil {
			return err
		}
	}
	p, err := plan.BuildWith(s, opts)
	if err != nil {
		return err
	}
	if err = p.Select(patterns, where); err != nil {
		return err
	}
	if err = p.Validate(); err != nil {
		return err
	}
	write := p.WriteText
	if asJSON {
		write = p.WriteJSON
	}
	if out == "" {
		bw := bufio.NewWriterSize(stdout, 1<<16)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	if fi, err := os.Lstat(out); err == nil && fi.IsDir() {
		fmt.Fprintf(f.Stderr(), "assertgen plan: -o %s: a directory; name a file\n", out)
		return base.ErrUsage
	}
	return base.WriteFile(f.Stderr(), out, write)
}

// runExplain runs `assertgen explain OP` with the flags f was registered
// with. It prints the plan of the op, or of each overload of a name, in
// words.
func runExplain(f *base.ConfigFlags, op string, stdout io.Writer) error {
	c, err := f.Load()
	if err != nil {
		return err
	}
	s, opts, err := Input(c)
	if err != nil {
		return err
	}
	return plan.Explain(stdout, s, op, opts)
}

// loadJob loads the config and the job of gen or vet, and checks the
// -stubs file. check is gen's -check, which writes nothing and takes no
// -stubs.
func loadJob(f *base.ConfigFlags, check bool, stubs string) (*config.Config, *Job, error) {
	c, err := f.Load()
	if err != nil {
		return nil, nil, err
	}
	if err := CheckKernelsGiven(c); err != nil {
		return nil, nil, f.Route(err)
	}
	j, err := New(c)
	if err != nil {
		return nil, nil, f.Route(err)
	}
	if check && stubs != "" {
		fmt.Fprintf(f.Stderr(), "assertgen %s: -stubs with -check: -check writes nothing\n", f.Cmd())
		return nil, nil, base.ErrUsage
	}
	if err := CheckStubsFile(stubs, j.Options.Kernels); err != nil {
		return nil, nil, f.Route(err)
	}
	return c, j, nil
}

// runGen runs `assertgen gen` with the flags f was registered with:
//  1. It generates the wrappers of the selected ops and writes them under
//     g. With check, it names the stale files on stdout and writes
//     nothing.
//  2. It writes the stubs of the missing kernels to the file stubs, if
//     named.
//  3. It reports on stderr the ops wrapped, and those the config selects
//     that have no kernel (base.ErrFindings, unless
//     allow_missing_kernels).
func runGen(f *base.ConfigFlags, g *base.Guard, check bool, stubs string, stdout io.Writer) error {
	stderr := f.Stderr()
	c, j, err := loadJob(f, check, stubs)
	if err != nil {
		return err
	}
	if err := j.PrepareOutput(); err != nil {
		return err
	}
	if err := j.checkSiblingSets(c); err != nil {
		return err
	}
	j.Options.Progress = base.Progress(stderr, time.Now())
	res, err := gen.Generate(j.Plan, j.Options)
	if err != nil {
		return err
	}
	if check {
		// What gen refuses before writing, -check refuses too (the notes
		// are for a run that writes).
		if _, err := j.checkImports(c, res); err != nil {
			return err
		}
		problems, err := output.Check(j.Dir, res.Prefix, res.Files)
		problems = append(versionNotes(j.Dir, res.Prefix), problems...)
		for _, p := range problems {
			fmt.Fprintln(stdout, p)
		}
		if err == nil && len(problems) > 0 {
			err = base.ErrFindings
		}
		return err
	}
	absent := MissingOps(j.Plan, res.Missing)
	st, err := PrepareStubs(stubs, j.Options, j.Loaded, absent)
	if err != nil {
		return err
	}
	notes, err := j.checkImports(c, res)
	if err != nil {
		return err
	}
	if err := g.WriteSet(j.Dir, res.Prefix, res.Files); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "assertgen: %d ops wrapped in %s", len(res.Wrapped), j.Dir)
	fmt.Fprint(stderr, returnsItselfNote(res.ReturnsItself))
	required := KernelsRequired(c)
	if len(res.Missing) > 0 && !required {
		fmt.Fprintf(stderr, "; %d selected ops have no kernel (assertgen vet -v lists them)", len(res.Missing))
	}
	fmt.Fprintln(stderr)
	if note := j.ModuleNote(); note != "" {
		notes = append(notes, note)
	}
	for _, note := range notes {
		fmt.Fprintf(stderr, "assertgen: note: %s\n", note)
	}
	if err := st.Write(stderr, g.WriteNew); err != nil {
		return err
	}
	if !required || len(absent) == 0 {
		return nil
	}
	if err := PrintMissing(stderr, c, j.Plan, j.Options, j.Where, absent, ""); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "assertgen: %d selected ops have no kernel: write them (gen -stubs FILE writes stubs), select fewer ops, or say allow_missing_kernels: true in the config\n", len(absent))
	return base.ErrFindings
}

// vetSummary is vet's last line: what it checked, out of ops selected ops.
// It counts the bound ones (bind:), those with a kernel of the kernels
// package, those without, and the kernels of the wrong signature. The
// allowlists are clean when vet gets that far: a problem in one fails the
// plan.
func vetSummary(ops, bound, missing, wrong int) string {
	s := fmt.Sprintf("vet: %d ops: ", ops)
	if bound > 0 {
		s += fmt.Sprintf("%d bound, ", bound)
	}
	if kernels := ops - bound - missing; kernels > 0 || bound == 0 {
		s += fmt.Sprintf("%d with a kernel", kernels)
		if wrong > 0 {
			s += fmt.Sprintf(" (%d of the wrong signature)", wrong)
		}
		s += ", "
	}
	return s + fmt.Sprintf("%d missing, allowlists clean", missing)
}

// runVet runs `assertgen vet` with the flags f was registered with. It
// prints on stdout the findings about the kernels of the selected ops:
// signatures, and missing kernels where the config names its ops or
// interface mode calls them all. It returns base.ErrFindings with any.
// verbose also lists the missing kernels that are no finding. The stubs of
// the missing kernels go to the file stubs, if named, written under g.
func runVet(f *base.ConfigFlags, g *base.Guard, verbose bool, stubs string, stdout io.Writer) error {
	c, j, err := loadJob(f, false, stubs)
	if err != nil {
		return err
	}
	// Built-in allowlist entries that select no op of the schema are not
	// reported: PyTorch's lists name ops of several releases, in a file
	// the user never wrote nor edits. Problems in the user's allowlists
	// already failed the plan. Interface mode without a kernels package
	// has no kernels to vet. With one, the adapter Functions calls a
	// kernel of every selected op, so each missing one is a finding, as
	// gen refuses it.
	if err := j.refusedByGen(c); err != nil {
		return err
	}
	p, o := j.Plan, j.Options
	if notes := versionNotes(j.Dir, o.Prefix); len(notes) > 0 {
		for _, n := range notes {
			fmt.Fprintln(stdout, n)
		}
		return base.ErrFindings
	}
	if o.Kernels == nil && len(o.Bound) == 0 {
		fmt.Fprintf(stdout, "vet: %d ops, no kernels package (%s mode): no kernels to vet; allowlists clean\n", len(p.Ops), o.Mode)
		return nil
	}
	findings, absent, err := gen.Vet(p, o)
	if err != nil {
		return err
	}
	if itself, err := gen.ReturnsItself(p, o); err == nil && len(itself) > 0 {
		printReturnsItself(stdout, itself, verbose)
	}
	defer func() { fmt.Fprintln(stdout, vetSummary(len(p.Ops), len(o.Bound), len(absent), len(findings))) }()
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
	}
	n := len(findings)
	// Missing kernels are findings when the config names the ops it
	// wants. With every op selected, or allow_missing_kernels, they are
	// information.
	switch {
	case KernelsRequired(c) || o.Mode == output.InterfaceMode:
		err = PrintMissing(stdout, c, p, o, j.Where, absent, "")
		n += len(absent)
	case verbose:
		err = PrintMissing(stdout, c, p, o, j.Where, absent, "info: ")
	case len(absent) > 0:
		fmt.Fprintf(stdout, "info: %d of %d selected ops have no kernel in %s (-v lists them)\n", len(absent), len(p.Ops), o.Kernels.Path)
	}
	if err == nil {
		var st *Stubs
		if st, err = PrepareStubs(stubs, o, j.Loaded, absent); err == nil {
			err = st.Write(f.Stderr(), g.WriteNew)
		}
	}
	if err == nil && n > 0 {
		err = base.ErrFindings
	}
	return err
}

// refusedByGen returns what gen would refuse of the config before writing
// that vet sees only by generating:
//   - a name another set in the output declares (checkSiblingSets);
//   - when the set generates, an import the go command refuses
//     (checkImports). A kernel of the wrong signature is vet's finding,
//     reported below.
//
// The output directory itself is gen's to refuse, not vet's. vet runs in
// the kernels' directory, with no output: of its own. Where the directory
// holds another package's files, nothing is loaded. Outside a module,
// checkImports checks nothing. A config that names no package (kernels:,
// memory:, bind_imports:, the type map's) brings in no import it could
// refuse: the generated files import only the standard library's and
// assertgen's.
func (j *Job) refusedByGen(c *config.Config) error {
	if err := j.checkSiblingSets(c); err != nil {
		return err
	}
	if checkOutputDir(j.Dir, j.Options.Package) != nil || !InModule(j.Dir) || len(j.importKeys(c)) == 0 {
		return nil
	}
	var err error
	if j.Options.ShapesPackage, err = shapesPackage(j.Dir, j.Options); err != nil {
		return err
	}
	res, err := gen.Generate(j.Plan, j.Options)
	if err != nil {
		return nil
	}
	_, err = j.checkImports(c, res)
	return err
}

// inlineOps is the most ops vet names on its info line; more are
// counted, and listed with -v.
const inlineOps = 5

// listWidth is the width vet wraps a list of ops to.
const listWidth = 100

// returnsItselfNote is gen's note, on its summary line, of the bound ops
// returns_arg cannot fail for: their count and the first few by name. It
// is "" for none.
func returnsItselfNote(itself []string) string {
	if len(itself) == 0 {
		return ""
	}
	return fmt.Sprintf("; returns_arg cannot fail for %d bound ops whose code returns no tensor: %s (assertgen vet -v lists them)", len(itself), firstOps(itself))
}

// firstOps names the first inlineOps of ops and counts the rest:
// "abs_, abs.out, acos_, acos.out, acosh_ and 43 more".
func firstOps(ops []string) string {
	if len(ops) <= inlineOps {
		return strings.Join(ops, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ops[:inlineOps], ", "), len(ops)-inlineOps)
}

// printReturnsItself writes vet's info on the bound ops whose code returns
// no tensor (itself, in the plan's order). It writes their count, and:
//   - the ops on the same line, when they are few;
//   - else, when verbose, the ops wrapped on the lines that follow;
//   - else "-v lists them".
func printReturnsItself(w io.Writer, itself []string, verbose bool) {
	head := fmt.Sprintf("info: returns_arg cannot fail for %d bound ops: their code returns no tensor, so the wrapper returns the argument they write (bind a call that returns it, or an expression, to have it checked)", len(itself))
	switch {
	case len(itself) <= inlineOps:
		fmt.Fprintf(w, "%s: %s\n", head, strings.Join(itself, ", "))
	case !verbose:
		fmt.Fprintf(w, "%s: %s; -v lists them\n", head, firstOps(itself))
	default:
		fmt.Fprintf(w, "%s:\n", head)
		line := " "
		for i, op := range itself {
			if i < len(itself)-1 {
				op += ","
			}
			if len(line) > 1 && len(line)+1+len(op) > listWidth {
				fmt.Fprintln(w, line)
				line = " "
			}
			line += " " + op
		}
		fmt.Fprintln(w, line)
	}
}
