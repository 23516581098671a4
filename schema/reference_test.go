package schema

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestTorchgenReference compares every op of each embedded release with
// what torchgen of that release makes of the same yaml:
// testdata/reference/pytorch-VERSION/ops.tsv, written by
// scripts/pytorch_reference.py from PyTorch's own torchgen (never by
// assertgen, so no -update can hide a drift). Each line is an op's name,
// kind, is_view_op, generated flag and canonical schema; the two sides must
// have the same lines as sets, and the ops of the yaml's entries in the
// same order. The generated ops are the one documented difference of
// order: torchgen appends them after all entries, assertgen puts each
// right after its source entry (TestGeneratedPlacement).
func TestTorchgenReference(t *testing.T) {
	for _, tc := range []struct {
		version                                  string
		ops, generated, views                    int
		functional, out, inplace, mutable, scrch int
	}{
		{"1.13.1", 2952, 459, 111, 1547, 1092, 309, 4, 0},
		{"2.6.0", 3144, 511, 121, 1671, 1125, 341, 7, 0},
		{"2.14.1", 3103, 518, 106, 1648, 1108, 337, 10, 0},
	} {
		t.Run(tc.version, func(t *testing.T) {
			s, err := Embedded(tc.version)
			if err != nil {
				t.Fatal(err)
			}
			if s.Version != tc.version || !s.Embedded {
				t.Errorf("Version %q, Embedded %v", s.Version, s.Embedded)
			}
			ref, err := os.ReadFile("../testdata/reference/pytorch-" + tc.version + "/ops.tsv")
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Split(strings.TrimSuffix(string(ref), "\n"), "\n")
			got := make([]string, len(s.Ops))
			for i, o := range s.Ops {
				got[i] = opLine(o)
			}
			compareOpLines(t, got, want)

			// The counts, from assertgen's side: they are those of the
			// reference (above) and of issue 10.
			kinds := map[Kind]int{}
			gen, views := 0, 0
			for _, o := range s.Ops {
				kinds[o.Kind]++
				if o.Generated {
					gen++
				}
				if o.IsViewOp {
					views++
				}
			}
			if len(s.Ops) != tc.ops || gen != tc.generated || views != tc.views ||
				kinds[Functional] != tc.functional || kinds[Out] != tc.out || kinds[Inplace] != tc.inplace ||
				kinds[Mutable] != tc.mutable || kinds[Scratch] != tc.scrch {
				t.Errorf("ops %d, generated %d, views %d, kinds %v; want %+v", len(s.Ops), gen, views, kinds, tc)
			}
		})
	}
}

// opLine is an op as a line of ops.tsv.
func opLine(o *Op) string {
	return fmt.Sprintf("%s\t%s\tview=%v\tgenerated=%v\t%s", o.Name, o.Kind, o.IsViewOp, o.Generated, o.Func)
}

// compareOpLines reports the differences of two op lists in the ops.tsv
// format: lines on one side only, and the order of the non-generated ops.
func compareOpLines(t *testing.T, got, want []string) {
	t.Helper()
	name := func(line string) string { n, _, _ := strings.Cut(line, "\t"); return n }
	index := func(lines []string) map[string]string {
		m := make(map[string]string, len(lines))
		for _, l := range lines {
			if _, dup := m[name(l)]; dup {
				t.Errorf("op %s twice", name(l))
			}
			m[name(l)] = l
		}
		return m
	}
	g, w := index(got), index(want)
	bad := 0
	for _, l := range want {
		switch gl, ok := g[name(l)]; {
		case !ok:
			t.Errorf("missing (torchgen has it):\n  %s", l)
			bad++
		case gl != l:
			t.Errorf("differs:\n got %s\nwant %s", gl, l)
			bad++
		}
		if bad > 20 {
			t.Fatal("too many differences")
		}
	}
	for _, l := range got {
		if _, ok := w[name(l)]; !ok {
			t.Errorf("extra (torchgen does not have it):\n  %s", l)
		}
	}
	entries := func(lines []string) []string {
		var ns []string
		for _, l := range lines {
			if !strings.Contains(l, "\tgenerated=true\t") {
				ns = append(ns, name(l))
			}
		}
		return ns
	}
	ge, we := entries(got), entries(want)
	for i := range min(len(ge), len(we)) {
		if ge[i] != we[i] {
			t.Errorf("entry %d: %s, torchgen has %s", i, ge[i], we[i])
			break
		}
	}
}

// TestDeterministic loads each embedded release twice: the ops, their
// tags and dispatch keys come out the same, in the same order.
func TestDeterministic(t *testing.T) {
	for _, r := range releases {
		var runs [2]string
		for i := range runs {
			s, err := Embedded(r.Version)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, o := range s.Ops {
				fmt.Fprintf(&b, "%s %v %v\n", opLine(o), o.Tags, o.DispatchKeys)
			}
			runs[i] = b.String()
		}
		if runs[0] != runs[1] {
			t.Errorf("%s: two loads differ", r)
		}
	}
}
