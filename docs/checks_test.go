package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/testdata/golden"
)

// TestCheckTables: the docs' lists and tables of checks are made from
// the table of checks (internal/checktable/table.go), so that a check added
// there, or a function its row names, shows in every one of them: the
// table of docs/plan.md (what a row names and verifies), the table of
// docs/asserts.md (the constant, the steps and their functions by form,
// the skip reasons, Want and Got), the list of asserts' package
// documentation and the list of DESIGN.md. With -update it writes them.
func TestCheckTables(t *testing.T) {
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		file, start, end, text string
	}{
		{"docs/plan.md", "<!-- table of checks: made from internal/checktable/table.go by go test ./docs -run TestCheckTables -update -->\n",
			"<!-- end of the table of checks -->\n", planTable()},
		{"docs/asserts.md", "<!-- table of checks: made from internal/checktable/table.go by go test ./docs -run TestCheckTables -update -->\n",
			"<!-- end of the table of checks -->\n", assertsTable()},
		{"docs/asserts.md", "<!-- skip rules: made from checktable.Rules(checks.Strict) and checktable.Rules(checks.PyTorch) by go test ./docs -run TestCheckTables -update -->\n",
			"<!-- end of the skip rules -->\n", rulesTable()},
		{"asserts/doc.go", "// # Checks and the skip policy\n//\n", "//\n// Which apply to a tensor",
			fill("The checks are those of DESIGN.md, one row each in the table of checks (internal/checktable/table.go), named as the constants of package asserts/checks ([checks.Check]): "+allCheckNames()+". A plan also has rows of not_arg_handle, which are part of the TensorImpl use-count check of a return ([checks.NotArgHandle]).", 76, "// ")},
		{"docs/DESIGN.md", "ops after the entry that produced them.\n\n", "\n## asserts/",
			fill("Check names: "+allCheckNames()+" (and the plan rows not_arg_handle): the rows of the table of checks (internal/checktable/table.go; the names and constants in asserts/checks), which plan (the names, the shapes, the rows a check follows, explain's words) and gen (the constants and the functions of each step and form it prints) read; the docs' tables of checks are made from it.", 90, "")},
	} {
		path := filepath.Join(repo, s.file)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(b)
		i := strings.Index(doc, s.start)
		j := strings.Index(doc[i+len(s.start):], s.end)
		if i < 0 || j < 0 {
			t.Errorf("%s: no section between %q and %q", s.file, s.start, s.end)
			continue
		}
		j += i + len(s.start)
		if got := doc[i+len(s.start) : j]; got != s.text {
			if golden.Updating() {
				doc = doc[:i+len(s.start)] + s.text + doc[j:]
				if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s: the table of checks is not the one internal/checktable/table.go makes (go test ./docs -run TestCheckTables -update):\n%s\nwant:\n%s", s.file, got, s.text)
		}
	}
}

// allCheckNames lists the checks' names: "a, b, ... and z".
func allCheckNames() string {
	var names []string
	for k := range checks.Check(checks.NumChecks) {
		names = append(names, k.String())
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// genericWords are the words of a row's description in the tables.
var genericWords = checktable.Words{Arg: "the argument", Each: "the argument", Ret: "the return", ImplCheck: checks.ImplUseCountLE1}

// planTable is docs/plan.md's table: what a row of each check names and
// verifies (explain's words).
func planTable() string {
	var b strings.Builder
	b.WriteString("| check | on | verifies |\n| --- | --- | --- |\n")
	for k := range checks.Check(checks.NumPlanChecks) {
		w := genericWords
		if checktable.ShapeOf(k) == checktable.OnRetMayArg {
			w.Arg, w.Each = "", "" // the row of a fresh return; explain words the may-alias one
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", k, checktable.ShapeOf(k), cell(checktable.Describe(k, w)))
	}
	return b.String()
}

// assertsTable is docs/asserts.md's table: each check's constant, the
// steps generated code runs (the phase, the function of each form, what
// it takes besides the snapshots), the reasons the strict policy skips it
// for (those that skip every check apart), and what a violation's Want
// and Got hold.
func assertsTable() string {
	var b strings.Builder
	b.WriteString("| check | constant | steps: phase, function of each form | skipped (strict) under | want / got |\n| --- | --- | --- | --- | --- |\n")
	for k := range checks.Check(checks.NumPlanChecks) {
		var steps []string
		for _, st := range checktable.StepsOf(k) {
			var fs []string
			for f, fn := range st.Funcs {
				if fn != "" {
					fs = append(fs, fmt.Sprintf("%s `%s`", checktable.Form(f), fn))
				}
			}
			var flags []string
			for _, fl := range []struct {
				on   bool
				text string
			}{{st.Once, "once per call"}, {st.Tensor, "with the tensor"}, {st.NoLoc, "no Loc"}, {st.Counts, "reads use counts"}} {
				if fl.on {
					flags = append(flags, fl.text)
				}
			}
			s := st.Phase.String() + ": " + strings.Join(fs, ", ")
			if len(flags) > 0 {
				s += " (" + strings.Join(flags, ", ") + ")"
			}
			steps = append(steps, s)
		}
		var reasons []string
		for _, r := range checktable.Rules(checks.Strict) {
			if r.Skips != checks.All && k < checks.NumChecks && r.Skips.Has(k) {
				reasons = append(reasons, r.Reason.String())
			}
		}
		skipped := strings.Join(reasons, ", ")
		switch {
		case k >= checks.NumChecks:
			skipped = "with the use-count check it is part of"
		case skipped == "":
			skipped = "(only what skips every check: undefined, absent)"
		}
		fmt.Fprintf(&b, "| %s | `checks.%s` | %s | %s | %s |\n", k, k.GoName(), strings.Join(steps, "; "), skipped, cell(checktable.Values(k)))
	}
	return b.String()
}

// rulesTable is docs/asserts.md's table of the skip policies' rules: the
// checks each reason turns off under the strict policy and the pytorch
// ones (PyTorch and PyTorch113 share their per-tensor rules), and why.
func rulesTable() string {
	var b strings.Builder
	b.WriteString("| reason | strict skips | pytorch skips | why (strict) |\n| --- | --- | --- | --- |\n")
	pt := map[checks.Reason]checks.Set{}
	for _, r := range checktable.Rules(checks.PyTorch) {
		pt[r.Reason] = r.Skips
	}
	set := func(s checks.Set) string {
		switch s {
		case checks.All:
			return "all"
		case 0:
			return "nothing"
		}
		return strings.ReplaceAll(s.String(), ",", ", ")
	}
	for _, r := range checktable.Rules(checks.Strict) {
		p := set(pt[r.Reason])
		if pt[r.Reason] == r.Skips {
			p = "the same"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", r.Reason, set(r.Skips), p, cell(r.Why))
	}
	return b.String()
}

// cell escapes the pipes of a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// wrap fills text into lines of at most width runes (a longer word alone
// on its line), each starting with prefix, and ends it with a newline.
func fill(text string, width int, prefix string) string {
	var b strings.Builder
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(prefix)+len(line)+1+len(w) > width {
			b.WriteString(prefix + line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		b.WriteString(prefix + line + "\n")
	}
	return b.String()
}
