#!/bin/sh
# Sweep every bound libtorch op of one release through the checked wrappers:
#   runtimes/libtorch/sweep.sh REPORT.json [sweep flags, e.g. -samples 1 -j 2 -baseline reports/1.13.1.json]
# (a relative -baseline is relative to runtimes/libtorch)
# The release is $ASSERTGEN_LIBTORCH_RELEASE (release.sh sets it), 1.13.1 by
# default; run 2.x inside its chroot:
#   runtimes/libtorch/release.sh 2.14.1 run ./sweep.sh /tmp/r.json -samples 1
# Writes the JSON report and prints a summary; exits 1 if a violation has no
# verdict in the release's verdicts.json, a verdict is stale, or (with
# -baseline) the sweep regressed.
set -eu
cd "$(dirname "$0")"
report=${1:?usage: sweep.sh REPORT.json [flags]}
shift
case $report in /*) ;; *) report=$OLDPWD/$report ;; esac
release=${ASSERTGEN_LIBTORCH_RELEASE:-1.13.1}
dir=.
[ "$release" = 1.13.1 ] || dir=releases/$release
[ -d "$dir" ] || { echo "sweep.sh: no bindings for libtorch $release ($dir)" >&2; exit 2; }
bin=$(mktemp -d)/sweep
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$dir" && go build -tags debugasserts -o "$bin" ./cmd/sweep)
# relative paths in the flags (-baseline) are relative to runtimes/libtorch
"$bin" -report "$report" -verdicts "$dir/verdicts.json" -unstable "$dir/unstable.json" "$@"
