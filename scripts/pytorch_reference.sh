#!/bin/sh
# Regenerate testdata/reference/pytorch-*/ from PyTorch's own code generators.
#
# usage: scripts/pytorch_reference.sh [SRCDIR]   (default /work/src)
#
# Needs Debian's /usr/bin/python3 with python3-yaml and
# python3-typing-extensions, and network access to deb.debian.org.
#
# 2.14.1: the binary package route. Debian ships 2.14.1 only in sid, and the
# sid source tarball is listed but not in the pool; the binary package
# python3-torch carries torchgen and the autograd codegen
# (torchgen/packaged/autograd/ = upstream tools/autograd/) with the yaml files.
# The .deb is fetched with apt, but through a private sources list, lists and
# cache under SRCDIR/apt-sid, so the host's own apt state (bookworm) is not
# touched; sid's Release file on the mirror may be expired, hence
# Check-Valid-Until=false (the sha256 of the .deb below is what is trusted).
#
# 2.6.0 and 1.13.1: the source package route. Needs a deb-src entry for
# Debian bookworm and trixie (see the header of scripts/pytorch_reference.py).
# Fetches each release's orig tarball into SRCDIR when it is not there yet,
# checks its sha256 and unpacks it.
set -eu
src=${1:-/work/src}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$src"
src=$(cd "$src" && pwd)

run() { # version debian-version top-level-dir sha256
	v=$1 deb=$2 top=$3 sum=$4
	tarball=$src/pytorch_${v}+dfsg.orig.tar.xz
	if [ ! -f "$tarball" ]; then
		# the 1.13.1 .debian.tar.xz is no longer on the mirror; only the orig tarball matters
		(cd "$src" && apt-get source --download-only "pytorch=$deb") || [ -f "$tarball" ]
	fi
	echo "$sum  $tarball" | sha256sum -c -
	if [ ! -d "$src/$v/$top" ]; then
		mkdir -p "$src/$v"
		tar -xJf "$tarball" -C "$src/$v"
	fi
	/usr/bin/python3 "$repo/scripts/pytorch_reference.py" "$v" "$src/$v/$top"
}

runbin() { # version debian-version sha256-of-the-deb
	v=$1 deb=$2 sum=$3
	file=python3-torch_${deb}_amd64.deb
	if [ ! -f "$src/$file" ]; then
		a=$src/apt-sid
		mkdir -p "$a/lists/partial" "$a/cache/archives/partial"
		echo 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main' >"$a/sources.list"
		set -- -o "Dir::Etc::SourceList=$a/sources.list" -o Dir::Etc::SourceParts=/dev/null \
			-o "Dir::State::Lists=$a/lists" -o "Dir::Cache=$a/cache" \
			-o Acquire::Check-Valid-Until=false -o APT::Architecture=amd64
		apt-get "$@" update
		if ! (cd "$src" && apt-get "$@" download "python3-torch=$deb"); then
			echo "pytorch_reference.sh: python3-torch $deb is no longer in Debian sid" >&2
			echo "  (apt-cache policy says: $(apt-cache "$@" policy python3-torch | sed -n 's/ *Candidate: //p'))." >&2
			echo "  Find the .deb on snapshot.debian.org (sha256 $sum), put it in $src and run again." >&2
			exit 1
		fi
	fi
	echo "$sum  $src/$file" | sha256sum -c -
	if [ ! -d "$src/$v/usr/lib/python3/dist-packages/torchgen" ]; then
		mkdir -p "$src/$v"
		dpkg-deb -x "$src/$file" "$src/$v"
	fi
	/usr/bin/python3 "$repo/scripts/pytorch_reference.py" "$v" "$src/$v/usr/lib/python3/dist-packages"
}

runbin 2.14.1 2.14.1+dfsg-1 20b8f0e4e8ada1579110681c9bf3bc18ea9550bf849b328f2c0b2d3da73eb132
run 2.6.0 2.6.0+dfsg-7 pytorch-v2.6.0 099a9601bc40d67656e75735c44abedb0fbe92d08817852ab7472eebb7e6ddff
run 1.13.1 1.13.1+dfsg-4 pytorch-1.13.1 d0355588b8528566d477e6ebf1b4d9d036a6fd75711339f66b27472ce5879dc7
