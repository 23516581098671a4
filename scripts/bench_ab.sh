#!/usr/bin/env bash
# Times `plan -json` of two assertgen binaries side by side, whole
# processes, alternating (A B, B A, ...) so that both see the same load,
# and prints each one's wall and CPU (user+sys) medians and the ratio B/A.
#
# usage: scripts/bench_ab.sh A_BINARY B_BINARY [VERSION [RUNS]]
#
# VERSION is an embedded release (default 2.6.0); RUNS per binary default 40.
# Build the binaries first, e.g. `git stash; go build -o /tmp/a ./cmd/assertgen;
# git stash pop; go build -o /tmp/b ./cmd/assertgen`. The CPU model and the
# load average before and after are printed: on a shared machine the wall
# times depend on them.
set -euo pipefail
cd "$(dirname "$0")/.."
A=${1:?usage: $0 A_BINARY B_BINARY [VERSION [RUNS]]} B=${2:?usage: $0 A_BINARY B_BINARY [VERSION [RUNS]]}
V=${3:-2.6.0} N=${4:-40}
Y=internal/pytorch/$V/native_functions.yaml T=internal/pytorch/$V/tags.yaml
[ -f "$Y" ] || { echo "no embedded release $V" >&2; exit 2; }
grep -m1 'model name' /proc/cpuinfo
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
out=$(mktemp)
TIMEFORMAT="%3R %3U %3S"
for i in $(seq "$N"); do
  if [ $((i % 2)) = 1 ]; then order="A B"; else order="B A"; fi
  for w in $order; do
    if [ $w = A ]; then bin=$A; else bin=$B; fi
    t=$( { time "$bin" plan -json -pytorch-version "$V" -schema "$Y" -tags-yaml "$T" >/dev/null; } 2>&1 )
    echo "$w $t" >>"$out"
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$out" <<'PY'
import statistics as st, sys
d = {}
for line in open(sys.argv[1]):
    w, real, user, sys_ = line.split()
    d.setdefault(w, []).append((float(real) * 1000, (float(user) + float(sys_)) * 1000))
for w in "AB":
    v = d[w]
    wall = sorted(x[0] for x in v)
    print(f"{w}: {len(v)} runs, wall median {st.median(wall):.1f} ms (min {wall[0]:.1f}, max {wall[-1]:.1f}), "
          f"CPU median {st.median(x[1] for x in v):.1f} ms")
m = lambda w, i: st.median(x[i] for x in d[w])
print(f"B/A: wall {m('B', 0) / m('A', 0):.2f}, CPU {m('B', 1) / m('A', 1):.2f}")
PY
rm -f "$out"
