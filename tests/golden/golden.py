#!/usr/bin/env python3
"""The golden runner: one shader tests/golden/NAME.hlsl against the expectations beside it.

  golden.py --oneshader BIN --work DIR --target T [--update] NAME.hlsl

T is one of:
  spirv    NAME.spvasm: the module (-Fo) passes spirv-val for the `// ENV:` environment
           (default vulkan1.1) and its disassembly (-Fc) is exactly NAME.spvasm;
  msl      NAME.metal: `--target msl` writes one file, exactly NAME.metal, and it passes
           the MSL check (tests/msl/check_msl.py: Metal's rules, then clang against the
           shim). A shader MSL cannot express has no NAME.metal and is listed in
           tests/msl/known_gaps.txt with its code: the compile must then fail with exit
           status 1, every error that code, and no .metal file written;
  wgsl     NAME.wgsl: `--target wgsl` writes exactly NAME.wgsl, and Dawn (Tint) compiles it
           (tests/wgsl/check.mjs);
  reflect  NAME.reflect.json: `--target spirv,msl,wgsl --reflect-json` writes exactly that
           file, and Dawn builds each compute entry point's pipeline from the reflected
           WebGPU layout (check_layout.mjs; exit 77 there, an adapter without a feature the
           entry point needs, is reported as a skip of that check, not a pass).
Compiler arguments come from the shader's `// ARGS:` lines (default: -E main -T cs_6_0).
A tool the check needs (spirv-val, node with Dawn, clang++) missing fails the test.

--update writes the expectation from the compiler's output instead of diffing (after the
same validation); the change must be reviewed line by line before it is committed
(tests/golden/README.md says what was checked). scripts/update-goldens.sh runs it for
every target of every golden.
Exit status: 0 pass, 1 fail, 2 bad usage.
"""
import argparse
import difflib
import fnmatch
import json
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TESTS, "msl"))
import check_msl  # noqa: E402  (Metal's rules + clang; known_gaps.txt)

EXPECTATION = {"spirv": ".spvasm", "msl": ".metal", "wgsl": ".wgsl", "reflect": ".reflect.json"}


def fail(name, target, why):
    print(f"FAIL {name} ({target}): {why}")
    return 1


def run(cmd):
    print("+ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    r = subprocess.run(cmd, capture_output=True, text=True)
    sys.stdout.write(r.stdout + r.stderr)
    return r


def need(tool):
    if shutil.which(tool) is None:
        print(f"missing tool: {tool} (scripts/setup.sh installs it)")
        return False
    return True


def dawn_ready():
    if not need("node"):
        return False
    if not os.path.isdir(os.path.join(TESTS, "wgsl", "node_modules", "webgpu")):
        print("missing tool: Dawn for node (tests/wgsl/node_modules/webgpu; scripts/setup.sh runs npm ci)")
        return False
    return True


def header(src):
    args, env = [], "vulkan1.1"
    for line in open(src):
        if line.startswith("// ARGS:"):
            args += shlex.split(line[len("// ARGS:"):])
        elif line.startswith("// ENV:"):
            env = line[len("// ENV:"):].strip()
    return args or ["-E", "main", "-T", "cs_6_0"], env


def compare(name, target, expect, produced, update):
    """Diffs (or with update, writes) the expectation; returns the exit status."""
    text = open(produced).read()
    if update:
        with open(expect, "w") as f:
            f.write(text)
        print(f"updated {expect} (review it before committing)")
        return 0
    if not os.path.exists(expect):
        return fail(name, target, f"no expectation {expect} (run with --update and review the result)")
    want = open(expect).read()
    if want != text:
        sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), text.splitlines(True), expect, produced))
        return fail(name, target, f"the output differs from {expect} (if intended: --update, then review)")
    print(f"PASS {name} ({target})")
    return 0


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def spirv(a, src, name, args, env, work):
    if not need("spirv-val"):
        return 1
    spv, asm = os.path.join(work, name + ".spv"), os.path.join(work, name + ".spvasm")
    if run([a.oneshader, src] + args + [f"-fspv-target-env={env}", "-Fo", spv, "-Fc", asm]).returncode != 0:
        return fail(name, "spirv", "the compiler failed")
    if not os.path.exists(spv) or os.path.getsize(spv) == 0 or not os.path.exists(asm):
        return fail(name, "spirv", f"the compiler did not write both {spv} and {asm}")
    if run(["spirv-val", "--target-env", env, spv]).returncode != 0:
        return fail(name, "spirv", "spirv-val rejected the module")
    return compare(name, "spirv", os.path.splitext(src)[0] + ".spvasm", asm, a.update)


def msl(a, src, name, args, work):
    if not need("clang++"):
        return 1
    expect = os.path.splitext(src)[0] + ".metal"
    gap = next((code for pat, code in check_msl.known_gaps().items() if fnmatch.fnmatchcase(name, pat)), None)
    if gap and not os.path.exists(expect):
        r = run([a.oneshader, src] + args + ["--target", "msl", "--msl-layout-asserts", "-o", work,
                                             "--diagnostics-format", "json"])
        try:
            codes = [d["code"] for d in json.loads(r.stderr or "[]") if d.get("severity") == "error"]
        except (ValueError, KeyError, TypeError) as e:
            return fail(name, "msl", f"the compiler's JSON diagnostics do not parse ({e})")
        written = sorted(f for f in os.listdir(work) if f.endswith(".metal"))
        if r.returncode == 0:
            return fail(name, "msl", f"listed in tests/msl/known_gaps.txt with {gap}, but the compiler succeeded "
                        "(remove the entry and add NAME.metal)")
        if r.returncode != 1 or not codes or any(c != gap for c in codes) or written:
            return fail(name, "msl", f"listed in tests/msl/known_gaps.txt with {gap}, but the compiler failed "
                        f"differently: exit {r.returncode}, error codes {codes or 'none'}"
                        + (f", wrote {written}" if written else ""))
        print(f"PASS {name} (msl): refused with {gap} as tests/msl/known_gaps.txt lists")
        return 0
    # The layout static_asserts stay in the expectation: the MSL check compiles them.
    if run([a.oneshader, src] + args + ["--target", "msl", "--msl-layout-asserts", "-o", work]).returncode != 0:
        return fail(name, "msl", "the compiler failed")
    metals = sorted(f for f in os.listdir(work) if f.endswith(".metal"))
    if len(metals) != 1:
        return fail(name, "msl", f"expected one .metal file, got {metals}")
    out = os.path.join(work, metals[0])
    if not check_msl.syntax_check(os.path.join(TESTS, "msl", "shim"), out):
        return fail(name, "msl", f"the MSL check rejected {out}")
    return compare(name, "msl", expect, out, a.update)


def wgsl(a, src, name, args, work):
    if not dawn_ready():
        return 1
    out = os.path.join(work, name + ".wgsl")
    if run([a.oneshader, src] + args + ["--target", "wgsl", "-Fo", out]).returncode != 0:
        return fail(name, "wgsl", "the compiler failed")
    if not os.path.exists(out):
        return fail(name, "wgsl", f"the compiler did not write {out}")
    if run(["node", os.path.join(TESTS, "wgsl", "check.mjs"), out]).returncode != 0:
        return fail(name, "wgsl", "Dawn rejected the WGSL")
    return compare(name, "wgsl", os.path.splitext(src)[0] + ".wgsl", out, a.update)


def reflect(a, src, name, args, work):
    if not dawn_ready():
        return 1
    out = os.path.join(work, name + ".reflect.json")
    cmd = [a.oneshader, src] + args + ["--target", "spirv,msl,wgsl", "-o", work, "--reflect-json", out]
    if run(cmd).returncode != 0:
        return fail(name, "reflect", "the compiler failed")
    if not os.path.exists(out):
        return fail(name, "reflect", f"the compiler did not write {out}")
    rc = compare(name, "reflect", os.path.splitext(src)[0] + ".reflect.json", out, a.update)
    if rc:
        return rc
    r = run(["node", os.path.join(HERE, "check_layout.mjs"), out, work])
    if r.returncode == 77:
        print(f"note: {name}: Dawn lacks a feature the entry points need; the layout was diffed, not built")
    elif r.returncode != 0:
        return fail(name, "reflect", "Dawn did not accept the reflected WebGPU pipeline layout")
    return 0


def main():
    ap = argparse.ArgumentParser(description="Run one golden test (tests/golden/README.md).")
    ap.add_argument("--oneshader", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--target", required=True, choices=sorted(EXPECTATION))
    ap.add_argument("--update", action="store_true")
    ap.add_argument("source")
    a = ap.parse_args()
    src = os.path.abspath(a.source)
    name = os.path.splitext(os.path.basename(src))[0]
    args, env = header(src)
    work = fresh(os.path.join(a.work, a.target, name))
    if a.target == "spirv":
        return spirv(a, src, name, args, env, work)
    if a.target == "msl":
        return msl(a, src, name, args, work)
    if a.target == "wgsl":
        return wgsl(a, src, name, args, work)
    return reflect(a, src, name, args, work)


if __name__ == "__main__":
    sys.exit(main())
