#!/usr/bin/env python3
"""Writes the execution cases for corpus shaders: tests/exec/cases/corpus_*.json.

Each case runs a tests/corpus/*.hlsl shader unchanged on the Vulkan drivers of tests/exec.
Every expected value below is computed here from a closed formula or a plain Python model
of what the HLSL means (written next to it), never from any compiler's output. Layout
facts used by the models (DXC's defaults for Vulkan, which OneShader follows):
  * StructuredBuffer<float4x4>: HLSL's default column_major packing, element [r][c] at
    float index 4*c + r of the 16-float matrix.
  * struct { float3 pos; float3 vel; float life; } in a structured buffer (std430, also
    with relaxed vector rules): pos at byte 0, vel at 16 (a float3 at 12 would straddle a
    16-byte boundary), life at 28; stride 32 bytes -> words [px py pz pad vx vy vz life].
  * cbuffer { float dt; float3 gravity; }: HLSL packing and vector-relaxed std140 agree:
    dt at 0, gravity at 4 -> words [dt gx gy gz].

Usage: python3 tests/corpus/gen_exec_cases.py     (rewrites tests/exec/cases/corpus_*.json)
"""
import json
import struct
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.normpath(os.path.join(HERE, "..", "exec", "cases"))
SENTINEL = 0xDEADBEEF


def write(name, case):
    case = dict(case)
    case.setdefault("entry", "main")
    case.setdefault("profile", "cs_6_0")
    case.setdefault("target_env", "vulkan1.1")
    path = os.path.join(CASES, name + ".json")
    # One key per line, one buffer or expectation per line: readable diffs, short files.
    lines = []
    for k, v in case.items():
        if isinstance(v, list) and v and isinstance(v[0], dict):
            items = ",\n".join("    " + json.dumps(x) for x in v)
            lines.append('  "%s": [\n%s\n  ]' % (k, items))
        else:
            lines.append("  %s: %s" % (json.dumps(k), json.dumps(v)))
    with open(path, "w") as f:
        f.write("{\n" + ",\n".join(lines) + "\n}\n")
    print("wrote", os.path.relpath(path))


def shader(n):
    return "../../corpus/" + n + ".hlsl"


# ---- reduction_groupshared: 4 groups of 256 threads sum 1..1024.
# Group g sums 256g+1 .. 256g+256 = 65536 g + 256*257/2; the total is 1024*1025/2.
partials = [65536 * g + 256 * 257 // 2 for g in range(4)]
assert sum(partials) == 1024 * 1025 // 2 == 524800
write("corpus_reduction_groupshared", {
    "description": "tests/corpus/reduction_groupshared.hlsl: groupshared tree reduction of 1..1024 in 4 groups of 256. "
                   "Partial sum of group g = 65536*g + 32896; total = 1024*1025/2 = 524800.",
    "shader": shader("reduction_groupshared"),
    "local_size": [256], "dispatch": [4],
    "buffers": [
        {"name": "Input", "binding": 0, "type": "uint", "count": 1024, "init": {"iota": {"start": 1}}},
        {"name": "PartialSums", "binding": 1, "type": "uint", "count": 4, "init": {"fill": SENTINEL}},
        {"name": "Total", "binding": 2, "type": "uint", "count": 1, "init": {"fill": 0}},
    ],
    "expect": [{"buffer": "PartialSums", "data": partials}, {"buffer": "Total", "data": [524800]}],
})

# ---- prefix_sum_blelloch: exclusive scan of Input[i] = i in blocks of 256 (4 blocks).
# Output[256g + k] = sum_{j<k} (256g + j) = 256*g*k + k(k-1)/2; BlockSums[g] = 65536 g + 256*255/2.
out = [256 * g * k + k * (k - 1) // 2 for g in range(4) for k in range(256)]
write("corpus_prefix_sum_blelloch", {
    "description": "tests/corpus/prefix_sum_blelloch.hlsl: Blelloch exclusive scan of Input[i] = i per 256-element block. "
                   "Output[256g+k] = 256*g*k + k*(k-1)/2, BlockSums[g] = 65536*g + 32640 "
                   "(values from that formula, written by tests/corpus/gen_exec_cases.py).",
    "shader": shader("prefix_sum_blelloch"),
    "local_size": [128], "dispatch": [4],
    "buffers": [
        {"name": "Input", "binding": 0, "type": "uint", "count": 1024, "init": {"iota": {"start": 0}}},
        {"name": "Output", "binding": 1, "type": "uint", "count": 1024, "init": {"fill": SENTINEL}},
        {"name": "BlockSums", "binding": 2, "type": "uint", "count": 4, "init": {"fill": SENTINEL}},
    ],
    "expect": [{"buffer": "Output", "data": out},
               {"buffer": "BlockSums", "data": [65536 * g + 256 * 255 // 2 for g in range(4)]}],
})

# ---- prefix_sum_wave: exclusive scan of Input[i] = i + 1 in groups of 256 (2 groups), any wave size.
# Output[256g + k] = sum_{j<k} (256g + j + 1) = 256*g*k + k(k+1)/2.
write("corpus_prefix_sum_wave", {
    "description": "tests/corpus/prefix_sum_wave.hlsl: wave-based exclusive scan (WavePrefixSum + groupshared wave totals) "
                   "of Input[i] = i+1 per 256-thread group. Output[256g+k] = 256*g*k + k*(k+1)/2 whatever the wave size.",
    "shader": shader("prefix_sum_wave"),
    "local_size": [256], "dispatch": [2],
    "requires": {"subgroup_ops": ["basic", "arithmetic"]},
    "buffers": [
        {"name": "Input", "binding": 0, "type": "uint", "count": 512, "init": {"iota": {"start": 1}}},
        {"name": "Output", "binding": 1, "type": "uint", "count": 512, "init": {"fill": SENTINEL}},
    ],
    "expect": [{"buffer": "Output", "data": [256 * g * k + k * (k + 1) // 2 for g in range(2) for k in range(256)]}],
})

# ---- histogram: bins of floor(log2 v) for v = 1..1024 (16 groups of 64 threads).
# Bin k < 10 holds the 2^k values 2^k .. 2^(k+1)-1; bin 10 holds only 1024; bins 11..15 are empty.
bins = [2 ** k for k in range(10)] + [1] + [0] * 5
assert sum(bins) == 1024
write("corpus_histogram", {
    "description": "tests/corpus/histogram.hlsl: groupshared InterlockedAdd then RWByteAddressBuffer.InterlockedAdd "
                   "histogram of firstbithigh(v) for v = 1..1024: bin k = 2^k for k < 10, bin 10 = 1 (v = 1024), rest 0.",
    "shader": shader("histogram"),
    "local_size": [64], "dispatch": [16],
    "buffers": [
        {"name": "Values", "binding": 0, "type": "uint", "count": 1024, "init": {"iota": {"start": 1}}},
        {"name": "Histogram", "binding": 1, "type": "uint", "count": 16, "init": {"fill": 0}},
    ],
    "expect": [{"buffer": "Histogram", "data": bins}],
})

# ---- particle_update: 64 particles, dt = 0.5, gravity = (0, -2, 0).
# Particle i starts at pos (i, 0, 0), vel (1, 2, 0), life 0.5 * (i % 4).
# vel' = vel + g*dt = (1, 1, 0); pos' = pos + vel'*dt = (i + 0.5, 0.5, 0); life' = life - 0.5.
# life' <= 0 (i % 4 in {0, 1}) respawns: pos (0, 10, 0), vel 0, life 4.
# All values are multiples of 0.5 below 2^24: exact in float.
dt, g = 0.5, (0.0, -2.0, 0.0)
init, expect = [], []
for i in range(64):
    pos, vel, life = [float(i), 0.0, 0.0], [1.0, 2.0, 0.0], 0.5 * (i % 4)
    init += pos + [0.0] + vel + [life]
    vel = [v + gg * dt for v, gg in zip(vel, g)]
    pos = [p + v * dt for p, v in zip(pos, vel)]
    life -= dt
    if life <= 0.0:
        pos, vel, life = [0.0, 10.0, 0.0], [0.0, 0.0, 0.0], 4.0
    expect += pos + [0.0] + vel + [life]
write("corpus_particle_update", {
    "description": "tests/corpus/particle_update.hlsl: Euler step of struct {float3 pos; float3 vel; float life;} particles "
                   "(std430: words px py pz pad vx vy vz life) with cbuffer {dt = 0.5; gravity = (0,-2,0)}. "
                   "Particle i: pos (i,0,0), vel (1,2,0), life 0.5*(i%4) -> pos (i+0.5, 0.5, 0), vel (1,1,0), life-0.5, "
                   "or respawn at (0,10,0), vel 0, life 4 when life-0.5 <= 0. The padding word is not written.",
    "shader": shader("particle_update"),
    "local_size": [64], "dispatch": [1],
    "buffers": [
        {"name": "SimParams", "binding": 0, "kind": "uniform", "type": "float", "init": {"data": [dt, g[0], g[1], g[2]]}},
        {"name": "Particles", "binding": 1, "type": "float", "init": {"data": init}},
    ],
    "expect": [{"buffer": "Particles", "data": expect}],
})

# ---- matrix_multiply: 16 instances. Local matrix i: L[r][c] = i + 4r + c, stored column_major
# (float 16i + 4c + r). World W = scale 2 with translation (1, 2, 3). Results[i] = W * L (column_major);
# Points[i] = transpose(L) * p with p = (1, -1, 0.5, 1) (the two other terms are multiplied by 0).
W = [[2, 0, 0, 1], [0, 2, 0, 2], [0, 0, 2, 3], [0, 0, 0, 1]]
p = [1.0, -1.0, 0.5, 1.0]
mats, results, points = [], [], []
for i in range(16):
    L = [[float(i + 4 * r + c) for c in range(4)] for r in range(4)]
    M = [[sum(W[r][k] * L[k][c] for k in range(4)) for c in range(4)] for r in range(4)]
    mats += [L[r][c] for c in range(4) for r in range(4)]
    results += [M[r][c] for c in range(4) for r in range(4)]
    points += [sum(L[c][r] * p[c] for c in range(4)) for r in range(4)]
write("corpus_matrix_multiply", {
    "description": "tests/corpus/matrix_multiply.hlsl: float4x4 mul/transpose on StructuredBuffer<float4x4> (default "
                   "column_major: [r][c] at float 4c+r). L_i[r][c] = i+4r+c; Results[i] = W*L_i with W = rows "
                   "(2,0,0,1)(0,2,0,2)(0,0,2,3)(0,0,0,1); Points[i] = transpose(L_i)*(1,-1,0.5,1).",
    "shader": shader("matrix_multiply"),
    "local_size": [16], "dispatch": [1],
    "buffers": [
        {"name": "LocalMatrices", "binding": 0, "type": "float", "init": {"data": mats}},
        {"name": "Results", "binding": 1, "type": "float", "count": 256, "init": {"fill": -1.0}},
        {"name": "Points", "binding": 2, "type": "float", "count": 64, "init": {"fill": -1.0}},
    ],
    "expect": [{"buffer": "Results", "data": results}, {"buffer": "Points", "data": points}],
})

# ---- bit_tricks: integer bit operations modelled in Python for chosen inputs below 2^16
# (so that NextPow2 never shifts by 32), plus a half round trip of values exact in half.
M32 = 0xFFFFFFFF


def firstbithigh_u(x):
    return x.bit_length() - 1 if x else M32


def firstbithigh_s(x):  # FindSMsb: for negative x the highest 0 bit; -1 for 0 and -1
    y = ~x if x < 0 else x
    return (y.bit_length() - 1) & M32 if y else M32


def firstbitlow(x):
    return (x & -x).bit_length() - 1 if x else M32


def part1by1(x):  # spread the low 16 bits to the even bit positions
    return sum(((x >> i) & 1) << (2 * i) for i in range(16))


def f32(x):
    return struct.unpack("<f", struct.pack("<I", x))[0]


bit_inputs = [0, 1, 2, 3, 4, 5, 7, 8, 100, 101, 255, 256, 1000, 1023, 1024, 4096, 40000, 65535, 65534, 32768,
              12345, 54321, 99, 98, 97, 6, 9, 17, 31, 33, 63, 64]
bit_inputs += [(i * 2654435761) % 65536 for i in range(64 - len(bit_inputs))]
assert len(bit_inputs) == 64
outs, outf = [], []
for v in bit_inputs:
    hi, lo, pop = firstbithigh_u(v), firstbitlow(v), bin(v).count("1")
    rev = int(format(v, "032b")[::-1], 2)
    shi = firstbithigh_s(v - 100)
    morton = (part1by1(v >> 8) << 1) + part1by1(v & 0xFF)
    nextpow2 = 1 if v <= 1 else 1 << (firstbithigh_u(v - 1) + 1)
    ispow2 = 1 if v != 0 and (v & (v - 1)) == 0 else 0
    outs += [hi ^ morton, lo ^ nextpow2, pop ^ ispow2, rev ^ shi]
    f = f32(0x3F800000 + ((v & 0xFF) << 15))
    outf += [f, -f]
write("corpus_bit_tricks", {
    "description": "tests/corpus/bit_tricks.hlsl: firstbithigh (uint and int: FindUMsb/FindSMsb), firstbitlow, countbits, "
                   "reversebits, Morton code, next power of two, and a half round trip (f32tof16/f16tof32) of values "
                   "exact in half; expectations from the Python bit model in tests/corpus/gen_exec_cases.py.",
    "shader": shader("bit_tricks"),
    "local_size": [64], "dispatch": [1],
    "buffers": [
        {"name": "Input", "binding": 0, "type": "uint", "init": {"data": bit_inputs}},
        {"name": "Out", "binding": 1, "type": "uint", "count": 256, "init": {"fill": SENTINEL}},
        {"name": "OutF", "binding": 2, "type": "float", "count": 128, "init": {"fill": -7.0}},
    ],
    "expect": [{"buffer": "Out", "data": outs}, {"buffer": "OutF", "data": outf}],
})

# ---- lookup_tables: Signal[j] = j for 256 threads. Filtered[i] = sum_k w[k+2] * clamp(i+k, 0, 255)
# with dyadic weights (exact); Dither[i] = Bayer[(i>>2)&3][i&3] * 100 + popcount(i).
bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
gauss = [0.0625, 0.25, 0.375, 0.25, 0.0625]
filtered = [sum(gauss[k + 2] * min(max(i + k, 0), 255) for k in range(-2, 3)) for i in range(256)]
dither = [bayer[((i >> 2) & 3) * 4 + (i & 3)] * 100 + bin(i).count("1") for i in range(256)]
write("corpus_lookup_tables", {
    "description": "tests/corpus/lookup_tables.hlsl: static const arrays indexed dynamically. Signal[j] = j; "
                   "Filtered[i] = sum over k=-2..2 of w[k+2]*clamp(i+k,0,255) with w = 1/16,1/4,3/8,1/4,1/16; "
                   "Dither[i] = Bayer4x4[(i>>2)&3][i&3]*100 + popcount(i).",
    "shader": shader("lookup_tables"),
    "local_size": [64], "dispatch": [4],
    "buffers": [
        {"name": "Signal", "binding": 0, "type": "float", "count": 256, "init": {"iota": {"start": 0}}},
        {"name": "Filtered", "binding": 1, "type": "float", "count": 256, "init": {"fill": -1.0}},
        {"name": "Dither", "binding": 2, "type": "uint", "count": 256, "init": {"fill": SENTINEL}},
    ],
    "expect": [{"buffer": "Filtered", "data": filtered}, {"buffer": "Dither", "data": dither}],
})

# ---- namespaces_enums_control: 256 threads. Input[i] = 2^((i/4)%5) - 1 (0, 1, 3, 7, 15) so that
# every tone-map result is exact: op i%4 = 0 none (x), 1 Reinhard x/(1+x), 2 saturate, 3 (and default) x/2.
# Steps[i] = Collatz steps of i+1 (capped at 200, do-while with continue/break) + 100/200/300 by i%3.
def collatz(v):
    steps = 0
    while True:
        if v == 1:
            break
        steps += 1
        if v & 1 == 0:
            v >>= 1
            if steps < 200:
                continue
            break
        v = 3 * v + 1
        if steps >= 200:
            break
    return steps


tin = [float((1 << ((i // 4) % 5)) - 1) for i in range(256)]
tout = []
for i, x in enumerate(tin):
    op = i % 4
    tout.append(x if op == 0 else x / (1 + x) if op == 1 else min(max(x, 0.0), 1.0) if op == 2 else x * 0.5)
steps = [collatz(i + 1) + (100, 200, 300)[i % 3] for i in range(256)]
write("corpus_namespaces_enums_control", {
    "description": "tests/corpus/namespaces_enums_control.hlsl: namespaced enum switch with fallthrough/default, "
                   "nested namespaces, enum class switch, do-while with break/continue. Input[i] = 2^((i/4)%5)-1; "
                   "Output[i] = that value through operator i%4 (none, x/(1+x), saturate, x/2), exact; "
                   "Steps[i] = Collatz steps of i+1 (cap 200) + 100*(1 + i%3).",
    "shader": shader("namespaces_enums_control"),
    "profile": "cs_6_0",
    "local_size": [64], "dispatch": [4],
    "buffers": [
        {"name": "Input", "binding": 0, "type": "float", "init": {"data": tin}},
        {"name": "Output", "binding": 1, "type": "float", "count": 256, "init": {"fill": -1.0}},
        {"name": "Steps", "binding": 2, "type": "uint", "count": 256, "init": {"fill": SENTINEL}},
    ],
    "expect": [{"buffer": "Output", "data": tout}, {"buffer": "Steps", "data": steps}],
})

# ---- sprite_struct_buffer: struct { float4 color; uint frames[4]; float2 uv; } in std430:
# color at 0, frames at 16 (ArrayStride 4), uv at 32, size 40 rounded to the struct's
# 16-byte alignment: stride 48 bytes = 12 words [r g b a f0 f1 f2 f3 u v pad pad].
# Sprite i in: color (i, i+0.5, -i, 1), frames 10i..10i+3, uv (0.25, 0.75).
# Out: color (-i, i+0.5, i, 1); frames[i&3] += 3, frames[(i+1)&3] += 4; uv (0.25, 2).
# The buffer is typed uint; floats are given as their IEEE-754 bit patterns.
def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


sin_, sout = [], []
for i in range(64):
    frames = [10 * i + k for k in range(4)]
    sin_ += [fbits(i), fbits(i + 0.5), fbits(-i), fbits(1.0)] + frames + [fbits(0.25), fbits(0.75), 0, 0]
    of = list(frames)
    of[i & 3] += 3
    of[(i + 1) & 3] += 4
    sout += [fbits(-i), fbits(i + 0.5), fbits(i), fbits(1.0)] + of + [fbits(0.25), fbits(2.0), SENTINEL, SENTINEL]
write("corpus_sprite_struct_buffer", {
    "description": "tests/corpus/sprite_struct_buffer.hlsl: struct {float4 color; uint frames[4]; float2 uv;} "
                   "(std430 stride 48: words r g b a f0..f3 u v pad pad; floats as bit patterns). Sprite i: color "
                   "(i, i+0.5, -i, 1) -> (-i, i+0.5, i, 1); frames 10i+k, +3 at k = i&3 and +4 at k = (i+1)&3; "
                   "uv (0.25, 0.75) -> (0.25, 2). Padding words keep the output's initial value.",
    "shader": shader("sprite_struct_buffer"),
    "local_size": [64], "dispatch": [1],
    "buffers": [
        {"name": "SpritesIn", "binding": 0, "type": "uint", "init": {"data": sin_}},
        {"name": "SpritesOut", "binding": 1, "type": "uint", "count": 768, "init": {"fill": SENTINEL}},
    ],
    "expect": [{"buffer": "SpritesOut", "data": sout}],
})
