#!/bin/sh
# CI for the libtorch runtime (the root .ci/run calls it). libtorch 1.13.1
# on the host: installs libtorch-dev if missing, checks the generated files
# are fresh (every release's, and the sweep summary), runs the tests (also
# with the checks on, and -race) and a bounded sweep (every bound op, one
# sample each, both profiles) against the committed report. Then libtorch
# 2.14.1 in its chroot (release.sh builds it when missing, in the background
# from the start): vet, the tests
# with the checks on (the torch contract, the verdict repros) and the same
# bounded sweep, and 2.6.0 the same (ASSERTGEN_LIBTORCH_26=0: not). Prints its run
# time and each step's.
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
# release.sh would install debootstrap itself, but two chroots are set up
# at once below, and two apt-gets at once fight over apt's lock
command -v debootstrap >/dev/null || pkgs="$pkgs debootstrap"
if [ -n "$pkgs" ]; then
	step "installing$(printf ' %s' $pkgs)"
	sudo=
	if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
fi
# The 2.x releases CI runs: 2.14.1 and 2.6.0; ASSERTGEN_LIBTORCH_26=0 leaves
# 2.6.0 out.
chrooted=2.14.1
[ "${ASSERTGEN_LIBTORCH_26:-1}" = 0 ] || chrooted="$chrooted 2.6.0"
# Their chroots (debootstrap and apt: network and disk, little CPU) are
# built in the background while the host's steps compile; release() waits
# for each and shows its log.
pids=
for r in $chrooted; do
	./release.sh "$r" setup >"${TMPDIR:-/tmp}/libtorch-setup-$r.log" 2>&1 &
	eval "setup_$(echo "$r" | tr . _)=$!"
	pids="$pids $!"
	step "$r chroot: release.sh $r setup started in the background (log: ${TMPDIR:-/tmp}/libtorch-setup-$r.log)"
done
trap 'kill $pids 2>/dev/null || true' EXIT
step "generated sources are fresh"
go run ./cmd/shimgen -root . -check
go build -o "${TMPDIR:-/tmp}/assertgen-libtorch-ci" github.com/assertgen/assertgen/cmd/assertgen
for d in . releases/*; do
	"${TMPDIR:-/tmp}/assertgen-libtorch-ci" gen -check -config $d/checked/assertgen.yaml
	"${TMPDIR:-/tmp}/assertgen-libtorch-ci" gen -check -config $d/checkedpt/assertgen.yaml
done
go run ./cmd/sweepreport -check
step "go vet"
go vet ./...
go vet -tags debugasserts ./...
step "go test"
go test -count=1 ./...
step "go test -tags debugasserts"
go test -count=1 -tags debugasserts ./...
# -race where goroutines run: the workload's checked calls from several
# goroutines at once (over torch's ID tables, use counts and finalizers)
# and the sweep's master with its workers. The other tests are
# single-threaded, and under -race the sweep's tests alone took 180 s.
step "go test -race -tags debugasserts (the concurrent workload, the sweep's master)"
go test -count=1 -race -tags debugasserts ./bench
go test -count=1 -race -tags debugasserts -run '^TestSweep$' ./sweep
# sweep RELEASE: the bounded sweep against the release's committed report:
# fails on a violation without a verdict, a stale verdict, fewer ops
# exercised, or an op that crashes or hangs and did not.
sweep() {
	step "libtorch $1: bounded sweep (one sample per op, both profiles, content check on, against reports/$1.json)"
	out=${TMPDIR:-/tmp}/libtorch-sweep-$1.txt
	if ! ./release.sh "$1" run ./sweep.sh "${TMPDIR:-/tmp}/libtorch-sweep-$1.json" -samples 1 -j 2 -timeout 60s -content -baseline "reports/$1.json" >"$out" 2>&1; then
		cat "$out"
		exit 1
	fi
	sed -n '/^libtorch .* sweep:/,+1p' "$out"
}
sweep 1.13.1

# release RELEASE: the release's chroot (built when missing), vet, the tests
# with the checks on, the bounded sweep.
release() {
	step "libtorch $1: chroot (release.sh $1 setup)"
	rc=0
	eval "wait \"\$setup_$(echo "$1" | tr . _)\"" || rc=$?
	cat "${TMPDIR:-/tmp}/libtorch-setup-$1.log"
	[ "$rc" = 0 ] || { echo "runtimes/libtorch/ci.sh: release.sh $1 setup failed (exit $rc)" >&2; exit 1; }
	# vet with the tag only: it sees every file but the release build's
	# generated forwarders, and shares its compiles with the tests (the
	# release build would compile the 3,000-op packages for vet alone).
	step "libtorch $1: go vet -tags debugasserts, go test -tags debugasserts (torch contract, verdict repros)"
	./release.sh "$1" run sh -c "cd releases/$1 && go vet -tags debugasserts ./... && go test -count=1 -tags debugasserts ./... github.com/assertgen/assertgen/runtimes/libtorch/torch"
	sweep "$1"
}
for r in $chrooted; do
	release "$r"
done
echo "runtimes/libtorch/ci.sh: $(( $(date +%s) - start )) s"
