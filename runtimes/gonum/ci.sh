#!/bin/sh
# CI for the gonum runtime (the root .ci/run calls it): gonum.org/v1/gonum
# v0.17.0 from the module proxy, init -type's files and the generated files
# fresh, vet, the tests
# (release, debug with the sweep and the suite, -race), the benchmark
# built. Prints its run time.
set -eu
start=$(date +%s)
step() {
	now=$(date +%s)
	echo "-- runtimes/gonum: $1 (at $((now - start)) s)"
}
cd "$(dirname "$0")"
step "modules"
go mod download
step "init -type writes what is committed"
./init.sh -check
step "generated sources are fresh"
# the command, built for this run alone (two runs at once must not share it)
ag="${TMPDIR:-/tmp}/assertgen-gonum-ci-$$"
trap 'rm -f "$ag"' EXIT
go build -o "$ag" github.com/assertgen/assertgen/cmd/assertgen
"$ag" gen -check -config checked/assertgen.yaml
"$ag" gen -check -config catalog/assertgen.yaml
step "go vet, gofmt"
go vet ./...
go vet -tags debugasserts ./...
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then echo "$unformatted"; exit 1; fi
step "go test"
go test -count=1 ./...
step "go test -tags debugasserts (the sweep, the suite)"
go test -count=1 -tags debugasserts ./...
step "go test -race -tags debugasserts"
go test -count=1 -race -tags debugasserts ./...
step "the benchmark runs"
go test -count=1 -tags debugasserts -run XXX -bench Checked -benchtime 100x ./checked > /dev/null
step "the sweep's report"
go test -count=1 -tags debugasserts -run '^TestSweep$' -v ./checked | sed -n 's/^ *sweep_test.go:[0-9]*: //p' | head -1
echo "runtimes/gonum/ci.sh: $(( $(date +%s) - start )) s"
