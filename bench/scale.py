#!/usr/bin/env python3
"""Scaling benchmark (issue 11): is every phase linear in the input?

    python3 bench/scale.py [--build DIR] [--out DIR] [--sizes 1000,3000,...] [--quick]

For each shape of bench/gen.py and each size (lines), compiles the generated file with
build/oneshader and measures

  * instructions (valgrind --tool=callgrind, deterministic, independent of the machine's
    load) for three configurations: SPIR-V without validation (-Vd), all three targets
    without validation (-Vd), SPIR-V with in-process validation (the default);
  * wall-clock phase times (--time, median of REPS runs) for all three targets with
    validation, and the peak memory (max RSS) of that process.

A validated configuration is measured under callgrind only while the previous size of the
same shape took under --val-cap seconds natively (the validator's superlinear shapes would
take hours under valgrind at 100k lines) and, with --val-max-lines, only up to that many
lines; the wall-clock row is always there.

Writes OUT/scale.tsv (raw numbers, one row per shape x size x config), OUT/scale-ratios.txt
(instructions per line at each size relative to the smallest: the linearity the issue asks
for is a ratio within 2) and, when gnuplot is installed, OUT/scale.png (instructions per
line against lines, log x, one panel per configuration). Prints the ratios. Not a test.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHAPES = ["funcs", "long", "chain", "nest", "cbuf", "entries", "struct", "expr"]
CONFIGS = {
    "spirv-Vd": ["--target", "spirv", "-Vd"],
    "all-Vd": ["--target", "spirv,msl,wgsl", "-Vd"],
    "spirv-val": ["--target", "spirv"],
}


def callgrind(cmd, workdir):
    out = os.path.join(workdir, "cg.out")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd,
                       capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", r.stderr)
    os.remove(out) if os.path.exists(out) else None
    if r.returncode != 0 or not m:
        return None
    return int(m.group(1))


def timed(cmd, reps):
    """Median wall seconds, per-phase medians (us) and max RSS (KB) of REPS runs."""
    walls, phases, rss = [], {}, []
    for _ in range(reps):
        t0 = time.monotonic()
        r = subprocess.run(["/usr/bin/time", "-f", "maxrss=%M"] + cmd + ["--time"],
                           capture_output=True, text=True)
        walls.append(time.monotonic() - t0)
        if r.returncode != 0:
            return None
        per = {}
        for name, us in re.findall(r"time: (\S+)\s+(\d+) us", r.stderr):
            # Per-entry back-end phases are summed per target (many entry points).
            key = name.split(":")[0]
            per[key] = per.get(key, 0) + int(us)
        for k, v in per.items():
            phases.setdefault(k, []).append(v)
        m = re.search(r"maxrss=(\d+)", r.stderr)
        rss.append(int(m.group(1)) if m else 0)
    return statistics.median(walls), {k: statistics.median(v) for k, v in phases.items()}, max(rss)


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "results"))
    ap.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--val-cap", type=float, default=1.5)
    ap.add_argument("--wall-cap", type=float, default=15.0)
    ap.add_argument("--val-max-lines", type=int, default=0,
                    help="no callgrind run of the validated configuration above this many lines (0: no limit)")
    ap.add_argument("--no-callgrind", action="store_true")
    args = ap.parse_args()
    exe = os.path.join(args.build, "oneshader")
    if not os.access(exe, os.X_OK):
        sys.exit(f"{exe} not built")
    have_valgrind = shutil.which("valgrind") and not args.no_callgrind
    sizes = [int(s) for s in args.sizes.split(",")]
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp()
    rows = []  # shape, lines, config, instructions, wall_s, phases, rss_kb, load
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"# bench/scale.py at {commit}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"load {loadavg()}, {os.cpu_count()} cores", flush=True)
    for shape in args.shapes.split(","):
        val_ok, prev_wall = True, 0.0
        for n in sizes:
            src = os.path.join(work, f"{shape}{n}.hlsl")
            with open(src, "w") as f:
                subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen.py"), shape, str(n)], stdout=f,
                               check=True)
            with open(src) as f:
                lines = sum(1 for _ in f)
            outdir = os.path.join(work, "out")
            base = [exe, src, "-o", outdir]
            # A run that took long at the previous size is repeated once, not REPS times, and
            # one that took over --wall-cap seconds is not repeated at the next size at all
            # (a superlinear shape at 100k lines would take many minutes).
            t = None
            if prev_wall <= args.wall_cap:
                t = timed(base + ["--target", "spirv,msl,wgsl"], args.reps if prev_wall < 10 else 1)
                prev_wall = t[0] if t else 0
            wall, phases, rss = t if t else (None, {}, None)
            rows.append((shape, lines, "all-val-wall", "", wall, phases, rss, loadavg()))
            if have_valgrind:
                for cfg, flags in CONFIGS.items():
                    if cfg == "spirv-val" and (not val_ok or 0 < args.val_max_lines < lines):
                        continue
                    ir = callgrind(base + flags, work)
                    rows.append((shape, lines, cfg, ir, "", {}, "", loadavg()))
            val_s = phases.get("spirv", 0) / 1e6 if t else 1e9
            if val_s > args.val_cap:
                val_ok = False
            ph = " ".join(f"{k}={v / 1000:.0f}ms" for k, v in phases.items() if v >= 1000)
            print(f"{shape:8} {lines:7} lines  wall {wall if wall is None else round(wall, 3)} s  "
                  f"rss {rss} KB  {ph}", flush=True)

    tsv = os.path.join(args.out, "scale.tsv")
    with open(tsv, "w") as f:
        f.write(f"# bench/scale.py at {commit}; instructions: callgrind Ir; wall: median of {args.reps}; "
                "phases in us; load: 1-minute load average when measured\n")
        f.write("shape\tlines\tconfig\tinstructions\twall_s\trss_kb\tload\tphases\n")
        for s, l, c, ir, w, ph, rss, ld in rows:
            phs = ",".join(f"{k}:{int(v)}" for k, v in ph.items())
            f.write(f"{s}\t{l}\t{c}\t{ir}\t{'' if w in ('', None) else round(w, 4)}\t{rss or ''}\t{ld}\t{phs}\n")

    # Ratios: per shape and config, instructions (or wall) per line relative to the smallest size.
    report = []
    for cfg in list(CONFIGS) + ["all-val-wall"]:
        report.append(f"\n{cfg}: {'instructions' if cfg != 'all-val-wall' else 'wall time'} per line, "
                      "relative to the smallest size (goal: within 2)")
        for shape in args.shapes.split(","):
            pts = [(l, (ir if cfg != "all-val-wall" else w)) for s, l, c, ir, w, *_ in rows
                   if s == shape and c == cfg and (ir if cfg != "all-val-wall" else w)]
            if not pts:
                continue
            base = pts[0][1] / pts[0][0]
            cells = "  ".join(f"{l}:{(v / l) / base:.2f}" for l, v in pts)
            worst = max((v / l) / base for l, v in pts)
            report.append(f"  {shape:8} {cells}   worst {worst:.2f}{'' if worst <= 2 else '  (superlinear)'}")
    text = "\n".join(report) + "\n"
    print(text)
    with open(os.path.join(args.out, "scale-ratios.txt"), "w") as f:
        f.write(text)

    if shutil.which("gnuplot"):
        dat = os.path.join(work, "plot")
        os.makedirs(dat, exist_ok=True)
        for cfg in list(CONFIGS) + ["all-val-wall"]:
            for shape in args.shapes.split(","):
                with open(os.path.join(dat, f"{cfg}.{shape}.dat"), "w") as f:
                    for s, l, c, ir, w, *_ in rows:
                        v = ir if cfg != "all-val-wall" else w
                        if s == shape and c == cfg and v:
                            f.write(f"{l} {v / l * (1 if cfg != 'all-val-wall' else 1e6)}\n")
        png = os.path.join(args.out, "scale.png")
        panels = [("spirv-Vd", "SPIR-V, -Vd: instructions per line"),
                  ("all-Vd", "SPIR-V + MSL + WGSL, -Vd: instructions per line"),
                  ("spirv-val", "SPIR-V with validation: instructions per line"),
                  ("all-val-wall", "all targets, validation on: wall us per line (median)")]
        gp = [f"set terminal pngcairo size 1400,1000 font ',10'", f"set output '{png}'",
              "set multiplot layout 2,2 title 'OneShader scaling (bench/scale.py " + commit + ")'",
              "set logscale x", "set logscale y", "set xlabel 'lines'", "set key left top", "set grid"]
        for cfg, title in panels:
            plots = []
            for shape in args.shapes.split(","):
                p = os.path.join(dat, f"{cfg}.{shape}.dat")
                if os.path.getsize(p):
                    plots.append(f"'{p}' using 1:2 with linespoints title '{shape}'")
            gp.append(f"set title '{title}'")
            gp.append("plot " + ", ".join(plots) if plots else "plot 0 notitle")
        gp.append("unset multiplot")
        subprocess.run(["gnuplot"], input="\n".join(gp), text=True, check=True)
        print(f"wrote {png}")
    print(f"wrote {tsv}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
