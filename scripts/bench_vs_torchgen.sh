#!/usr/bin/env bash
# Times `assertgen plan -json` (both profiles) against torchgen's
# parse_native_yaml on the same native_functions.yaml of one PyTorch
# release, whole processes, in one hyperfine run; strict-gc is plan -json
# with the garbage collector on (the command turns it off by default).
#
# usage: PYTORCH_SRC=DIR scripts/bench_vs_torchgen.sh VERSION [extra hyperfine args]
#
# VERSION is a release assertgen embeds (1.13.1, 2.6.0 or 2.14.1); the yaml
# files are its copies in internal/pytorch/VERSION. PYTORCH_SRC is a directory
# holding that release's torchgen/, which is imported: the source tree for
# 1.13.1 and 2.6.0 (Debian's orig tarball, see testdata/reference/README.md;
# e.g. /work/src/2.6.0/pytorch-v2.6.0), the unpacked python3-torch package's
# usr/lib/python3/dist-packages for 2.14.1 (e.g.
# /work/src/2.14.1/usr/lib/python3/dist-packages, as
# scripts/pytorch_reference.sh leaves it); PyYAML and typing-extensions must
# be installed for ${PYTHON:-/usr/bin/python3}.
# Needs hyperfine (apt-get install hyperfine). The load average is printed
# before and after: on a shared machine the wall times depend on it.
#
# PAIRS=N instead runs torchgen and `plan -json` (strict) alternately, N
# pairs, so that both see the same load, and prints each one's wall and CPU
# (user+sys) medians and the median of the per-pair ratios: under a heavy
# load hyperfine's blocks of runs see different loads, the pairs do not.
set -euo pipefail
cd "$(dirname "$0")/.."
V=${1:?usage: PYTORCH_SRC=DIR $0 VERSION [hyperfine args]}
shift
: "${PYTORCH_SRC:?set PYTORCH_SRC to the source tree of PyTorch $V}"
dir=internal/pytorch/$V
[ -f "$dir/native_functions.yaml" ] || { echo "no embedded release $V (see internal/pytorch)" >&2; exit 2; }
Y=$dir/native_functions.yaml T=$dir/tags.yaml D=$dir/derivatives.yaml
B=${TMPDIR:-/tmp}/assertgen-bench
go build -o "$B" ./cmd/assertgen
grep -m1 'model name' /proc/cpuinfo
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${PAIRS:-}" ]; then
  out=$(mktemp)
  TIMEFORMAT="%3R %3U %3S"
  for i in $(seq "$PAIRS"); do
    t=$( { time env PYTHONPATH="$PYTORCH_SRC" "${PYTHON:-/usr/bin/python3}" -c "from torchgen.gen import parse_native_yaml; parse_native_yaml('$Y', '$T')"; } 2>&1 )
    echo "torchgen $t" >>"$out"
    t=$( { time "$B" plan -json -pytorch-version "$V" -schema "$Y" -tags-yaml "$T" >/dev/null; } 2>&1 )
    echo "assertgen $t" >>"$out"
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 - "$out" <<'PY'
import statistics as st, sys
d = {}
for line in open(sys.argv[1]):
    w, real, user, sys_ = line.split()
    d.setdefault(w, []).append((float(real) * 1000, (float(user) + float(sys_)) * 1000))
for w in ("torchgen", "assertgen"):
    wall = sorted(x[0] for x in d[w])
    print(f"{w}: {len(wall)} runs, wall median {st.median(wall):.1f} ms (min {wall[0]:.1f}, max {wall[-1]:.1f}), "
          f"CPU median {st.median(x[1] for x in d[w]):.1f} ms")
r = sorted(a[0] / b[0] for a, b in zip(d["torchgen"], d["assertgen"]))
q = st.quantiles(r, n=4)
print(f"torchgen/assertgen per pair: median {st.median(r):.1f}x (q1 {q[0]:.1f}x, q3 {q[2]:.1f}x; min {r[0]:.1f}x); "
      f"CPU medians {st.median(x[1] for x in d['torchgen']) / st.median(x[1] for x in d['assertgen']):.1f}x")
PY
  rm -f "$out"
  exit 0
fi
hyperfine -N --warmup 5 --runs "${RUNS:-60}" "$@" \
  -n "torchgen $V" "env PYTHONPATH=$PYTORCH_SRC ${PYTHON:-/usr/bin/python3} -c 'from torchgen.gen import parse_native_yaml; parse_native_yaml(\"$Y\", \"$T\")'" \
  -n strict "$B plan -json -pytorch-version $V -schema $Y -tags-yaml $T" \
  -n pytorch "$B plan -json -pytorch-version $V -profile pytorch -schema $Y -tags-yaml $T -derivatives $D" \
  -n strict-gc "env GOGC=100 $B plan -json -pytorch-version $V -schema $Y -tags-yaml $T"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
