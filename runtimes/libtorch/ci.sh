#!/bin/sh
# CI for the libtorch runtime (the root .ci/run calls it): installs
# libtorch-dev if missing, checks the generated files are fresh, runs the
# tests (also with the checks on, and -race) and a bounded sweep (every bound
# op, one sample each, both profiles). Prints its run time and each step's.
set -eu
start=$(date +%s)
step() {
	now=$(date +%s)
	echo "-- runtimes/libtorch: $1 (at $((now - start)) s)"
}
cd "$(dirname "$0")"
# libtorch 1.13.1 (Debian bookworm) and a C++ compiler for cgo
pkgs=
dpkg-query -W -f '${Status}' libtorch-dev 2>/dev/null | grep -q 'ok installed' || pkgs=libtorch-dev
command -v g++ >/dev/null || pkgs="$pkgs g++"
if [ -n "$pkgs" ]; then
	step "installing$(printf ' %s' $pkgs)"
	sudo=
	if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
fi
step "generated sources are fresh"
go run ./internal/shimgen -root . -check
go build -o "${TMPDIR:-/tmp}/assertgen-libtorch-ci" github.com/assertgen/assertgen/cmd/assertgen
"${TMPDIR:-/tmp}/assertgen-libtorch-ci" gen -check -config checked/assertgen.yaml
"${TMPDIR:-/tmp}/assertgen-libtorch-ci" gen -check -config checkedpt/assertgen.yaml
step "go vet"
go vet ./...
go vet -tags debugasserts ./...
step "go test"
go test -count=1 ./...
step "go test -tags debugasserts"
go test -count=1 -tags debugasserts ./...
step "go test -race -tags debugasserts"
go test -count=1 -race -tags debugasserts ./...
step "bounded sweep (one sample per op, both profiles, content check on)"
sweep_out=${TMPDIR:-/tmp}/libtorch-sweep.txt
if ! ./sweep.sh "${TMPDIR:-/tmp}/libtorch-sweep.json" -samples 1 -j 2 -timeout 20s -content >"$sweep_out"; then
	cat "$sweep_out"
	exit 1
fi
sed -n '1,2p' "$sweep_out"
echo "runtimes/libtorch/ci.sh: $(( $(date +%s) - start )) s"
