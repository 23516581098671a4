//go:build debugasserts

package sweep

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	kern "github.com/assertgen/assertgen/sweep/testdata/trust6/kernels"
	"github.com/assertgen/assertgen/sweep/testdata/trust6/lib"
)

// The findings of testdata/trust6 (issue 79), which its wrappers' checks
// find in a debug build.

// trustDirEnv passes a test's reproducer directory to its workers.
const trustDirEnv = "SWEEP_TRUST6_REPRO"

// trustReproDir is a directory for a sweep's reproducers under testdata
// (in this module: they import testdata/trust6's library), its name
// starting with prefix, removed when the test ends; in a worker, its
// master's.
func trustReproDir(t *testing.T, prefix string) string {
	t.Helper()
	if dir := os.Getenv(trustDirEnv); dir != "" {
		return dir
	}
	dir, err := os.MkdirTemp("testdata", prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	t.Setenv(trustDirEnv, dir)
	return dir
}

// trustSweep sweeps testdata/trust6's ops named, isolated or not, with
// reproducers written to dir.
func trustSweep(t *testing.T, dir string, inProcess bool, ops ...string) *Report {
	t.Helper()
	rep, err := Sweep(trustOps(ops...), trustRuntime{}, Options{Content: true, InProcess: inProcess, Repro: dir, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// reproSource reads a reproducer's test file.
func reproSource(t *testing.T, r *Repro) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(r.Dir, "repro_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Item 1: neg negates a Go int input in place (found by the probe Go int
// alone). Its reproducer makes a []int, and says Go int, never int64,
// wherever it names the tensor: its title (the bug list's line), its
// sample, the sample it started from, its test's comments and message.
// Guard: the probe's finding is reproduced on a Go int tensor, verified.
func TestReproGoIntSaysGoInt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducer")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), true, "neg")
	if len(rep.Findings) != 1 || rep.Findings[0].Key() != "neg same_content argument self" ||
		!slices.Equal(rep.Findings[0].Variants, []string{"value: " + Probes[goIntProbe()].Name}) {
		t.Fatalf("want neg's same_content on the probe Go int alone:\n%s", rep)
	}
	if len(rep.Repros) != 1 || !rep.Repros[0].Verified {
		t.Fatalf("want one verified reproducer:\n%s", rep)
	}
	r := rep.Repros[0]
	src := reproSource(t, r)
	if !strings.Contains(src, "lib.New([]int{") {
		t.Errorf("the reproducer makes no Go int tensor:\n%s", src)
	}
	for _, c := range []struct{ what, text string }{
		{"title", r.Title}, {"sample", r.Sample}, {"from", r.From}, {"the report's line", r.String()},
		{"the bug list", rep.BugList()}, {"the test's comment", src[strings.Index(src, "// "+r.Name+":"):strings.Index(src, "package repro")]},
		{"the test's message", strings.SplitN(src[strings.Index(src, "t.Errorf("):], "\n", 2)[0]},
	} {
		if strings.Contains(c.text, "int64") || !strings.Contains(c.text, "Go int") {
			t.Errorf("%s: %q, want Go int, not int64", c.what, c.text)
		}
	}
}

// goIntProbe is the number of the probe Go int.
func goIntProbe() int {
	return slices.IndexFunc(Probes, func(p probe) bool { return p.Name == "Go int" })
}

// Guards of issue 79: probe 22's finding (abs writes |x| into a negative
// 0-dim input) and a finding of a sample's second call (exp hands out its
// cached result again) are reproduced and verified, from a kernel package
// named otherwise than its directory (kern in kernels), which the
// reproducers copy, importing neither it nor assertgen; a correct kernel
// (sin) gives no finding.
func TestReproGuards(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducers")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), true, "abs", "exp", "sin")
	want := map[string]string{
		"abs same_content argument self": "value: " + Probes[22].Name,
		"exp fresh_not_held return 0":    Variants[0].Name + calledAgain,
	}
	if len(rep.Findings) != len(want) || len(rep.Crashes) != 0 {
		t.Fatalf("want abs's and exp's findings alone (sin is correct):\n%s", rep)
	}
	for _, f := range rep.Findings {
		if want[f.Key()] != f.Variants[0] {
			t.Errorf("%s first in %q, want %q", f.Key(), f.Variants[0], want[f.Key()])
		}
	}
	if len(rep.Repros) != len(want) {
		t.Fatalf("%d reproducers of %d findings:\n%s", len(rep.Repros), len(want), rep)
	}
	for _, r := range rep.Repros {
		src := reproSource(t, r)
		fn := "func " + strings.ToUpper(r.Key[:1]) + r.Key[1:3] + "("
		if !r.Verified || !strings.HasPrefix(r.From, want[r.Key]+": ") {
			t.Errorf("%s: verified %v (%s), from %q", r.Key, r.Verified, r.Note, r.From)
		}
		if strings.Contains(src, "/asserts") || strings.Contains(src, "/sweep\"") || strings.Contains(src, "trust6/kernels") || !strings.Contains(src, fn) {
			t.Errorf("%s: the reproducer does not copy %s alone:\n%s", r.Key, fn, src)
		}
	}
}

// Item 4: trunc's one crash on every 1-d tensor (TestOneCrashPerFunction)
// has one reproducer, verified.
func TestOneCrashOneReproducer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducer")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), true, "trunc")
	if len(rep.Crashes) != 1 || len(rep.Repros) != 1 || !rep.Repros[0].Verified || rep.Repros[0].Key != rep.Crashes[0].Key() {
		t.Errorf("want one crash and its one verified reproducer:\n%s", rep)
	}
}

// Item 3: ceil indexes one past the end of a 3-d tensor, its panic naming
// the element count. Minimized, the reproducer's sample is smaller and
// panics with its own text: its title is that text (what the reproducer
// prints), not the text of the sample the sweep found it on, and it is
// verified.
func TestReproMinimizedCrashTitle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducer")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), true, "ceil")
	if len(rep.Crashes) != 1 || len(rep.Repros) != 1 {
		t.Fatalf("want ceil's crash and its reproducer:\n%s", rep)
	}
	r, found := rep.Repros[0], rep.Crashes[0].Text
	m := regexp.MustCompile(`^self=float32\[([0-9,]+)\]$`).FindStringSubmatch(r.Sample)
	if m == nil || r.Sample == strings.TrimPrefix(r.From, rep.Crashes[0].Variants[0]+": ") {
		t.Fatalf("want a smaller float32 sample than the sweep's, got %q from %q", r.Sample, r.From)
	}
	var shape []int
	for _, d := range strings.Split(m[1], ",") {
		n, _ := strconv.Atoi(d)
		shape = append(shape, n)
	}
	own := ""
	func() {
		defer func() { own = fmt.Sprint(recover()) }()
		kern.Ceil(lib.New(make([]float32, (&lib.T{Shape: shape}).Numel()), shape...))
	}()
	if own == found || !strings.HasSuffix(r.Title, ": "+own) || !r.Verified {
		t.Errorf("title %q (verified %v: %s), want it to end with the minimized sample's panic %q (the sweep's: %q)", r.Title, r.Verified, r.Note, own, found)
	}
}

// Item 2: relu's own goroutine writes a nil map on Go int tensors, which
// kills the worker, on the probe Go int alone. Its reproducer is written
// from the probed sample (Go int tensors, not the base's float32 ones),
// says so, and dies of the same panic: verified.
func TestReproProbeCrashOfDeadWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducer")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), false, "relu")
	probe := "value: " + Probes[goIntProbe()].Name
	if len(rep.Crashes) != 1 || rep.Crashes[0].Kind != crashGoroutine || !slices.Equal(rep.Crashes[0].Variants, []string{probe}) {
		t.Fatalf("want relu's goroutine panic on %s alone:\n%s", probe, rep)
	}
	if len(rep.Repros) != 1 {
		t.Fatalf("want one reproducer:\n%s", rep)
	}
	r := rep.Repros[0]
	src := reproSource(t, r)
	if !strings.HasPrefix(r.From, probe+": ") || !strings.Contains(r.From, "Go int[") || !strings.Contains(src, "lib.New([]int{") {
		t.Errorf("the reproducer is not of the probed sample: from %q:\n%s", r.From, src)
	}
	if !r.Verified || !strings.Contains(r.Title, "Go int") {
		t.Errorf("%s: verified %v (%s), title %q", r.Key, r.Verified, r.Note, r.Title)
	}
}

// Item 5: floor ends the process with log.Fatalf on 4-d tensors (the
// worker exits with status 1). Its reproducer dies as the worker did,
// exiting with status 1 in the call and printing the kernel's message,
// and is verified by that; its title and the bug list give the status and
// the message.
func TestReproLogFatalf(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducer")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), false, "floor")
	if len(rep.Crashes) != 1 || rep.Crashes[0].Key() != "floor crash: exit" || len(rep.Repros) != 1 {
		t.Fatalf("want floor's exit and its reproducer:\n%s", rep)
	}
	r, msg := rep.Repros[0], "kern: floor has no path for 4-d tensors"
	if !r.Verified || !strings.Contains(r.Title, "status 1") || !strings.HasSuffix(r.Title, ": "+msg) || !strings.Contains(rep.BugList(), r.Title) {
		t.Errorf("%s: verified %v (%s), title %q, want one with the exit status and %q, in the bug list:\n%s", r.Key, r.Verified, r.Note, r.Title, msg, rep.BugList())
	}
}

// Item 8: ASSERTGEN_SWEEP_REPRO names a directory with a space in it
// (an import path cannot have one). Every reproducer there, of a panic
// and of a process that exits, is verified, and the command the report
// prints for it, shell-quoted, runs it from the sweep's directory and
// fails as the bug does.
func TestReproDirWithSpace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducers")
	}
	dir := trustReproDir(t, "my repro-")
	t.Setenv(reproEnv, dir)
	rep, err := Sweep(trustOps("ceil", "floor"), trustRuntime{}, Options{Content: true, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Repros) != 2 {
		t.Fatalf("want ceil's and floor's reproducers:\n%s", rep)
	}
	sh, shErr := exec.LookPath("sh")
	for _, r := range rep.Repros {
		if !r.Verified || !strings.HasPrefix(r.Dir, dir+string(filepath.Separator)) {
			t.Errorf("%s: verified %v (%s), in %q", r.Key, r.Verified, r.Note, r.Dir)
		}
		if shErr != nil {
			continue
		}
		out, err := exec.Command(sh, "-c", r.Command).CombinedOutput()
		if err == nil || !strings.Contains(string(out), r.want) {
			t.Errorf("%s: %s: %v, want it to fail with %q:\n%s", r.Key, r.Command, err, r.want, out)
		}
	}
}

// Item 2, a recovered crash: sigmoid's goroutine kills the worker on the
// first variant (float32 [2,3]), and sigmoid panics on Go int tensors, on
// the probe Go int alone, of its base sample (the first variant that
// ran: 0-dim). The panic's reproducer is made from that base, probed,
// without calling the first variant (in the sweep's process, it would
// end the test), and is verified; the death's is verified too.
func TestReproProbeCrashOfLaterBase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the reproducers")
	}
	rep := trustSweep(t, trustReproDir(t, "repro-"), false, "sigmoid")
	probe := "value: " + Probes[goIntProbe()].Name
	if len(rep.Crashes) != 2 || rep.Crashes[0].Kind != crashGoroutine || rep.Crashes[0].Variants[0] != Variants[0].Name ||
		rep.Crashes[1].Kind != crashPanic || !slices.Equal(rep.Crashes[1].Variants, []string{probe}) || len(rep.Repros) != 2 {
		t.Fatalf("want sigmoid's goroutine panic on %s and its panic on %s alone, and their reproducers:\n%s", Variants[0].Name, probe, rep)
	}
	for _, r := range rep.Repros {
		if !r.Verified {
			t.Errorf("%s: not verified (%s)", r.Key, r.Note)
		}
	}
	if r := rep.Repros[1]; !strings.HasPrefix(r.From, probe+": self=Go int[].") {
		t.Errorf("%s: from %q, want the probe of the 0-dim base", r.Key, r.From)
	}
}
