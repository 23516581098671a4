//go:build unix

package finder

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBindHostile binds testdata/fakemod's hostile.H, whose methods do
// what a value check must survive (issue 68, items 9 to 11): Neg prints
// lines like the check's own and is right, so it is bound; Exp calls
// log.Fatal, Sin panics on a goroutine of its own, Tan calls os.Exit(0)
// Cos stops its whole program after starting a child process, and Sqrt
// blocks forever after starting one: each is that method's rejection,
// named with what it did, and the check goes on with the others (Abs and
// MulElem are bound). Nothing is left running: the children are killed
// with the program's process group.
func TestBindHostile(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	t.Setenv("HOSTILE_PIDS", pids)
	defer setBounds(2*time.Second, 6*time.Second)()
	dir, l := loadFake(t, Spec{Pointer: true, Path: "example.com/fakemod/hostile", Name: "H"})
	start := time.Now()
	f := bindAll(t, dir, l)
	t.Logf("bound in %v", time.Since(start))
	bound := map[string]string{}
	for _, b := range f.Bindings {
		bound[b.Op] = b.Code
	}
	for op, want := range map[string]string{"abs": "hostile.Abs(self)", "neg": "ret.Neg(self)", "mul.Tensor": "ret.MulElem(self, other)"} {
		if bound[op] != want {
			t.Errorf("%s bound to %q, want %q", op, bound[op], want)
		}
	}
	for _, op := range []string{"exp", "sin", "tan", "cos", "sqrt"} {
		if code, ok := bound[op]; ok {
			t.Errorf("%s bound to %q", op, code)
		}
	}
	var rejected []string
	for _, r := range f.Rejected {
		rejected = append(rejected, r.String())
	}
	all := strings.Join(rejected, "\n")
	for _, want := range []string{
		"H.Exp: not exp, exp.out, exp_: it does not do what the op does: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: it ended the value check's program (exit status 1): hostile: no exp here",
		"H.Sin: not sin, sin.out, sin_: it does not do what the op does: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: it ended the value check's program (exit status 2): panic: hostile: sin's worker failed",
		"H.Tan: not tan, tan.out, tan_: it does not do what the op does: on [[0.25 0.5 0.75] [0.125 0.625 0.875]]: it ended the value check's program (exit status 0)",
		// Its first candidate is abs's (Abs is bound): the callable's
		// others are not run after it stopped its program.
		"H.Cos: not cos, cos.out, cos_: it does not do what the op does: not run: H.Cos did not return within 6s on abs's inputs (its program was killed)",
		// It blocks: the program ends itself after callTimeout.
		"H.Sqrt: not sqrt, sqrt.out, sqrt_: it does not do what the op does: not run: H.Sqrt did not return within 2s on abs's inputs",
	} {
		if !slices.Contains(rejected, want) {
			t.Errorf("no rejection %q in:\n%s", want, all)
		}
	}
	data, err := os.ReadFile(pids)
	if err != nil || len(strings.Fields(string(data))) == 0 {
		t.Fatalf("Cos and Sqrt started no child (%v): the test shows nothing", err)
	}
	for _, f := range strings.Fields(string(data)) {
		pid, _ := strconv.Atoi(f)
		if !gone(pid, 10*time.Second) {
			t.Errorf("a child %d of Cos or Sqrt still runs after the check", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// gone reports whether process pid ends (or is a zombie) within d.
func gone(pid int, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			if syscall.Kill(pid, 0) != nil {
				return true
			}
			continue
		}
		if _, rest, ok := strings.Cut(string(stat), ") "); ok && strings.HasPrefix(rest, "Z") {
			return true
		}
	}
	return false
}
