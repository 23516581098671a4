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
debug_log="${TMPDIR:-/tmp}/gorgonia-ci-debug-$$.log"
trap 'rm -f "$ag" "$debug_log"' EXIT
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
step "go test -tags debugasserts (the sweep, its reproducers, the findings, the freshness catalog)"
# -v: the sweep's report below is TestSweep's first line in this run's
# output (the sweep is run once here, not again for its report).
go test -count=1 -tags debugasserts -v ./... >"$debug_log" 2>&1 || { cat "$debug_log"; exit 1; }
grep -E '^(ok|FAIL|\?) ' "$debug_log"
step "the sweep's report"
sed -n '/^=== RUN   TestSweep$/,/^--- [A-Z]*: TestSweep /s/^ *sweep_test.go:[0-9]*: //p' "$debug_log" | head -1
# -short skips TestReproducers alone, run above: its sweep is TestSweep's,
# run here; its go commands run outside the race-built binary; and the
# sweep's writing of reproducers runs under -race in runtimes/gonum/ci.sh.
step "go test -race -short -tags debugasserts (but TestReproducers, run above)"
go test -count=1 -race -short -tags debugasserts ./...
echo "runtimes/gorgonia/ci.sh: $(( $(date +%s) - start )) s"
