#!/usr/bin/env python3
"""Compare assertgen's ops with torchgen's, op by op.

A manual cross-check for any native_functions.yaml, not part of the tests
(for the embedded yaml files the tests compare against
testdata/reference/, made by scripts/pytorch_reference.py). It needs the
torchgen of the release on PYTHONPATH (its source tree: see
testdata/reference/README.md) and PyYAML; assertgen loads the yaml with the
rules of -pytorch-version PYTORCH_VERSION (default: assertgen's newest).

usage: torchgen_crosscheck.py ASSERTGEN_BINARY NATIVE_FUNCTIONS_YAML TAGS_YAML [PYTORCH_VERSION]
"""
import json
import subprocess
import sys

from torchgen.gen import parse_native_yaml


def torchgen_ops(yaml_path, tags_path):
    ops = {}
    for f in parse_native_yaml(yaml_path, tags_path).native_functions:
        ops[str(f.func.name)] = {
            "schema": str(f.func),
            "kind": f.func.kind().name,
            "is_view_op": f.is_view_op,
            "generated": "generated" in f.tags,
        }
    return ops


def assertgen_ops(binary, yaml_path, tags_path, version):
    args = [binary, "plan", "-json", "-schema", yaml_path, "-tags", tags_path]
    if version:
        args += ["-pytorch-version", version]
    out = subprocess.run(
        args,
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)["ops"]


def main():
    binary, yaml_path, tags_path = sys.argv[1:4]
    version = sys.argv[4] if len(sys.argv) > 4 else ""
    want = torchgen_ops(yaml_path, tags_path)
    got = assertgen_ops(binary, yaml_path, tags_path, version)
    agree, problems = 0, []
    for op in got:
        w = want.get(op["name"])
        if w is None:
            problems.append(f"{op['name']}: not an op of torchgen")
            continue
        diffs = [k for k in ("schema", "kind", "is_view_op", "generated") if op[k] != w[k]]
        if diffs:
            problems.append(f"{op['name']}: differs in {', '.join(diffs)}")
        else:
            agree += 1
    missing = set(want) - {op["name"] for op in got}
    problems += [f"{n}: missing from assertgen" for n in sorted(missing)]
    print(f"torchgen ops: {len(want)}, assertgen ops: {len(got)}, agreeing: {agree}")
    for p in problems[:50]:
        print(p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
