#!/usr/bin/env bash
# The checked-call overhead (internal/engine's BenchmarkOverhead) of the working tree
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
# scripts/bench_callgrind.sh runs). After benchstat's table it prints, per
# benchmark, the minimum and median ns/op of each binary and the median of
# the rounds' ratios (new over old, each round running both).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: $0 REV [ROUNDS] [BENCH-REGEXP]}
rounds=${2:-20}
bench=${3:-'Overhead/^(add|add_|add\.out|cat8)$/^(checked|direct)$'}
out=${TMPDIR:-/tmp}/bench-overhead
rm -rf "$out" && mkdir -p "$out"
git worktree add --quiet --detach "$out/old-tree" "$rev"
trap 'git worktree remove --force "$out/old-tree"' EXIT
# The benchmark's package is internal/engine; in a revision from before
# the engine's tests moved there, it is asserts.
pkg=internal/engine
old_pkg=internal/engine
[ -f "$out/old-tree/$old_pkg/perf_test.go" ] || old_pkg=asserts
old_clause=$(sed -n 's/^package //p' "$out/old-tree/$old_pkg/perf_test.go")
# The old tree gets this tree's benchmark file and the hand-written
# wrappers it runs (wrappers_test.go), under its test package's name, so
# that both run the same wrappers on their own engine; if those files do
# not compile there (they name a wrapper or an API the old tree lacks),
# the old tree keeps its own.
for f in perf_test.go wrappers_test.go; do
	cp "$out/old-tree/$old_pkg/$f" "$out/old-$f"
	sed "s/^package .*/package $old_clause/" "$pkg/$f" >"$out/old-tree/$old_pkg/$f"
done
if ! (cd "$out/old-tree" && go test -c -tags debugasserts -o "$out/old.test" "./$old_pkg" 2>/dev/null); then
	echo "this tree's perf_test.go and wrappers_test.go do not compile in $rev: $rev's own benchmarks"
	for f in perf_test.go wrappers_test.go; do
		cp "$out/old-$f" "$out/old-tree/$old_pkg/$f"
	done
	(cd "$out/old-tree" && go test -c -tags debugasserts -o "$out/old.test" "./$old_pkg")
fi
go test -c -tags debugasserts -o "$out/new.test" "./$pkg"
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
# Per benchmark: min and median ns/op of each binary, and the median of
# the per-round ratios new/old (each round ran both, one after the other).
printf "%-40s %21s %21s %11s\n" "" "old min / median" "new min / median" "new/old"
awk '
	FNR == 1 { f++ }
	/^Benchmark/ { n = $1; sub(/-[0-9]+$/, "", n); v[f, n, ++c[f, n]] = $3; names[n] = 1 }
	function sort(a, k,   i, j, t) { for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t } }
	function med(a, k) { sort(a, k); return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2 }
	END {
		for (n in names) {
			k = c[1, n]; delete o; delete w; delete r
			for (i = 1; i <= k; i++) { o[i] = v[1, n, i]; w[i] = v[2, n, i]; r[i] = w[i] / o[i] }
			mr = med(r, k); sort(o, k); omin = o[1]; om = med(o, k)
			sort(w, k); wmin = w[1]; wm = med(w, k)
			printf "%-40s %9.2f / %9.2f %9.2f / %9.2f %11.2f\n", n, omin, om, wmin, wm, mr
		}
	}' "$out/old.txt" "$out/new.txt" | sort
