#!/bin/sh
# CI for the libtorch runtime: installs libtorch-dev if missing, checks the
# generated files are fresh, runs the tests (also -race and with the checks
# on) and a bounded sweep (all ops, one sample each). Prints its run time.
set -eu
start=$(date +%s)
cd "$(dirname "$0")"
if [ ! -e /usr/include/ATen/ATen.h ]; then
	apt-get update -qq && apt-get install -y -qq --no-install-recommends libtorch-dev
fi
# generated sources are up to date
go run ./internal/shimgen -root . -check
(cd checked && go run github.com/assertgen/assertgen/cmd/assertgen gen -check)
go vet ./...
go vet -tags debugasserts ./...
go test -count=1 ./...
go test -count=1 -tags debugasserts ./...
go test -count=1 -race -tags debugasserts ./...
./sweep.sh "${TMPDIR:-/tmp}/libtorch-sweep.json" -samples 1
echo "runtimes/libtorch/ci.sh: $(( $(date +%s) - start )) s"
