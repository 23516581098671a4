//go:build debugasserts

package findings

import (
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/runtimes/libtorch/aten"
	"github.com/assertgen/assertgen/runtimes/libtorch/report"
	"github.com/assertgen/assertgen/runtimes/libtorch/sweepops"
	"github.com/assertgen/assertgen/runtimes/libtorch/torch"
)

func TestMain(m *testing.M) {
	torch.SetNumThreads(1)
	os.Exit(m.Run())
}

// A repro is one minimal call of an op's checked wrapper.
type repro struct {
	// op is the op called, with its overload ("resize.out").
	op string
	// name tells repros of one op apart in test names; may be empty.
	name string
	// shows lists the violations the call shows where the kernel has the
	// finding, each "CHECK ret N" or "CHECK arg NAME"; CHECK "impl" is the
	// release's TensorImpl use-count check of a fresh return.
	shows []string
	// samples, when set, are the sweep samples whose kind of input the
	// repro makes (6: empty, 14-16: quantized, ...): an entry of shows is
	// then required only where the release's committed sweep report saw
	// the verdict's violation on one of them, so a repro of one input kind does not stand for a finding
	// another kind shows. Unset: any verdict of the op, check and return.
	samples []int
	// kinds, when set, are the meta (24) and functional (25) samples whose
	// kind of tensor the repro also runs on: add makes a copy of it per
	// kind, in which f32 makes tensors of that kind (meta tensors,
	// functionalization wrappers) and which names that sample alone.
	kinds []int
	// code is the call as Go, for the findings table of the docs.
	code string
	run  func(t *testing.T)
}

var repros []repro

// add registers repros, and for each of their kinds a copy run on
// tensors of that kind.
func add(rs ...repro) {
	for _, r := range rs {
		if r.kinds != nil && r.samples == nil {
			// the CPU run stands for every sample but the kinds'
			for k := range numSamples {
				if k != metaSample && k != functionalSample {
					r.samples = append(r.samples, k)
				}
			}
		}
		repros = append(repros, r)
		for _, k := range r.kinds {
			c, run := r, r.run
			c.kinds, c.samples = nil, []int{k}
			c.name = strings.TrimPrefix(r.name+"/"+kindName(k), "/")
			c.code = r.code + " (" + kindName(k) + ")"
			c.run = func(t *testing.T) {
				tensorKind = kindOf(k)
				defer func() { tensorKind = nil }()
				run(t)
			}
			repros = append(repros, c)
		}
	}
}

// tensorKind, while a kind copy of a repro runs, turns each tensor f32
// makes into one of that kind.
var tensorKind func(tensor) tensor

// f32 returns a new float tensor of the given sizes (none: 0-dim) holding
// 0.5, 1.5, ... (in a kind copy of a repro, of that kind: see repro.kinds)
func f32(sizes ...int64) *torch.Tensor {
	n := int64(1)
	for _, s := range sizes {
		n *= s
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(i) + 0.5
	}
	x := torch.FromFloat64s(torch.Float32, v, sizes...)
	if tensorKind != nil {
		return tensorKind(x)
	}
	return x
}

// view returns a [2,3] float view (row 1) of a [2,2,3] base, and the base:
// a tensor whose StorageImpl another live TensorImpl shares, as the sweep's
// aliasing sample makes them.
func view() (v, base *torch.Tensor) {
	base = f32(2, 2, 3)
	return base.Select(0, 1), base
}

// rel releases every handle.
func rel(ts ...*torch.Tensor) {
	for _, t := range ts {
		t.Release()
	}
}

// wrapper returns the release's checked wrapper of op as the Go function
// type F the repro calls; the test fails if the wrapper has another
// signature in this release.
func wrapper[F any](t *testing.T, op string) F {
	t.Helper()
	w, ok := sweepops.Checked[op]
	if !ok {
		t.Fatalf("%s is not bound in libtorch %s", op, aten.SchemaVersion)
	}
	f, ok := w.(F)
	if !ok {
		t.Fatalf("%s: libtorch %s's checked wrapper is a %T, the repro calls a %T", op, aten.SchemaVersion, w, f)
	}
	return f
}

// implCheck is what "impl" in repro.shows stands for in this release: the
// fresh-return TensorImpl check the planner takes from assertgen's table
// of releases.
func implCheck(t testing.TB) string {
	r, err := pytorch.Lookup(aten.SchemaVersion)
	if err != nil {
		t.Fatal(err)
	}
	return r.Autograd.FreshImplCheck().String()
}

// resolve turns an entry of repro.shows into the key of a violation:
// "op check ret N" or "op check arg NAME".
func resolve(t testing.TB, op, show string) string {
	if c, rest, _ := strings.Cut(show, " "); c == "impl" {
		show = implCheck(t) + " " + rest
	}
	return op + " " + show
}

// A verdict as verdicts.json has it (the fields the repros match).
type verdict struct {
	Op      string `json:"op"`
	Check   string `json:"check"`
	Arg     string `json:"arg"`
	Ret     *int   `json:"ret"`
	Verdict string `json:"verdict"`
}

func (v verdict) key() string {
	if v.Arg != "" {
		return v.Op + " " + v.Check + " arg " + v.Arg
	}
	r := -1
	if v.Ret != nil {
		r = *v.Ret
	}
	return v.Op + " " + v.Check + " ret " + strconv.Itoa(r)
}

// kernelVerdicts returns the keys of the release's kernel verdicts (the
// verdicts.json of the module the test runs in), each with the samples
// the release's committed sweep report (reports/RELEASE.json) saw it on:
// a verdict names no sample, the full sweep's report does.
func kernelVerdicts(t testing.TB) map[string][]int {
	b, err := os.ReadFile("../verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []verdict
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatalf("../verdicts.json: %v", err)
	}
	// An op of the release's unstable.json has no deterministic outcome
	// (a kernel's undefined behaviour: it crashes in some runs and writes
	// over memory in others), so no repro can require its verdicts; the
	// sweep's baseline leaves it out for the same reason.
	unstable, err := report.LoadUnstable("../unstable.json")
	if err != nil {
		t.Fatal(err)
	}
	rep := committedReport(t)
	today := todaysNumber(rep)
	seenOn := map[string][]int{}
	for _, f := range rep.Violations {
		k := verdict{Op: f.Op, Check: f.Check, Arg: f.Arg, Ret: f.Ret}.key()
		seenOn[k] = append(seenOn[k], today(f.SampleID))
	}
	keys := map[string][]int{}
	for _, v := range vs {
		if _, ok := unstable[v.Op]; ok {
			continue
		}
		if v.Verdict == "kernel" {
			for _, k := range cut(rep.Outcomes[v.Op]) {
				keys[v.key()] = append(keys[v.key()], today(k))
			}
			keys[v.key()] = append(keys[v.key()], seenOn[v.key()]...)
		}
	}
	return keys
}

// todaysNumber maps a sample number of rep to today's sweep's: a report
// of a sweep with fewer variants numbers its meta sample and the samples
// after it lower (the variants go before them, the new values at the end).
func todaysNumber(rep *report.Report) func(int) int {
	m := slices.IndexFunc(rep.Variants, func(name string) bool { return strings.HasPrefix(name, "meta tensors") })
	if m < 0 {
		return func(k int) int { return k }
	}
	return func(k int) int {
		if k >= m {
			return k + metaSample - m
		}
		return k
	}
}

// cut returns the samples an op's committed run did not reach because a
// sample hung before them ('T' in its outcomes, 2.6.0's alpha_dropout at
// sample 14): the report cannot say the verdict's violation does not show
// there, so a repro of such a sample's kind requires it as the verdict's
// key does.
func cut(outcome string) []int {
	var ks []int
	if i := strings.IndexByte(outcome, 'T'); i >= 0 {
		for k := i + 1; k < len(outcome); k++ {
			ks = append(ks, k)
		}
	}
	return ks
}

// committedReport reads the release's committed sweep report: under
// runtimes/libtorch/reports, two directories up from the module root's
// findings, four from a release's.
func committedReport(t testing.TB) *report.Report {
	for _, dir := range []string{"../reports", "../../../reports"} {
		p := dir + "/" + aten.SchemaVersion + ".json"
		if _, err := os.Stat(p); err == nil {
			r, err := report.LoadReport(p)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
	}
	t.Fatalf("no committed sweep report of libtorch %s (reports/%s.json)", aten.SchemaVersion, aten.SchemaVersion)
	return nil
}

// violationKey is the key of a violation, as verdict.key makes it (a list
// element counts as its list).
func violationKey(v asserts.Violation) string {
	op := v.Op
	if v.Overload != "" {
		op += "." + v.Overload
	}
	if v.Ret < 0 {
		return op + " " + v.Check.String() + " arg " + v.Arg
	}
	return op + " " + v.Check.String() + " ret " + strconv.Itoa(v.Ret)
}

// want is the set of violations r must show in this release: those of
// r.shows that the release has kernel verdicts for (seen on one of
// r.samples by the committed sweep report when r names them).
func (r repro) want(t testing.TB, verdicts map[string][]int) []string {
	var w []string
	for _, s := range r.shows {
		k := resolve(t, r.op, s)
		samples, ok := verdicts[k]
		if ok && (r.samples == nil || slices.ContainsFunc(r.samples, func(n int) bool { return slices.Contains(samples, n) })) {
			w = append(w, k)
		}
	}
	sort.Strings(w)
	return w
}

func (r repro) testName() string {
	if r.name != "" {
		return r.op + "/" + r.name
	}
	return r.op
}

// TestRepros runs every repro with the checks on (the content check too)
// and requires exactly the violations the release's verdicts give it.
func TestRepros(t *testing.T) {
	verdicts := kernelVerdicts(t)
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	defer asserts.SetHandler(prev)
	defer asserts.SetContentCheck(asserts.SetContentCheck(true))
	for _, r := range repros {
		t.Run(r.testName(), func(t *testing.T) {
			want := r.want(t, verdicts)
			if _, ok := sweepops.Checked[r.op]; !ok {
				if len(want) > 0 {
					t.Fatalf("%s is not bound in libtorch %s, which has verdicts %v", r.op, aten.SchemaVersion, want)
				}
				t.Skipf("%s is not bound in libtorch %s", r.op, aten.SchemaVersion)
			}
			col.Reset()
			var rejected *torch.Error
			func() {
				defer func() {
					if e := recover(); e != nil {
						var ok bool
						if rejected, ok = e.(*torch.Error); !ok {
							panic(e)
						}
					}
				}()
				r.run(t)
			}()
			// An op may reject the call in a release where it has no
			// finding to show (an older kernel's argument checks).
			if rejected != nil {
				if len(want) > 0 {
					t.Fatalf("%s: %v", r.code, rejected)
				}
				t.Skipf("libtorch %s rejects the call, and has no verdict it would show: %v", aten.SchemaVersion, rejected)
			}
			got := map[string]bool{}
			for _, v := range col.Violations() {
				got[violationKey(v)] = true
			}
			var gotKeys []string
			for k := range got {
				gotKeys = append(gotKeys, k)
			}
			sort.Strings(gotKeys)
			if !slices.Equal(gotKeys, want) {
				t.Errorf("libtorch %s: %s\nviolations: %q\nwant:       %q (its verdicts)", aten.SchemaVersion, r.code, gotKeys, want)
			}
		})
	}
}

// TestVerdictsHaveRepros requires every kernel verdict of the release to
// be required by a repro.
func TestVerdictsHaveRepros(t *testing.T) {
	verdicts := kernelVerdicts(t)
	covered := map[string]bool{}
	for _, r := range repros {
		for _, k := range r.want(t, verdicts) {
			covered[k] = true
		}
	}
	var missing []string
	for k := range verdicts {
		if !covered[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("libtorch %s: kernel verdicts without a repro:\n%s", aten.SchemaVersion, strings.Join(missing, "\n"))
	}
}

// TestPrintTable prints the findings table for the docs (go test -tags
// debugasserts -run TestPrintTable -v): the release's verdicts each repro
// requires.
func TestPrintTable(t *testing.T) {
	verdicts := kernelVerdicts(t)
	for _, r := range repros {
		w := r.want(t, verdicts)
		for i := range w {
			w[i] = strings.TrimPrefix(w[i], r.op+" ")
		}
		t.Logf("| `%s` | %s | `%s` |", r.op, strings.Join(w, ", "), r.code)
	}
}
