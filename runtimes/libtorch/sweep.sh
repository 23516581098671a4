#!/bin/sh
# Sweep every bound libtorch op through the checked wrappers:
#   runtimes/libtorch/sweep.sh REPORT.json [sweep flags, e.g. -samples 1 -j 2]
# Writes the JSON report and prints a summary; exits 1 if a violation has no
# verdict in verdicts.json.
set -eu
cd "$(dirname "$0")"
report=${1:?usage: sweep.sh REPORT.json [flags]}
shift
case $report in /*) ;; *) report=$OLDPWD/$report ;; esac
bin=$(mktemp -d)/sweep
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -tags debugasserts -o "$bin" ./cmd/sweep
"$bin" -report "$report" -verdicts verdicts.json "$@"
