"""PyTorch's values of the reference's cases.

    python3 pytorch.py CALLS.json OUT.json

CALLS.json is what `go test -run TestPyTorch -args -calls CALLS.json`
writes: each case of each op of the reference as an aten call, its
arguments by schema name. This runs each call with torch on CPU and writes
OUT.json: the calls, each with torch's result, which TestPyTorch compares
with the reference's. pytorch.sh runs both steps.

A tensor is {"dtype": "float64" | "bool" | "int64", "sizes": [...],
"data": [...]} (row-major); a float JSON has no number of is "nan", "inf"
or "-inf"; a dtype argument is {"dtype": name}.
"""

import json
import math
import sys

import torch

DTYPES = {"float64": torch.float64, "bool": torch.bool, "int64": torch.int64}
NAMES = {v: k for k, v in DTYPES.items()}
SPECIAL = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


def decode(v):
    if isinstance(v, dict) and "sizes" in v:
        data = [SPECIAL.get(x, x) if isinstance(x, str) else x for x in v["data"]]
        return torch.tensor(data, dtype=DTYPES[v["dtype"]]).reshape(v["sizes"])
    if isinstance(v, dict) and "dtype" in v:
        return DTYPES[v["dtype"]]
    if isinstance(v, list) and v and isinstance(v[0], dict):
        return [decode(x) for x in v]
    if isinstance(v, str) and v in SPECIAL:
        return SPECIAL[v]
    return v


def number(x):
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return str(x)
    return x


def encode(t):
    if not isinstance(t, torch.Tensor):
        raise TypeError("result %r is not a tensor" % (t,))
    if t.dtype not in NAMES:
        raise TypeError("result of dtype %s" % t.dtype)
    return {"dtype": NAMES[t.dtype], "sizes": list(t.shape),
            "data": [number(x) for x in t.contiguous().reshape(-1).tolist()]}


def aten(name):
    base, _, overload = name.partition(".")
    return getattr(getattr(torch.ops.aten, base), overload or "default")


def main():
    calls_path, out_path = sys.argv[1:]
    with open(calls_path) as f:
        calls = json.load(f)
    out = []
    for c in calls:
        args = {k: decode(v) for k, v in c["args"].items()}
        try:
            want = encode(aten(c["op"])(**args))
        except Exception as e:  # written down: TestPyTorch reports it
            want = {"error": str(e).splitlines()[0]}
        out.append({"op": c["op"], "args": c["args"], "want": want})
    with open(out_path, "w") as f:
        f.write('{"torch": %s, "cases": [\n' % json.dumps(torch.__version__))
        f.write(",\n".join(json.dumps(c, sort_keys=True) for c in out))
        f.write("\n]}\n")


if __name__ == "__main__":
    main()
