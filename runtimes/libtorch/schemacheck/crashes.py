"""Reproduces crashes the sweep found, in Python on the same libtorch
(Debian's python3-torch 1.13), each in its own process, and prints the
signal: they are libtorch's, not the Go runtime's or the shim's.

    /usr/bin/python3 runtimes/libtorch/schemacheck/crashes.py
"""
import signal
import subprocess
import sys

PRELUDE = "import torch; aten = torch.ops.aten; x = torch.arange(6.).reshape(2, 3) + 0.5\n"

CRASHES = [
    ("native_batch_norm", "aten.native_batch_norm(x, None, None, None, None, False, 0.1, 1e-5)"),
    ("gru_cell", "aten.gru_cell(x, x, x, x)"),
    ("_local_scalar_dense", "aten._local_scalar_dense(torch.empty(0))"),
    ("_weight_norm", "aten._weight_norm(torch.empty(0), torch.empty(0), 0)"),
    ("_cummax_helper", "aten._cummax_helper(torch.empty(0), torch.empty(0), torch.empty(0, dtype=torch.long), 0)"),
    ("quantized_lstm_cell", "aten.quantized_lstm_cell(x, [x], x, x, x, x, x, x, x, x, 1, 1, 1, 1)"),
]

# Some are undefined behaviour and differ between runs: three runs each.
for op, code in CRASHES:
    outcomes = []
    for _ in range(3):
        p = subprocess.run([sys.executable, "-c", PRELUDE + code], capture_output=True)
        if p.returncode < 0:
            outcomes.append(signal.Signals(-p.returncode).name)
        else:
            outcomes.append("exit %d" % p.returncode)
    print(f"{op:22} {','.join(outcomes):24} {code}")
