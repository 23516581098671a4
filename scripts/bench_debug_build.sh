#!/usr/bin/env bash
# The debug build of every wrapper of the default release (gen -mode
# interface -package pytorch: the 3,103 ops of 2.14.1, the README's main
# job), for two revisions side by side: each tree generates its wrappers
# with its own assertgen into _bench/pytorch (ignored by ./...), builds
# their dependencies once, then the rounds alternate between the trees.
# Each round appends a comment to one file of each generated package (the
# wrappers' and, where gen put them there, the shape helpers'
# internal/assertgenshapes), so that the build cache has neither and both
# are compiled, and times `go build -tags debugasserts` of the wrappers'
# package with /usr/bin/time -v: user CPU, wall time, and the peak RSS of
# the largest process (the compile of the larger package). Each compile's
# own figures follow (a -toolexec wrapper times each), and the load
# average with each build.
#
# usage: scripts/bench_debug_build.sh OLD [NEW [ROUNDS]]
#
# NEW defaults to the working tree (.), ROUNDS to 3; OLD and NEW are
# revisions (a worktree is made for each) or '.'.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: $0 OLD [NEW [ROUNDS]]}
new=${2:-.}
rounds=${3:-3}
out=${TMPDIR:-/tmp}/bench-debug-build
rm -rf "$out" && mkdir -p "$out"
trees=()
cleanup() {
	for t in "${trees[@]}"; do
		[ "$t" = "$PWD" ] || git worktree remove --force "$t"
	done
}
trap cleanup EXIT
for rev in "$old" "$new"; do
	if [ "$rev" = . ]; then
		trees+=("$PWD")
		continue
	fi
	t="$out/tree-${#trees[@]}"
	git worktree add --quiet --detach "$t" "$rev"
	trees+=("$t")
done
# each compile's user CPU, wall and peak RSS, with its package
cat >"$out/toolexec.sh" <<'EOF'
#!/bin/sh
case "$1" in
*/compile) exec /usr/bin/time -f "  compile %U s user, %e s wall, %M KB peak: $(echo "$@" | sed -n 's/.* -p \([^ ]*\).*/\1/p')" "$@" ;;
esac
exec "$@"
EOF
chmod +x "$out/toolexec.sh"
grep -m1 'model name' /proc/cpuinfo
echo "cores: $(nproc), $(go version)"
for d in "${trees[@]}"; do
	(cd "$d" && git log -1 --format='%h %s' | cut -c1-80 &&
		go run ./cmd/assertgen gen -mode interface -package pytorch -output _bench/pytorch >/dev/null &&
		echo "  generated Go: $(cat _bench/pytorch/*.go _bench/pytorch/internal/*/*.go 2>/dev/null | wc -c) bytes" &&
		go build -tags debugasserts ./asserts/... &&
		go build -tags debugasserts -o /dev/null ./_bench/pytorch)
done
for i in $(seq "$rounds"); do
	for k in "${!trees[@]}"; do
		d=${trees[$k]}
		for f in "$d"/_bench/pytorch/assertgen_kernels.go "$d"/_bench/pytorch/internal/assertgenshapes/assertgen_shapes.go; do
			[ -f "$f" ] && echo "// $i $RANDOM" >>"$f"
		done
		printf '%s round %d, load %s: ' "$([ "$k" = 0 ] && echo old || echo new)" "$i" "$(cut -d' ' -f1 /proc/loadavg)"
		(cd "$d" && /usr/bin/time -v go build -toolexec "$out/toolexec.sh" -tags debugasserts -o /dev/null ./_bench/pytorch) 2>"$out/time.txt"
		awk -F': ' '/User time/ {u=$2} /Elapsed \(wall/ {w=$2} /Maximum resident/ {m=$2} END {printf "%s s user, %s wall, %d MB peak\n", u, w, m/1024}' "$out/time.txt"
		grep '^  compile' "$out/time.txt" || true
	done
done
