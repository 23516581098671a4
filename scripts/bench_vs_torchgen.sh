#!/usr/bin/env bash
# Times `assertgen plan -json` against torchgen's parse_native_yaml on the
# same native_functions.yaml, whole processes, in one hyperfine run.
# Needs hyperfine (apt-get install hyperfine) and torchgen on PYTHONPATH
# (docs/torchgen.md). usage: scripts/bench_vs_torchgen.sh [extra assertgen args]
set -euo pipefail
cd "$(dirname "$0")/.."
Y=testdata/pytorch-1.13.1/native_functions.yaml
T=testdata/pytorch-1.13.1/tags.yaml
go build -o /tmp/assertgen-bench ./cmd/assertgen
hyperfine -N --warmup 3 --runs "${RUNS:-20}" \
  -n torchgen "python3 -c 'from torchgen.gen import parse_native_yaml; parse_native_yaml(\"$Y\", \"$T\")'" \
  -n assertgen "/tmp/assertgen-bench plan -json -schema $Y -tags $T $*"
