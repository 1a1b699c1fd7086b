#!/usr/bin/env python3
"""Generates large HLSL inputs of several shapes for the scaling benchmark (bench/scale.sh).

    python3 bench/gen.py SHAPE N > out.hlsl

N is the number of lines, roughly (within about 10%). Every
output is a valid compute shader that OneShader, DXC and glslang accept, deterministic in
SHAPE and N. Shapes:

  funcs    N/8 small functions, each called once from the entry point (many small functions)
  long     one entry point of N statements (one long function)
  chain    N/6 functions, each calling the next (a deep call chain)
  nest     blocks of 40 levels of nested if/for, repeated so the nesting stays within the parser's
           depth limit (deep nesting)
  cbuf     N/16 structs of 8 members in 8 cbuffers, every member read (large cbuffers and
           structs)
  entries  N/7 compute entry points in one file (many entry points)
  struct   structs of up to 16,000 members (SPIR-V allows 16,383), N members in all, one
           local of each struct zero-initialized and stored (large structs: Sema's field
           checks and the layout passes were quadratic in the members of one struct)
  expr     expressions of up to 4,000 terms each, N terms in all, one line per term (long
           expressions: the MSL and WGSL writers printed single-use values inline however
           long, quadratic in the length of an operation chain)
"""
import sys

HEADER = "RWStructuredBuffer<uint> Out : register(u0);\nStructuredBuffer<uint> In : register(t1);\n\n"


def funcs(n):
    n = max(1, n // 8)
    out = [HEADER]
    for i in range(n):
        out.append(f"uint f{i}(uint x)\n{{\n  uint y = x * {i % 13 + 3}u + {i}u;\n"
                   f"  if (y > {1000 + i}u) y -= In[{i % 64}];\n  return y ^ (x >> 3);\n}}\n\n")
    out.append('[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n  uint acc = In[id.x];\n')
    for i in range(n):
        out.append(f"  acc = f{i}(acc);\n")
    out.append("  Out[id.x] = acc;\n}\n")
    return "".join(out)


def long_(n):
    out = [HEADER, '[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n',
           "  uint a = In[id.x];\n  uint b = a + 1u;\n"]
    for i in range(n):
        k = i % 4
        if k == 0:
            out.append(f"  a = a * {i % 7 + 2}u + b;\n")
        elif k == 1:
            out.append(f"  b = (b ^ a) + {i}u;\n")
        elif k == 2:
            out.append(f"  if (a > b) a -= b; else b -= a;\n")
        else:
            out.append(f"  a += In[(b + {i}u) & 63u];\n")
    out.append("  Out[id.x] = a + b;\n}\n")
    return "".join(out)


def chain(n):
    n = max(2, n // 6)
    out = [HEADER, "uint c%d(uint x) { return x + In[%d]; }\n\n" % (n - 1, (n - 1) % 64)]
    for i in range(n - 2, -1, -1):
        out.append(f"uint c{i}(uint x)\n{{\n  uint y = x * 3u + {i}u;\n  return c{i + 1}(y) ^ x;\n}}\n\n")
    out.append('[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n'
               "  Out[id.x] = c0(In[id.x]);\n}\n")
    return "".join(out)


def nest(n):
    # Blocks of DEPTH nested levels (if, for, alternating), repeated n / DEPTH times.
    depth = 40
    out = [HEADER, '[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n',
           "  uint a = In[id.x];\n"]
    blocks = max(1, n // (3 * depth))
    for b in range(blocks):
        for d in range(depth):
            ind = "  " * (d + 1)
            if d % 2 == 0:
                out.append(f"{ind}if (a > {b * depth + d}u) {{\n")
            else:
                out.append(f"{ind}for (uint i{d} = 0u; i{d} < (a & 3u); ++i{d}) {{\n")
            out.append(f"{ind}  a = a * 5u + {d}u;\n")
        for d in range(depth - 1, -1, -1):
            out.append("  " * (d + 1) + "}\n")
    out.append("  Out[id.x] = a;\n}\n")
    return "".join(out)


def cbuf(n):
    # N/16 structs of 8 members, spread over 8 cbuffers (Metal has 31 buffer slots), every
    # member read.
    structs = max(1, n // 16)
    out = [HEADER]
    for s in range(structs):
        out.append(f"struct S{s}\n{{\n")
        for m in range(8):
            t = ["float", "float2", "float3", "float4", "uint", "uint2", "int", "float4x4"][m]
            out.append(f"  {t} m{m};\n")
        out.append("};\n\n")
    for c in range(min(8, structs)):
        out.append(f"cbuffer CB{c} : register(b{c}, space1)\n{{\n")
        for s in range(c, structs, 8):
            out.append(f"  S{s} s{s};\n  uint k{s};\n")
        out.append("};\n\n")
    out.append('[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n  float acc = 0.0;\n')
    for s in range(structs):
        out.append(f"  acc += s{s}.m0 + s{s}.m1.y + s{s}.m2.z + s{s}.m3.w + float(s{s}.m4 + s{s}.m5.x) "
                   f"+ float(s{s}.m6) + s{s}.m7[1][2] + float(k{s});\n")
    out.append("  Out[id.x] = uint(acc);\n}\n")
    return "".join(out)


def entries(n):
    count = max(1, n // 7)
    out = [HEADER]
    for i in range(count):
        out.append(f'[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid e{i}(uint3 id : SV_DispatchThreadID)\n{{\n'
                   f"  uint x = In[id.x] * {i % 11 + 2}u;\n  Out[id.x + {i}u] = x ^ {i}u;\n}}\n\n")
    return "".join(out)


def struct(n):
    members = max(1, n)
    out = [HEADER, "RWStructuredBuffer<float> FOut : register(u2);\n"]
    sizes = []
    while members > 0:
        sizes.append(min(members, 16000))
        members -= sizes[-1]
    for k, m in enumerate(sizes):
        out.append(f"struct S{k}\n{{\n")
        out.extend(f"  float m{i};\n" for i in range(m))
        out.append("};\n\n")
    out.append('[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n  float acc = 0;\n')
    for k, m in enumerate(sizes):
        out.append(f"  S{k} s{k} = (S{k})0;\n  s{k}.m{m - 1} = In[id.x];\n  acc += s{k}.m0 + s{k}.m{m - 1};\n")
    out.append("  FOut[id.x] = acc;\n}\n")
    return "".join(out)


def expr(n):
    terms = max(1, n)
    out = [HEADER, '[shader("compute")]\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID)\n{\n',
           "  uint a = In[id.x];\n"]
    k = 0
    while terms > 0:
        t = min(terms, 4000)
        terms -= t
        out.append(f"  Out[id.x + {k}u] =\n")
        out.extend(f"    a * {i % 97 + 1}u +\n" for i in range(t))
        out.append("    0u;\n")
        k += 1
    out.append("}\n")
    return "".join(out)


SHAPES = {"struct": struct, "expr": expr, "funcs": funcs, "long": long_, "chain": chain, "nest": nest, "cbuf": cbuf, "entries": entries}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SHAPES:
        sys.stderr.write(__doc__)
        sys.exit(2)
    sys.stdout.write(SHAPES[sys.argv[1]](int(sys.argv[2])))
