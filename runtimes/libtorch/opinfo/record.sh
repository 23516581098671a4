#!/bin/sh
# Regenerate one release's OpInfo calls (opinfo/RELEASE.json.gz), inside its
# chroot, with Debian's python3-torch of the same version as its libtorch-dev:
#
#   runtimes/libtorch/release.sh 2.14.1 run opinfo/record.sh [record.py flags]
#
# Installs python3-torch (and python3-numpy, python3-setuptools, and python3-expecttest where
# Debian has it: torch.testing._internal imports them) the first time,
# then runs record.py. 1.13.1 is the host's own: record.sh installs
# bookworm's python3-torch there.
set -eu
cd "$(dirname "$0")"
release=${ASSERTGEN_LIBTORCH_RELEASE:?run inside release.sh RELEASE run}
# Debian's python3, not one a version manager puts first on PATH
py=/usr/bin/python3
# (torch.testing._internal imports torch.utils.cpp_extension, which needs
# setuptools: trixie's python3-torch only recommends it)
if ! $py -c 'import torch, numpy, setuptools.command.build_ext' 2>/dev/null; then
	version=$(dpkg-query -W -f '${Version}' libtorch-dev)
	echo "-- record.sh: installing python3-torch=$version" >&2
	DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false install -y -qq \
		--no-install-recommends "python3-torch=$version" python3-numpy python3-setuptools >/dev/null
	# torch.testing._internal imports expecttest; record.py stands in for it
	# where Debian does not package it (bookworm)
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-expecttest >/dev/null 2>&1 || true
fi
t0=$(date +%s)
$py record.py "$release.json.gz" "$@"
echo "-- record.sh: $release.json.gz in $(($(date +%s) - t0)) s" >&2
