#!/usr/bin/env bash
# Times docs/guide.md's "Start in your own module" from an empty module to
# the first passing debug test, cold: empty build and module caches (temp
# directories), the machine's GOPROXY. It runs the section's steps (the
# <!-- quickstart: ... --> blocks, as the docs' tests do) in a module
# next to a link to this repository, then `go test -tags debugasserts`.
# GOTOOLCHAIN is passed through (GOTOOLCHAIN=go1.25.14 scripts/firsthour.sh).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
ln -s "$repo" "$tmp/assertgen"
mkdir "$tmp/mytensor"
export GOCACHE="$tmp/gocache" GOMODCACHE="$tmp/gomodcache" GOFLAGS=-modcacherw GOWORK=off
start=$(date +%s.%N)
python3 - "$repo/docs/guide.md" "$tmp/mytensor" <<'PY'
import os, re, subprocess, sys
guide, mod = sys.argv[1], sys.argv[2]
lines = open(guide).read().split("\n")
i = 0
while i < len(lines):
    m = re.match(r"<!-- quickstart: (file (\S+)|run) -->", lines[i])
    i += 1
    if not m:
        continue
    while not lines[i].startswith("```"):
        i += 1
    j = i + 1
    while not lines[j].startswith("```"):
        j += 1
    body = "\n".join(lines[i + 1:j]) + "\n"
    i = j + 1
    if m.group(2):
        p = os.path.join(mod, m.group(2))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        open(p, "w").write(body)
    else:
        subprocess.run(["sh", "-e", "-c", body], cwd=mod, check=True)
PY
(cd "$tmp/mytensor" && go test -count=1 -tags debugasserts ./... >/dev/null)
end=$(date +%s.%N)
echo "first passing debug test, cold: $(echo "$end - $start" | bc) s ($(cd "$tmp/mytensor" && go version))"
