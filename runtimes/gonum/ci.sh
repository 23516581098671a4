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
debug_log="${TMPDIR:-/tmp}/gonum-ci-debug-$$.log"
trap 'rm -f "$ag" "$debug_log"' EXIT
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
step "go test -tags debugasserts (the sweep, the suite, the catalog's reproducers)"
# -v: the sweep's report below is checked's TestSweep's first line in this
# run's output (the sweep is run once here, not again for its report).
go test -count=1 -tags debugasserts -v ./... >"$debug_log" 2>&1 || { cat "$debug_log"; exit 1; }
grep -E '^(ok|FAIL|\?) ' "$debug_log"
step "the sweep's report"
sed -n '/^=== RUN   TestSweep$/,/^--- [A-Z]*: TestSweep /s/^ *sweep_test.go:[0-9]*: //p' "$debug_log" | head -1
# All of them again under -race, TestReproducersOfTheCatalog included: the
# one run under -race of the sweep's writing and minimizing of reproducers
# in its process (runtimes/gorgonia/ci.sh skips its own there).
step "go test -race -tags debugasserts"
go test -count=1 -race -tags debugasserts ./...
step "the benchmark runs"
go test -count=1 -tags debugasserts -run XXX -bench Checked -benchtime 100x ./checked > /dev/null
echo "runtimes/gonum/ci.sh: $(( $(date +%s) - start )) s"
