#!/bin/sh
# Sweep every bound libtorch op of one release through the checked wrappers:
#   runtimes/libtorch/sweep.sh [REPORT.json | -update] [sweep flags, e.g. -samples 1 -j 2 -ops bmm -v -baseline reports/1.13.1.json]
# (a relative -baseline is relative to runtimes/libtorch)
# Without REPORT.json the report goes to a new file under $TMPDIR (its path
# is printed); -update writes the release's committed report,
# reports/RELEASE.json. -ops OP -v prints every sample of one op: its
# outcome, repairs and last error.
# The release is $ASSERTGEN_LIBTORCH_RELEASE (release.sh sets it), 1.13.1 by
# default; run 2.x inside its chroot:
#   runtimes/libtorch/release.sh 2.14.1 run ./sweep.sh -samples 1
# Writes the JSON report and prints a summary; exits 1 if a violation has no
# verdict in the release's verdicts.json, a verdict is stale, or (with
# -baseline) the sweep regressed.
set -eu
cd "$(dirname "$0")"
release=${ASSERTGEN_LIBTORCH_RELEASE:-1.13.1}
case ${1:-} in
-update) report=$PWD/reports/$release.json; shift ;;
-* | '') report=$(mktemp "${TMPDIR:-/tmp}/sweep-$release-XXXXXX.json") ;;
/*) report=$1; shift ;;
*) report=$OLDPWD/$1; shift ;;
esac
dir=.
[ "$release" = 1.13.1 ] || dir=releases/$release
[ -d "$dir" ] || { echo "sweep.sh: no bindings for libtorch $release ($dir)" >&2; exit 2; }
bin=$(mktemp -d)/sweep
trap 'rm -rf "$(dirname "$bin")"' EXIT
t0=$(date +%s)
echo "-- sweep.sh: building the libtorch $release sweep (a cold build compiles the C++ shim: minutes)" >&2
(cd "$dir" && go build -tags debugasserts -o "$bin" ./cmd/sweep)
echo "-- sweep.sh: built in $(($(date +%s) - t0)) s; sweeping, report $report" >&2
# relative paths in the flags (-baseline) are relative to runtimes/libtorch
"$bin" -report "$report" -verdicts "$dir/verdicts.json" -unstable "$dir/unstable.json" "$@"
