//go:build ignore

// Linecount counts the hand-written lines of the root module, as issue 23
// counts them: every line (blank and comment lines included) of the non-test
// .go files outside examples/, runtimes/, scripts/ and any testdata/, less
// the files whose header says "// Code generated ... DO NOT EDIT.". It prints
// the count per top-level directory and the total:
//
//	go run scripts/linecount.go              # the working tree
//	go run scripts/linecount.go -rev REV     # a git revision
//	go run scripts/linecount.go -from A -to B
//
// With -from and -to it walks the first-parent commits of B after A and
// prints, per commit, the change of the count and the issue its subject
// names (a merged branch, "issue N", or a rule of the table below), then the
// net change per issue. Counts at a revision are read from git objects, so
// the working tree and the checkout do not matter.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// generated is Go's rule for a generated file (go/ast.IsGenerated): a line
// of this shape before the package clause.
var generated = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// counted reports whether a path (slash-separated, relative to the module
// root) is hand-written code the issue counts.
func counted(path string) bool {
	if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
		return false
	}
	for _, dir := range []string{"examples/", "runtimes/", "scripts/"} {
		if strings.HasPrefix(path, dir) {
			return false
		}
	}
	return !strings.HasPrefix(path, "testdata/") && !strings.Contains(path, "/testdata/")
}

// lines returns the line count of a file's text, or -1 when it is generated.
func lines(text []byte) int {
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "package ") {
			break
		}
		if generated.MatchString(strings.TrimRight(line, "\r")) {
			return -1
		}
	}
	return bytes.Count(text, []byte("\n"))
}

// group names the top-level package a file counts under: cmd/assertgen and
// internal/x by two path elements, the rest by one.
func group(path string) string {
	parts := strings.Split(path, "/")
	if len(parts) == 1 {
		return "."
	}
	if (parts[0] == "cmd" || parts[0] == "internal") && len(parts) > 2 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

type counts map[string]int

func (c counts) total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// repo reads blobs through one git cat-file process and remembers the line
// count of each blob it has read.
type repo struct {
	in    io.WriteCloser
	out   *bufio.Reader
	blobs map[string]int
}

func openRepo() (*repo, error) {
	cmd := exec.Command("git", "cat-file", "--batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &repo{in: in, out: bufio.NewReader(out), blobs: map[string]int{}}, nil
}

func (r *repo) blobLines(hash string) (int, error) {
	if n, ok := r.blobs[hash]; ok {
		return n, nil
	}
	fmt.Fprintln(r.in, hash)
	header, err := r.out.ReadString('\n')
	if err != nil {
		return 0, err
	}
	fields := strings.Fields(header)
	if len(fields) != 3 {
		return 0, fmt.Errorf("git cat-file: %q", header)
	}
	size, err := strconv.Atoi(fields[2])
	if err != nil {
		return 0, err
	}
	body := make([]byte, size+1) // the object and its trailing newline
	if _, err := io.ReadFull(r.out, body); err != nil {
		return 0, err
	}
	n := lines(body[:size])
	r.blobs[hash] = n
	return n, nil
}

// at counts a revision's files from its tree.
func (r *repo) at(rev string) (counts, error) {
	out, err := exec.Command("git", "ls-tree", "-r", rev).Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-tree %s: %v", rev, err)
	}
	c := counts{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		meta, path, ok := strings.Cut(line, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 || fields[1] != "blob" || !counted(path) {
			continue
		}
		n, err := r.blobLines(fields[2])
		if err != nil {
			return nil, err
		}
		if n >= 0 {
			c[group(path)] += n
		}
	}
	return c, nil
}

// worktree counts the files under the current directory.
func worktree() (counts, error) {
	c := counts{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		path = filepath.ToSlash(path)
		if !counted(path) {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := lines(text); n >= 0 {
			c[group(path)] += n
		}
		return nil
	})
	return c, err
}

func print(c counts) {
	groups := make([]string, 0, len(c))
	for g := range c {
		groups = append(groups, g)
	}
	sort.Slice(groups, func(i, j int) bool {
		return c[groups[i]] > c[groups[j]] || c[groups[i]] == c[groups[j]] && groups[i] < groups[j]
	})
	for _, g := range groups {
		fmt.Printf("%7d  %s\n", c[g], g)
	}
	fmt.Printf("%7d  total\n", c.total())
}

// branches name the issue whose work a branch carried, by the names the
// project's sessions gave their branches; first match wins.
var branches = []struct {
	re    *regexp.Regexp
	issue string
}{
	{regexp.MustCompile(`^(onemodel|trim|names)$`), "23"},
	{regexp.MustCompile(`^(trust.*|output)$`), "19"},
	{regexp.MustCompile(`^(r214|2\.14.*)$`), "18"},
	{regexp.MustCompile(`^(gorgonia|freshcheck)$`), "22"},
	{regexp.MustCompile(`^(samples|layouts|svd|viewcap)$`), "21"},
	{regexp.MustCompile(`^(lt2x)$`), "20"},
	{regexp.MustCompile(`^(hotpath)$`), "24"},
}

var (
	issueRe = regexp.MustCompile(`issue (\d+)`)
	// mergeRe reads "Merge branch 'src' into dst", "Merge main (why) into
	// dst", "Merge src: why" and their like.
	mergeRe = regexp.MustCompile(`^Merge (?:branch )?'?([A-Za-z0-9._-]+)'?(?: \([^)]*\))?(?: into '?([A-Za-z0-9._-]+))?`)
)

type commit struct {
	hash, subject string
	parents       []string
	branch        string
}

// known names the issue of the commits whose subject and merges do not:
// from be93bcb (where issue 23 was filed) to a22dbe8, as read from their
// diffs.
var known = map[string]string{
	"c872a6a": "19", // FuzzParseConfig and its two bugs (trust-input)
	"22d9aee": "19", // a yaml.v3 node past the end of the text (trust-input)
	"a830e32": "19", // docs of the input bounds (trust-input)
	"d717dc1": "19", // ParseYAMLNode's comment (trust-input)
	"b4e99ee": "23", // checkedBody under 100 lines (issue 23's limit)
	"2e7510d": "23", // strictRows under 100 lines
	"96ba958": "23", // setup, a one-caller wrapper, goes
	"e87fb5e": "23", // one pairRows instead of two copies
	"3c1eaa8": "23", // Plan.Validate (issue 23 item 2) in 116 lines
	"a2ab25d": "23", // a release's rules by index (after "one type named Release")
}

// issueOf names the issue of a commit: the one its subject names, else the
// one of the branch it was made on, else the known table's, else "?".
func issueOf(c *commit) string {
	if m := issueRe.FindStringSubmatch(c.subject); m != nil {
		return m[1]
	}
	if i, ok := known[c.hash[:7]]; ok {
		return i
	}
	for _, b := range branches {
		if b.re.MatchString(c.branch) {
			return b.issue
		}
	}
	return "?"
}

func revList(args ...string) ([]string, error) {
	out, err := exec.Command("git", append([]string{"rev-list"}, args...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("git rev-list %s: %v", strings.Join(args, " "), err)
	}
	return strings.Fields(string(out)), nil
}

// own is the change of the count a commit made itself: against its first
// parent for a commit, and for a merge what is left once the commits it
// brings in (those of its second parent not in its first) are taken off,
// which is the merge's conflict resolution. Summed over the commits of
// A..B, own telescopes to count(B) - count(A).
func (r *repo) own(hash string, memo map[string]int) (int, error) {
	if d, ok := memo[hash]; ok {
		return d, nil
	}
	parents, err := revList("--parents", "-n1", hash)
	if err != nil {
		return 0, err
	}
	c, err := r.at(hash)
	if err != nil {
		return 0, err
	}
	d := c.total()
	if len(parents) > 1 {
		p, err := r.at(parents[1])
		if err != nil {
			return 0, err
		}
		d -= p.total()
	}
	if len(parents) > 2 {
		in, err := revList(parents[1] + ".." + parents[2])
		if err != nil {
			return 0, err
		}
		for _, x := range in {
			dx, err := r.own(x, memo)
			if err != nil {
				return 0, err
			}
			d -= dx
		}
	}
	memo[hash] = d
	return d, nil
}

// label gives every commit of A..B the branch it was made on, as far as the
// merge subjects tell: a merge of src gives src to the commits it brings in,
// a merge into dst gives dst to itself and to the commits of its first
// parent since the two sides parted. Merges are read oldest first and a
// commit keeps its first label, so the innermost merge names it.
func label(from, to string) ([]*commit, error) {
	out, err := exec.Command("git", "log", "--topo-order", "--reverse", "--format=%H %P%x00%s", from+".."+to).Output()
	if err != nil {
		return nil, fmt.Errorf("git log %s..%s: %v", from, to, err)
	}
	var all []*commit
	byHash := map[string]*commit{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		ids, subject, _ := strings.Cut(line, "\x00")
		f := strings.Fields(ids)
		c := &commit{hash: f[0], parents: f[1:], subject: subject}
		all = append(all, c)
		byHash[c.hash] = c
	}
	give := func(name string, hashes []string) {
		for _, h := range hashes {
			if c := byHash[h]; c != nil && c.branch == "" {
				c.branch = name
			}
		}
	}
	for _, c := range all {
		m := mergeRe.FindStringSubmatch(c.subject)
		if len(c.parents) < 2 || m == nil {
			continue
		}
		src, dst := m[1], m[2]
		if src != "main" {
			in, err := revList(c.parents[0] + ".." + c.parents[1])
			if err != nil {
				return nil, err
			}
			give(src, in)
		}
		if dst != "" {
			mine, err := revList(c.parents[1] + ".." + c.parents[0])
			if err != nil {
				return nil, err
			}
			give(dst, append([]string{c.hash}, mine...))
		}
		give(src, []string{c.hash})
	}
	return all, nil
}

func attribute(r *repo, from, to string) error {
	all, err := label(from, to)
	if err != nil {
		return err
	}
	memo := map[string]int{}
	net := map[string]int{}
	sum := 0
	for _, c := range all {
		d, err := r.own(c.hash, memo)
		if err != nil {
			return err
		}
		sum += d
		if d == 0 {
			continue
		}
		issue := issueOf(c)
		net[issue] += d
		fmt.Printf("%+7d  %-3s %-10.10s %.7s %.80s\n", d, issue, c.branch, c.hash, c.subject)
	}
	a, err := r.at(from)
	if err != nil {
		return err
	}
	b, err := r.at(to)
	if err != nil {
		return err
	}
	issues := make([]string, 0, len(net))
	for i := range net {
		issues = append(issues, i)
	}
	sort.Strings(issues)
	fmt.Printf("%7d  %s\n%7d  %s\n", a.total(), from, b.total(), to)
	for _, i := range issues {
		fmt.Printf("%+7d  issue %s\n", net[i], i)
	}
	if sum != b.total()-a.total() {
		return fmt.Errorf("the commits' own changes sum to %+d, not %+d", sum, b.total()-a.total())
	}
	return nil
}

func main() {
	rev := flag.String("rev", "", "count at this git `revision` instead of the working tree")
	from := flag.String("from", "", "with -to: attribute the change since this `revision`")
	to := flag.String("to", "", "with -from: attribute the change up to this `revision`")
	flag.Parse()
	if flag.NArg() != 0 || (*from == "") != (*to == "") {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/linecount.go [-rev REV | -from A -to B]")
		os.Exit(2)
	}
	var err error
	switch {
	case *from != "":
		var r *repo
		if r, err = openRepo(); err == nil {
			err = attribute(r, *from, *to)
		}
	case *rev != "":
		var r *repo
		var c counts
		if r, err = openRepo(); err == nil {
			if c, err = r.at(*rev); err == nil {
				print(c)
			}
		}
	default:
		var c counts
		if c, err = worktree(); err == nil {
			print(c)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "linecount:", err)
		os.Exit(1)
	}
}
