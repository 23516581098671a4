#!/usr/bin/env bash
# Instructions per call (valgrind's callgrind) of the checked wrappers of
# an example runtime against another revision: examples/gcrt's BenchmarkOps
# (a runtime without use counts, own ids and storage anchors; sub-benchmarks
# direct and checked) or examples/pool's BenchmarkChecked (a counted generic
# runtime with recycled memory; direct, generic and float32) or
# examples/ifacert's BenchmarkOps (tensors held as asserts.Tensor of two
# dynamic types; direct, checked (the one path), and rows, the one path with
# every call forced onto its rows: VARIANT=rows, against a REV that has
# engine.SetRowsOnly). Both test
# binaries run this tree's benchmark file (copied into a worktree of REV),
# each op twice under callgrind, N1 and N2 calls: the difference over
# N2-N1 is one call, without the process's start and end. The collector,
# async preemption, RDTSCP and the memory profiler are off, as in bench_callgrind.sh.
#
# usage: scripts/bench_examples.sh REV gcrt|pool|ifacert [OPS]
#
#   scripts/bench_examples.sh main gcrt "add cat8"
#   VARIANT=rows scripts/bench_examples.sh main ifacert add
#
# Prints, per op: REV's direct and checked, this tree's, and the ratio of
# the two checked-minus-direct.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: $0 REV gcrt|pool|ifacert [OPS]}
rt=${2:?usage: $0 REV gcrt|pool|ifacert [OPS]}
case $rt in
gcrt) bench=Ops variant=checked file=bench_test.go ops=${3:-add add_ add.out neg transpose contiguous cat8} ;;
pool) bench=Checked variant=${VARIANT:-generic} file=bench_test.go ops=${3:-contiguous zero_ alias add} ;;
ifacert) bench=Ops variant=${VARIANT:-checked} file=bench_test.go ops=${3:-add add_ add.out transpose cat8} ;;
*) echo "usage: $0 REV gcrt|pool|ifacert [OPS]" >&2; exit 2 ;;
esac
n1=${N1:-20000} n2=${N2:-120000}
out=${TMPDIR:-/tmp}/bench-examples-$rt
rm -rf "$out" && mkdir -p "$out"
git worktree add --quiet --detach "$out/old-tree" "$rev"
trap 'git worktree remove --force "$out/old-tree"' EXIT
cp "examples/$rt/$file" "$out/old-tree/examples/$rt/$file"
# examples/pool's init switches same_content on for its debug tests
# (assertgen_sweep_test.go): the benchmarks measure the checks without it.
export ASSERTGEN_CONTENT=off
(cd "$out/old-tree" && go test -c -tags debugasserts -o "$out/old.test" "./examples/$rt")
go test -c -tags debugasserts -o "$out/new.test" "./examples/$rt"
# ir BINARY BENCH N prints the instructions of a run of BENCH with N calls.
ir() {
	GOGC=off GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off,memprofilerate=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$1" -test.run '^$' -test.bench "$2" -test.benchtime "$3x" -test.cpu 1 2>&1 >/dev/null |
		sed -n 's/.*Collected : *//p'
}
per() {
	local a b
	a=$(ir "$1" "$2" "$n1")
	b=$(ir "$1" "$2" "$n2")
	echo "scale=1; ($b - $a) / ($n2 - $n1)" | bc
}
go version
grep -m1 'model name' /proc/cpuinfo
printf '%-11s %9s %9s %9s %9s %9s %9s %7s\n' op "$rev" '' '' this '' '' ''
printf '%-11s %9s %9s %9s %9s %9s %9s %7s\n' '' direct checked overhead direct checked overhead ratio
for n in $ops; do
	re="$bench/^${n//./\\.}\$"
	od=$(per "$out/old.test" "$re/^direct\$")
	oc=$(per "$out/old.test" "$re/^$variant\$")
	nd=$(per "$out/new.test" "$re/^direct\$")
	nc=$(per "$out/new.test" "$re/^$variant\$")
	oo=$(echo "$oc - $od" | bc) no=$(echo "$nc - $nd" | bc)
	printf '%-11s %9s %9s %9s %9s %9s %9s %7s\n' "$n" "$od" "$oc" "$oo" "$nd" "$nc" "$no" \
		"$(echo "scale=2; $no / $oo" | bc)"
done
