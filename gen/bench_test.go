package gen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// BenchmarkGenerateAll generates interface-mode wrappers for all 2,952 ops
// of PyTorch 1.13.1 (plan included, schema loading not).
func BenchmarkGenerateAll(b *testing.B) {
	s, err := schema.Embedded("1.13")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		p, err := plan.Build(s, plan.Strict)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "all"}); err != nil {
			b.Fatal(err)
		}
	}
}

// syntheticList returns a schema list (.txt) of n ops: the ops of the
// embedded PyTorch 1.13.1 yaml, then copies of them whose overload names
// get a suffix (add.Tensor -> add.Tensor_s2, neg -> neg.s2), round after
// round, until there are n.
func syntheticList(tb testing.TB, n int) []byte {
	tb.Helper()
	s, err := schema.Default()
	if err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	for round, count := 1, 0; count < n; round++ {
		for _, op := range s.Ops {
			if count == n {
				break
			}
			sch := op.Schema
			if round > 1 {
				name, rest, _ := strings.Cut(sch, "(")
				suffix := "s" + strconv.Itoa(round)
				if strings.Contains(name, ".") {
					name += "_" + suffix
				} else {
					name += "." + suffix
				}
				sch = name + "(" + rest
			}
			b.WriteString(sch)
			b.WriteByte('\n')
			count++
		}
	}
	return b.Bytes()
}

// BenchmarkGenerateScaling generates interface-mode wrappers for synthetic
// schema lists of 3k to 120k ops (parse, plan and generate, in process)
// and reports the time per op, which must not grow with the number of ops.
//
//	go test -run '^$' -bench GenerateScaling -benchtime 1x -count 3 ./gen
func BenchmarkGenerateScaling(b *testing.B) {
	for _, n := range []int{3000, 30000, 120000} {
		src := syntheticList(b, n)
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			cpu0 := cpuTime()
			for b.Loop() {
				s, err := schema.ParseList("synthetic.txt", src)
				if err != nil {
					b.Fatal(err)
				}
				p, err := plan.Build(s, plan.Strict)
				if err != nil {
					b.Fatal(err)
				}
				res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "all"})
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Wrapped) != n {
					b.Fatalf("%d ops wrapped, want %d", len(res.Wrapped), n)
				}
			}
			// Wall time per op, and CPU time (user and system, all threads,
			// garbage collector included) per op, which other processes on
			// a shared machine disturb less.
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/genop")
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/genop")
		})
	}
}
