#!/usr/bin/env bash
# The checked-call overhead (asserts' BenchmarkOverhead) of the working tree
# against another revision, side by side in one run: both test binaries are
# built first, then run alternately, one -test.count 1 run of each per
# round, so that a change of load hits both alike. benchstat compares them.
#
# usage: scripts/bench_overhead.sh REV [ROUNDS] [BENCH-REGEXP]
#
# REV is the revision to compare with (e.g. main, or a commit); ROUNDS
# defaults to 20; BENCH-REGEXP defaults to the acceptance pairs of issue 24
# (add and cat8, checked and direct), the in-place add_ and the out=
# add.out. The figures go to $TMPDIR/bench-overhead/{old,new}.txt. Needs benchstat
# (go install golang.org/x/perf/cmd/benchstat@latest). The CPU and the load
# average before and after are printed: on a shared machine the absolute
# figures depend on them, the ratio much less. With BUILD_ONLY=1 it only
# builds the two binaries ($TMPDIR/bench-overhead/{old,new}.test; what
# scripts/bench_callgrind.sh runs).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: $0 REV [ROUNDS] [BENCH-REGEXP]}
rounds=${2:-20}
bench=${3:-'Overhead/^(add|add_|add\.out|cat8)$/^(checked|direct)$'}
out=${TMPDIR:-/tmp}/bench-overhead
rm -rf "$out" && mkdir -p "$out"
git worktree add --quiet --detach "$out/old-tree" "$rev"
trap 'git worktree remove --force "$out/old-tree"' EXIT
# The old tree gets this tree's benchmark file and the hand-written
# wrappers it runs (wrappers_test.go), so that both run the same wrappers
# on their own asserts package; if those files do not compile there (they
# name a wrapper or an API the old tree lacks), the old tree keeps its own.
for f in perf_test.go wrappers_test.go; do
	cp "$out/old-tree/asserts/$f" "$out/old-$f"
	cp "asserts/$f" "$out/old-tree/asserts/$f"
done
if ! (cd "$out/old-tree" && go test -c -tags debugasserts -o "$out/old.test" ./asserts 2>/dev/null); then
	echo "this tree's perf_test.go and wrappers_test.go do not compile in $rev: $rev's own benchmarks"
	for f in perf_test.go wrappers_test.go; do
		cp "$out/old-$f" "$out/old-tree/asserts/$f"
	done
	(cd "$out/old-tree" && go test -c -tags debugasserts -o "$out/old.test" ./asserts)
fi
go test -c -tags debugasserts -o "$out/new.test" ./asserts
[ -z "${BUILD_ONLY:-}" ] || exit 0
grep -m1 'model name' /proc/cpuinfo
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$rounds"); do
	for v in old new; do
		"$out/$v.test" -test.run '^$' -test.bench "$bench" -test.benchtime "${BENCHTIME:-500000x}" \
			-test.benchmem >>"$out/$v.txt"
	done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
benchstat "$out/old.txt" "$out/new.txt"
