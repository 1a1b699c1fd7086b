#!/usr/bin/env python3
"""MSL test for one execution case: compile it with `oneshader --target msl` and check the
file (golden shaders: tests/golden/golden.py uses the same check, syntax_check()):

1. Metal's rules that no C++ compiler sees (metal_rules.py: the attributes each kind of
   function may take on its parameters, [[stage_in]] members and outputs, the address
   spaces of entry-point pointers and references, function attributes);
2. clang, reading the file as C++ for OpenCL 2021 against the project's Metal
   declaration header (the shim), where MSL's address spaces are distinct clang address
   spaces:

  clang++ -x clcpp -cl-std=clc++2021 -cl-no-stdinc -fsyntax-only -Wno-unknown-attributes -isystem SHIM

   clang reads a copy of FILE in which each program-scope `constant` declaration is
   wrapped so that there `constant` means OpenCL's `__global` (OpenCL allows no other
   space at program scope); `#line` directives keep clang's positions those of FILE.
Errors of both are `FILE:LINE:COL: error: MESSAGE`.

  check_msl.py --oneshader BIN --shim DIR --work DIR --exec CASE.json
  check_msl.py --shim DIR --metal FILE.metal          (check one file only)
  check_msl.py --shim DIR --metal FILE.metal --expect-errors
                                  (a negative: the check must reject FILE with exactly the
                                   errors its `// EXPECT-ERROR: LINE:COL: MESSAGE` lines name)
  check_msl.py --shim DIR --metal-dir DIR [--min N]   (every DIR/*.metal; at least N files)

Execution cases take their compiler arguments from the JSON's shader/entry/profile. A case whose shader MSL cannot express must fail with
the coded error named in tests/msl/known_gaps.txt (a name or a glob pattern): exit status
1, every error in the JSON diagnostics exactly that code, no .metal file written. It
passes only while it does.
"""
import argparse
import fnmatch
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import metal_rules  # noqa: E402

CLANG = ["clang++", "-x", "clcpp", "-cl-std=clc++2021", "-cl-no-stdinc", "-fsyntax-only", "-ferror-limit=0",
         "-Wno-unknown-attributes", "-Wno-parentheses-equality"]


def clang_input(path):
    """FILE's text for clang: program-scope declarations that start with `constant` get
    `constant` = `const __global` (`__global` for a [[function_constant]], which has no
    initializer) around their first line, with #line so that positions stay FILE's."""
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    starts = set()
    toks = metal_rules.tokenize("\n".join(lines))
    depth = 0
    prev = None
    for t in toks:
        if t.text in "({[":
            depth += 1
        elif t.text in ")}]":
            depth -= 1
        elif t.text == "constant" and depth == 0 and (prev is None or prev.text in (";", "}")):
            starts.add(t.line)
        prev = t
    qpath = json.dumps(os.path.abspath(path))
    out = [f"#line 1 {qpath}"]
    for n, line in enumerate(lines, 1):
        if n not in starts:
            out.append(line)
            continue
        space = "__global" if "function_constant" in line else "const __global"
        out += ['#pragma push_macro("constant")', "#undef constant", f"#define constant {space}",
                f"#line {n} {qpath}", line, '#pragma pop_macro("constant")', f"#line {n + 1} {qpath}"]
    return "\n".join(out)


def run_check(shim, path):
    """Returns (rule errors, clang errors, clang's exit status, log), the errors as
    `FILE:LINE:COL: MESSAGE`, or None when clang cannot run."""
    if not os.path.isfile(path):
        print(f"FAIL {path}: no such file")
        return None
    shown = os.path.abspath(path)
    found = metal_rules.rule_errors(path)
    rules = [f"{shown}:{l}:{c}: {m}" for l, c, m in found]
    log = "".join(f"{shown}:{l}:{c}: error: {m}\n" for l, c, m in found)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, os.path.basename(path) + ".clcpp")
        open(src, "w").write(clang_input(path))
        cmd = CLANG + ["-isystem", shim, src]
        print("+ " + " ".join(shlex.quote(c) for c in CLANG + ["-isystem", shim, path]))
        try:
            r = subprocess.run(cmd, capture_output=True, text=True)
        except OSError as e:
            print(f"cannot run clang++: {e}")
            return None
    log += r.stdout + r.stderr
    clang = [l.replace(": error: ", ": ", 1) for l in r.stderr.splitlines() if ": error: " in l]
    return rules, clang, r.returncode, log


def syntax_check(shim, path):
    res = run_check(shim, path)
    if res is None:
        return False
    rules, clang, rc, log = res
    sys.stdout.write(log)
    return rc == 0 and not rules and not clang


def expect_errors(shim, path):
    """A negative test of the check itself: the check must reject FILE with exactly the
    errors listed in it as `// EXPECT-ERROR: LINE:COL: MESSAGE` (in any order; rule
    errors and clang's together), and no other."""
    expected = []
    if not os.path.isfile(path):
        print(f"FAIL {path}: no such file")
        return 1
    shown = os.path.abspath(path)
    for line in open(path):
        if line.startswith("// EXPECT-ERROR:"):
            expected.append(f"{shown}:{line[len('// EXPECT-ERROR:'):].strip()}")
    if not expected:
        print(f"FAIL {path}: no // EXPECT-ERROR: lines (a negative must name the error it is about)")
        return 2
    res = run_check(shim, path)
    if res is None:
        print(f"FAIL {path}: clang++ did not run")
        return 1
    rules, clang, rc, log = res
    sys.stdout.write(log)
    if rc not in (0, 1) or (rc == 1) != bool(clang):
        print(f"FAIL {path}: clang++ exited with {rc} after {len(clang)} error(s)")
        return 1
    got = rules + clang
    if sorted(got) != sorted(expected):
        print(f"FAIL {path}: expected exactly these errors:")
        for e in expected:
            print(f"  {e}")
        print("got:")
        for g in got:
            print(f"  {g}")
        return 1
    print(f"PASS {path}: rejected with exactly the {len(expected)} expected error(s)")
    return 0


def known_gaps():
    gaps = {}
    p = os.path.join(HERE, "known_gaps.txt")
    if os.path.exists(p):
        for line in open(p):
            line = line.split("#", 1)[0].strip()
            if line:
                name, code = line.split()[:2]
                gaps[name] = code
    return gaps


def compile_msl(oneshader, src, args, out_dir, split=False):
    """Returns (exit status, output); split: the output is standard error alone."""
    os.makedirs(out_dir, exist_ok=True)
    for f in os.listdir(out_dir):
        if f.endswith(".metal"):
            os.remove(os.path.join(out_dir, f))
    # The layout static_asserts are compiled by the check (clang proves the offsets).
    cmd = [oneshader, src] + args + ["--target", "msl", "--msl-layout-asserts", "-o", out_dir]
    print("+ " + " ".join(shlex.quote(c) for c in cmd))
    r = subprocess.run(cmd, capture_output=True, text=True)
    sys.stdout.write(r.stdout + r.stderr)
    return r.returncode, r.stderr if split else r.stdout + r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oneshader")
    ap.add_argument("--shim", required=True)
    ap.add_argument("--work")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--exec")
    g.add_argument("--metal")
    g.add_argument("--metal-dir")
    ap.add_argument("--min", type=int, default=1)
    ap.add_argument("--expect-errors", action="store_true")
    a = ap.parse_args()

    if a.expect_errors:
        if not a.metal:
            ap.error("--expect-errors goes with --metal")
        return expect_errors(a.shim, a.metal)
    if a.metal:
        return 0 if syntax_check(a.shim, a.metal) else 1
    if a.metal_dir:
        files = sorted(f for f in os.listdir(a.metal_dir) if f.endswith(".metal"))
        bad = [f for f in files if not syntax_check(a.shim, os.path.join(a.metal_dir, f))]
        if len(files) < a.min:
            print(f"FAIL: {len(files)} .metal files in {a.metal_dir}, expected at least {a.min}")
            return 1
        for f in bad:
            print(f"FAIL {f}: the syntax check rejected it")
        print(f"{len(files) - len(bad)} of {len(files)} files pass")
        return 1 if bad else 0

    case = json.load(open(a.exec))
    name = os.path.splitext(os.path.basename(a.exec))[0]
    src = os.path.normpath(os.path.join(os.path.dirname(a.exec), case["shader"]))
    args = ["-E", case.get("entry", "main"), "-T", case.get("profile", "cs_6_0")]
    for d in case.get("defines", []):
        args += ["-D", d]
    args += case.get("args", [])  # the case's extra compiler arguments (e.g. -enable-16bit-types)

    out_dir = os.path.join(a.work, name)
    gap = next((code for pat, code in known_gaps().items() if fnmatch.fnmatchcase(name, pat)), None)
    if gap:
        rc, log = compile_msl(a.oneshader, src, args + ["--diagnostics-format", "json"], out_dir, split=True)
        if rc == 0:
            print(f"FAIL {name}: listed in tests/msl/known_gaps.txt with {gap}, but the compiler succeeded "
                  "(remove the entry)")
            return 1
        try:
            codes = [d["code"] for d in json.loads(log or "[]") if d.get("severity") == "error"]
        except (ValueError, KeyError, TypeError) as e:
            print(f"FAIL {name}: the compiler's JSON diagnostics do not parse ({e})")
            return 1
        written = sorted(f for f in os.listdir(out_dir) if f.endswith(".metal"))
        if rc != 1 or not codes or any(c != gap for c in codes) or written:
            print(f"FAIL {name}: listed in tests/msl/known_gaps.txt with {gap}, but the compiler failed differently: "
                  f"exit {rc} (expected 1), error codes {codes or 'none'}" + (f", wrote {written}" if written else ""))
            return 1
        print(f"PASS {name}: known gap, rejected with {gap} ({len(codes)} errors) as listed in tests/msl/known_gaps.txt")
        return 0
    rc, log = compile_msl(a.oneshader, src, args, out_dir)
    if rc != 0:
        print(f"FAIL {name}: the compiler failed")
        return 1
    metals = sorted(f for f in os.listdir(out_dir) if f.endswith(".metal"))
    if len(metals) != 1:
        print(f"FAIL {name}: expected one .metal file, got {metals}")
        return 1
    out = os.path.join(out_dir, metals[0])
    ok = syntax_check(a.shim, out)
    if not ok:
        print(f"FAIL {name}: the syntax check rejected {out}")
        return 1
    print(f"PASS {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
