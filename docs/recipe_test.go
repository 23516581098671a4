package docs

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestNewCheckRecipe follows docs/asserts.md's recipe for adding a check
// ("Adding a check") in a scratch copy of the tree: it adds
// view_new_impl (a view return is a TensorImpl of its own), a check that
// follows shares_storage's rows, by editing only the places the recipe
// lists and running the command it names. The copy must build, plan the
// new check's rows (explain shows one for a view op), pass the table of
// checks' tests, the docs' tables test, the new check's own test and the
// root's constant-count test; and the files it changed must
// be exactly the recipe's.
func TestNewCheckRecipe(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	if testing.Short() {
		t.Skip("copies the tree and builds it")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	places := recipePlaces(t, filepath.Join(repo, "docs/asserts.md"))
	tmp := t.TempDir()
	copyTree(t, repo, tmp)

	edit(t, tmp, "asserts/checks/checks.go", `\n\n\t// NumChecks is the number`,
		"\n\tViewNewImpl // view_new_impl: a view return is a TensorImpl of its own, not the viewed argument's")
	edit(t, tmp, "asserts/checks/checks.go", `(?m)^\tNotArgHandle: +\{"not_arg_handle"`,
		"\tViewNewImpl: {\"view_new_impl\", \"ViewNewImpl\"},\n")
	edit(t, tmp, "internal/checktable/table.go", `(?m)^\tchecks\.NotArgHandle: \{`, newCheckRow)
	write(t, tmp, "internal/engine/viewnewimpl.go", newCheckFuncs)
	write(t, tmp, "internal/engine/viewnewimpl_test.go", newCheckTest)
	run(t, tmp, "go", "test", "./docs", "-run", "TestCheckTables", "-update")

	run(t, tmp, "go", "build", "./...")
	run(t, tmp, "go", "vet", "./asserts/...", "./internal/checktable")
	if out := run(t, tmp, "go", "run", "./cmd/assertgen", "explain", "transpose.int"); !strings.Contains(out, "view_new_impl") {
		t.Errorf("explain transpose.int in the copy plans no view_new_impl row:\n%s", out)
	}
	run(t, tmp, "go", "test", "./internal/checktable", "./internal/engine", "./docs", "-run", "TestCheckFacts|TestSkipSets|TestViewNewImpl|TestCheckTables|Example")
	run(t, tmp, "go", "test", "-run", "TestCheckConstantFiles", ".")

	changed := changedFiles(t, repo, tmp)
	if !slices.Equal(changed, places) {
		t.Errorf("adding a check changed\n\t%s\nthe recipe lists\n\t%s", strings.Join(changed, "\n\t"), strings.Join(places, "\n\t"))
	}
}

// recipePlaces returns the files of the recipe's list in docs/asserts.md
// (between its markers), sorted, with <check> as the new check's file
// name, viewnewimpl.
func recipePlaces(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, "<!-- recipe: the places a new check touches -->")
	j := strings.Index(doc, "<!-- end of the recipe -->")
	if i < 0 || j < i {
		t.Fatalf("%s: no recipe between its markers", path)
	}
	var places []string
	for _, m := range regexp.MustCompile("`([A-Za-z/<>_]+\\.(?:go|md))`").FindAllStringSubmatch(doc[i:j], -1) {
		places = append(places, strings.ReplaceAll(m[1], "<check>", "viewnewimpl"))
	}
	slices.Sort(places)
	return slices.Compact(places)
}

// copyTree copies the root module's files (no .git, no runtimes/: other
// modules) from src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if rel == ".git" || rel == "runtimes" || strings.HasPrefix(d.Name(), "_") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// changedFiles returns the files of the copy that are new or differ from
// the tree's, sorted.
func changedFiles(t *testing.T, repo, copied string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(copied, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(copied, path)
		b, _ := os.ReadFile(path)
		old, err := os.ReadFile(filepath.Join(repo, rel))
		if err != nil || !bytes.Equal(b, old) {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// edit inserts text into the file at rel of root, before the first match
// of the regular expression at.
func edit(t *testing.T, root, rel, at, text string) {
	t.Helper()
	path := filepath.Join(root, rel)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	loc := regexp.MustCompile(at).FindStringIndex(s)
	if loc == nil {
		t.Fatalf("%s: no %q to add the check at; did the recipe's place change?", rel, at)
	}
	i := loc[0]
	if err := os.WriteFile(path, []byte(s[:i]+text+s[i:]), 0o644); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, root, rel, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs the command in dir and returns its output; it fails the test
// when the command fails.
func run(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// newCheckRow is view_new_impl's row of the table of checks.
const newCheckRow = `	checks.ViewNewImpl: {
		shape:   OnRetArg,
		follows: []checks.Check{checks.SharesStorage},
		steps:   []Step{{Phase: AfterResult, Funcs: [NumForms]string{FormOne: "ViewNewImpl"}}},
		words:   func(w Words) string { return w.Ret + " is a TensorImpl of its own, not " + w.Arg + "'s" },
		message: func(v *Report) string {
			return fmt.Sprintf("is the TensorImpl of %s (%v): a view needs a TensorImpl of its own", v.Other, id(v.Got))
		},
		hint:   always("a view kernel must return a new TensorImpl over the viewed storage, not the argument's"),
		values: "the argument's TensorImpl / the return's (equal)",
	},
`

// newCheckFuncs is view_new_impl's run-time function.
const newCheckFuncs = `package engine

import (
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

// ViewNewImpl checks that view return r is a TensorImpl of its own, not
// the viewed argument's (view_new_impl).
func (c *Call) ViewNewImpl(ret Loc, r *Slot, arg Loc, s *Slot) {
	const k = checks.ViewNewImpl
	c.count(k, 1)
	if c.pairSkipped(k, r, s, 0) {
		return
	}
	if r.id.Impl != 0 && r.id.Impl == s.id.Impl {
		c.report(&violation{Violation: asserts.Violation{Check: k, Want: uint64(s.id.Impl), Got: uint64(r.id.Impl), Traits: r.traits()}, loc: ret, other: arg})
	}
}
`

// newCheckTest is view_new_impl's test.
const newCheckTest = `package engine

import (
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
)

type viewNewImplTensor struct{ impl, storage asserts.ID }

func (v viewNewImplTensor) Ident() asserts.Ident {
	return asserts.Ident{Impl: v.impl, Storage: v.storage, Traits: asserts.Versioned}
}
func (v viewNewImplTensor) UseCounts() (int, int) { return 1, 2 }

// TestViewNewImpl: a view that is the argument's TensorImpl is reported,
// with its message and hint; a view of its own is not.
func TestViewNewImpl(t *testing.T) {
	op := &Op{Name: "alias"}
	for _, ret := range []viewNewImplTensor{{2, 7}, {1, 7}} {
		vs := asserts.Collect(func() {
			var c Call
			var s, r Slot
			arg := viewNewImplTensor{1, 7}
			c.Begin(op)
			c.Save(&s, arg)
			c.After(&s, arg)
			r = Slot{id: ret.Ident(), after: asserts.Ident{Impl: 1, Storage: 2}, meta: asserts.Versioned | fResult} // as Frame.Ret reads it
			c.ViewNewImpl(Ret(0), &r, Arg("self"), &s)
			c.End()
		})
		want := ret.impl == 1
		if got := len(vs) == 1 && vs[0].Check == checks.ViewNewImpl; got != want || len(vs) > 1 {
			t.Errorf("return %v: violations %v", ret, vs)
		} else if want && (!strings.Contains(vs[0].Error(), "a view needs a TensorImpl of its own") || !strings.Contains(vs[0].Hint, "new TensorImpl")) {
			t.Errorf("message and hint: %v", vs[0].Error())
		}
	}
}
`
