"""Record the aten-level calls that PyTorch's own OpInfo samples make on CPU.

    python3 record.py OUT.json.gz [-per-op N] [-ops GLOB]

Run inside a release's chroot with python3-torch (record.sh installs it and
runs this). For every OpInfo of op_db (torch.testing._internal.
common_methods_invocations), on CPU, for up to two of its dtypes, each sample
input runs under a TorchDispatchMode that writes down each aten call that
reaches the Python key: the overload (schema name and overload name) and per
schema argument its value:

    null                      None (an absent optional, a Generator)
    {"d": 1}                  not given: the schema's default
    {"i": 3} {"f": 0.5} {"b": true} {"str": "mean"}
    {"f": "inf"}              a float JSON cannot hold: inf, -inf, nan
    {"c": [re, im]}           a complex scalar
    {"dtype": "float32"} {"layout": "strided"} {"device": "cpu"} {"mf": "channels_last"}
    {"l": [...]}              a list of any of these
    {"t": dtype, "s": shape, "st": strides, "o": storage offset,
     "v": values (row-major, when small), "lo": min, "hi": max,
     "conj": 1, "neg": 1, "layout": "sparse_coo" (when not strided)}

Floating samples that require grad also run their backward (the sum of the
floating outputs), so the backward kernels are recorded too.
CompositeImplicitAutograd ops decompose above the Python key, so what is
recorded is the kernels they reach, not the composites themselves.

The output is deterministic: torch.manual_seed(0) before each OpInfo's
samples, calls deduplicated per overload, at most N (default 4) kept per
overload (one of each argument signature first, calls with empty tensors
last, the smallest first), overloads sorted. It is data, not code: the Go sweep replays it
(runtimes/libtorch/sweep/replay.go).
"""

import fnmatch
import gzip
import json
import math
import sys
import warnings

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten

warnings.filterwarnings("ignore")

SMALL = 64  # record the values of integer tensors of at most this many elements
SMALL_FLOAT = 16  # and of other tensors of at most this many

DTYPES = {
    torch.float32: "float32", torch.float64: "float64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.int64: "int64", torch.int32: "int32",
    torch.int16: "int16", torch.int8: "int8", torch.uint8: "uint8", torch.bool: "bool",
    torch.complex64: "complex64", torch.complex128: "complex128",
    torch.quint8: "quint8", torch.qint8: "qint8", torch.qint32: "qint32",
}
# the dtypes an OpInfo is sampled in, by preference (at most two of them)
PREFERRED = [torch.float32, torch.float64, torch.int64, torch.int32, torch.bool,
             torch.complex64, torch.uint8, torch.int8, torch.int16, torch.float16,
             torch.bfloat16, torch.complex128]
SYMINT = getattr(torch, "SymInt", None)  # not in every release
MEMORY_FORMATS = {
    torch.contiguous_format: "contiguous_format", torch.preserve_format: "preserve_format",
    torch.channels_last: "channels_last", torch.channels_last_3d: "channels_last_3d",
}


def num(x):
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        return str(x)
    return x


def enc_tensor(t):
    d = {"t": DTYPES.get(t.dtype, str(t.dtype)), "s": list(t.shape)}
    if t.layout != torch.strided:
        d["layout"] = str(t.layout).replace("torch.", "")
        return d
    if t.device.type != "cpu":
        d["device"] = t.device.type
        return d
    d["st"] = list(t.stride())
    d["o"] = t.storage_offset()
    if t.is_conj():
        d["conj"] = 1
    if t.is_neg():
        d["neg"] = 1
    if t.is_quantized:
        return d
    n = t.numel()
    if n == 0:
        return d
    with torch.no_grad():
        x = t.detach().resolve_conj().resolve_neg()
        if x.is_complex():
            x = x.real
        small = SMALL if not (x.is_floating_point() or t.is_complex()) else SMALL_FLOAT
        if n <= small:
            d["v"] = [num(v) for v in x.reshape(-1).double().tolist()]
        else:
            d["lo"] = num(x.min().double().item())
            d["hi"] = num(x.max().double().item())
    return d


def enc(v):
    if v is None or isinstance(v, torch.Generator):
        return None
    if isinstance(v, torch.Tensor):
        return enc_tensor(v)
    if isinstance(v, bool):
        return {"b": v}
    if isinstance(v, int):
        return {"i": v}
    if isinstance(v, float):
        return {"f": num(v)}
    if isinstance(v, complex):
        return {"c": [num(v.real), num(v.imag)]}
    if isinstance(v, str):
        return {"str": v}
    if isinstance(v, torch.dtype):
        return {"dtype": DTYPES.get(v, str(v))}
    if isinstance(v, torch.layout):
        return {"layout": str(v).replace("torch.", "")}
    if isinstance(v, torch.device):
        return {"device": v.type}
    if isinstance(v, torch.memory_format):
        return {"mf": MEMORY_FORMATS.get(v, str(v))}
    if isinstance(v, (list, tuple)):
        return {"l": [enc(x) for x in v]}
    if SYMINT and isinstance(v, SYMINT):
        return {"i": int(v)}
    return {"other": type(v).__name__}


class Recorder(TorchDispatchMode):
    def __init__(self, calls):
        super().__init__()
        self.calls = calls

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        try:
            self.note(func, args, kwargs)
        except Exception:
            pass
        return func(*args, **kwargs)

    def note(self, func, args, kwargs):
        s = func._schema
        if not s.name.startswith("aten::"):
            return
        name = s.name[len("aten::"):]
        if s.overload_name:
            name += "." + s.overload_name
        out = []
        for i, a in enumerate(s.arguments):
            if i < len(args):
                out.append(enc(args[i]))
            elif a.name in kwargs:
                out.append(enc(kwargs[a.name]))
            else:
                out.append({"d": 1})
        self.calls.setdefault(name, set()).add(json.dumps(out, sort_keys=True, separators=(",", ":")))


def backward(out):
    outs = [o for o in tree_flatten(out)[0]
            if isinstance(o, torch.Tensor) and o.requires_grad and o.dtype.is_floating_point]
    if outs:
        sum(o.sum() for o in outs).backward()


def run_op(op, calls):
    dtypes = [d for d in PREFERRED if d in op.supported_dtypes("cpu")][:2]
    for dtype in dtypes:
        grad = op.supports_autograd and (dtype.is_floating_point or dtype.is_complex)
        torch.manual_seed(0)
        try:
            samples = list(op.sample_inputs("cpu", dtype, requires_grad=grad))
        except Exception:
            continue
        for s in samples:
            try:
                with Recorder(calls):
                    out = op(s.input, *s.args, **s.kwargs)
                    if grad and dtype.is_floating_point:
                        backward(out)
            except Exception:
                pass


def signature(call):
    """The kinds of a call's arguments: each tensor's dtype and rank, each
    value's type; calls of one signature differ in sizes and values only."""
    def sig(v):
        if v is None:
            return "None"
        if isinstance(v, dict) and "t" in v:
            return "%s/%d" % (v["t"], len(v["s"]))
        if isinstance(v, dict) and "l" in v:
            return "[" + ",".join(sig(x) for x in v["l"]) + "]"
        return ",".join(sorted(v)) if isinstance(v, dict) else "?"
    return tuple(sig(v) for v in json.loads(call))


def has_empty(call):
    """Whether a tensor of the call has no elements."""
    def empty(v):
        if isinstance(v, dict) and "t" in v:
            return 0 in v["s"]
        if isinstance(v, dict) and "l" in v:
            return any(empty(x) for x in v["l"])
        return False
    return any(empty(v) for v in json.loads(call))


def choose(calls, n):
    """At most n calls, deterministically: the smallest call of each
    signature first (calls with an empty tensor after the others, then by
    encoded length, then text), then the next smallest."""
    order = sorted(calls, key=lambda c: (has_empty(c), len(c), c))
    seen, first, rest = set(), [], []
    for c in order:
        s = signature(c)
        (rest if s in seen else first).append(c)
        seen.add(s)
    return (first + rest)[:n]


def main():
    argv = sys.argv[1:]
    if not argv:
        sys.exit("usage: record.py OUT.json.gz [-per-op N] [-ops GLOB]")
    path, per_op, pattern = argv[0], 4, "*"
    rest = argv[1:]
    while rest:
        flag, val, rest = rest[0], rest[1], rest[2:]
        if flag == "-per-op":
            per_op = int(val)
        elif flag == "-ops":
            pattern = val
        else:
            sys.exit("record.py: unknown flag " + flag)
    try:
        import expecttest  # noqa: F401 (torch.testing._internal imports it)
    except ImportError:
        # not packaged for every Debian release; its TestCase is all the
        # import needs, and no test runs here
        import types
        import unittest
        sys.modules["expecttest"] = types.ModuleType("expecttest")
        sys.modules["expecttest"].TestCase = unittest.TestCase
        sys.modules["expecttest"].ACCEPT = False
    from torch.testing._internal.common_methods_invocations import op_db
    torch.set_num_threads(1)
    calls = {}
    infos = sorted(op_db, key=lambda o: (o.name, o.variant_test_name))
    for n, op in enumerate(infos):
        if not fnmatch.fnmatch(op.name, pattern):
            continue
        run_op(op, calls)
        if n % 100 == 0:
            print(f"record.py: {n}/{len(infos)} OpInfos, {len(calls)} overloads", file=sys.stderr, flush=True)
    result = {
        "torch": torch.__version__.split("+")[0],
        "opinfos": len(infos),
        "per_op": per_op,
        "calls": {},
    }
    for name in sorted(calls):
        result["calls"][name] = [json.loads(c) for c in choose(calls[name], per_op)]
    data = json.dumps(result, sort_keys=True, separators=(",", ":")).encode()
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(data)
    print(f"record.py: {len(result['calls'])} overloads from {len(infos)} OpInfos -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
