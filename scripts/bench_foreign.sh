#!/usr/bin/env bash
# Instructions (and, with TOOL=cachegrind, simulated data-cache misses) per
# call of the checked wrappers of the runtimes whose tensor type has no ids
# of its own (memory:): runtimes/gorgonia's and runtimes/gonum's
# BenchmarkChecked, each op's direct and checked sub-benchmarks. Like
# bench_callgrind.sh, each figure is the difference of two runs (N1 and N2
# calls) over N2-N1, so that neither the process's start nor its end
# enters; the collector is off (GOGC=off) so that no collection falls in
# one run and not the other. Independent of the machine's load.
#
# usage: scripts/bench_foreign.sh gorgonia|gonum [LABEL]
#
#   OPS="add cat" scripts/bench_foreign.sh gorgonia
#   TOOL=cachegrind scripts/bench_foreign.sh gonum
#
# Prints, per op: direct, checked, checked minus direct (instructions; with
# cachegrind also D1 misses and last-level data misses, reads and writes).
# Async preemption, RDTSCP and the memory profiler are off for valgrind
# (see bench_callgrind.sh);
# gorgonia needs ASSUME_NO_MOVING_GC_UNSAFE_RISK_IT_WITH under Go 1.26.
set -euo pipefail
cd "$(dirname "$0")/.."
rt=${1:?usage: $0 gorgonia|gonum [LABEL]}
label=${2:-$rt}
tool=${TOOL:-callgrind}
n1=${N1:-2000} n2=${N2:-12000}
out=${TMPDIR:-/tmp}/bench-foreign
mkdir -p "$out"
export ASSUME_NO_MOVING_GC_UNSAFE_RISK_IT_WITH=go1.26
case $rt in
gorgonia) ops=${OPS:-add neg add_ transpose mm cat} ;;
gonum) ops=${OPS:-add neg add_ narrow mm mm.out cat} ;;
*) echo "usage: $0 gorgonia|gonum [LABEL]" >&2; exit 2 ;;
esac
vg=(--tool="$tool" --"$tool"-out-file=/dev/null)
[ "$tool" = cachegrind ] && vg+=(--cache-sim=yes)
bin=$out/$label.test
(cd "runtimes/$rt/checked" && go test -c -tags debugasserts -o "$bin" .)
# run BENCH N prints the counts of one run: "Ir" or "Ir D1miss LLdmiss".
run() {
	local log
	log=$(GOGC=off GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off,memprofilerate=0 valgrind "${vg[@]}" \
		"$bin" -test.run '^$' -test.bench "$1" -test.benchtime "$2x" -test.cpu 1 2>&1 >/dev/null)
	if [ "$tool" = callgrind ]; then
		sed -n 's/.*Collected : *//p' <<<"$log"
	else
		printf '%s %s %s\n' "$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' <<<"$log" | tr -d ,)" \
			"$(sed -n 's/.*D1 *misses: *\([0-9,]*\).*/\1/p' <<<"$log" | tr -d ,)" \
			"$(sed -n 's/.*LLd misses: *\([0-9,]*\).*/\1/p' <<<"$log" | tr -d ,)"
	fi
}
# per BENCH prints the counts of one call, each to one decimal.
per() {
	local a b
	read -ra a <<<"$(run "$1" "$n1")"
	read -ra b <<<"$(run "$1" "$n2")"
	for i in "${!a[@]}"; do
		printf '%s ' "$(echo "scale=1; (${b[$i]} - ${a[$i]}) / ($n2 - $n1)" | bc)"
	done
}
if [ "$tool" = callgrind ]; then
	printf '%-10s %10s %10s %10s\n' "$label" direct checked overhead
else
	printf '%-10s %26s %26s %26s\n' "$label" 'direct Ir D1 LLd' 'checked Ir D1 LLd' 'overhead Ir D1 LLd'
fi
for op in $ops; do
	read -ra d <<<"$(per "BenchmarkChecked/^$op\$/^direct\$")"
	read -ra c <<<"$(per "BenchmarkChecked/^$op\$/^checked\$")"
	diff=()
	for i in "${!d[@]}"; do diff+=("$(echo "${c[$i]} - ${d[$i]}" | bc)"); done
	printf '%-10s %26s %26s %26s\n' "$op" "${d[*]}" "${c[*]}" "${diff[*]}"
done
