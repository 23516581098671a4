#!/bin/sh
# CI for the libtorch runtime (the root .ci/run calls it). libtorch 1.13.1
# on the host: installs libtorch-dev (and g++, ccache) if missing, checks
# the generated files are fresh (every release's, and the sweep summary),
# runs the tests (also with the checks on, and -race) and a bounded sweep
# (every bound op, one sample each, both profiles) against the committed
# report. Then libtorch 2.14.1 in its chroot (release.sh builds it when
# missing, in the background from the start): vet, the tests with the
# checks on (the torch contract, the verdict repros) and the same bounded
# sweep, and 2.6.0 the same (ASSERTGEN_LIBTORCH_26=0: not). Prints its run
# time and each step's, with the CPU time used so far.
set -eu
start=$(date +%s)
# step NAME: a step's header, with ci.sh's wall time so far and the CPU
# time (user+system) of the commands it has waited for so far, as .ci/run's
# headers: a loaded machine stretches the first, hardly the second. times
# runs in this shell (in a $(...) subshell it would count nothing).
times_file=${TMPDIR:-/tmp}/libtorch-ci-times-$$
trap 'rm -f "$times_file"' EXIT
step() {
	now=$(date +%s)
	times >"$times_file"
	echo "-- runtimes/libtorch: $1 (at $((now - start)) s, CPU $(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, a, /m/); s += a[1] * 60 + a[2] } printf "%d", s }' "$times_file") s)"
}
cd "$(dirname "$0")"
# libtorch 1.13.1 (Debian bookworm), a C++ compiler for cgo, and ccache
# (below)
pkgs=
dpkg-query -W -f '${Status}' libtorch-dev 2>/dev/null | grep -q 'ok installed' || pkgs=libtorch-dev
command -v g++ >/dev/null || pkgs="$pkgs g++"
command -v ccache >/dev/null || pkgs="$pkgs ccache"
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
# ccache, so that each C++ file of the cgo packages is compiled once per
# run and release, not once per build of its package. The go command
# caches a cgo package whole, keyed on its Go build too, so it compiles
# the same C++ again for every build mode: the shim's eight op files
# (about 75 s of CPU) for the release build (which the debug build
# shares: the tag changes none of its files) and again for -race; torch's
# four files (about 22 s) for its release and debug builds, each twice
# (the package alone, and with its in-package tests for go vet and go
# test), and for -race. The compiler's command is the same in every mode
# (-race instruments Go code only) but for -frandom-seed, which the go
# command derives from the build's key: the random_seed sloppiness lets
# ccache ignore it (it names only anonymous symbols; the objects behave
# the same). A new directory per run, under $TMPDIR (bound into the
# chroots, whose own g++ and ccache release.sh uses when the caller sets
# CCACHE_DIR): the go command's cache keeps the builds across runs, so a
# ccache across runs would buy nothing for CI, and a cold run stays cold.
# Every compile still runs the preprocessor (ccache's key is the
# preprocessed source: the go command's commands name its temporary
# directories), about a second per file.
# A directory per release (ccache_dir RELEASE), each used by that
# release's own compiler and ccache alone (the chroots' ccache releases
# are not the host's, and need not share a directory's format).
ccache_base=${TMPDIR:-/tmp}/libtorch-ccache-$$
ccache_dir() { echo "$ccache_base/$1"; }
CCACHE_DIR=$(ccache_dir 1.13.1)
CCACHE_SLOPPINESS=random_seed
PATH=/usr/lib/ccache:$PATH
export CCACHE_DIR CCACHE_SLOPPINESS PATH
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
# the command, built for this run alone (two runs at once must not share it)
ag="${TMPDIR:-/tmp}/assertgen-libtorch-ci-$$"
trap 'kill $pids 2>/dev/null || true; rm -rf "$ag" "$times_file" "$ccache_base"' EXIT
step "generated sources are fresh"
go run ./cmd/shimgen -root . -check
go build -o "$ag" github.com/assertgen/assertgen/cmd/assertgen
for d in . releases/*; do
	"$ag" gen -check -config $d/checked/assertgen.yaml
	"$ag" gen -check -config $d/checkedpt/assertgen.yaml
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
	if ! CCACHE_DIR=$(ccache_dir "$1") ./release.sh "$1" run ./sweep.sh "${TMPDIR:-/tmp}/libtorch-sweep-$1.json" -samples 1 -j 2 -timeout 60s -content -baseline "reports/$1.json" >"$out" 2>&1; then
		cat "$out"
		exit 1
	fi
	sed -n '/^libtorch .* sweep:/,+1p' "$out"
}
# shards RELEASE: package sweep's shards on libtorch: the bounded sweep of
# the ops a* to d* and f* (637 of 1.13.1's) unsharded and as two shards
# (two processes standing in for two machines), each profile's merged
# report held to the unsharded one (cmd/sweepmerge). Not every op: some
# ops' outcome varies from run to run, sharded or not (unstable.json's;
# gradient's, a crash an earlier op's undefined behaviour left in the
# worker), and would fail the comparison by chance.
shards() {
	step "libtorch $1: the bounded sweep of ops a* to d* and f*, unsharded and as 2 shards, merged (cmd/sweepmerge)"
	d=${TMPDIR:-/tmp}/libtorch-shards-$1-$$
	rm -rf "$d" && mkdir -p "$d"
	for run in whole 0 1; do
		out=$d/shards shard="-shard $run/2"
		[ "$run" = whole ] && out=$d/whole shard=
		if ! CCACHE_DIR=$(ccache_dir "$1") ./release.sh "$1" run ./sweep.sh "$d/$run.json" -samples 1 -j 2 -timeout 60s -content -ops 'a*,b*,c*,d*,f*' $shard -out "$out" >"$d/$run.txt" 2>&1; then
			cat "$d/$run.txt"
			exit 1
		fi
	done
	go run ./cmd/sweepmerge "$d/whole" "$d/shards"
	rm -rf "$d"
}
sweep 1.13.1
shards 1.13.1

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
	CCACHE_DIR=$(ccache_dir "$1") ./release.sh "$1" run sh -c "cd releases/$1 && go vet -tags debugasserts ./... && go test -count=1 -tags debugasserts ./... github.com/assertgen/assertgen/runtimes/libtorch/torch"
	sweep "$1"
}
for r in $chrooted; do
	release "$r"
done
# What ccache saved, per release (its own ccache reads each directory).
for r in 1.13.1 $chrooted; do
	echo "-- runtimes/libtorch: ccache, libtorch $r: $(CCACHE_DIR=$(ccache_dir "$r") ./release.sh "$r" run ccache --show-stats | awk '($1 == "Hits:" || $1 == "Misses:") && !seen[$1]++ { printf "%s %s of %s; ", $1, $2, $4 }')"
done
echo "runtimes/libtorch/ci.sh: $(( $(date +%s) - start )) s"
