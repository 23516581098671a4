package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/assertgen/assertgen/sweep/testdata/causes/checked"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"2/3", Shard{2, 3}, ""},
		{"3/2", Shard{}, "3/2: the index of a shard of 2 runs from 0 to 1"},
		{"2/2", Shard{}, "the index of a shard of 2 runs from 0 to 1"},
		{"-1/2", Shard{}, "runs from 0 to 1"},
		{"0/0", Shard{}, "the total of shards must be at least 1"},
		{"x/y", Shard{}, `"x/y": want INDEX/TOTAL`},
		{"1", Shard{}, `"1": want INDEX/TOTAL`},
		{"1/3/4", Shard{}, "want INDEX/TOTAL"},
		{"", Shard{}, "want INDEX/TOTAL"},
	} {
		got, err := ParseShard(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseShard(%q) = %v, %v; want %v", c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseShard(%q) = %v, %v; want an error with %q", c.in, got, err, c.err)
		}
	}
}

// A bad shard in the environment is an error before any op runs, never
// a sweep of every op; Options.Shard is checked so too.
func TestBadShardIsAnError(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		o    Shard
		want string
	}{
		{map[string]string{shardEnv: "3/2"}, Shard{}, "ASSERTGEN_SWEEP_SHARD=3/2: the index of a shard of 2 runs from 0 to 1"},
		{map[string]string{shardEnv: "x/y"}, Shard{}, `ASSERTGEN_SWEEP_SHARD="x/y": want INDEX/TOTAL`},
		{map[string]string{bazelTotalEnv: "4", bazelIndexEnv: ""}, Shard{}, `TEST_SHARD_INDEX="", TEST_TOTAL_SHARDS="4"`},
		{map[string]string{bazelTotalEnv: "4", bazelIndexEnv: "4"}, Shard{}, "4/4: the index of a shard of 4 runs from 0 to 3"},
		{nil, Shard{Index: 2, Total: 2}, "Options.Shard 2/2: the index"},
		{nil, Shard{Index: 1}, "Options.Shard 1/0: the total of shards must be at least 1"},
	} {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		rep, err := Sweep(causesOps("neg"), causesRuntime{}, Options{InProcess: true, Shard: c.o})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v: got %v, %v; want an error with %q", c.env, c.o, rep, err, c.want)
		}
		for k := range c.env {
			os.Unsetenv(k)
		}
	}
}

// Bazel's protocol: the shard from TEST_SHARD_INDEX and TEST_TOTAL_SHARDS,
// the status file touched, the report in TEST_UNDECLARED_OUTPUTS_DIR
// under the test's name; ASSERTGEN_SWEEP_SHARD before Bazel's.
func TestBazelShards(t *testing.T) {
	dir := t.TempDir()
	status := filepath.Join(dir, "status")
	t.Setenv(bazelTotalEnv, "3")
	t.Setenv(bazelIndexEnv, "1")
	t.Setenv(bazelStatusEnv, status)
	t.Setenv(bazelOut, dir)
	rep, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Test: t})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(status); err != nil {
		t.Errorf("the status file: %v", err)
	}
	sh := rep.Shard
	if sh.Shard != (Shard{1, 3}) || sh.From != "TEST_SHARD_INDEX=1, TEST_TOTAL_SHARDS=3" || rep.Ops != len(sh.Ops) || sh.TableOps != len(libOps) {
		t.Errorf("shard %+v, %d ops", sh, rep.Ops)
	}
	if !strings.Contains(rep.String(), "\nshard 1/3 (TEST_SHARD_INDEX=1, TEST_TOTAL_SHARDS=3): 3 of the table's 9 ops, cost ") {
		t.Errorf("the report does not say its shard:\n%s", rep)
	}
	back, err := ReadReport(filepath.Join(dir, "TestBazelShards.shard-1-of-3.json"))
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != rep.String() {
		t.Errorf("read back:\n%s\nwritten:\n%s", back, rep)
	}
	t.Setenv(shardEnv, "0/2")
	if rep, err = Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Test: t}); err != nil || rep.Shard.Shard != (Shard{0, 2}) {
		t.Errorf("ASSERTGEN_SWEEP_SHARD before Bazel's: %+v, %v", rep.Shard, err)
	}
}

// shardEntries is a table of ops with 0 to 6 given samples each, and
// the costs share gives them.
func shardEntries(n int) []entry {
	var es []entry
	for i := range n {
		e := entry{Name: fmt.Sprintf("op%02d", i)}
		for range (i * 7) % 5 {
			e.given = append(e.given, Given{Name: "g"})
		}
		es = append(es, e)
	}
	return es
}

// The shards of any total partition the table, each op in one shard,
// the same for the same table, and balance its cost: no shard's cost
// exceeds another's by more than the costliest op's; with a past
// report, by the times it took there, an op new since costing its
// steps at the past mean.
func TestShareBalancesByCost(t *testing.T) {
	es := shardEntries(40)
	past := newReport(0)
	for i, e := range es[:30] {
		past.Took[e.Name] = time.Duration(1+(i*13)%11) * 100 * time.Millisecond
	}
	for _, p := range []*Report{nil, past} {
		cost, by := costs(es, 3, false, p)
		top := slices.Max(cost)
		for total := 1; total <= 7; total++ {
			owner := map[string]int{}
			var loads []int64
			for i := range total {
				info, err := share(es, causesRuntime{}, 3, Options{Past: p}, Shard{i, total}, "")
				if err != nil {
					t.Fatal(err)
				}
				again, _ := share(es, causesRuntime{}, 3, Options{Past: p}, Shard{i, total}, "")
				if !slices.Equal(info.Ops, again.Ops) || info.By != by {
					t.Errorf("%s: not the same split twice, or by %q", Shard{i, total}, info.By)
				}
				for _, op := range info.Ops {
					if j, ok := owner[op]; ok {
						t.Errorf("%s in shards %d and %d of %d", op, j, i, total)
					}
					owner[op] = i
				}
				loads = append(loads, info.Cost)
			}
			if len(owner) != len(es) {
				t.Errorf("%d shards own %d of %d ops", total, len(owner), len(es))
			}
			if d := slices.Max(loads) - slices.Min(loads); d > top {
				t.Errorf("by %s, %d shards: costs %v differ by %d, more than the costliest op's %d", by, total, loads, d, top)
			}
		}
	}
	cost, _ := costs(es, 3, false, past)
	if cost[0] != 100 || cost[1] != 300 {
		t.Errorf("past times: op00 %d ms, op01 %d ms; want 100 and 300", cost[0], cost[1])
	}
	if cost[35] < 1 {
		t.Errorf("an op new since the past report costs %d", cost[35])
	}
}

// withoutTimes is r's file with no times: what a merged report and the
// sweep's on one machine share.
func withoutTimes(t *testing.T, r *Report) []byte {
	t.Helper()
	c := *r
	c.Took = nil
	b, err := json.MarshalIndent(&c, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameReport fails t when merged is not whole but for times and
// addresses (a finding's message names a TensorImpl's, which differ from
// run to run of one sweep too): its file, its text, its causes' and
// verdicts' judgement.
func sameReport(t *testing.T, what string, whole, merged *Report, vs Verdicts) {
	t.Helper()
	if merged == nil {
		return // in a worker
	}
	if a, b := noAddrs(string(withoutTimes(t, whole))), noAddrs(string(withoutTimes(t, merged))); a != b {
		t.Errorf("%s: the merged report's file differs from the sweep's on one machine:\n%s", what, firstDiff(a, b))
	}
	if a, b := noAddrs(whole.String()), noAddrs(merged.String()); a != b {
		t.Errorf("%s: the merged report's text differs:\n%s", what, firstDiff(a, b))
	}
	u1, s1 := vs.Judge(whole)
	u2, s2 := vs.Judge(merged)
	if noAddrs(strings.Join(u1, "\n")) != noAddrs(strings.Join(u2, "\n")) || !slices.Equal(s1, s2) {
		t.Errorf("%s: judged %d unjudged, stale %q whole; %d, %q merged:\n%s", what, len(u1), s1, len(u2), s2, firstDiff(strings.Join(u1, "\n"), strings.Join(u2, "\n")))
	}
}

// addrRE finds an address in a message.
var addrRE = regexp.MustCompile(`0x[0-9a-f]+`)

// shardDirRE finds a shard's directory of reproducers in a path.
var shardDirRE = regexp.MustCompile(`shard-[0-9]+-of-[0-9]+[/\\]`)

// noAddrs is s with its addresses as 0x? and the shards' directories of
// reproducers left out (a shard writes its own: Options.inShard).
func noAddrs(s string) string {
	return shardDirRE.ReplaceAllString(addrRE.ReplaceAllString(s, "0x?"), "")
}

// firstDiff shows where a and b part, a few lines either side.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(la), len(lb)) {
		if i >= len(la) || i >= len(lb) || la[i] != lb[i] {
			lo := max(i-3, 0)
			return fmt.Sprintf("line %d:\n--- one machine\n%s\n--- merged\n%s", i+1, strings.Join(la[lo:min(i+4, len(la))], "\n"), strings.Join(lb[lo:min(i+4, len(lb))], "\n"))
		}
	}
	return "(none)"
}

// shardedSweep sweeps ops as total shards, each writing its report into
// a directory of its own under dir (a machine of its own), and merges
// the reports read back from one directory; total 0 sweeps the whole
// table, its report read back from its file. Each sweep is called from
// one line: a hang's stacks name it.
func shardedSweep(t *testing.T, ops iter.Seq2[string, any], rt Runtime, o Options, total int) (*Report, []*Report) {
	t.Helper()
	all := t.TempDir()
	for i := range max(total, 1) {
		o.Shard, o.Out = Shard{}, filepath.Join(all, fmt.Sprint(i))
		if total > 0 {
			o.Shard = Shard{i, total}
		}
		rep, err := Sweep(ops, rt, o)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Shard.Shard != (Shard{i, max(total, 1)}) || rep.Ops != len(rep.Shard.Ops) {
			t.Fatalf("shard %s: its report says %+v", o.Shard, rep.Shard)
		}
		if theWorker() != nil {
			continue // a worker writes no report: it runs the test again up to its sweep
		}
		name := reportFile(o.reportName(""), rep.Shard.Shard)
		b, err := os.ReadFile(filepath.Join(o.Out, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(all, name), b, 0o666); err != nil {
			t.Fatal(err)
		}
		if total == 0 {
			back, err := ReadReport(filepath.Join(all, name))
			if err != nil {
				t.Fatal(err)
			}
			sameReport(t, "its own file read back", rep, back, nil)
			return rep, nil
		}
	}
	if theWorker() != nil {
		return nil, nil
	}
	reps, err := ReadShards(all, o.reportName(""))
	if err != nil {
		t.Fatal(err)
	}
	merged, err := Merge(reps...)
	if err != nil {
		t.Fatal(err)
	}
	return merged, reps
}

// causeAcrossShards reports whether a cause of merged has members of ops
// two of the shards owned.
func causeAcrossShards(merged *Report, shards []*Report) bool {
	owner := map[string]int{}
	for i, s := range shards {
		for _, op := range s.Shard.Ops {
			owner[op] = i
		}
	}
	for _, c := range merged.Causes {
		for _, op := range c.Ops() {
			if owner[op] != owner[c.Ops()[0]] {
				return true
			}
		}
	}
	return false
}

// A sweep's report merged from 1, 2, 3 and 7 shards is the sweep's on
// one machine but for the times: testdata/causes (causes of crashes over
// several ops, some of which land in different shards; a finding of the
// binding's under the checks) in-process, and the planted runtime's
// crashes and hang in workers.
func TestMergedShardsAreOneMachinesReport(t *testing.T) {
	for _, c := range []struct {
		name string
		ops  iter.Seq2[string, any]
		rt   Runtime
		o    Options
		vs   Verdicts
	}{
		{"testdata/causes", checked.SweepOps, causesRuntime{}, Options{InProcess: true, Content: true, Name: "causes"},
			Verdicts{emptyCause: "a library bug", "cos crash: no such crash": "stale in the merged report"}},
		{"planted", planted(), poolRuntime{}, Options{Samples: 3, CallLimit: time.Second, Workers: 2, Name: "planted", Test: t},
			Verdicts{"neg refused": "stale"}},
	} {
		var whole *Report
		for _, n := range []int{0, 1, 2, 3, 7} {
			rep, shards := shardedSweep(t, c.ops, c.rt, c.o, n)
			switch {
			case rep == nil: // in a worker
			case n == 0:
				whole = rep
				if len(whole.Crashes) == 0 {
					t.Fatalf("%s: no crash to merge:\n%s", c.name, whole)
				}
			default:
				sameReport(t, fmt.Sprintf("%s, %d shards", c.name, n), whole, rep, c.vs)
				if c.name == "testdata/causes" && n > 1 && !causeAcrossShards(rep, shards) {
					t.Errorf("%d shards: no cause shows in two shards: the merge of causes is not tried", n)
				}
			}
		}
	}
}

// A verdict one shard needs is not stale in another shard's judgement,
// nor is a cause's verdict in any shard's (its cause may show in another);
// a verdict of an op a shard owned and no finding, crash or refusal needs
// is stale there; the merged report calls stale what no shard needed.
func TestShardVerdicts(t *testing.T) {
	vs := Verdicts{
		emptyCause:                             "lib reads element 0 of an empty tensor",
		zeroDimCause:                           "lib/reduce writes a nil map",
		"crash in nowhere: index out of range": "a cause no shard shows",
		"cos refused":                          "an op every shard but one does not own",
	}
	whole, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	_, wantStale := vs.Judge(whole)
	if !slices.Equal(wantStale, []string{"cos refused", "crash in nowhere: index out of range"}) {
		t.Fatalf("one machine's stale verdicts: %q", wantStale)
	}
	var shards []*Report
	for i := range 3 {
		rep, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Shard: Shard{i, 3}})
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, rep)
		u, stale := vs.Judge(rep)
		if len(u) != 0 {
			t.Errorf("shard %d: unjudged %q", i, u)
		}
		var want []string
		if slices.Contains(rep.Shard.Ops, "cos") {
			want = []string{"cos refused"} // its op: this shard's to judge
		}
		if !slices.Equal(stale, want) {
			t.Errorf("shard %d (ops %v): stale %q, want %q", i, rep.Shard.Ops, stale, want)
		}
		if n := len(rep.Causes); n == 2 {
			t.Logf("shard %d shows both causes", i)
		}
	}
	merged, err := Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	if _, stale := vs.Judge(merged); !slices.Equal(stale, wantStale) {
		t.Errorf("merged: stale %q, want %q", stale, wantStale)
	}
	for _, bad := range [][]*Report{shards[:2], {shards[0], shards[0], shards[1]}} {
		if _, err := Merge(bad...); err == nil {
			t.Errorf("merged %d shards of 3 (one missing, or twice) without an error", len(bad))
		}
	}
	other, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Shard: Shard{2, 3}, NoValues: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(shards[0], shards[1], other); err == nil || !strings.Contains(err.Error(), "another table or settings") {
		t.Errorf("merged a shard of other settings: %v", err)
	}
}

// Unstable ops go first, each to the least loaded shard: however cheap
// their past times, no shard holds more of them than another but one,
// the split stays the same on every run, and the rest still balance.
func TestShareSpreadsUnstableOps(t *testing.T) {
	// seven cheap ops, then 34 of a second each: by cost alone, the
	// cheap ones fill the lighter shards' tails
	es := shardEntries(41)
	past := newReport(0)
	for i, e := range es {
		past.Took[e.Name] = time.Second
		if i < 7 {
			past.Took[e.Name] = 10 * time.Millisecond
		}
	}
	unstable := []string{"op00", "op01", "op02", "op03", "op04", "op05", "op06", "nowhere"}
	for total := 2; total <= 7; total++ {
		var counts []int
		var loads []int64
		for i := range total {
			o := Options{Past: past, Unstable: unstable}
			info, err := share(es, causesRuntime{}, 3, o, Shard{i, total}, "")
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, op := range info.Ops {
				if slices.Contains(unstable, op) {
					n++
				}
			}
			counts = append(counts, n)
			loads = append(loads, info.Cost)
		}
		if slices.Max(counts)-slices.Min(counts) > 1 {
			t.Errorf("%d shards hold %v of the 7 unstable ops", total, counts)
		}
		if d := slices.Max(loads) - slices.Min(loads); d > 1000 {
			t.Errorf("%d shards: costs %v differ by %d ms, more than the costliest op's", total, loads, d)
		}
	}
	// without the list, the cheapest ops end up together
	var counts []int
	for i := range 3 {
		info, _ := share(es, causesRuntime{}, 3, Options{Past: past}, Shard{i, 3}, "")
		n := 0
		for _, op := range info.Ops {
			if slices.Contains(unstable, op) {
				n++
			}
		}
		counts = append(counts, n)
	}
	if slices.Max(counts)-slices.Min(counts) <= 1 {
		t.Errorf("by past times alone, 3 shards hold %v of the unstable ops: the test shows nothing", counts)
	}
}

// Shards split with different lists of unstable ops (or past reports)
// may sweep an op twice: the merge refuses them by their split's
// identity, or without one by the op they both swept.
func TestMergeRefusesDifferentSplits(t *testing.T) {
	var shards []*Report
	for i, unstable := range [][]string{{"sin"}, nil} {
		rep, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Shard: Shard{i, 2}, Unstable: unstable})
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, rep)
	}
	if !slices.Contains(shards[0].Shard.Ops, "sin") || !slices.Contains(shards[1].Shard.Ops, "sin") {
		t.Fatalf("the splits do not overlap in sin: %v, %v", shards[0].Shard.Ops, shards[1].Shard.Ops)
	}
	if _, err := Merge(shards...); err == nil || !strings.Contains(err.Error(), "shard 1/2 was split otherwise than shard 0/2") {
		t.Errorf("merged shards of different splits: %v", err)
	}
	// Reports written before ShardInfo.Split: an op both swept is named.
	for _, s := range shards {
		s.Shard.Split = ""
	}
	if _, err := Merge(shards...); err == nil || !strings.Contains(err.Error(), ": their splits differ") {
		t.Errorf("merged shards of different splits without their split's identity: %v", err)
	}
}

// ASSERTGEN_SWEEP_MERGE=DIR: the sweep merges its shards' reports in DIR
// instead of running, and RunWith judges the whole; reports of another
// table are an error.
func TestMergeFromEnvironment(t *testing.T) {
	dir := t.TempDir()
	o := Options{InProcess: true, Out: dir, Name: "lib"}
	for i := range 2 {
		o.Shard = Shard{i, 2}
		if _, err := Sweep(causesOps(libOps...), causesRuntime{}, o); err != nil {
			t.Fatal(err)
		}
	}
	whole, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(mergeEnv, dir)
	merged, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Name: "lib"})
	if err != nil {
		t.Fatal(err)
	}
	sameReport(t, "ASSERTGEN_SWEEP_MERGE", whole, merged, nil)
	if _, err := Sweep(causesOps(libOps[1:]...), causesRuntime{}, Options{InProcess: true, Name: "lib"}); err == nil || !strings.Contains(err.Error(), "another table or settings") {
		t.Errorf("merged the reports of another table: %v", err)
	}
	if _, err := Sweep(causesOps(libOps...), causesRuntime{}, Options{InProcess: true, Name: "none"}); err == nil || !strings.Contains(err.Error(), "holds no report of the sweep none") {
		t.Errorf("merged no reports: %v", err)
	}
}

// A crash's trace is the same from any shard and run: a signal's
// goroutine header (gp, m and mp, the step's label, whose number is the
// op's in its shard's share) and its first line's thread and code are
// taken out with the goroutine's number.
func TestNormalizeSignalTrace(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SIGSEGV: segmentation violation\nPC=0x7f3a m=6 sigcode=128 addr=0x0\nsignal arrived during cgo execution\n\ngoroutine 25 gp=0xc000 m=6 mp=0xc001 [syscall labels:{\"sweep.step\": \"551 0 step\"}]:\nruntime.cgocall(0x1, 0x2)\n\t/usr/local/go/src/runtime/cgocall.go:167 +0x4b fp=0xc0 sp=0xc1 pc=0xc2",
			"SIGSEGV: segmentation violation\nPC=0x? m=? sigcode=? addr=0x?\nsignal arrived during cgo execution\n\ngoroutine [syscall]:\nruntime.cgocall(...)\n\tcgocall.go:167 +0x? fp=0x? sp=0x? pc=0x?"},
		{"goroutine 7 [running labels:{\"sweep.step\": \"3 0 step\"}]:\nmain.f()", "goroutine [running]:\nmain.f(...)"},
		{"goroutine 20 gp=0xc0 m=nil [GC scavenge wait]:\nruntime.gopark(0x1)", "goroutine [GC scavenge wait]:\nruntime.gopark(...)"},
	} {
		if got := normalizeTrace(c.in); got != c.want {
			t.Errorf("normalizeTrace:\n%s\nwant:\n%s", got, c.want)
		}
	}
}

// A merged report lists the ops that refused a dtype where another ran
// (DtypeRefused) in the table's order, as a sweep on one machine does:
// four ops that each refuse float64, split over two shards (ops 0 and 2
// in one, 1 and 3 in the other), came out of the merge in the shards'
// order (the libtorch full sweep's merge differed from the unsharded
// report by that order alone).
func TestMergedDtypeRefusedInTableOrder(t *testing.T) {
	noDouble := func(self *Spec) *Spec {
		if self.Dtype == "float64" {
			panic(errors.New("no double"))
		}
		return &Spec{Shape: self.Shape, Dtype: self.Dtype}
	}
	table := func(yield func(string, any) bool) {
		for _, op := range []string{"abs", "ceil", "exp", "neg"} {
			if !yield(op+"(Tensor self) -> Tensor", noDouble) {
				return
			}
		}
	}
	o := Options{Samples: 4, InProcess: true, NoValues: true}
	whole, err := Sweep(table, kindRuntime{}, o)
	if err != nil {
		t.Fatal(err)
	}
	var shards []*Report
	for i := range 2 {
		o.Shard = Shard{i, 2}
		rep, err := Sweep(table, kindRuntime{}, o)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, rep)
	}
	merged, err := Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	ops := func(r *Report) []string {
		var s []string
		for _, x := range r.DtypeRefused {
			s = append(s, x.Op)
		}
		return s
	}
	if want := []string{"abs", "ceil", "exp", "neg"}; !slices.Equal(ops(whole), want) || !slices.Equal(ops(merged), want) {
		t.Errorf("dtype refusals: one machine %q, merged %q, want %q (shards own %q and %q)", ops(whole), ops(merged), want, shards[0].Shard.Ops, shards[1].Shard.Ops)
	}
}
