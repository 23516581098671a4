#!/bin/sh
# CI for the gorgonia runtime (the root .ci/run calls it): gorgonia.org/tensor
# v0.9.24 from the module proxy, the generated files fresh, vet, the tests
# (also with the checks on, and -race), the sweep and the freshness catalog.
# Prints its run time and each step's.
set -eu
start=$(date +%s)
step() {
	now=$(date +%s)
	echo "-- runtimes/gorgonia: $1 (at $((now - start)) s)"
}
cd "$(dirname "$0")"
# gorgonia depends on go4.org/unsafe/assume-no-moving-gc, which refuses to
# run under a Go release it was not updated for unless told to.
ASSUME_NO_MOVING_GC_UNSAFE_RISK_IT_WITH=$(go env GOVERSION | sed 's/^\(go[0-9]*\.[0-9]*\).*/\1/')
export ASSUME_NO_MOVING_GC_UNSAFE_RISK_IT_WITH
step "modules"
go mod download
step "generated sources are fresh"
# the command, built for this run alone (two runs at once must not share it)
ag="${TMPDIR:-/tmp}/assertgen-gorgonia-ci-$$"
trap 'rm -f "$ag"' EXIT
go build -o "$ag" github.com/assertgen/assertgen/cmd/assertgen
"$ag" gen -check -config checked/assertgen.yaml
"$ag" gen -check -config catalog/assertgen.yaml
step "go vet"
go vet ./...
go vet -tags debugasserts ./...
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then echo "$unformatted"; exit 1; fi
step "go test"
go test -count=1 ./...
step "go test -tags debugasserts (the sweep, the findings, the freshness catalog)"
go test -count=1 -tags debugasserts ./...
step "go test -race -tags debugasserts"
go test -count=1 -race -tags debugasserts ./...
step "the sweep's report"
go test -count=1 -tags debugasserts -run '^TestSweep$' -v ./sweep | sed -n 's/^ *sweep_test.go:[0-9]*: //p' | head -1
echo "runtimes/gorgonia/ci.sh: $(( $(date +%s) - start )) s"
