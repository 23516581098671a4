#!/bin/sh
# How long FuzzPlanted takes to find each plant from an empty corpus: one
# test binary (-tags debugasserts), then per plant and run a fresh working
# directory (no testdata) and a fresh fuzz cache, one fuzz worker, at most
# $FUZZTIME (60s). Prints per plant the seconds of each run ("-" when not
# found; a first failure other than the plant's is printed after the
# time: a bug of planted's own kernels) and the CPU and load; with -corpus, copies each plant's first
# finding to testdata/fuzz/FuzzPlanted/ID (what TestFuzzFindingsReplay
# replays). Usage: ./fuzztime.sh [-corpus] [RUNS] [ID...]
set -eu
cd "$(dirname "$0")"
corpus=0
if [ "${1:-}" = -corpus ]; then corpus=1; shift; fi
runs=${1:-3}
[ $# -gt 0 ] && shift
# each plant's id and the "op: check: " its finding starts with ("op:
# crash: " for a crash), from catalog_test.go's plants
want() { sed -n 's/^\t{"'"$1"'", "[^"]*", kernels{[^}]*}, "\([^ ]*\) \([^ "]*\).*/\1: \2: /p' catalog_test.go; }
ids=${*:-$(sed -n 's/^\t{"\([a-z0-9_-]*\)", "[^"]*", kernels{.*/\1/p' catalog_test.go)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -tags debugasserts -o "$tmp/planted.test" .
echo "CPU: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(nproc) cores; load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for id in $ids; do
	line="$id:"
	for r in $(seq "$runs"); do
		d="$tmp/run-$id-$r"
		mkdir -p "$d"
		out=$(cd "$d" && PLANTED=$id "$tmp/planted.test" -test.run '^$' -test.fuzz '^FuzzPlanted$' \
			-test.fuzztime "${FUZZTIME:-60s}" -test.parallel 1 -test.fuzzcachedir "$d/cache" 2>&1 || true)
		s=$(printf '%s\n' "$out" | sed -n 's/^--- FAIL: FuzzPlanted (\([0-9.]*\)s)$/\1/p' | head -1)
		if [ -n "$s" ] && ! printf '%s\n' "$out" | grep -qF "$(want "$id")"; then
			s="$s(another finding: $(printf '%s\n' "$out" | grep -m1 'fuzz.go:' | cut -c1-120))"
		fi
		line="$line ${s:--}"
		f=$(ls "$d"/testdata/fuzz/FuzzPlanted/* 2>/dev/null | head -1 || true)
		if [ "$corpus" = 1 ] && [ -n "$f" ] && [ ! -e "testdata/fuzz/FuzzPlanted/$id" ]; then
			mkdir -p testdata/fuzz/FuzzPlanted
			cp "$f" "testdata/fuzz/FuzzPlanted/$id"
		fi
	done
	echo "$line (load $(cut -d' ' -f1 /proc/loadavg))"
done
