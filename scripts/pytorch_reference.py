#!/usr/bin/env python3
"""Derive assertgen's reference data for one PyTorch release from PyTorch's own code generators.

What it writes (under OUTDIR, by default testdata/reference/pytorch-VERSION/):

  ops.tsv      every op of native_functions.yaml after autogen, as torchgen's
               parse_native_yaml returns it (torchgen's order: the yaml entries,
               then the ops autogen adds), one per line:
                   NAME<TAB>KIND<TAB>view=BOOL<TAB>generated=BOOL<TAB>SCHEMA
               KIND is torchgen's SchemaKind name (functional, inplace, out,
               mutable, scratch: the same names as assertgen's schema.Kind),
               view is NativeFunction.is_view_op, generated is "the op carries
               the generated tag" (autogen made it), SCHEMA is str(FunctionSchema).
               The line format is that of testdata/pytorch-1.13.1-ops.golden.
  asserts.tsv  per op (same order as ops.tsv), what the VariableType code that
               tools/autograd/gen_autograd.py generates registers for it and the
               debug checks (the TORCH_INTERNAL_ASSERT / AT_ASSERT statements inside
               `#ifndef NDEBUG`) its kernel runs, in the order the code runs them:
                   NAME<TAB>REGISTRATION<TAB>ROWS<TAB>OTHER
               REGISTRATION: comma-separated KEY=WHAT for every dispatch key the
               generated files register the op under (Autograd, AutogradCUDA,
               AutogradNestedTensor, ...), WHAT being "kernel" (a generated
               VariableType function) or "fallback" (autogradNotImplementedFallback);
               "manual" when nothing is generated because the op is in
               MANUAL_AUTOGRAD (its kernel is hand-written in VariableTypeManual.cpp);
               "none" when nothing is registered at all.
               ROWS: the rows of the op's kernel for the Autograd key (or, when it has
               none, for its only other key), ";"-separated, "-" for none. A row is
               five space-separated fields:
                   CHECK ARG RET GUARD FIRES
               CHECK is assertgen's name: same_storage, same_impl (argument identity),
               storage_use_count_eq_1, impl_use_count_le_1 (return freshness;
               from 2.14 on impl_use_count_eq_fresh: use_count() ==
               expected_fresh_use_count(t)),
               shares_storage (a view return shares ARG's storage).
               ARG is the schema argument's name, RET the return's index ("-" when
               the row is not about one).
               GUARD lists, ","-separated in source order, the conditions under
               which PyTorch skips the check ("-" for none):
                   mode       at::impl::dispatch_mode_enabled(): a TorchDispatchMode
                              is active
                   py(X)      at::impl::tensor_has_dispatch(X): tensor X has the
                              Python or PythonTLSSnapshot key (a __torch_dispatch__
                              subclass)
                   pylist(X)  at::impl::tensorlist_has_dispatch(X): some element of
                              list X has one of them
               X being an argument name or "ret" plus an index; the check runs only
               when none of them holds. Conditions that only
               test presence (has_value(), defined(), has_storage(), the loop bound)
               are not listed; the script checks that nothing else is there.
               FIRES is "live", or "never" when the saved value the assert compares
               can never be set (a vector pre-sized to the list's length and then
               appended to, so the compared slots are the empty ones).
               OTHER: "-" when every kernel of the op has the same rows (true for
               1.13.1, 2.6.0 and 2.14.1), else KEY:ROWS for each other key's kernel whose
               rows differ, "|"-separated.
  counts.txt   the totals of both files.

A second mode compares a reference with assertgen's 1.13.1 goldens (sets, order,
kernel decisions):

  /usr/bin/python3 scripts/pytorch_reference.py compare testdata/reference/pytorch-1.13.1 \
      testdata/pytorch-1.13.1-ops.golden testdata/plan-pytorch-1.13.1.golden.jsonl

Reproduce (Debian bookworm host; the Debian source packages hold the release
tarballs with torchgen/ and tools/):

  # /etc/apt/sources.list.d/debian-src.sources:
  #   Types: deb-src
  #   URIs: http://deb.debian.org/debian
  #   Suites: bookworm trixie
  #   Components: main
  #   Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
  apt-get update
  apt-get install -y python3-yaml python3-typing-extensions
  mkdir -p /work/src && cd /work/src
  apt-get source --download-only pytorch=2.6.0+dfsg-7
  apt-get source --download-only pytorch=1.13.1+dfsg-4   # its .debian.tar.xz is gone from the
                                                         # mirror (404); the orig tarball is all we need
  mkdir 2.6.0 1.13.1
  tar -xJf pytorch_2.6.0+dfsg.orig.tar.xz -C 2.6.0     # -> 2.6.0/pytorch-v2.6.0
  tar -xJf pytorch_1.13.1+dfsg.orig.tar.xz -C 1.13.1   # -> 1.13.1/pytorch-1.13.1
  cd REPO
  /usr/bin/python3 scripts/pytorch_reference.py 2.6.0 /work/src/2.6.0/pytorch-v2.6.0
  /usr/bin/python3 scripts/pytorch_reference.py 1.13.1 /work/src/1.13.1/pytorch-1.13.1

2.14.1 is read from Debian sid's binary package python3-torch 2.14.1+dfsg-1 (its
source tarball is not in the pool): ROOT is then the unpacked package's
usr/lib/python3/dist-packages, which holds torchgen/ with the yaml files in
torchgen/packaged/ATen/native/ and upstream's tools/autograd/ as
torchgen/packaged/autograd/ (scripts/pytorch_reference.sh fetches it without
touching the host's apt state):

  /usr/bin/python3 scripts/pytorch_reference.py 2.14.1 /work/src/2.14.1/usr/lib/python3/dist-packages

(Debian bookworm: python3 3.11.2-6+deb12u6, python3-yaml 6.0-3+b2, python3-typing-extensions
4.4.0-1; run with /usr/bin/python3, torchgen and tools/ are imported from the source root.)
By default the yaml files are the release's own (aten/src/ATen/native/
native_functions.yaml and tags.yaml, tools/autograd/derivatives.yaml); they are
byte-identical to /work/shared/pytorch-VERSION/ and testdata/pytorch-1.13.1/.
Other files can be given with --native-functions, --tags, --derivatives; the
script then runs gen_autograd on a copy of tools/autograd with that
derivatives.yaml. The output depends only on the inputs: running it twice gives
identical files.
"""
import argparse
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ASSERT_RE = re.compile(r"\b(TORCH_INTERNAL_ASSERT|AT_ASSERT)\(")
NDEBUG_RE = re.compile(r"^[ \t]*#ifndef NDEBUG\n(.*?)^[ \t]*#endif\n", re.S | re.M)
FUNC_RE = re.compile(r"^(?!namespace|TORCH_LIBRARY|static|using)[^\s#/}][^\n]*?\b(\w+)\(c10::DispatchKeySet ks\b[^\n]*\{\n", re.M)
LIB_RE = re.compile(r"^TORCH_LIBRARY_IMPL\(aten, (\w+), m\) \{\n(.*?)^\}", re.S | re.M)
IMPL_RE = re.compile(r'm\.impl\("([^"]+)",\s*(TORCH_FN\(VariableType::(\w+)\)|torch::autograd::autogradNotImplementedFallback\(\))\s*\);')


def balanced(text, start):
    """Index just past the parenthesis that closes the one at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced parentheses")


class Resolver:
    """Maps the C++ names in a kernel to schema arguments and return indexes."""

    def __init__(self, f, cpp):
        self.args = {a.name for a in f.func.arguments.flat_all}
        self.rets = {n: i for i, n in enumerate(cpp.return_names(f))}

    def arg(self, cname):
        cands = []
        if cname in self.args:
            cands.append(cname)
        if cname.endswith("_") and cname[:-1] in self.args:
            cands.append(cname[:-1])
        if len(cands) != 1:
            raise ValueError(f"cannot map C++ name {cname!r} to one argument of {sorted(self.args)}")
        return cands[0]

    def ret(self, cname):
        if cname not in self.rets:
            raise ValueError(f"{cname!r} is not a return name ({sorted(self.rets)})")
        return self.rets[cname]

    def any(self, cname):
        if cname in self.rets:
            return f"ret{self.rets[cname]}"
        return self.arg(cname)


PRESENCE = [
    re.compile(r"for \(size_t i=0; i<\w+\.size\(\)"),
    re.compile(r"; i\+\+\)"),
    re.compile(r"\w+_storage_saved(\[i\])?\.has_value\(\)"),
    re.compile(r"\w+_impl_saved(\[i\])?"),
    re.compile(r"\w+\.has_storage\(\)"),
]
GUARD_RE = re.compile(r"!at::impl::(dispatch_mode_enabled\(\)|tensor_has_dispatch\((\w+)\)|tensorlist_has_dispatch\((\w+)\))")


def guard_of(prefix, res, where):
    atoms = []
    for m in GUARD_RE.finditer(prefix):
        if m.group(2):
            a = f"py({res.any(m.group(2))})"
        elif m.group(3):
            a = f"pylist({res.any(m.group(3))})"
        else:
            a = "mode"
        if a not in atoms:
            atoms.append(a)
    rest = GUARD_RE.sub("", prefix)
    for p in PRESENCE:
        rest = p.sub("", rest)
    rest = re.sub(r"\b(if|for)\b|[(){};&\s]", "", rest)
    if rest:
        raise ValueError(f"{where}: unexpected condition text {rest!r} in {prefix!r}")
    return ",".join(atoms) or "-"


def dead_lists(save_text):
    """Names of the saved storage vectors that are pre-sized and then appended to."""
    dead = set()
    for m in re.finditer(r"std::vector<[^\n]*?> (\w+)_storage_saved\((\w+)\.size\(\)\);", save_text):
        if re.search(re.escape(m.group(1)) + r"_storage_saved\.push_back\(", save_text):
            dead.add(m.group(1))
    return dead


def parse_rows(body, res, where):
    blocks = NDEBUG_RE.findall(body)
    if re.search(r"_(storage|impl)_saved\b", NDEBUG_RE.sub("", body)):
        raise ValueError(f"{where}: a saved value is used outside #ifndef NDEBUG")
    saves = "".join(b for b in blocks if not ASSERT_RE.search(b))
    dead = dead_lists(saves)
    rows = []
    for b in blocks:
        pos = 0
        for m in ASSERT_RE.finditer(b):
            if m.start() < pos:
                continue
            end = balanced(b, m.end() - 1)
            expr = b[m.end():end - 1]
            guard = guard_of(b[pos:m.start()], res, where)
            pos = end
            # the statement's own ';' and closing braces belong to the next prefix
            fires = "live"
            if mm := re.fullmatch(r"(\w+)_storage_saved\.value\(\)\.is_alias_of\((\w+)\.storage\(\)\)", expr):
                if mm.group(1) == mm.group(2):
                    row = ("same_storage", res.arg(mm.group(1)), "-")
                else:
                    row = ("shares_storage", res.arg(mm.group(1)), str(res.ret(mm.group(2))))
            elif mm := re.fullmatch(r"(\w+)_storage_saved\[i\]\.value\(\)\.is_alias_of\(\s*(?:static_cast<[^>]*>>\()?(\w+)\)?(?:\[i\]\)?)?(?:->|\.)storage\(\)\)", expr, re.S):
                if mm.group(1) != mm.group(2):
                    raise ValueError(f"{where}: list storage compared across lists: {expr!r}")
                row = ("same_storage", res.arg(mm.group(1)), "-")
                if mm.group(1) in dead:
                    fires = "never"
            elif mm := re.fullmatch(r"(\w+)_impl_saved(\[i\])? == (?:static_cast<[^>]*>>\()?(\w+)(?:\[i\]\))?(\[i\])?(?:->|\.)getIntrusivePtr\(\)", expr.strip(), re.S):
                if mm.group(1) != mm.group(3):
                    raise ValueError(f"{where}: impl compared across tensors: {expr!r}")
                row = ("same_impl", res.arg(mm.group(1)), "-")
            elif mm := re.fullmatch(r'(\w+)\.storage\(\)\.use_count\(\) == 1, "function: \w+"', expr):
                row = ("storage_use_count_eq_1", "-", str(res.ret(mm.group(1))))
            elif mm := re.fullmatch(r'(\w+)\.use_count\(\) <= 1, "function: \w+"', expr):
                row = ("impl_use_count_le_1", "-", str(res.ret(mm.group(1))))
            elif mm := re.fullmatch(r'(\w+)\.use_count\(\) == expected_fresh_use_count\((\w+)\), "function: \w+"', expr):
                # 2.14: 0 for an undefined tensor, 2 when it has a PyObject, else 1
                if mm.group(1) != mm.group(2):
                    raise ValueError(f"{where}: fresh use count compared across tensors: {expr!r}")
                row = ("impl_use_count_eq_fresh", "-", str(res.ret(mm.group(1))))
            else:
                raise ValueError(f"{where}: unrecognised assert {expr!r}")
            rows.append(" ".join(row + (guard, fires)))
        tail = re.sub(r"[\s;}]", "", b[pos:])
        if ASSERT_RE.search(b) and tail:
            raise ValueError(f"{where}: unexpected text after the last assert: {tail!r}")
    return rows


def layout(root):
    """Where a release's code generators live under root: (yaml dir, autograd dir, autograd module).

    A source tree (the release tarball) has aten/src/ATen/native/ and tools/autograd/;
    an installed torchgen (Debian's python3-torch, from 2.14.1 on our side) carries both
    inside the package, as torchgen/packaged/ATen/native/ and torchgen/packaged/autograd/
    (the latter is upstream's tools/autograd/ under another name).
    """
    if os.path.isdir(os.path.join(root, "tools", "autograd")):
        return (os.path.join(root, "aten", "src", "ATen", "native"),
                os.path.join(root, "tools", "autograd"), "tools.autograd")
    packaged = os.path.join(root, "torchgen", "packaged")
    if os.path.isdir(os.path.join(packaged, "autograd")):
        return (os.path.join(packaged, "ATen", "native"), os.path.join(packaged, "autograd"),
                "torchgen.packaged.autograd")
    sys.exit(f"{root}: holds neither tools/autograd/ (a source tree) nor torchgen/packaged/autograd/ (an installed torchgen)")


def run_gen_autograd(root, nf, tags, derivatives, outdir):
    _, autograd_dir, module = layout(root)
    if derivatives is not None and os.path.realpath(derivatives) != os.path.realpath(os.path.join(autograd_dir, "derivatives.yaml")):
        copy = os.path.join(outdir, "autograd")
        shutil.copytree(autograd_dir, copy)
        shutil.copyfile(derivatives, os.path.join(copy, "derivatives.yaml"))
        autograd_dir = copy
    gen = os.path.join(outdir, "gen")
    os.makedirs(gen)
    subprocess.run([sys.executable, "-m", module + ".gen_autograd", nf, tags, gen, autograd_dir],
                   cwd=root, check=True, stdout=subprocess.DEVNULL)
    return gen


SWAPPED = {("same_impl", "same_storage"), ("impl_use_count_le_1", "storage_use_count_eq_1"),
           ("impl_use_count_le_1", "shares_storage")}


def compare(argv):
    """compare REFDIR OPS_GOLDEN PLAN_JSONL: set and order agreement with assertgen's goldens."""
    import json
    refdir, ops_golden, plan_jsonl = argv
    ref_ops = open(os.path.join(refdir, "ops.tsv")).read().splitlines()
    gold_ops = open(ops_golden).read().splitlines()
    same = set(ref_ops) & set(gold_ops)
    print(f"ops: reference {len(ref_ops)}, golden {len(gold_ops)}, identical lines {len(same)}")
    for line in sorted(set(ref_ops) ^ set(gold_ops))[:20]:
        print("  differs:", line[:160])
    ref = {}
    for line in open(os.path.join(refdir, "asserts.tsv")):
        name, reg, rows, _ = line.rstrip("\n").split("\t")
        rs = []
        for r in ([] if rows == "-" else rows.split(";")):
            c, a, t, _, _ = r.split(" ")
            rs.append((c, None if a == "-" else a, None if t == "-" else int(t)))
        ref[name] = ("=kernel" in reg, rs)
    gold = {}
    for line in open(plan_jsonl):
        o = json.loads(line)
        no_kernel = any(k["reason"].startswith("no VariableType kernel") or "hand-written" in k["reason"]
                        for k in o["skipped"])
        rows = [(c["check"], c.get("arg"), c.get("ret")) for c in o["checks"]]
        silent = not rows and not o["skipped"]
        gold[o["name"]] = (None if silent else not no_kernel, rows)
    if set(ref) != set(gold):
        print("op sets differ:", sorted(set(ref) ^ set(gold))[:20])
    names = [n for n in ref if n in gold]
    kdiff = [n for n in names if gold[n][0] is not None and gold[n][0] != ref[n][0]]
    unknown = [n for n in names if gold[n][0] is None]
    print(f"kernel decision: reference {sum(ref[n][0] for n in names)} ops with a kernel; "
          f"differs for {len(kdiff)} {kdiff[:10]}; golden silent (no rows, no skips) for {len(unknown)}, "
          f"reference kernel for {sum(ref[n][0] for n in unknown)} of them")
    in_order = as_set = swap = other = 0
    for n in names:
        r, g = ref[n][1], gold[n][1]
        if r == g:
            in_order += 1
            continue
        if sorted(r, key=repr) != sorted(g, key=repr):
            other += 1
            print(f"  rows differ: {n}: reference {r} golden {g}")
            continue
        as_set += 1
        fixed, i = list(g), 0
        while i + 1 < len(fixed):
            a, b = fixed[i], fixed[i + 1]
            if (a[0], b[0]) in SWAPPED and a[2] == b[2] and (a[1] == b[1] or a[0] == "impl_use_count_le_1"):
                fixed[i], fixed[i + 1] = b, a
                i += 2
            else:
                i += 1
        swap += fixed == r
    kern = [n for n in names if ref[n][0]]
    print(f"rows: identical in order {in_order}, same set in another order {as_set} "
          f"(of which explained by the storage/impl pair swap: {swap}), different sets {other}")
    print(f"kernel ops identical in order: {sum(ref[n][1] == gold[n][1] for n in kern)} of {len(kern)}; "
          f"of those, with no rows: {sum(not ref[n][1] for n in kern)}")


def main():
    if sys.argv[1:2] == ["compare"]:
        return compare(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("version", help="release, e.g. 2.6.0 (names the output directory)")
    ap.add_argument("root", help="the release's source root (holds torchgen/ and tools/), or an installed "
                    "torchgen's parent directory (holds torchgen/packaged/autograd/)")
    ap.add_argument("--native-functions")
    ap.add_argument("--tags")
    ap.add_argument("--derivatives")
    ap.add_argument("--out", help="output directory (default testdata/reference/pytorch-VERSION)")
    ap.add_argument("--keep", help="copy gen_autograd's output here too")
    a = ap.parse_args()

    root = os.path.abspath(a.root)
    native, _, module = layout(root)
    nf = os.path.abspath(a.native_functions or os.path.join(native, "native_functions.yaml"))
    tags = os.path.abspath(a.tags or os.path.join(native, "tags.yaml"))
    derivatives = os.path.abspath(a.derivatives) if a.derivatives else None
    out = a.out or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "reference", f"pytorch-{a.version}")

    sys.path.insert(0, root)
    from torchgen.api import cpp
    from torchgen.gen import parse_native_yaml
    MANUAL_AUTOGRAD = importlib.import_module(module + ".gen_trace_type").MANUAL_AUTOGRAD

    fns = parse_native_yaml(nf, tags).native_functions
    ops = []
    for f in fns:
        ops.append((str(f.func.name), f.func.kind().name, f.is_view_op, "generated" in f.tags, str(f.func)))
    names = [o[0] for o in ops]
    assert len(set(names)) == len(names), "duplicate op names"
    byname = {str(f.func.name): f for f in fns}

    with tempfile.TemporaryDirectory() as tmp:
        gen = run_gen_autograd(root, nf, tags, derivatives, tmp)
        if a.keep:
            shutil.copytree(gen, a.keep, dirs_exist_ok=True)
        texts = []
        for i in range(100):
            p = os.path.join(gen, f"VariableType_{i}.cpp")
            if not os.path.exists(p):
                break
            with open(p) as fh:
                texts.append((os.path.basename(p), fh.read()))
    if not texts:
        sys.exit("gen_autograd wrote no VariableType_N.cpp")

    bodies = {}  # C++ kernel name -> (file, body)
    regs = {}  # op -> {key: ("kernel", fname) | ("fallback", None)}
    for fname, text in texts:
        for m in FUNC_RE.finditer(text):
            end = text.index("\n}\n", m.end())
            if m.group(1) in bodies:
                sys.exit(f"{fname}: kernel {m.group(1)} defined twice")
            bodies[m.group(1)] = (fname, text[m.end():end + 1])
        for lib in LIB_RE.finditer(text):
            key = lib.group(1)
            stmts = lib.group(2)
            found = IMPL_RE.findall(stmts)
            if len(found) != stmts.count("m.impl("):
                sys.exit(f"{fname}: unrecognised registration in TORCH_LIBRARY_IMPL(aten, {key})")
            for op, _, kfn in found:
                if op not in byname:
                    sys.exit(f"{fname}: registration of unknown op {op}")
                r = regs.setdefault(op, {})
                if key in r:
                    sys.exit(f"{fname}: {op} registered twice for {key}")
                r[key] = ("kernel", kfn) if kfn else ("fallback", None)

    used = set()
    asserts = []
    for name in names:
        f = byname[name]
        r = regs.get(name, {})
        if not r:
            reg = "manual" if cpp.name(f.func) in MANUAL_AUTOGRAD else "none"
            asserts.append((name, reg, [], "-"))
            continue
        keys = sorted(r, key=lambda k: (k != "Autograd", k))
        reg = ",".join(f"{k}={r[k][0]}" for k in keys)
        res = Resolver(f, cpp)
        per_key = {}
        for k in keys:
            kind, kfn = r[k]
            if kind != "kernel":
                continue
            if kfn not in bodies:
                sys.exit(f"{name}: kernel {kfn} registered for {k} but not defined")
            used.add(kfn)
            try:
                per_key[k] = parse_rows(bodies[kfn][1], res, f"{bodies[kfn][0]}: {kfn}")
            except ValueError as e:
                sys.exit(f"{name}: {e}")
        main_key = next((k for k in keys if k in per_key), None)
        rows = per_key.get(main_key, [])
        other = [f"{k}:{';'.join(v) or '-'}" for k, v in per_key.items() if k != main_key and v != rows]
        asserts.append((name, reg, rows, "|".join(other) or "-"))
    unused = sorted(set(bodies) - used)
    if unused:
        sys.exit(f"kernels defined but never registered: {unused[:10]}")

    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "ops.tsv"), "w") as fh:
        for n, kind, view, generated, schema in ops:
            fh.write(f"{n}\t{kind}\tview={str(view).lower()}\tgenerated={str(generated).lower()}\t{schema}\n")
    with open(os.path.join(out, "asserts.tsv"), "w") as fh:
        for n, reg, rows, other in asserts:
            fh.write(f"{n}\t{reg}\t{';'.join(rows) or '-'}\t{other}\n")

    counts = {}

    def add(k, v=1):
        counts[k] = counts.get(k, 0) + v

    for n, kind, view, generated, _ in ops:
        add("ops")
        add(f"ops.kind.{kind}")
        add("ops.is_view_op", int(view))
        add("ops.generated", int(generated))
    for n, reg, rows, other in asserts:
        for part in reg.split(","):
            add(f"registration.{part}")
        if "=kernel" in reg:
            add("ops_with_kernel")
            add("kernels", reg.count("=kernel"))
            if not rows:
                add("ops_with_kernel_and_no_rows")
        if other != "-":
            add("ops_with_differing_kernels")
        for row in rows:
            check, _, _, guard, fires = row.split(" ")
            add("rows")
            add(f"rows.check.{check}")
            add(f"rows.guard.{check}.{re.sub(r'[(][^)]*[)]', '(X)', guard)}")
            if fires == "never":
                add(f"rows.never_fires.{check}")
    with open(os.path.join(out, "counts.txt"), "w") as fh:
        fh.write(f"# totals of ops.tsv and asserts.tsv for PyTorch {a.version} (scripts/pytorch_reference.py)\n")
        for k in sorted(counts):
            fh.write(f"{k}\t{counts[k]}\n")
    sys.stdout.write(open(os.path.join(out, "counts.txt")).read())


if __name__ == "__main__":
    main()
