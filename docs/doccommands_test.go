package docs

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A docCommand is one command of a fenced sh block of README.md or
// docs/*.md (a line, without its comment; a && chain is split into its
// parts by the check).
type docCommand struct {
	at, cmd string
	// guide is set for the blocks the docs' tests run as written
	// (after a "<!-- quickstart: run -->", "<!-- gcstart: run -->",
	// "<!-- foreign: run -->", "<!-- genstart: run -->" or "<!-- libinit: run -->").
	guide bool
}

// docRunBy names the commands a test of this repository runs as written:
// the command and the test (its name is checked to exist).
var docRunBy = map[string]string{
	"go run ./cmd/assertgen gen -mode interface -package pytorch -output ./_pytorch": "TestReadmeMainCommand",
	"go build ./_pytorch": "TestReadmeMainCommand",
}

// docExempt holds the commands neither CI nor a test runs, each with the
// reason. Their go test names and scripts are still checked to exist.
var docExempt = map[string]string{
	"go get -tool github.com/assertgen/assertgen/cmd/assertgen":        "fetches the published module from the proxy; the guide's walk-through, which the docs' tests run, uses a replace of this checkout instead",
	"go get -tool github.com/assertgen/assertgen/cmd/assertgen@latest": "the same, at @latest",
	"go tool assertgen init":                     "the first step in the user's package: init's own tests run it (branch onboard); the guide's hand-written start is run by the docs' tests",
	"go generate ./...":                          "the second step, in the user's module (the docs' tests run the guide's go generate; in this repository go generate ./... would regenerate every committed set, which gen -check checks instead)",
	"cd gen":                                     "enters the package's directory for the benchmark binary on the same line",
	"time .ci/run":                               "CI itself, measured; minutes long",
	"go test -count=1 -short ./...":              "a measurement of the test suite; CI runs it without -short",
	"./sweep.sh -j 2":                            "the full libtorch sweep, minutes long; runtimes/libtorch/ci.sh runs a bounded one",
	"./sweep.sh -update -j 2":                    "the full sweep written over the committed report; ci.sh runs a bounded one against it",
	"./sweep.sh -ops bmm -v":                     "one op's samples, for a reader; ci.sh runs the same sweep bounded to one sample of every op",
	"./release.sh 2.14.1 run ./sweep.sh -j 2":    "the full sweep in the 2.14.1 chroot; ci.sh runs a bounded one there",
	"assertgen plan -json -allowlists mine.yaml": "mine.yaml stands for the reader's allowlist",
	"/usr/bin/time -f '%e s %U u %M KB' /tmp/assertgen gen -mode interface -package all -output /tmp/o -schema N.txt": "N.txt stands for a synthetic schema list (benchmarks.md)",
}

// docExemptPrefix exempts whole families of commands: benchmarks and
// fuzz runs are measurements, minutes long.
var docExemptPrefix = map[string]string{
	"scripts/bench_":                             "a benchmark script (docs/benchmarks.md), minutes long",
	"PAIRS=30 scripts/bench_":                    "a benchmark script against torchgen, which needs torchgen's source tree",
	"NEW_VARIANT=frame scripts/bench_":           "a benchmark script (docs/benchmarks.md) measuring the one path's wrappers, minutes long",
	"N2=120000 NEW_VARIANT=frame scripts/bench_": "the same, with the iterations the issue's figures were taken with",
	"/tmp/":              "a benchmark binary, built by go test -c or go build on the line before",
	"ASSERTGEN_CONTENT=": "the suite with same_content switched on by the environment; TestContentCheckSwitch and TestKindsContent check the switch and run the suite's programs with the check on",
}

// TestDocCommands checks that every command of a fenced sh block of
// README.md and docs/*.md is run: by .ci/run (verbatim, or a go test or
// go vet that a line of .ci/run covers: the same flags on packages its
// patterns include, narrowed by -run, -v or -count), by a test named in
// docRunBy, by the docs' tests (the guide's marked blocks), or by
// this test itself (assertgen's plan, explain and vet, which are quick);
// or that it is exempt with a reason (benchmarks and fuzz runs are). Every go test command's packages
// and -run, -bench and -fuzz names must exist, exempt or not, and so must
// every script.
func TestDocCommands(t *testing.T) {
	t.Parallel() // a module (or a copy of the tree) of its own
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	ci := ciCommands(t, root)
	files, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	var self []docCommand
	n := 0
	for _, f := range files {
		for _, c := range docCommands(t, f) {
			for _, part := range strings.Split(c.cmd, " && ") {
				n++
				part = strings.TrimSpace(part)
				checkNames(t, root, c.at, part)
				switch {
				case c.guide:
				case docRunBy[part] != "":
					if !testExists(t, root, docRunBy[part]) {
						t.Errorf("%s: %q: docRunBy names %s, which no test file declares", c.at, part, docRunBy[part])
					}
				case ci[normalize(part)] || coveredByCI(ci, part):
				case docExempt[part] != "" || exemptPrefix(part) || measurement(part):
				case runnable(part):
					self = append(self, docCommand{c.at, part, false})
				default:
					t.Errorf("%s: %q is run by neither .ci/run nor a test; run it in one, or add it to docExempt with the reason", c.at, part)
				}
			}
		}
	}
	if n < 40 {
		t.Fatalf("found %d commands in README.md and docs/*.md; is the repository root %s?", n, root)
	}
	if testing.Short() || len(self) == 0 {
		return
	}
	bin := filepath.Join(t.TempDir(), "assertgen")
	if out, err := exec.Command("go", "build", "-o", bin, filepath.Join(root, "cmd", "assertgen")).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range self {
		args := shellWords(strings.TrimPrefix(normalize(c.cmd), "assertgen "))
		cmd := exec.Command(bin, args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %s: %v\n%.2000s", c.at, c.cmd, err, out)
		}
	}
}

// docCommands reads the commands of file's fenced sh blocks.
func docCommands(t *testing.T, file string) []docCommand {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []docCommand
	in, guide, cd := false, false, ""
	lines := strings.Split(string(src), "\n")
	name := filepath.Base(filepath.Dir(file)) + "/" + filepath.Base(file)
	if filepath.Base(file) == "README.md" {
		name = "README.md"
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			if in {
				in = false
				continue
			}
			in = l == "```sh" || l == "```bash"
			prev := ""
			if i > 0 {
				prev = strings.TrimSpace(lines[i-1])
			}
			guide = in && (prev == "<!-- quickstart: run -->" || prev == "<!-- gcstart: run -->" || prev == "<!-- foreign: run -->" || prev == "<!-- genstart: run -->" || prev == "<!-- libinit: run -->")
			cd = ""
			continue
		}
		cmd := strings.TrimSpace(l)
		if k := strings.Index(cmd, " #"); k >= 0 {
			cmd = strings.TrimSpace(cmd[:k])
		}
		if !in || cmd == "" || strings.HasPrefix(cmd, "#") {
			continue
		}
		if dir, ok := strings.CutPrefix(cmd, "cd "); ok {
			cd = dir + "/"
			continue
		}
		if rest, ok := strings.CutPrefix(cmd, "./"); ok && cd != "" && !strings.Contains(rest, " ") {
			cmd = cd + rest // ./ci.sh after cd runtimes/libtorch
		}
		out = append(out, docCommand{at: name + ":" + strconv.Itoa(i+1), cmd: cmd, guide: guide})
	}
	return out
}

// ciCommands reads .ci/run's command lines, normalized.
func ciCommands(t *testing.T, root string) map[string]bool {
	f, err := os.Open(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmds := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		for _, part := range strings.Split(sc.Text(), ";") {
			part = strings.TrimSpace(part)
			if strings.HasPrefix(part, "echo ") || part == "" {
				continue
			}
			part, _, _ = strings.Cut(part, " >")
			part, _, _ = strings.Cut(part, " ||")
			part = strings.TrimPrefix(part, "setsid -w ") // a job run beside the others
			cmds[normalize(strings.TrimSpace(part))] = true
		}
	}
	if !cmds["go test ./..."] {
		t.Fatal(".ci/run has no go test ./...; did its form change?")
	}
	return cmds
}

// normalize spells every way of running the command "assertgen ...".
func normalize(cmd string) string {
	for _, p := range []string{"go run ./cmd/assertgen ", "/tmp/assertgen-ci ", "go tool assertgen "} {
		if rest, ok := strings.CutPrefix(cmd, p); ok {
			return "assertgen " + rest
		}
	}
	return cmd
}

// coveredByCI reports whether a go test or go vet command is one of
// .ci/run's narrowed: the same flags but -run, -v and -count, on packages
// one of its patterns includes.
func coveredByCI(ci map[string]bool, cmd string) bool {
	verb, flags, pkgs := splitGo(cmd)
	if verb == "" || len(pkgs) == 0 {
		return false
	}
	for line := range ci {
		lverb, lflags, lpkgs := splitGo(line)
		if lverb != verb || !slices.Equal(lflags, flags) {
			continue
		}
		all := true
		for _, p := range pkgs {
			all = all && slices.ContainsFunc(lpkgs, func(l string) bool { return includes(l, p) })
		}
		if all {
			return true
		}
	}
	return false
}

// splitGo splits "go test|vet FLAGS PKGS" into the verb, the flags that
// change what runs (sorted) and the package patterns.
func splitGo(cmd string) (verb string, flags, pkgs []string) {
	w := shellWords(cmd)
	if len(w) < 2 || w[0] != "go" || (w[1] != "test" && w[1] != "vet") {
		return "", nil, nil
	}
	for i := 2; i < len(w); i++ {
		switch a := w[i]; {
		case a == "-run":
			i++
		case a == "-v" || strings.HasPrefix(a, "-count"):
		case a == "-tags":
			flags = append(flags, a+"="+w[i+1])
			i++
		case strings.HasPrefix(a, "./"):
			pkgs = append(pkgs, a)
		default:
			flags = append(flags, a)
		}
	}
	slices.Sort(flags)
	return w[1], flags, pkgs
}

// includes reports whether package pattern p covers package pattern q.
func includes(p, q string) bool {
	if p == q {
		return true
	}
	tree, ok := strings.CutSuffix(p, "...")
	return ok && strings.HasPrefix(strings.TrimSuffix(q, "..."), tree)
}

// measurement reports whether cmd is a go test run that measures (a
// benchmark or a fuzz run) or builds a test binary for one.
func measurement(cmd string) bool {
	w := shellWords(cmd)
	if len(w) < 2 || w[0] != "go" || (w[1] != "test" && w[1] != "build") {
		return false
	}
	return slices.Contains(w, "-bench") || slices.Contains(w, "-fuzz") || slices.Contains(w, "-c") ||
		w[1] == "build" && slices.Contains(w, "-o")
}

func exemptPrefix(cmd string) bool {
	for p := range docExemptPrefix {
		if strings.HasPrefix(cmd, p) {
			return true
		}
	}
	return false
}

// runnable reports whether this test runs cmd itself: assertgen's plan,
// explain and vet.
func runnable(cmd string) bool {
	w := shellWords(normalize(cmd))
	return len(w) >= 2 && w[0] == "assertgen" && (w[1] == "plan" || w[1] == "explain" || w[1] == "vet")
}

// checkNames checks that a go test command's packages and test names,
// and a script, exist.
func checkNames(t *testing.T, root, at, cmd string) {
	w := shellWords(cmd)
	for len(w) > 0 && strings.Contains(w[0], "=") {
		w = w[1:] // VAR=value
	}
	if len(w) > 0 && strings.HasPrefix(w[0], "scripts/") {
		if _, err := os.Stat(filepath.Join(root, w[0])); err != nil {
			t.Errorf("%s: %q: no script %s", at, cmd, w[0])
		}
		return
	}
	if len(w) < 2 || w[0] != "go" || w[1] != "test" {
		return
	}
	var pkgs, names []string
	for i := 2; i < len(w); i++ {
		switch w[i] {
		case "-run", "-bench", "-fuzz":
			if i+1 < len(w) {
				names = append(names, w[i+1])
			}
			i++
		case "-tags", "-o", "-fuzztime", "-timeout", "-parallel", "-count":
			i++
		default:
			if strings.HasPrefix(w[i], "./") {
				pkgs = append(pkgs, strings.TrimSuffix(strings.TrimSuffix(w[i], "..."), "/"))
			}
		}
	}
	var funcs []string
	for _, p := range pkgs {
		dir := filepath.Join(root, p)
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("%s: %q: no package %s", at, cmd, p)
			continue
		}
		funcs = append(funcs, testFuncs(t, dir)...)
	}
	for _, n := range names {
		top, _, _ := strings.Cut(n, "/")
		if top == "^$" || top == "XXX" || top == "." || top == "" {
			continue
		}
		re, err := regexp.Compile(top)
		if err != nil {
			t.Errorf("%s: %q: bad pattern %q: %v", at, cmd, n, err)
			continue
		}
		if !slices.ContainsFunc(funcs, re.MatchString) {
			t.Errorf("%s: %q: %q matches no test, benchmark or fuzz target of %v", at, cmd, n, pkgs)
		}
	}
}

var testFuncRE = regexp.MustCompile(`(?m)^func ((Test|Benchmark|Fuzz)\w*)\(`)

// testFuncs returns the Test, Benchmark and Fuzz functions of dir's test
// files (not its subdirectories').
func testFuncs(t *testing.T, dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	var out []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range testFuncRE.FindAllStringSubmatch(string(src), -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// testExists reports whether a test file of the root module declares the
// test function name.
func testExists(t *testing.T, root, name string) bool {
	found := false
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipDir
		}
		if d.IsDir() && (d.Name() == "runtimes" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) && p != root {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, "_test.go") {
			src, err := os.ReadFile(p)
			if err == nil && strings.Contains(string(src), "\nfunc "+name+"(") {
				found = true
			}
		}
		return nil
	})
	return found
}

// shellWords splits a command line at spaces, keeping single- and
// double-quoted words whole (without their quotes).
func shellWords(s string) []string {
	var out []string
	var b strings.Builder
	quote, in := byte(0), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}
