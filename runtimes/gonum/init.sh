#!/bin/sh
# What `go tool assertgen init -type '*gonum.org/v1/gonum/mat.Dense'`
# writes, kept as it wrote it: assertgen.yaml (included by
# checked/assertgen.yaml), AssertgenMemory and init's tests. init runs in a
# copy of this module without them (it writes only new files), with the
# assertgen of this checkout; generate.go, which would generate init's ops
# alone into checked/, is not kept (checked/doc.go generates the set).
#
#   ./init.sh          # write them again (after a change to init)
#   ./init.sh -check   # exit 1 and name each file init writes otherwise (ci.sh)
set -eu
cd "$(dirname "$0")"
check=
case ${1:-} in
-check) check=1 ;;
"") ;;
*) echo "usage: ./init.sh [-check]" >&2; exit 2 ;;
esac
files="assertgen.yaml assertgen_memory.go assertgen_views.go assertgen_sweep_test.go assertgen_values_test.go checked/assertgen_memory_test.go"
root=$(cd ../.. && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R . "$tmp/gonum"
cd "$tmp/gonum"
rm -f $files generate.go
go mod edit -replace github.com/assertgen/assertgen="$root"
go tool assertgen init -type '*gonum.org/v1/gonum/mat.Dense' > "$tmp/report.txt" 2>&1 ||
	{ cat "$tmp/report.txt"; exit 1; }
cd - > /dev/null
stale=
for f in $files; do
	if [ -n "$check" ]; then
		cmp -s "$f" "$tmp/gonum/$f" || { echo "runtimes/gonum/$f: not what init -type writes today (run ./init.sh)"; stale=1; }
	else
		cp "$tmp/gonum/$f" "$f"
	fi
done
[ -z "$stale" ] || exit 1
[ -n "$check" ] || sed -n 's/^  bound: /init -type: /p' "$tmp/report.txt"
