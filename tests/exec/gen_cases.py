#!/usr/bin/env python3
"""Writes the wave/quad execution cases tests/exec/cases/wave_*.{hlsl,json} and the 16-bit
ones tests/exec/cases/wave16_*.{hlsl,json}.

The generated files are checked in and reviewed like hand-written ones; this script only
keeps their shape consistent. It does NOT compute expected values: those come from the
reference model in tests/exec/reference.cpp, from the op name, the input data and the
activity rule written here (the same predicate the shader uses, once in HLSL and once as
a JSON rule; keep the two in sync when editing).

The 16-bit cases (uint16 = uint16_t, int16 = int16_t, half, with -enable-16bit-types)
read and write 16-bit StructuredBuffers (16-bit storage), or with "from32" read 32-bit
buffers and convert in the shader (16-bit arithmetic only); "vector" cases use half2/half4.

Usage: python3 tests/exec/gen_cases.py            (rewrites tests/exec/cases/wave_*, wave16_*)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")

LOCAL = 64
GROUPS = 4

# op -> (HLSL expression over `v` (the value) and `p` (the bool predicate), result kind,
#        Vulkan subgroup operations needed)
OPS = {
    "sum":               ("WaveActiveSum(v)", "T", ["basic", "arithmetic"]),
    "product":           ("WaveActiveProduct(v)", "T", ["basic", "arithmetic"]),
    "min":               ("WaveActiveMin(v)", "T", ["basic", "arithmetic"]),
    "max":               ("WaveActiveMax(v)", "T", ["basic", "arithmetic"]),
    "bitand":            ("WaveActiveBitAnd(v)", "T", ["basic", "arithmetic"]),
    "bitor":             ("WaveActiveBitOr(v)", "T", ["basic", "arithmetic"]),
    "bitxor":            ("WaveActiveBitXor(v)", "T", ["basic", "arithmetic"]),
    "prefix_sum":        ("WavePrefixSum(v)", "T", ["basic", "arithmetic"]),
    "prefix_product":    ("WavePrefixProduct(v)", "T", ["basic", "arithmetic"]),
    "count_bits":        ("WaveActiveCountBits(p)", "uint", ["basic", "ballot"]),
    "prefix_count_bits": ("WavePrefixCountBits(p)", "uint", ["basic", "ballot"]),
    "ballot":            ("WaveActiveBallot(p)", "uint4", ["basic", "ballot"]),
    "any":               ("WaveActiveAnyTrue(p) ? 1u : 0u", "uint", ["basic", "vote"]),
    "all":               ("WaveActiveAllTrue(p) ? 1u : 0u", "uint", ["basic", "vote"]),
    "all_equal":         ("WaveActiveAllEqual(v) ? 1u : 0u", "uint", ["basic", "vote"]),
    "read_first":        ("WaveReadLaneFirst(v)", "T", ["basic", "ballot"]),
    "read_lane_at":      (None, "T", ["basic", "shuffle"]),
    "is_first_lane":     ("WaveIsFirstLane() ? 1u : 0u", "uint", ["basic"]),
    "quad_x":            ("QuadReadAcrossX(v)", "T", ["basic", "quad"]),
    "quad_y":            ("QuadReadAcrossY(v)", "T", ["basic", "quad"]),
    "quad_diagonal":     ("QuadReadAcrossDiagonal(v)", "T", ["basic", "quad"]),
    "quad_lane_at":      (None, "T", ["basic", "quad"]),
    "lane_facts":        ("WaveGetLaneIndex()", "uint", ["basic"]),
}

HLSL_NAME = {
    "sum": "WaveActiveSum", "product": "WaveActiveProduct", "min": "WaveActiveMin", "max": "WaveActiveMax",
    "bitand": "WaveActiveBitAnd", "bitor": "WaveActiveBitOr", "bitxor": "WaveActiveBitXor",
    "prefix_sum": "WavePrefixSum", "prefix_product": "WavePrefixProduct", "count_bits": "WaveActiveCountBits",
    "prefix_count_bits": "WavePrefixCountBits", "ballot": "WaveActiveBallot", "any": "WaveActiveAnyTrue",
    "all": "WaveActiveAllTrue", "all_equal": "WaveActiveAllEqual", "read_first": "WaveReadLaneFirst",
    "read_lane_at": "WaveReadLaneAt", "is_first_lane": "WaveIsFirstLane", "quad_x": "QuadReadAcrossX",
    "quad_y": "QuadReadAcrossY", "quad_diagonal": "QuadReadAcrossDiagonal", "quad_lane_at": "QuadReadLaneAt",
    "lane_facts": "WaveGetLaneIndex/WaveGetLaneCount",
}

# Activity rules: name -> (HLSL condition, JSON rule, words)
ACTIVE = {
    "all": (None, "all", "all lanes active"),
    "odd_lanes": ("(WaveGetLaneIndex() & 1) == 1", {"var": "lane", "and": 1, "eq": 1}, "only odd lanes active"),
    "lanes_lt3": ("WaveGetLaneIndex() < 3", {"var": "lane", "lt": 3}, "only lanes 0..2 active"),
    "lanes_ge2": ("WaveGetLaneIndex() >= 2", {"var": "lane", "ge": 2}, "lanes 0 and 1 inactive"),
    "tid_mod3": ("(tid % 3) == 0", {"var": "tid", "mod": 3, "eq": 0}, "threads with tid % 3 == 0 active"),
    "quad_even_pair": ("(WaveGetLaneIndex() & 2) == 0", {"var": "lane", "and": 2, "eq": 0},
                       "quad lanes 0 and 1 active (partners of QuadReadAcrossX)"),
    "quad_even": ("(WaveGetLaneIndex() & 1) == 0", {"var": "lane", "and": 1, "eq": 0},
                  "quad lanes 0 and 2 active (partners of QuadReadAcrossY)"),
}

# Loop trip rules: name -> (HLSL trip count, JSON rule, iterations, words)
TRIPS = {
    "loop_lane": ("(WaveGetLaneIndex() % 4) + 1", {"var": "lane", "mod": 4, "add": 1}, 4,
                  "a loop of (lane % 4) + 1 iterations: lanes drop out as it goes"),
    "loop_tid": ("tid % 5", {"var": "tid", "mod": 5}, 5,
                 "a loop of tid % 5 iterations (some threads never enter)"),
}

# The bool argument of count/ballot/any/all: HLSL over v, and the same rule over the value.
PRED_HLSL = "(v % 3u) == 0"
PRED_RULE = {"var": "value", "mod": 3, "eq": 0}
PRED_BLOCK_HLSL = "(v & 1u) == 1"        # for any/all (see inputs())
PRED_BLOCK_RULE = {"var": "value", "and": 1, "eq": 1}

# Inputs per (op family, type): JSON generators. Floats are exact and order-independent.
def inputs(op, ty):
    if op in ("product", "prefix_product"):
        return {"uint": {"random": {"seed": 7, "min": 1, "max": 5}},
                "int": {"pattern": [1, -1, 2, -2, 3, 1, -1, 1, -3, 1, 1, 2]},
                "float": {"pattern": [1, 2, -1, 0.5, -2, 1, 0.25, 1, -0.5, 4, 1, -1]}}[ty]
    if op in ("min", "max"):
        return {"uint": {"random": {"seed": 11, "min": 0, "max": 4000000000}},
                "int": {"random": {"seed": 12, "min": -2000000000, "max": 2000000000}},
                "float": {"random": {"seed": 13, "min": -1000000, "max": 1000000}}}[ty]
    if op == "bitand":
        return {"random": {"seed": 21, "min": 4026531840, "max": 4294967295}}  # 0xF0000000..: and keeps bits
    if op == "bitor":
        return {"random": {"seed": 22, "min": 0, "max": 65535}}
    if op == "bitxor":
        return {"random": {"seed": 23, "min": 0, "max": 4294967295}}
    if op in ("sum", "prefix_sum"):
        return {"uint": {"iota": {"start": 1}},
                "int": {"random": {"seed": 31, "min": -1000, "max": 1000}},
                "float": {"pattern": [0.5, -1.5, 2, 3.5, -4, 7.5, 1, -0.5, 12, -3]}}[ty]
    if op in ("any", "all"):
        # (v & 1) == 1 over a period of 128: waves of 4, 8 and 32 lanes each see all-true,
        # all-false and mixed waves.
        return {"pattern": [1] * 32 + [0] * 32 + [1] * 12 + [0] * 4 + [0, 1] * 8 + [0] * 32}
    if op == "all_equal":
        # period 56: [5 x8] [1 x7, 2] [3 x4, 4 x4] [7 x32]: equal and unequal waves at 4, 8 and 32 lanes
        return {"pattern": [5] * 8 + [1] * 7 + [2] + [3] * 4 + [4] * 4 + [7] * 32}
    if op in ("count_bits", "prefix_count_bits", "ballot"):
        return {"iota": {"start": 0}}
    # read_first, read_lane_at, quad_*: distinct values so that a wrong lane is visible
    return {"uint": {"iota": {"start": 1, "step": 3}},
            "int": {"iota": {"start": -500, "step": 7}},
            "float": {"iota": {"start": -100.5, "step": 1.25}}}[ty]


def inputs16(op, ty, vec=1):
    """Inputs of the 16-bit cases (JSON type uint16 / int16 / half). Integer sums and
    products wrap modulo 2^16 in a wave; half sums are multiples of 0.5 small enough to be
    exact in every order (the model checks it), half products are +-2^n."""
    if op in ("product", "prefix_product"):
        return {"uint16": {"random": {"seed": 47, "min": 1, "max": 7}},
                "int16": {"pattern": [1, -1, 2, -2, 3, 1, -1, 1, -3, 1, 1, 2]},
                "half": {"pattern": [1, 2, -1, 0.5, -2, 1, 0.5, 1, -0.5, 1, 1, -1]}}[ty]
    if op in ("min", "max"):
        return {"uint16": {"random": {"seed": 41, "min": 0, "max": 65535}},
                "int16": {"random": {"seed": 42, "min": -32768, "max": 32767}},
                # integers up to 2048 are exact halves; the vector pattern (period 15, so each
                # component sees every value) adds fractions, a subnormal and +-65504
                "half": {"random": {"seed": 43, "min": -2048, "max": 2048}} if vec == 1 else
                        {"pattern": [0.5, -65504, 1000.5, 65504, -0.25, 3, 0.000060975551605224609375, -7.5, 2047, -1023.5,
                                     12, 0.0009765625, -3.25, 511.75, 6]}}[ty]
    if op in ("sum", "prefix_sum"):
        return {"uint16": {"random": {"seed": 44, "min": 0, "max": 65535}},
                "int16": {"random": {"seed": 45, "min": -32768, "max": 32767}},
                "half": {"pattern": [0.5, -1.5, 2, 3.5, -4, 7.5, 1, -0.5, 12, -3, -2.5, 9]}}[ty]
    if op == "all_equal":
        # period 56 as in inputs(): equal and unequal waves at 4, 8 and 32 lanes; unequal
        # neighbours differ in the top bit (ints) or the lowest significand bit (half)
        return {"uint16": {"pattern": [40005] * 8 + [1] * 7 + [32769] + [3] * 4 + [4] * 4 + [65535] * 32},
                "int16": {"pattern": [-5] * 8 + [1] * 7 + [-32767] + [-3] * 4 + [4] * 4 + [-32768] * 32},
                "half": {"pattern": [2.5] * 8 + [1000] * 7 + [1000.5] + [-3] * 4 + [3] * 4 + [0.5] * 32}}[ty]
    # read_first, read_lane_at, quad_*: distinct values so that a wrong lane is visible
    return {"uint16": {"iota": {"start": 1, "step": 255}},
            "int16": {"iota": {"start": -32000, "step": 250}},
            "half": {"iota": {"start": -100.5, "step": 1.25 if vec == 1 else 0.25}}}[ty]


def sentinel(kind, ty):
    if kind == "float" or (kind == "T" and ty in ("float", "half")):
        return -12345.5 if ty != "half" else -999.5
    if kind == "T" and ty == "int":
        return -123456789
    if kind == "T" and ty == "int16":
        return -12345
    if kind == "T" and ty == "uint16":
        return 57005  # 0xDEAD
    return 3735928559  # 0xDEADBEEF


def expr_for(op, lane):
    e, _, _ = OPS[op]
    if op == "read_lane_at":
        return ("WaveReadLaneAt(v, %du)" % lane["const"]) if "const" in lane else \
               ("WaveReadLaneAt(v, (WaveGetLaneIndex() + %du) %% WaveGetLaneCount())" % lane["rotate"])
    if op == "quad_lane_at":
        return "QuadReadLaneAt(v, %du)" % lane["const"]
    return e


# 16-bit types: JSON type -> HLSL scalar, the 32-bit type a "from32" case stores, and the
# Vulkan features (on top of shaderSubgroupExtendedTypes) its arithmetic needs.
T16 = {"uint16": ("uint16_t", "uint", "shaderInt16"),
       "int16": ("int16_t", "int", "shaderInt16"),
       "half": ("half", "float", "shaderFloat16")}


def hlsl_type(ty, vec=1):
    base = T16[ty][0] if ty in T16 else ty
    return base if vec == 1 else "%s%d" % (base, vec)


# Composite values of four components: a 2x2 matrix or an array of four. The shader builds
# the value from elements 4t..4t+3 of In (the matrix row by row) and writes the result's
# components to the same elements of Out, so the model's "vector": 4 (the scalar model per
# component) is the expectation: a wave / quad operation on a matrix or an array is the
# operation on each of its components.
SHAPES = {"2x2": "matrix", "a4": "array"}


def make_case(name, op, ty, active="all", trips=None, lane=None, pred=None, local=LOCAL, groups=GROUPS, note="",
              vec=1, from32=False, shape=None):
    expr, kind, ops = OPS[op]
    expr = expr_for(op, lane or {})
    wide = ty in T16
    if shape:
        vec = 4
    assert vec == 1 or kind == "T"
    # The buffers' element types (JSON) and the HLSL declarations.
    store_t = T16[ty][1] if from32 else ty          # In, and Out for a T result
    out_store = store_t if kind == "T" else "uint"
    in_hlsl = hlsl_type(store_t, 1 if shape else vec)
    out_t = {"T": hlsl_type(store_t, 1 if shape else vec), "uint": "uint", "uint4": "uint4"}[kind]
    v_type = hlsl_type(ty, vec) if not shape else (hlsl_type(ty) + "2x2" if shape == "2x2" else hlsl_type(ty))
    out_words = 4 if kind == "uint4" else vec
    n = local * groups
    iters = TRIPS[trips][2] if trips else 1
    cond, rule, active_words = ACTIVE[active]
    uses_pred = "(p)" in expr
    if pred is None:
        pred = (PRED_BLOCK_HLSL, PRED_BLOCK_RULE) if op in ("any", "all") else (PRED_HLSL, PRED_RULE)

    words = "%s over %s, %s" % (HLSL_NAME[op], v_type + ("[4]" if shape == "a4" else ""), active_words)
    if from32:
        words += " (read from and written to %s buffers, converted in the shader)" % store_t
    if trips:
        words += ", in " + TRIPS[trips][3]
    if lane:
        words += ", lane " + json.dumps(lane)
    if note:
        words += "; " + note

    body = []
    v_init = "%s(In[tid])" % v_type if from32 else "In[tid]"
    result = ("%s(%s)" % (out_t, expr)) if from32 and kind == "T" else expr
    indent = "    "
    if cond:
        body.append("    if (%s)" % cond)
        body.append("    {")
        indent = "        "
    if trips:
        body.append(indent + "uint trips = %s;" % TRIPS[trips][0])
        body.append(indent + "for (uint k = 0; k < trips; ++k)")
        body.append(indent + "{")
        inner = indent + "    "
        assert not wide, "no loops in the 16-bit cases"
        kconv = "float(k)" if ty == "float" else ("int(k)" if ty == "int" else "k")
        body.append(inner + "%s v = In[tid] + %s;" % (ty, kconv))
        if uses_pred:
            body.append(inner + "bool p = %s;" % pred[0])
        body.append(inner + "Out[tid * %du + k] = %s;" % (iters, expr))
        body.append(indent + "}")
    elif shape:
        assert not from32 and kind == "T"
        comps = ", ".join("In[tid * 4u + %du]" % k for k in range(4))
        if shape == "2x2":
            body.append(indent + "%s v = %s(%s);" % (v_type, v_type, comps))
            body.append(indent + "%s r = %s;" % (v_type, expr))
            for k in range(4):
                body.append(indent + "Out[tid * 4u + %du] = r[%d][%d];" % (k, k // 2, k % 2))
        else:
            body.append(indent + "%s v[4] = { %s };" % (v_type, comps))
            body.append(indent + "%s r[4] = %s;" % (v_type, expr))
            for k in range(4):
                body.append(indent + "Out[tid * 4u + %du] = r[%d];" % (k, k))
    else:
        body.append(indent + "%s v = %s;" % (v_type, v_init))
        if uses_pred:
            body.append(indent + "bool p = %s;" % pred[0])
        body.append(indent + "Out[tid] = %s;" % result)
    if cond:
        body.append("    }")

    hlsl = """// %(words)s.
// Execution test (tests/exec): expected values come from the reference model in
// tests/exec/reference.cpp (op "%(op)s"), not from any compiler. Generated by
// tests/exec/gen_cases.py.
StructuredBuffer<%(in_t)s> In : register(t0);
RWStructuredBuffer<%(out_t)s> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[shader("compute")]
[numthreads(%(local)d, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    // Wave membership, with every lane active: lane, lane count, the wave's lane-0 group index, group.
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
%(body)s
}
""" % dict(words=words, op=op, in_t=in_hlsl, out_t=out_t, local=local, body="\n".join(body))

    need = sorted(set(ops) | {"basic", "ballot"}, key=["basic", "vote", "arithmetic", "ballot", "shuffle", "quad"].index)
    wave = {"op": op, "type": ty, "input": "In", "output": "Out", "facts": "Facts", "active": rule}
    if uses_pred:
        wave["pred"] = pred[1]
    if trips:
        wave["trips"] = TRIPS[trips][1]
        wave["iterations"] = iters
    if lane:
        wave["lane"] = lane
    if vec > 1:
        wave["vector"] = vec
    requires = {"subgroup_ops": need}
    if wide:
        # 16-bit values in subgroup operations; 16-bit arithmetic; 16-bit buffers unless
        # the case converts from 32-bit ones.
        requires["features"] = ([] if from32 else ["storageBuffer16BitAccess"]) + [T16[ty][2], "shaderSubgroupExtendedTypes"]
    if wide:
        in_init = inputs16(op, ty, vec)
        if from32:  # the same values, as the 32-bit type (truncated to 16 bits by the shader)
            in_init = {"uint16": {"random": {"seed": 48, "min": 0, "max": 4294967295}},
                       "int16": {"random": {"seed": 49, "min": -2000000000, "max": 2000000000}},
                       "half": in_init}[ty]
    else:
        in_init = inputs(op, ty)
    case = {
        "description": words,
        "shader": name + ".hlsl",
        "entry": "main",
        "profile": "cs_6_2" if wide else "cs_6_0",
        "target_env": "vulkan1.1",
    }
    if wide:
        case["args"] = ["-enable-16bit-types"]
        if ty != "half":
            # WGSL has no 16-bit integers: the WGSL backend must say so (OSH5001).
            case["wgsl"] = "unsupported: OSH5001"
    case.update({
        "local_size": [local],
        "dispatch": [groups],
        # WaveReadLaneFirst in the facts needs "ballot" in every case.
        "requires": requires,
        "buffers": [
            {"name": "In", "binding": 0, "type": store_t, "count": n * vec, "init": in_init},
            {"name": "Out", "binding": 1, "type": out_store, "count": n * iters * out_words,
             "init": {"fill": sentinel(kind, store_t)}},
            {"name": "Facts", "binding": 2, "type": "uint", "count": 4 * n, "init": {"fill": 3735928559}},
        ],
        "wave": wave,
    })
    return name, hlsl, case


def all_cases():
    c = []
    T3 = ["uint", "int", "float"]
    for op in ["sum", "product", "min", "max", "prefix_sum", "prefix_product", "read_first", "all_equal",
               "quad_x", "quad_y", "quad_diagonal"]:
        for ty in T3:
            c.append(make_case("wave_%s_%s" % (op, ty), op, ty))
    for op in ["bitand", "bitor", "bitxor"]:
        c.append(make_case("wave_%s_uint" % op, op, "uint"))
    for ty in T3:
        c.append(make_case("wave_read_lane_at_%s" % ty, "read_lane_at", ty, lane={"rotate": 1}))
        c.append(make_case("wave_quad_lane_at_%s" % ty, "quad_lane_at", ty, lane={"const": 2}))
    c.append(make_case("wave_read_lane_at_const_uint", "read_lane_at", "uint", lane={"const": 1}))
    for op in ["count_bits", "prefix_count_bits", "ballot", "any", "all", "is_first_lane", "lane_facts"]:
        c.append(make_case("wave_%s" % op, op, "uint"))
    # Divergent control flow.
    for ty in T3:
        c.append(make_case("wave_sum_%s_odd_lanes" % ty, "sum", ty, active="odd_lanes"))
    c.append(make_case("wave_prefix_sum_uint_lanes_lt3", "prefix_sum", "uint", active="lanes_lt3"))
    c.append(make_case("wave_prefix_product_int_odd_lanes", "prefix_product", "int", active="odd_lanes"))
    c.append(make_case("wave_min_int_tid_mod3", "min", "int", active="tid_mod3"))
    c.append(make_case("wave_max_float_lanes_ge2", "max", "float", active="lanes_ge2"))
    c.append(make_case("wave_bitor_uint_tid_mod3", "bitor", "uint", active="tid_mod3"))
    c.append(make_case("wave_count_bits_odd_lanes", "count_bits", "uint", active="odd_lanes"))
    c.append(make_case("wave_prefix_count_bits_lanes_ge2", "prefix_count_bits", "uint", active="lanes_ge2"))
    c.append(make_case("wave_ballot_odd_lanes", "ballot", "uint", active="odd_lanes"))
    c.append(make_case("wave_ballot_lanes_lt3", "ballot", "uint", active="lanes_lt3"))
    c.append(make_case("wave_any_tid_mod3", "any", "uint", active="tid_mod3"))
    c.append(make_case("wave_all_lanes_lt3", "all", "uint", active="lanes_lt3"))
    c.append(make_case("wave_all_equal_float_lanes_lt3", "all_equal", "float", active="lanes_lt3"))
    c.append(make_case("wave_read_first_int_odd_lanes", "read_first", "int", active="odd_lanes"))
    c.append(make_case("wave_is_first_lane_lanes_ge2", "is_first_lane", "uint", active="lanes_ge2"))
    c.append(make_case("wave_read_lane_at_uint_odd_lanes", "read_lane_at", "uint", active="odd_lanes", lane={"rotate": 2}))
    c.append(make_case("wave_read_lane_at_const_float_odd_lanes", "read_lane_at", "float", active="odd_lanes",
                       lane={"const": 1}))
    c.append(make_case("wave_quad_x_uint_pairs", "quad_x", "uint", active="quad_even_pair"))
    c.append(make_case("wave_quad_y_float_even", "quad_y", "float", active="quad_even"))
    c.append(make_case("wave_quad_lane_at_int_pairs", "quad_lane_at", "int", active="quad_even_pair", lane={"const": 0}))
    # Loops in which lanes drop out.
    c.append(make_case("wave_sum_uint_loop", "sum", "uint", trips="loop_lane"))
    c.append(make_case("wave_sum_float_loop", "sum", "float", trips="loop_tid"))
    c.append(make_case("wave_prefix_sum_int_loop", "prefix_sum", "int", trips="loop_lane"))
    c.append(make_case("wave_min_uint_loop", "min", "uint", trips="loop_tid"))
    c.append(make_case("wave_count_bits_loop", "count_bits", "uint", trips="loop_tid"))
    c.append(make_case("wave_ballot_loop", "ballot", "uint", trips="loop_lane"))
    c.append(make_case("wave_read_first_uint_loop", "read_first", "uint", trips="loop_lane"))
    c.append(make_case("wave_is_first_lane_loop", "is_first_lane", "uint", trips="loop_tid"))
    # Partial waves: 12 threads per group do not fill a subgroup of 8 (or 32) lanes.
    c.append(make_case("wave_sum_uint_partial", "sum", "uint", local=12, groups=8,
                       note="12 threads per group, so some waves are partial"))
    c.append(make_case("wave_ballot_partial", "ballot", "uint", local=12, groups=8,
                       note="12 threads per group, so some waves are partial"))
    c.append(make_case("wave_prefix_count_bits_partial", "prefix_count_bits", "uint", local=12, groups=8,
                       note="12 threads per group, so some waves are partial"))
    return c


def all_cases16():
    c = []
    T = ["uint16", "int16", "half"]
    for op in ["sum", "product", "min", "max", "prefix_sum", "read_first", "all_equal", "quad_x"]:
        for ty in T:
            c.append(make_case("wave16_%s_%s" % (op, ty), op, ty))
    for ty in T:
        c.append(make_case("wave16_read_lane_at_%s" % ty, "read_lane_at", ty, lane={"rotate": 1}))
    # 16-bit arithmetic on 32-bit buffers: truncation in, wrap-around, sign/zero extension out.
    c.append(make_case("wave16_sum_uint16_from32", "sum", "uint16", from32=True))
    c.append(make_case("wave16_sum_int16_from32", "sum", "int16", from32=True))
    c.append(make_case("wave16_min_int16_from32", "min", "int16", from32=True))
    c.append(make_case("wave16_prefix_sum_half_from32", "prefix_sum", "half", from32=True))
    # Vectors.
    c.append(make_case("wave16_sum_half2", "sum", "half", vec=2))
    c.append(make_case("wave16_max_half4", "max", "half", vec=4))
    c.append(make_case("wave16_prefix_sum_half4", "prefix_sum", "half", vec=4))
    c.append(make_case("wave16_read_first_half2", "read_first", "half", vec=2))
    c.append(make_case("wave16_read_lane_at_half4", "read_lane_at", "half", vec=4, lane={"rotate": 3}))
    c.append(make_case("wave16_quad_x_half2", "quad_x", "half", vec=2))
    c.append(make_case("wave16_min_uint16_2", "min", "uint16", vec=2))
    # Divergence.
    c.append(make_case("wave16_sum_half_odd_lanes", "sum", "half", active="odd_lanes"))
    c.append(make_case("wave16_prefix_sum_int16_lanes_lt3", "prefix_sum", "int16", active="lanes_lt3"))
    c.append(make_case("wave16_read_lane_at_const_half_odd_lanes", "read_lane_at", "half", active="odd_lanes",
                       lane={"const": 1}))
    return c


def all_cases_composite():
    """Wave and quad operations on matrices and arrays (the model per component)."""
    c = []
    for op, ty in [("sum", "float"), ("prefix_sum", "float"), ("product", "float"), ("max", "float"),
                   ("read_first", "float"), ("quad_x", "float"), ("quad_diagonal", "float")]:
        c.append(make_case("wave_%s_%s2x2" % (op, ty), op, ty, shape="2x2"))
    c.append(make_case("wave_read_lane_at_float2x2", "read_lane_at", "float", shape="2x2", lane={"rotate": 1}))
    c.append(make_case("wave_quad_lane_at_float2x2", "quad_lane_at", "float", shape="2x2", lane={"const": 3}))
    c.append(make_case("wave_sum_float2x2_odd_lanes", "sum", "float", shape="2x2", active="odd_lanes"))
    for op, ty in [("sum", "uint"), ("prefix_sum", "int"), ("min", "int"), ("max", "uint"), ("product", "int"),
                   ("bitand", "uint"), ("bitor", "uint"), ("bitxor", "uint"), ("read_first", "int"),
                   ("quad_y", "uint"), ("prefix_product", "float"), ("sum", "float")]:
        c.append(make_case("wave_%s_%s_array" % (op, ty), op, ty, shape="a4"))
    c.append(make_case("wave_read_lane_at_uint_array", "read_lane_at", "uint", shape="a4", lane={"rotate": 3}))
    c.append(make_case("wave_prefix_sum_uint_array_lanes_lt3", "prefix_sum", "uint", shape="a4", active="lanes_lt3"))
    # 16-bit components
    c.append(make_case("wave16_sum_half2x2", "sum", "half", shape="2x2"))
    c.append(make_case("wave16_read_lane_at_half2x2", "read_lane_at", "half", shape="2x2", lane={"rotate": 2}))
    c.append(make_case("wave16_max_int16_array", "max", "int16", shape="a4"))
    c.append(make_case("wave16_prefix_sum_uint16_array", "prefix_sum", "uint16", shape="a4"))
    return c


BIN_ODD = "0b" + "10" * 16   # lanes 1, 3, 5, ... of a 32-lane word
BIN_EVEN = "0b" + "01" * 16  # lanes 0, 2, 4, ...


def multi_prefix_binary_case(name, op, ty, expr, pred=None, shape=None):
    """WaveMultiPrefix* (SM 6.5) with partition masks written as binary literals: the lanes
    of each parity, as two constant uint4 masks (lanes 0..63), and-ed with the active lanes'
    ballot so that a mask names exactly its partition's lanes. The model's partition rule is
    the same parity ({"var": "lane", "and": 1}). Needs VK_NV_shader_subgroup_partitioned
    (skipped where the device lacks it: the CPU drivers; the H200 has it)."""
    vec = 4 if shape else 1
    words = "%s over %s with binary-literal partition masks (lane parity)" % (
        {"multi_prefix_sum": "WaveMultiPrefixSum", "multi_prefix_product": "WaveMultiPrefixProduct",
         "multi_prefix_count_bits": "WaveMultiPrefixCountBits"}[op], ty + ("2x2" if shape else ""))
    lines = ["    uint lane = WaveGetLaneIndex();",
             "    uint4 odd = uint4(%s, %s, 0u, 0u);" % (BIN_ODD, BIN_ODD),
             "    uint4 even = uint4(%s, %s, 0u, 0u);" % (BIN_EVEN, BIN_EVEN),
             "    uint4 mask = ((lane & 1u) == 1u ? odd : even) & WaveActiveBallot(true);"]
    if shape:
        comps = ", ".join("In[tid * 4u + %du]" % k for k in range(4))
        lines.append("    %s2x2 v = %s2x2(%s);" % (ty, ty, comps))
        lines.append("    %s2x2 r = %s;" % (ty, expr))
        for k in range(4):
            lines.append("    Out[tid * 4u + %du] = r[%d][%d];" % (k, k // 2, k % 2))
    else:
        lines.append("    %s v = In[tid];" % ty)
        lines.append("    Out[tid] = %s;" % expr)
    out_t = "uint" if op == "multi_prefix_count_bits" else ty
    hlsl = """// %(words)s.
// Execution test (tests/exec): expected values come from the reference model in
// tests/exec/reference.cpp (op "%(op)s"), not from any compiler. Generated by
// tests/exec/gen_cases.py. Needs VK_NV_shader_subgroup_partitioned (SKIP where the device
// lacks it).
StructuredBuffer<%(ty)s> In : register(t0);
RWStructuredBuffer<%(out_t)s> Out : register(u1);
RWStructuredBuffer<uint4> Facts : register(u2);

[shader("compute")]
[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    uint tid = dtid.x;
    // Wave membership, with every lane active: lane, lane count, the wave's lane-0 group index, group.
    Facts[tid] = uint4(WaveGetLaneIndex(), WaveGetLaneCount(), WaveReadLaneFirst(gi), gid.x);
%(body)s
}
""" % dict(words=words, op=op, ty=ty, out_t=out_t, body="\n".join(lines))
    wave = {"op": op, "type": ty, "input": "In", "output": "Out", "facts": "Facts",
            "partition": {"var": "lane", "and": 1}, "active": "all"}
    if pred:
        wave["pred"] = pred
    if vec > 1:
        wave["vector"] = vec
    init = {"multi_prefix_product": {"pattern": [1, 2, -1, 0.5, -2, 1, 0.25, 1, -0.5, 4, 1, -1]} if ty == "float"
            else {"random": {"seed": 51, "min": 1, "max": 3}}}.get(op, {"iota": {"start": 1}} if ty == "uint"
                                                                    else {"pattern": [0.5, -1.5, 2, 3.5, -4, 7.5, 1, -0.5]})
    n = LOCAL * GROUPS
    case = {"description": words, "shader": name + ".hlsl", "entry": "main", "profile": "cs_6_5",
            "target_env": "vulkan1.1", "wgsl": "unsupported: OSH0350", "local_size": [LOCAL], "dispatch": [GROUPS],
            "requires": {"subgroup_ops": ["basic", "ballot", "partitioned_nv"]},
            "buffers": [{"name": "In", "binding": 0, "type": ty, "count": n * vec, "init": init},
                        {"name": "Out", "binding": 1, "type": out_t, "count": n * vec,
                         "init": {"fill": sentinel("T", out_t)}},
                        {"name": "Facts", "binding": 2, "type": "uint", "count": 4 * n, "init": {"fill": 3735928559}}],
            "wave": wave}
    return name, hlsl, case


def all_cases_partitioned():
    return [
        multi_prefix_binary_case("wave_multi_prefix_sum_uint_binary_mask", "multi_prefix_sum", "uint",
                                 "WaveMultiPrefixSum(v, mask)"),
        multi_prefix_binary_case("wave_multi_prefix_product_uint_binary_mask", "multi_prefix_product", "uint",
                                 "WaveMultiPrefixProduct(v, mask)"),
        multi_prefix_binary_case("wave_multi_prefix_count_bits_binary_mask", "multi_prefix_count_bits", "uint",
                                 "WaveMultiPrefixCountBits((v % 3u) == 0u, mask)", pred={"var": "value", "mod": 3, "eq": 0}),
        multi_prefix_binary_case("wave_multi_prefix_sum_float2x2_binary_mask", "multi_prefix_sum", "float",
                                 "WaveMultiPrefixSum(v, mask)", shape="2x2"),
        multi_prefix_binary_case("wave_multi_prefix_product_float2x2_binary_mask", "multi_prefix_product", "float",
                                 "WaveMultiPrefixProduct(v, mask)", shape="2x2"),
    ]


def main():
    os.makedirs(CASES, exist_ok=True)
    # Remove earlier generated cases (their HLSL says so); hand-written wave_* cases stay.
    for f in os.listdir(CASES):
        if f.startswith(("wave_", "wave16_")) and f.endswith(".hlsl"):
            with open(os.path.join(CASES, f)) as h:
                if "Generated by\n// tests/exec/gen_cases.py" not in h.read():
                    continue
            for ext in (".hlsl", ".json"):
                if os.path.exists(os.path.join(CASES, f[:-5] + ext)):
                    os.remove(os.path.join(CASES, f[:-5] + ext))
    cases = all_cases() + all_cases16() + all_cases_composite()
    names = set()
    for name, hlsl, case in cases:
        assert name not in names, name
        names.add(name)
        with open(os.path.join(CASES, name + ".hlsl"), "w") as f:
            f.write(hlsl)
        with open(os.path.join(CASES, name + ".json"), "w") as f:
            json.dump(case, f, indent=2)
            f.write("\n")
    print("wrote %d cases to %s" % (len(cases), CASES))


if __name__ == "__main__":
    sys.exit(main())
