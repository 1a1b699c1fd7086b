#!/usr/bin/env python3
"""Run DXC's CodeGenSPIRV lit tests through OneShader: an accept/refuse parity report.

DXC's tests are not part of this repository and are never committed: fetch DXC and
extract the test folder somewhere outside the tree, e.g.

    git -C DXC_GIT_DIR archive HEAD tools/clang/test/CodeGenSPIRV | tar -x -C /tmp/dxc
    tools/conformance/dxc_spirv_tests.py --tests /tmp/dxc/tools/clang/test/CodeGenSPIRV \
        --oneshader build/oneshader --out /tmp/conformance

Each RUN line of a test is one case. DXC's expectation is read from the RUN line: a line
that starts with `not %dxc` expects a refusal; a `-verify` test expects one where the
source has `expected-error` comments; every other line expects DXC to accept. OneShader
gets the RUN line's own arguments (%s is the test, %t a temporary file). A case is at
parity when OneShader's outcome is the same. For every accepted module the script runs
the external spirv-val for the target environment, and it checks the OpCapability /
OpExtension / OpExecutionMode lines of the test's default-prefix CHECK lines against our
disassembly (a shape every compiler's output would show, unlike ids or instruction order).

Outputs in --out: cases.tsv (one row per case), summary.md (per-category parity, the
scope groups of the issues, and the most frequent first error messages among the cases
that differ). Exit status 0 unless the script itself fails: this is a measurement.
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

RUN_RE = re.compile(r"^\s*//\s*RUN:\s?(.*)$")
CODE_RE = re.compile(r"\b(error|fatal error|internal error) (OSH\d{4})\b")
STAGE_PROFILES = {"gs": "geometry", "hs": "hull", "ds": "domain", "ms": "mesh", "as": "amplification"}


def read_runs(path):
    """The RUN lines of a test, continuation lines joined."""
    runs, cur = [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = RUN_RE.match(line)
            if not m:
                if cur is not None:
                    runs.append(cur)
                    cur = None
                continue
            text = m.group(1).rstrip()
            if cur is None:
                cur = ""
            if text.endswith("\\"):
                cur += text[:-1] + " "
            else:
                cur += text
                runs.append(cur)
                cur = None
    if cur is not None:
        runs.append(cur)
    return runs


def parse_run(run):
    """(expects_refusal, dxc_args, check_prefixes) or None when the line runs no %dxc."""
    m = re.search(r"(\bnot\s+)?%dxc\b(.*)", run)
    if not m:
        return None
    refuse = bool(m.group(1))
    rest = m.group(2)
    cmd = re.split(r"\|", rest, maxsplit=1)[0]
    cmd = cmd.replace("2>&1", " ")
    try:
        args = shlex.split(cmd)
    except ValueError:
        args = cmd.split()
    prefixes = ["CHECK"]
    pm = re.search(r"-check-prefix(?:es)?[= ]([A-Za-z0-9_,-]+)", run)
    if pm:
        prefixes = pm.group(1).split(",")
    return refuse, args, prefixes


def category(rel):
    parts = rel.split("/")
    if len(parts) > 1:
        return parts[0]
    name = parts[0]
    return name.split(".")[0]


def scope_tags(rel, text, args):
    tags = []
    profile = ""
    if "-T" in args:
        i = args.index("-T")
        if i + 1 < len(args):
            profile = args[i + 1]
    pfx = profile.split("_")[0]
    low = rel.lower()
    if ("inline-spirv" in low or "vk::ext_" in text or "vk::SpirvType" in text or "vk::SpirvOpaqueType" in text
            or "spirv_type" in low or "vk::RawBuffer" in text or "vk::ReadClock" in text or "ext_execution_mode" in text):
        tags.append("inline-spirv")
    if "BufferPointer" in text:
        tags.append("buffer-pointer")
    if pfx in STAGE_PROFILES or re.search(r'\[shader\("(geometry|hull|domain|mesh|amplification)"\)\]', text):
        tags.append("stage-gs-hs-ds-ms-as")
    if pfx == "lib" and re.search(r'\[shader\("(raygeneration|closesthit|anyhit|miss|intersection|callable)"\)\]', text):
        tags.append("raytracing")
    if "[NodeLaunch" in text or "NodeOutput" in text or "DispatchNodeInputRecord" in text:
        tags.append("workgraphs")
    if low.startswith(("semantic.", "texture.", "method.", "gs.", "hs.", "ds.", "ms.", "as.", "meshshading")):
        tags.append("issue10-acceptance")
    return tags


def want_checks(text, prefixes):
    """Capability, extension and execution-mode lines the CHECK lines require."""
    want = set()
    for line in text.splitlines():
        m = re.match(r"\s*//\s*([A-Za-z0-9_-]+?)(?:-DAG|-NEXT|-SAME)?:\s*(.*)$", line)
        if not m or m.group(1) not in prefixes:
            continue
        body = m.group(2)
        for pat in (r"OpCapability \w+", r'OpExtension "[\w]+"'):
            for hit in re.findall(pat, body):
                want.add(hit)
        em = re.search(r"OpExecutionMode %\w+ (\w+)", body)
        if em:
            want.add("OpExecutionMode " + em.group(1))
    return want


def have_checks(disasm):
    have = set()
    for line in disasm.splitlines():
        line = line.strip()
        for pat in (r"^OpCapability \w+", r'^OpExtension "[\w]+"'):
            m = re.match(pat, line)
            if m:
                have.add(m.group(0))
        m = re.match(r"^OpExecutionMode(?:Id)? %\S+ (\w+)", line)
        if m:
            have.add("OpExecutionMode " + m.group(1))
    return have


def target_env(args):
    """spirv-val's name for the environment the module was compiled for."""
    for a in args:
        if a.startswith("-fspv-target-env="):
            env = a.split("=", 1)[1]
            if env == "vulkan1.1spirv1.4":
                return "vulkan1.1spv1.4"
            if env.startswith("universal"):
                return "spv" + env[len("universal"):]
            return env if env.startswith("vulkan") else None
    return "vulkan1.2"  # OneShader's default (DXC's is vulkan1.0)


def first_error(stderr):
    for line in stderr.splitlines():
        if re.search(r"\berror\b", line):
            return line
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0] if lines else ""


def normalize(msg):
    msg = re.sub(r"^.*?:\d+:\d+: ", "", msg)
    msg = re.sub(r"'[^']*'", "'…'", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg[:160]


def run_case(case, opts):
    rel, idx, refuse, args, prefixes, tags, path = case
    tmpdir = tempfile.mkdtemp(prefix="osh-conf-")
    a = []
    skip_next = False
    for i, x in enumerate(args):
        if skip_next:
            skip_next = False
            continue
        if x == "%s":
            a.append(path)
        elif x == "%t":
            a.append(os.path.join(tmpdir, "t"))
        elif x in ("-Fo", "-Fc") and opts.own_outputs:
            skip_next = True
        else:
            a.append(x.replace("%s", path).replace("%t", os.path.join(tmpdir, "t")))
    for x in opts.drop_flag:
        a = [y for y in a if y != x and not y.startswith(x + "=")]
    # Every entry point's module goes to tmpdir (a lib_ profile has several).
    cmd = [opts.oneshader] + a + ["-o", tmpdir, "--disassemble"]
    if "-spirv" not in cmd:
        cmd.append("-spirv")
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=opts.timeout,
                           cwd=os.path.dirname(path))
        rc, err = p.returncode, p.stderr
        timed_out = False
    except subprocess.TimeoutExpired:
        rc, err, timed_out = None, "", True
    dt = time.monotonic() - t0
    code = ""
    if timed_out:
        ours = "timeout"
    elif rc == 0:
        ours = "accept"
    elif rc < 0 or rc >= 128:
        ours = "crash"
    else:
        m = CODE_RE.search(err)
        if m:
            ours, code = "refuse", m.group(2)
        else:
            ours = "uncoded"
    val = ""
    checks = ""
    modules = sorted(fn for fn in os.listdir(tmpdir) if fn.endswith(".spv"))
    if ours == "accept" and modules:
        env = target_env(args)
        if env:
            # Block layout rules as DXC validates them: scalar for the DirectX and scalar
            # layouts, relaxed otherwise.
            scalar = any(a in ("-fvk-use-dx-layout", "-fvk-use-scalar-layout") for a in args)
            layout = "--scalar-block-layout" if scalar else "--relax-block-layout"
            for fn in modules:
                v = subprocess.run(["spirv-val", "--target-env", env, layout, os.path.join(tmpdir, fn)],
                                   capture_output=True, text=True)
                if v.returncode != 0:
                    val = "INVALID: " + (v.stderr or v.stdout).strip().splitlines()[0][:200]
                    break
            else:
                val = "ok"
        with open(path, encoding="utf-8", errors="replace") as f:
            want = want_checks(f.read(), prefixes)
        if want:
            have = set()
            for fn in modules:
                asm = os.path.join(tmpdir, fn[:-4] + ".spvasm")
                if os.path.exists(asm):
                    with open(asm, encoding="utf-8", errors="replace") as f:
                        have |= have_checks(f.read())
            missing = sorted(want - have)
            checks = f"{len(want) - len(missing)}/{len(want)}" + (" missing " + ",".join(missing) if missing else "")
    shutil.rmtree(tmpdir, ignore_errors=True)
    expected = "refuse" if refuse else "accept"
    parity = (ours == expected) if ours in ("accept", "refuse") else False
    return {
        "file": rel, "run": idx, "expected": expected, "ours": ours, "code": code, "parity": parity,
        "spirv_val": val, "checks": checks, "tags": ",".join(tags), "category": category(rel),
        "error": first_error(err) if ours != "accept" else "", "seconds": f"{dt:.3f}",
        "args": " ".join(args),
    }


def collect(tests_dir, only):
    cases = []
    for root, _, files in os.walk(tests_dir):
        for fn in sorted(files):
            if not fn.endswith(".hlsl"):
                continue
            path = os.path.join(root, fn)
            rel = os.path.relpath(path, tests_dir)
            if only and not re.search(only, rel):
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            for idx, run in enumerate(read_runs(path)):
                parsed = parse_run(run)
                if not parsed:
                    continue
                refuse, args, prefixes = parsed
                if "-verify" in args:
                    refuse = "expected-error" in text
                    args = [x for x in args if x != "-verify"]
                cases.append((rel, idx, refuse, args, prefixes, scope_tags(rel, text, args), path))
    cases.sort(key=lambda c: (c[0], c[1]))
    return cases


def pct(n, d):
    return f"{100.0 * n / d:.1f} %" if d else "n/a"


def summarize(results, out):
    lines = ["# DXC CodeGenSPIRV conformance", ""]
    total = len(results)
    par = sum(r["parity"] for r in results)
    lines.append(f"Cases (RUN lines): {total}; parity with DXC: {par} ({pct(par, total)}).")
    outcomes = collections.Counter((r["expected"], r["ours"]) for r in results)
    lines.append("")
    lines.append("| DXC | OneShader | cases |")
    lines.append("|---|---|---|")
    for (e, o), n in sorted(outcomes.items()):
        lines.append(f"| {e} | {o} | {n} |")
    invalid = [r for r in results if r["spirv_val"].startswith("INVALID")]
    lines.append("")
    lines.append(f"Accepted modules failing external spirv-val: {len(invalid)}.")
    checked = [r for r in results if r["checks"]]
    full = [r for r in checked if "missing" not in r["checks"]]
    lines.append(f"Accepted cases with capability/extension/execution-mode CHECK lines: {len(checked)}; "
                 f"all present: {len(full)} ({pct(len(full), len(checked))}).")

    def group_line(name, rs):
        p = sum(r["parity"] for r in rs)
        return f"| {name} | {len(rs)} | {p} | {pct(p, len(rs))} |"

    lines += ["", "## Scope groups", "", "| group | cases | parity | % |", "|---|---|---|---|"]
    excl = {"inline-spirv", "buffer-pointer", "stage-gs-hs-ds-ms-as"}
    lines.append(group_line("issue 9 scope (all but inline SPIR-V, buffer pointers, GS/HS/DS/MS/AS)",
                            [r for r in results if not (set(r["tags"].split(",")) & excl)]))
    for tag in ["inline-spirv", "buffer-pointer", "stage-gs-hs-ds-ms-as", "issue10-acceptance", "raytracing",
                "workgraphs"]:
        lines.append(group_line(tag, [r for r in results if tag in r["tags"].split(",")]))

    lines += ["", "## Per category", "", "| category | cases | parity | % |", "|---|---|---|---|"]
    bycat = collections.defaultdict(list)
    for r in results:
        bycat[r["category"]].append(r)
    for cat in sorted(bycat, key=lambda c: -len(bycat[c])):
        lines.append(group_line(cat, bycat[cat]))

    lines += ["", "## Most frequent first errors where DXC accepts and OneShader does not", "",
              "| cases | message |", "|---|---|"]
    msgs = collections.Counter(normalize(r["error"]) for r in results
                               if r["expected"] == "accept" and r["ours"] != "accept")
    for m, n in msgs.most_common(80):
        lines.append(f"| {n} | {m.replace('|', '/')} |")
    lines += ["", "## Cases DXC refuses and OneShader accepts", ""]
    for r in results:
        if r["expected"] == "refuse" and r["ours"] == "accept":
            lines.append(f"- {r['file']} (RUN {r['run']})")
    bad = [r for r in results if r["ours"] in ("crash", "timeout", "uncoded")]
    lines += ["", f"## Crashes, timeouts, uncoded failures: {len(bad)}", ""]
    for r in bad:
        lines.append(f"- {r['ours']}: {r['file']} (RUN {r['run']}): {r['error'][:200]}")
    if invalid:
        lines += ["", "## Invalid modules", ""]
        for r in invalid:
            lines.append(f"- {r['file']} (RUN {r['run']}): {r['spirv_val']}")
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tests", required=True, help="DXC's tools/clang/test/CodeGenSPIRV, extracted")
    ap.add_argument("--oneshader", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--only", help="regex on the test's relative path")
    ap.add_argument("--drop-flag", action="append", default=[],
                    help="leave this DXC flag out of every command (to measure past a CLI gap)")
    ap.add_argument("--own-outputs", action="store_true", default=True)
    opts = ap.parse_args()
    opts.oneshader = os.path.abspath(opts.oneshader)
    os.makedirs(opts.out, exist_ok=True)
    cases = collect(os.path.abspath(opts.tests), opts.only)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        for r in ex.map(lambda c: run_case(c, opts), cases):
            results.append(r)
    cols = ["file", "run", "expected", "ours", "code", "parity", "spirv_val", "checks", "tags", "category",
            "seconds", "error", "args"]
    with open(os.path.join(opts.out, "cases.tsv"), "w") as f:
        f.write("\t".join(cols) + "\n")
        for r in results:
            f.write("\t".join(str(r[c]).replace("\t", " ").replace("\n", " ") for c in cols) + "\n")
    lines = summarize(results, opts.out)
    print("\n".join(lines[:40]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
