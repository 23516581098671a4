#!/usr/bin/env bash
# Times `assertgen plan -json` (both profiles) against torchgen's
# parse_native_yaml on the same native_functions.yaml, whole processes, in
# one hyperfine run; strict-gc is plan -json with the garbage collector on
# (the command turns it off by default). Needs hyperfine (apt-get install hyperfine) and
# torchgen 1.13.1 on PYTHONPATH (docs/schema.md, "Checked against torchgen
# 1.13.1"). usage: scripts/bench_vs_torchgen.sh [extra hyperfine args]
set -euo pipefail
cd "$(dirname "$0")/.."
Y=testdata/pytorch-1.13.1/native_functions.yaml
T=testdata/pytorch-1.13.1/tags.yaml
D=testdata/pytorch-1.13.1/derivatives.yaml
go build -o /tmp/assertgen-bench ./cmd/assertgen
grep -m1 'model name' /proc/cpuinfo
hyperfine -N --warmup 5 --runs "${RUNS:-60}" "$@" \
  -n torchgen "${PYTHON:-/usr/bin/python3} -c 'from torchgen.gen import parse_native_yaml; parse_native_yaml(\"$Y\", \"$T\")'" \
  -n strict "/tmp/assertgen-bench plan -json -schema $Y -tags-yaml $T" \
  -n pytorch "/tmp/assertgen-bench plan -json -profile pytorch -schema $Y -tags-yaml $T -derivatives $D" \
  -n strict-gc "env GOGC=100 /tmp/assertgen-bench plan -json -schema $Y -tags-yaml $T"
