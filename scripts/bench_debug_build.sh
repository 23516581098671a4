#!/usr/bin/env bash
# The debug build of every wrapper of the default release (interface mode),
# only that package rebuilt, for the working tree and another revision,
# alternately: user CPU, wall time and peak RSS of each build.
#
# usage: scripts/bench_debug_build.sh REV [ROUNDS]
#
# Each tree generates its wrappers with its own assertgen into
# _bench/allops (ignored by ./...), builds the dependencies once, then each
# round appends a comment to assertgen_kernels.go (so that only that
# package is compiled again) and times `go build -tags debugasserts`.
# /usr/bin/time's %M is the peak RSS of the largest process: the compile of
# that package. Where gen put the shape helpers in a package of their own
# (internal/assertgenshapes), that package is timed too, on its own. The
# load average is printed with each build.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: $0 REV [ROUNDS]}
rounds=${2:-3}
out=${TMPDIR:-/tmp}/bench-debug-build
rm -rf "$out" && mkdir -p "$out"
git worktree add --quiet --detach "$out/old-tree" "$rev"
trap 'git worktree remove --force "$out/old-tree"' EXIT
grep -m1 'model name' /proc/cpuinfo
for d in "$out/old-tree" "$PWD"; do
	(cd "$d" && go run ./cmd/assertgen gen -mode interface -package allops -output _bench/allops >/dev/null &&
		go build -tags debugasserts ./asserts ./examples/reftensor &&
		go build -tags debugasserts -o /dev/null ./_bench/allops)
done
for i in $(seq "$rounds"); do
	for d in "$out/old-tree" "$PWD"; do
		echo "// $i $RANDOM" >>"$d/_bench/allops/assertgen_kernels.go"
		printf '%s round %d, load %s: ' "$([ "$d" = "$PWD" ] && echo new || echo old)" "$i" "$(cut -d' ' -f1 /proc/loadavg)"
		(cd "$d" && /usr/bin/time -f '%U s user, %e s wall, %M KB peak' go build -tags debugasserts -o /dev/null ./_bench/allops)
		# The shape helpers' own package, where gen puts them (only it is
		# compiled again: its export data does not change).
		h="$d/_bench/allops/internal/assertgenshapes/assertgen_shapes.go"
		if [ -f "$h" ]; then
			echo "// $i $RANDOM" >>"$h"
			printf '%s round %d, helpers package, load %s: ' "$([ "$d" = "$PWD" ] && echo new || echo old)" "$i" "$(cut -d' ' -f1 /proc/loadavg)"
			(cd "$d" && /usr/bin/time -f '%U s user, %e s wall, %M KB peak' go build -tags debugasserts -o /dev/null ./_bench/allops)
		fi
	done
done
