"""Runs the kernel verdicts' repros (findings/findings_test.go) in Python
under torch.testing._internal.schema_check_mode.SchemaCheckMode, on
Debian's python3-torch 1.13, and prints whether it reports each one.

    /usr/bin/python3 runtimes/libtorch/schemacheck/compare.py
"""
import sys
import types
import unittest

# torch.testing._internal imports expecttest (a test dependency Debian does
# not package); SchemaCheckMode does not use it.
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


def f32(*sizes):
    n = 1
    for s in sizes:
        n *= s
    return (torch.arange(n, dtype=torch.float32) + 0.5).reshape(sizes)


# (op, what assertgen reports, call)
REPROS = [
    ("dropout", "impl_use_count_le_1", lambda: aten.dropout(f32(2), 0.5, False)),
    ("alpha_dropout", "impl_use_count_le_1", lambda: aten.alpha_dropout(f32(2), 0.5, False)),
    ("feature_dropout", "impl_use_count_le_1", lambda: aten.feature_dropout(f32(2, 2), 0.5, False)),
    ("feature_alpha_dropout", "impl_use_count_le_1", lambda: aten.feature_alpha_dropout(f32(2, 2), 0.5, False)),
    ("native_dropout", "impl_use_count_le_1", lambda: aten.native_dropout(f32(0), 0.5, False)),
    ("sum_to_size", "impl_use_count_le_1", lambda: aten.sum_to_size(f32(2), [2])),
    ("broadcast_tensors", "impl_use_count_le_1", lambda: aten.broadcast_tensors([f32(2)])),
    ("cartesian_prod", "impl_use_count_le_1", lambda: aten.cartesian_prod([f32(0)])),
    ("_to_cpu", "impl_use_count_le_1", lambda: aten._to_cpu([f32(2)])),
    ("data", "storage_use_count_eq_1", lambda: aten.data(f32(2))),
    ("align_as", "storage_use_count_eq_1", lambda: aten.align_as(f32(), f32())),
    ("align_tensors", "storage_use_count_eq_1", lambda: aten.align_tensors([f32(2)])),
    ("meshgrid", "storage_use_count_eq_1", lambda: aten.meshgrid([f32(2)])),
    ("nonzero_numpy", "distinct_outputs", lambda: aten.nonzero_numpy(f32(2, 2))),
    ("where", "distinct_outputs", lambda: aten.where(f32(2, 2))),
    ("copy", "impl_use_count_le_1", lambda: aten.copy(f32(2), f32(2))),
    ("resize.out", "returns_arg", lambda: aten.resize.out(f32(2), [2], out=f32(2))),
    ("resize_as.out", "returns_arg", lambda: aten.resize_as.out(f32(2), f32(2), out=f32(2))),
    ("_saturate_weight_to_fp16", "impl_use_count_le_1", lambda: aten._saturate_weight_to_fp16(f32(2, 3))),
    ("_foobar", "impl_use_count_le_1", lambda: aten._foobar(f32(2))),
]

for op, check, call in REPROS:
    try:
        with SchemaCheckMode():
            call()
        verdict = "not reported"
    except Exception as e:  # SchemaCheckMode raises RuntimeError
        msg = str(e).splitlines()[0][:110]
        verdict = "reported: " + msg
    print(f"{op:28} {check:24} {verdict}")
