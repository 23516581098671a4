#!/bin/sh
# Times `gen` writing of two assertgen binaries, interleaved (A B, A B,
# ...), whole processes with their go commands (GNU time counts waited-for
# children): the default schema (3,103 ops, interface mode) into a
# directory of this module, so that gen's load of what it writes runs, and
# the libtorch 2.14.1 sets in place (their output is unchanged). Each line:
# set, binary, wall s, user s, system s, peak RSS KB, load average.
#
# usage: scripts/bench_genload.sh A_BINARY B_BINARY [ROUNDS]
set -eu
cd "$(dirname "$0")/.."
W=$(pwd)
A=${1:?usage: $0 A_BINARY B_BINARY [ROUNDS]} B=${2:?usage: $0 A_BINARY B_BINARY [ROUNDS]}
N=${3:-5}
grep -m1 'model name' /proc/cpuinfo
out=$(mktemp)
trap 'rm -rf "$W/.bench-out" "$out"' EXIT
for i in $(seq 1 "$N"); do
	for bin in "$A" "$B"; do
		rm -rf "$W/.bench-out"
		/usr/bin/time -f "default $bin %e %U %S %M $(cut -d' ' -f1 /proc/loadavg)" -a -o "$out" \
			"$bin" gen -mode interface -package all -output "$W/.bench-out/all" >/dev/null 2>&1
		for s in checked checkedpt; do
			(cd runtimes/libtorch && /usr/bin/time -f "libtorch-$s $bin %e %U %S %M $(cut -d' ' -f1 /proc/loadavg)" -a -o "$out" \
				"$bin" gen -config "releases/2.14.1/$s/assertgen.yaml" >/dev/null 2>&1)
		done
	done
done
cat "$out"
