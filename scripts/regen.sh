#!/usr/bin/env bash
# Regenerates every committed generated set of the repository with the
# assertgen of this checkout, or, with -check, fails when one is stale:
#
#   scripts/regen.sh          # rewrite them all
#   scripts/regen.sh -check   # what .ci/run runs
#
# The sets: examples/ (refops, its catalog, gcrt, sweepdemo), gen's small
# testdata, runtimes/gorgonia (its wrappers and catalog) and
# runtimes/libtorch (shimgen's C++ shim, bindings and release copies, then
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
configs=(
	examples/refops/assertgen.yaml
	examples/refops/assertgen_interface.yaml
	examples/refops/catalog/assertgen.yaml
	examples/refops/catalog/assertgen_pytorch.yaml
	examples/refops/catalog/assertgen_views.yaml
	examples/refops/catalog/assertgen_fresh_pytorch.yaml
	examples/refops/catalog/assertgen_fresh_strict.yaml
	examples/gcrt/checked.yaml
	examples/gcrt/checkedif.yaml
	examples/sweepdemo/assertgen.yaml
	examples/sweepdemo/assertgen_interface.yaml
	gen/testdata/small/assertgen.yaml
	runtimes/gorgonia/checked/assertgen.yaml
	runtimes/gorgonia/catalog/assertgen.yaml
)
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
