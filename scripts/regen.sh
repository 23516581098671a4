#!/usr/bin/env bash
# Regenerates every committed generated set of the repository with the
# assertgen of this checkout, or, with -check, fails when one is stale:
#
#   scripts/regen.sh          # rewrite them all
#   scripts/regen.sh -check   # what .ci/run runs
#
# The sets: every committed config (examples/, gen's testdata,
# runtimes/gonum and runtimes/gorgonia; not testdata/frozen, whose sets are
# never regenerated) and runtimes/libtorch (shimgen's C++ shim, bindings and release copies, then
# the wrappers of every release). The goldens of package tests are
# rewritten by their tests' -update flag, not here.
set -euo pipefail
cd "$(dirname "$0")/.."
check=
case ${1:-} in
-check) check=-check ;;
"") ;;
*) echo "usage: scripts/regen.sh [-check]" >&2; exit 2 ;;
esac
bin=$(mktemp -d)/assertgen
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/assertgen
# Every config of the repository but runtimes/libtorch's (below): the
# committed yaml files with a package: or include: key, but those another
# config includes (runtimes/gonum/assertgen.yaml, init's part of
# checked/'s set), which are generated as part of it.
mapfile -t included < <(git ls-files '*.yaml' | xargs grep -l '^include:' | while read -r c; do
	sed -n 's/^include: *\[\(.*\)\].*/\1/p' "$c" | tr ',' '\n' | while read -r f; do
		realpath -m --relative-to=. "$(dirname "$c")/$f"
	done
done)
mapfile -t configs < <(git ls-files '*.yaml' | xargs grep -lE '^(package|include):' | grep -v '^runtimes/libtorch/' | grep -v '^testdata/frozen/' |
	grep -vxF -f <(printf '%s\n' "${included[@]}" x) | sort)
for c in "${configs[@]}"; do
	"$bin" gen $check -config "$c"
done
# libtorch: the shim and bindings first (shimgen copies the release trees),
# then the wrappers of the default tree and of every release.
(cd runtimes/libtorch && go run ./cmd/shimgen -root . $check)
for d in runtimes/libtorch runtimes/libtorch/releases/*; do
	"$bin" gen $check -config "$d/checked/assertgen.yaml"
	"$bin" gen $check -config "$d/checkedpt/assertgen.yaml"
done
echo "scripts/regen.sh: ${check:+checked }${#configs[@]} sets and runtimes/libtorch"
