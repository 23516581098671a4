#!/usr/bin/env bash
# Instructions per checked call, counted by valgrind's callgrind: a figure
# that depends neither on the CPU nor on its load. For each benchmark of
# internal/engine's BenchmarkOverhead named (checked and direct), the test binaries
# of the working tree and of another revision (built by bench_overhead.sh,
# with the same benchmark file and test wrappers) each run twice under
# callgrind, N1 and N2 iterations; the difference of the two totals over
# N2-N1 is the instructions of one iteration, which the process's start
# and end do not enter. Checked minus direct is what the checks execute.
#
# usage: scripts/bench_callgrind.sh REV [NAMES]
#
# NAMES defaults to "add add_ add.out transpose reshape reshape-fresh unbind4 cat8 addcmul6". Needs valgrind.
# NEW_VARIANT names the sub-benchmark this tree's checked call is measured
# by (default "checked"; "frame": the hand-written wrappers of the one
# path, internal/engine/frame_test.go), against REV's OLD_VARIANT (default
# "checked"; "frame" to compare the one path of both trees, "frame-mode"
# the one path's rows run one by one under a mode).
# The collector is off (GOGC=off): the view ops' kernels allocate their
# views, and a collection falling in one run and not the other would move
# the difference by hundreds of instructions.
# Async preemption is off (GODEBUG=asyncpreemptoff=1): callgrind fails on
# the signals it sends. So is RDTSCP (cpu.rdtscp=off): valgrind 3.19 does
# not decode it, and the runtime's lock spin (runtime.cputicks) dies of
# SIGILL under callgrind now and then.
# The memory profiler is off (GODEBUG=memprofilerate=0): it unwinds the
# stack at allocations picked at random, direct and checked calls alike,
# which moved a difference by about +-30 between two runs.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: $0 REV [NAMES]}
names=${2:-add add_ add.out transpose reshape reshape-fresh unbind4 cat8 addcmul6}
n1=${N1:-20000} n2=${N2:-220000}
BUILD_ONLY=1 scripts/bench_overhead.sh "$rev"
out=${TMPDIR:-/tmp}/bench-overhead
# ir BINARY BENCH N prints the instructions of a run of BENCH with N iterations.
ir() {
	GOGC=off GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off,memprofilerate=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$1" -test.run '^$' -test.bench "$2" -test.benchtime "$3x" -test.cpu 1 2>&1 >/dev/null |
		sed -n 's/.*Collected : *//p'
}
# per BINARY BENCH prints the instructions of one iteration.
per() {
	local a b
	a=$(ir "$1" "$2" "$n1")
	b=$(ir "$1" "$2" "$n2")
	echo "scale=1; ($b - $a) / ($n2 - $n1)" | bc
}
printf '%-13s %9s %9s %9s %9s %9s %9s %7s\n' op "$rev" '' '' 'this' '' '' ''
printf '%-13s %9s %9s %9s %9s %9s %9s %7s\n' '' direct checked overhead direct checked overhead ratio
for n in $names; do
	re=${n//./\\.}
	d=${re%-fresh} # reshape-fresh's direct call is reshape's
	od=$(per "$out/old.test" "Overhead/^$d\$/^direct\$")
	oc=$(per "$out/old.test" "Overhead/^$re\$/^${OLD_VARIANT:-checked}\$")
	nd=$(per "$out/new.test" "Overhead/^$d\$/^direct\$")
	nc=$(per "$out/new.test" "Overhead/^$re\$/^${NEW_VARIANT:-checked}\$")
	oo=$(echo "$oc - $od" | bc) no=$(echo "$nc - $nd" | bc)
	printf '%-13s %9s %9s %9s %9s %9s %9s %7s\n' "$n" "$od" "$oc" "$oo" "$nd" "$nc" "$no" \
		"$(echo "scale=2; $no / $oo" | bc)"
done
