"""The aliasing calls the sweep makes (sample 5): an argument not marked (a!)
that shares its storage with one that is. assertgen skips no_mutation on such
an argument (reason aliases_mutable_arg); this script shows SchemaCheckMode
on Debian's python3-torch 1.13 accepts the same calls.

    /usr/bin/python3 runtimes/libtorch/schemacheck/aliasing.py
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


x = torch.ones(2, 3)
run("add_.Tensor(x, x)", lambda: aten.add_.Tensor(x, x))
a, b = torch.ones(2, 3), torch.ones(2, 3)
run("add.out(a, b, out=a)", lambda: aten.add.out(a, b, out=a))
base = torch.ones(2, 3)
run("mul_.Tensor(base[0], base[1])", lambda: aten.mul_.Tensor(base[0], base[1]))
m = torch.ones(3, 3)
run("addmm_(m, m, m)", lambda: aten.addmm_(m, m, m))
