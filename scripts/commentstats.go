//go:build ignore

// Commentstats measures how long the sentences of Go comments are, per
// package. It reads the non-test, non-generated .go files of each directory
// given (DIR/... walks the tree below DIR; testdata and vendor are skipped):
//
//	go run scripts/commentstats.go ./gen ./plan
//	go run scripts/commentstats.go -long 30 ./cmd/assertgen/...
//	go run scripts/commentstats.go -files ./cmd/assertgen
//
// It prints, per package, the sentences counted and their mean and median
// length in words. -long N also lists each sentence longer than N words at
// its file:line. -files prints the same figures per file.
//
// What counts as a sentence:
//   - Every comment counts: doc comments, comments inside functions and
//     comments at the end of a line.
//   - Directives (//go:build, //go:generate, //line, //nolint) do not.
//   - Indented lines are code or tables (preformatted in go doc) and do
//     not count, except list items ("  - item", "  1. item") and their
//     continuation lines.
//   - A sentence ends at ".", "!" or "?" followed by a space, at a blank
//     comment line, at a list item and at the end of the comment. "e.g.",
//     "i.e.", "vs.", "cf." and "..." do not end one.
//   - A word is a run of non-space characters with a letter or a digit.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// sentence is one sentence of a comment and where it starts.
type sentence struct {
	pos   token.Position
	words int
	text  string
}

func main() {
	long := flag.Int("long", 0, "list the sentences longer than `N` words")
	files := flag.Bool("files", false, "print the figures per file too")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		args = []string{"./..."}
	}
	byDir := map[string][]sentence{}
	byFile := map[string][]sentence{}
	fset := token.NewFileSet()
	for _, arg := range args {
		dirs, err := expand(arg)
		if err != nil {
			fmt.Fprintln(os.Stderr, "commentstats:", err)
			os.Exit(1)
		}
		for _, dir := range dirs {
			if err := readDir(fset, dir, byDir, byFile); err != nil {
				fmt.Fprintln(os.Stderr, "commentstats:", err)
				os.Exit(1)
			}
		}
	}
	fmt.Printf("%-45s %9s %6s %6s\n", "package", "sentences", "mean", "median")
	var all []sentence
	for _, dir := range sortedKeys(byDir) {
		printRow(dir, byDir[dir])
		all = append(all, byDir[dir]...)
	}
	if len(byDir) > 1 {
		printRow("all", all)
	}
	if *files {
		fmt.Println()
		for _, file := range sortedKeys(byFile) {
			printRow(file, byFile[file])
		}
	}
	if *long > 0 {
		fmt.Println()
		for _, s := range all {
			if s.words > *long {
				fmt.Printf("%s: %d words: %s\n", s.pos, s.words, s.text)
			}
		}
	}
}

// expand turns DIR/... into DIR and the directories below it.
func expand(arg string) ([]string, error) {
	root, ok := strings.CutSuffix(arg, "/...")
	if !ok {
		return []string{filepath.Clean(arg)}, nil
	}
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		dirs = append(dirs, filepath.Clean(path))
		return nil
	})
	return dirs, err
}

// readDir adds the sentences of one directory's files.
func readDir(fset *token.FileSet, dir string, byDir, byFile map[string][]sentence) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		path := filepath.Join(dir, name)
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			continue
		}
		for _, cg := range f.Comments {
			s := sentences(fset, cg)
			byDir[dir] = append(byDir[dir], s...)
			byFile[path] = append(byFile[path], s...)
		}
	}
	return nil
}

var (
	directive = regexp.MustCompile(`^(go:|line |export |extern |nolint|lint:)`)
	listItem  = regexp.MustCompile(`^\s+([-*+•]|\d+[.)])\s+`)
	abbrev    = map[string]bool{"e.g.": true, "i.e.": true, "vs.": true, "cf.": true}
)

// sentences splits one comment group into sentences.
func sentences(fset *token.FileSet, cg *ast.CommentGroup) []sentence {
	var out []sentence
	var words []string
	var start token.Pos
	flush := func() {
		if n := countWords(words); n > 0 {
			out = append(out, sentence{fset.Position(start), n, strings.Join(words, " ")})
		}
		words = nil
	}
	add := func(line string, pos token.Pos) {
		for _, w := range strings.Fields(line) {
			if len(words) == 0 {
				start = pos
			}
			words = append(words, w)
			if endsSentence(w) {
				flush()
			}
		}
	}
	inItem := false
	for _, c := range cg.List {
		for i, line := range commentLines(c.Text) {
			pos := c.Slash
			if i > 0 {
				// The position of a line of a /* */ block: close enough
				// for -long, which names the sentence's first line.
				pos = token.Pos(int(c.Slash) + strings.Index(c.Text, line))
			}
			switch {
			case directive.MatchString(line):
				flush()
				inItem = false
			case strings.TrimSpace(line) == "":
				flush()
				inItem = false
			case listItem.MatchString(line):
				flush()
				inItem = true
				add(listItem.ReplaceAllString(line, ""), pos)
			case line[0] == ' ' || line[0] == '\t':
				if inItem {
					add(line, pos)
				} else {
					flush()
				}
			default:
				inItem = false
				add(line, pos)
			}
		}
	}
	flush()
	return out
}

// commentLines returns a comment's lines without its markers and without
// the one space that follows "//".
func commentLines(text string) []string {
	if rest, ok := strings.CutPrefix(text, "//"); ok {
		rest, _ = strings.CutPrefix(rest, " ")
		return []string{rest}
	}
	text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(strings.TrimLeft(l, " \t"), "* ")
	}
	return lines
}

// endsSentence reports whether a word ends its sentence.
func endsSentence(w string) bool {
	w = strings.TrimRight(w, `"')]}`+"`")
	if abbrev[strings.ToLower(w)] || strings.HasSuffix(w, "...") {
		return false
	}
	return strings.HasSuffix(w, ".") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, "?")
}

// countWords counts the words that hold a letter or a digit.
func countWords(words []string) int {
	n := 0
	for _, w := range words {
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			n++
		}
	}
	return n
}

func printRow(name string, s []sentence) {
	if len(s) == 0 {
		fmt.Printf("%-45s %9d %6s %6s\n", name, 0, "-", "-")
		return
	}
	n := make([]int, len(s))
	total := 0
	for i, x := range s {
		n[i] = x.words
		total += x.words
	}
	sort.Ints(n)
	median := float64(n[len(n)/2])
	if len(n)%2 == 0 {
		median = float64(n[len(n)/2-1]+n[len(n)/2]) / 2
	}
	fmt.Printf("%-45s %9d %6.1f %6.1f\n", name, len(s), float64(total)/float64(len(s)), median)
}

func sortedKeys(m map[string][]sentence) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
