#!/bin/sh
# Regenerate testdata/reference/pytorch-*/ from PyTorch's sources.
#
# usage: scripts/pytorch_reference.sh [SRCDIR]   (default /work/src)
#
# Needs a deb-src entry for Debian bookworm and trixie (see the header of
# scripts/pytorch_reference.py) and the packages python3-yaml and
# python3-typing-extensions. Fetches each release's orig tarball into SRCDIR
# when it is not there yet, checks its sha256, unpacks it, and runs the
# Python script with Debian's /usr/bin/python3.
set -eu
src=${1:-/work/src}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$src"

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

run 2.6.0 2.6.0+dfsg-7 pytorch-v2.6.0 099a9601bc40d67656e75735c44abedb0fbe92d08817852ab7472eebb7e6ddff
run 1.13.1 1.13.1+dfsg-4 pytorch-1.13.1 d0355588b8528566d477e6ebf1b4d9d036a6fd75711339f66b27472ce5879dc7
