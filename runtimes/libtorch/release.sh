#!/bin/sh
# The environment of one libtorch release, and commands run inside it:
#
#   runtimes/libtorch/release.sh RELEASE setup
#   runtimes/libtorch/release.sh RELEASE run COMMAND [ARG...]
#   runtimes/libtorch/release.sh RELEASE path
#
# RELEASE is 1.13.1 (the host: Debian bookworm's libtorch-dev), 2.6.0 (a
# Debian trixie chroot) or 2.14.1 (a Debian sid chroot). "setup" builds the
# chroot from nothing when it is missing (debootstrap, then libtorch-dev at
# its exact Debian version and g++) and does nothing when it is there; "run"
# sets it up if needed, then runs COMMAND in runtimes/libtorch inside it, with
# the host's Go (/usr/local/go), module and build caches, this checkout and
# $TMPDIR (default /tmp) bind-mounted at their host paths (and $CCACHE_DIR
# when set: the compiles then go through the chroot's ccache), e.g.
#
#   runtimes/libtorch/release.sh 2.14.1 run go test ./...
#   runtimes/libtorch/release.sh 2.14.1 run ./sweep.sh /tmp/r.json -samples 1
#
# Chroots live under $ASSERTGEN_CHROOTS (default /var/cache/assertgen/chroots),
# one directory per release, so later runs on the same machine reuse them.
# A directory given once is remembered (in runtimes/libtorch/.chroots, not
# committed): later calls without ASSERTGEN_CHROOTS use it.
# The mirror is the first Debian one apt uses on the host, or
# $ASSERTGEN_DEBIAN_MIRROR. Needs root (debootstrap, chroot, mount namespaces).
set -eu
usage() {
	echo "usage: release.sh 1.13.1|2.6.0|2.14.1 setup|path|run COMMAND [ARG...]" >&2
	exit 2
}
[ $# -ge 2 ] || usage
release=$1
action=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

# The pinned Debian package of each release: suite and libtorch-dev version.
case $release in
1.13.1) suite=bookworm version=1.13.1+dfsg-4 ;;
2.6.0) suite=trixie version=2.6.0+dfsg-7 ;;
2.14.1) suite=sid version=2.14.1+dfsg-1 ;;
*) echo "release.sh: unknown release $release (want 1.13.1, 2.6.0 or 2.14.1)" >&2; exit 2 ;;
esac

export ASSERTGEN_LIBTORCH_RELEASE="$release"
case $action in
setup | path) [ $# -eq 0 ] || usage ;;
run) [ $# -ge 1 ] || usage ;;
*) usage ;;
esac

# 1.13.1 is the host's own libtorch (ci.sh installs it).
if [ "$release" = 1.13.1 ]; then
	case $action in
	setup) exit 0 ;;
	path) echo /; exit 0 ;;
	run) cd "$here" && exec "$@" ;;
	esac
fi

remembered=$here/.chroots
if [ -n "${ASSERTGEN_CHROOTS:-}" ]; then
	chroots=$ASSERTGEN_CHROOTS
	[ "$(cat "$remembered" 2>/dev/null)" = "$chroots" ] || echo "$chroots" >"$remembered"
elif [ -s "$remembered" ]; then
	chroots=$(cat "$remembered")
else
	chroots=/var/cache/assertgen/chroots
fi
dir=$chroots/libtorch-$release
stamp=$dir/etc/assertgen-libtorch
want="libtorch-dev $version $suite"

if [ "$action" = path ]; then
	echo "$dir"
	exit 0
fi

mirror() {
	if [ -n "${ASSERTGEN_DEBIAN_MIRROR:-}" ]; then
		echo "$ASSERTGEN_DEBIAN_MIRROR"
		return
	fi
	# deb822 sources first, then one-line ones; the first URI serving Debian.
	m=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
		awk '$1 == "URIs:" && $2 ~ /\/debian\/?$/ { print $2; exit }')
	if [ -z "$m" ]; then
		m=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			awk '$1 == "deb" && $2 ~ /\/debian\/?$/ { print $2; exit }')
	fi
	echo "${m:-http://deb.debian.org/debian}"
}

setup() {
	if [ -f "$stamp" ]; then
		have=$(cat "$stamp")
		if [ "$have" = "$want" ]; then
			return 0
		fi
		echo "release.sh: $dir holds $have, not $want; remove it to rebuild" >&2
		exit 1
	fi
	if [ "$(id -u)" != 0 ]; then
		echo "release.sh: building $dir needs root" >&2
		exit 1
	fi
	if ! command -v debootstrap >/dev/null; then
		echo "-- release.sh: installing debootstrap"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
	fi
	m=$(mirror)
	tmp=$dir.partial
	rm -rf "$tmp"
	mkdir -p "$chroots"
	t0=$(date +%s)
	echo "-- release.sh: debootstrap $suite from $m into $tmp"
	debootstrap --variant=minbase "$suite" "$tmp" "$m" >"$tmp.log" 2>&1 || {
		tail -n 20 "$tmp.log" >&2
		echo "release.sh: debootstrap $suite from $m failed (log: $tmp.log)" >&2
		exit 1
	}
	# sid's Release file on a snapshot mirror is past its Valid-Until date.
	echo 'Acquire::Check-Valid-Until "false";' >"$tmp/etc/apt/apt.conf.d/99assertgen"
	cp /etc/resolv.conf "$tmp/etc/resolv.conf" 2>/dev/null || true
	t1=$(date +%s)
	echo "-- release.sh: libtorch-dev=$version g++ ccache (debootstrap took $((t1 - t0)) s)"
	chroot "$tmp" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >>"$tmp.log" 2>&1
	if ! chroot "$tmp" apt-cache madison libtorch-dev | awk -v v="$version" '$3 == v { ok = 1 } END { exit !ok }'; then
		echo "release.sh: libtorch-dev $version is not on $m $suite any more; it offers:" >&2
		chroot "$tmp" apt-cache madison libtorch-dev >&2 || true
		echo "release.sh: point ASSERTGEN_DEBIAN_MIRROR at a snapshot.debian.org date that has $version, or move the pin in release.sh (and regenerate this release's bindings)" >&2
		exit 1
	fi
	# ccache: ci.sh compiles each C++ file once per run through it (see
	# there); a chroot built before it was added runs without it
	chroot "$tmp" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		"libtorch-dev=$version" g++ ccache >>"$tmp.log" 2>&1 || {
		tail -n 20 "$tmp.log" >&2
		echo "release.sh: installing libtorch-dev=$version in $tmp failed (log: $tmp.log)" >&2
		exit 1
	}
	chroot "$tmp" apt-mark hold libtorch-dev >/dev/null
	chroot "$tmp" apt-get clean
	echo "$want" >"$tmp/etc/assertgen-libtorch"
	mv "$tmp" "$dir"
	mv "$tmp.log" "$dir.log"
	echo "-- release.sh: $dir ready ($(($(date +%s) - t0)) s)"
}

setup
[ "$action" = setup ] && exit 0

# Run COMMAND in a private mount namespace, so the bind mounts vanish with it.
# The host's build cache is shared: what does not depend on the C/C++
# compiler or libtorch's headers (the standard library's Go packages,
# asserts, the sweep...) is compiled once for the host and every chroot.
# The go command keys a cgo package's build on the compiler's version and
# the CGO_* flags, not on the headers it includes, so each release gets a
# flag of its own (a macro nothing reads): a package compiled against one
# release's headers is never taken for another's, even with the same g++.
goroot=$(go env GOROOT)
modcache=$(go env GOMODCACHE)
gocache=$(go env GOCACHE)
hosttmp=${TMPDIR:-/tmp}
mkdir -p "$modcache" "$gocache" "$hosttmp"
mark="-DASSERTGEN_LIBTORCH_$(echo "$release" | tr . _)"
# With CCACHE_DIR set, the chroot's compilers are its ccache's (Debian's
# /usr/lib/ccache, first in PATH; a chroot without ccache has no such
# directory, and its g++ runs as is), with the caller's CCACHE_DIR and
# CCACHE_SLOPPINESS.
ccache=${CCACHE_DIR:-}
[ -z "$ccache" ] || mkdir -p "$ccache"
exec unshare --mount --propagation private /bin/sh -eu -c '
dir=$1 goroot=$2 modcache=$3 repo=$4 here=$5 tmp=$6 gocache=$7 mark=$8 ccache=$9
shift 9
for p in "$goroot" "$modcache" "$repo" "$tmp" "$gocache" $ccache; do
	mkdir -p "$dir$p"
	mount --bind "$p" "$dir$p"
done
mount -t proc proc "$dir/proc"
mount --bind /dev "$dir/dev"
path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
[ -z "$ccache" ] || path=/usr/lib/ccache:$path
exec chroot "$dir" /usr/bin/env -i \
	HOME=/root PATH="$goroot/bin:$path" \
	CCACHE_DIR="$ccache" CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-}" \
	GOROOT="$goroot" GOMODCACHE="$modcache" GOCACHE="$gocache" \
	CGO_CFLAGS="-O2 -g $mark" CGO_CXXFLAGS="-O2 -g $mark" \
	GOFLAGS="${GOFLAGS:-}" GOTOOLCHAIN=local GOPROXY="${GOPROXY:-https://proxy.golang.org,direct}" \
	TMPDIR="$tmp" ASSERTGEN_LIBTORCH_RELEASE="$ASSERTGEN_LIBTORCH_RELEASE" \
	/bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$here" "$@"
' sh "$dir" "$goroot" "$modcache" "$repo" "$here" "$hosttmp" "$gocache" "$mark" "$ccache" "$@"
