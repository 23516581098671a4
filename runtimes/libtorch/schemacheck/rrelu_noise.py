"""rrelu_with_noise in training mode writes noise, which the 1.13 schema
declares read-only (Tensor noise): the sweep's same_content finding
(verdicts.json). This script asks SchemaCheckMode on Debian's python3-torch
1.13 about the same calls, and shows the write directly.

    /usr/bin/python3 runtimes/libtorch/schemacheck/rrelu_noise.py
"""
import sys
import types
import unittest

if "expecttest" not in sys.modules:
    try:
        import expecttest  # noqa: F401
    except ImportError:
        stub = types.ModuleType("expecttest")
        stub.TestCase = unittest.TestCase
        stub.ACCEPT = False
        sys.modules["expecttest"] = stub

import torch
from torch.testing._internal.schema_check_mode import SchemaCheckMode

aten = torch.ops.aten


def run(name, call):
    try:
        with SchemaCheckMode():
            call()
        print(f"{name:40} not reported")
    except Exception as e:  # SchemaCheckMode raises RuntimeError
        print(f"{name:40} reported: {str(e).splitlines()[0]}")



for name, call in [
    ("rrelu_with_noise_", lambda x, n: aten.rrelu_with_noise_(x, n, 0.125, 1 / 3, True)),
    ("rrelu_with_noise", lambda x, n: aten.rrelu_with_noise(x, n, 0.125, 1 / 3, True)),
    ("rrelu_with_noise.out", lambda x, n: aten.rrelu_with_noise.out(x, n, 0.125, 1 / 3, True, out=torch.empty(2))),
]:
    x, noise = torch.tensor([-1.0, 2.0]), torch.tensor([0.5, 0.5])
    before = noise.clone()
    run(name + " training", lambda: call(x, noise))
    x, noise = torch.tensor([-1.0, 2.0]), torch.tensor([0.5, 0.5])
    call(x, noise)
    print(f"{'':40} noise {before.tolist()} -> {noise.tolist()} (version {noise._version})")
