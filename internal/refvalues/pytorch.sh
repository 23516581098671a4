#!/bin/sh
# Regenerate testdata/pytorch.json, PyTorch's values of every case of the
# reference, with Debian sid's python3-torch (2.14.1), from the checkout's
# root:
#
#   runtimes/libtorch/release.sh 2.14.1 run ../../internal/refvalues/pytorch.sh
#
# release.sh sets up the sid chroot; this installs python3-torch in it the
# first time (the version of its libtorch-dev), writes the reference's
# calls (go test -run TestPyTorch -args -calls), runs them with torch
# (pytorch.py), then runs TestPyTorch on the new file. Run it after adding
# or changing an op or a case of the reference, and commit the file.
set -eu
cd "$(dirname "$0")"
release=${ASSERTGEN_LIBTORCH_RELEASE:?run inside release.sh RELEASE run}
py=/usr/bin/python3
if ! $py -c 'import torch' 2>/dev/null; then
	version=$(dpkg-query -W -f '${Version}' libtorch-dev)
	echo "-- pytorch.sh: installing python3-torch=$version" >&2
	DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false install -y -qq \
		--no-install-recommends "python3-torch=$version" python3-numpy >/dev/null
fi
calls=$(mktemp)
trap 'rm -f "$calls"' EXIT
go test -count=1 -run 'TestPyTorch$' . -args -calls "$calls" >/dev/null
$py pytorch.py "$calls" testdata/pytorch.json
echo "-- pytorch.sh: testdata/pytorch.json from torch $($py -c 'import torch; print(torch.__version__)') (release $release)" >&2
go test -count=1 -run 'TestPyTorch$' .
