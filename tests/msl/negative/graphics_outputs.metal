// The check must reject this file: a vertex function's output has no [[color(n)]] (a
// fragment output) and must have a [[position]]; a fragment function's output has no
// [[position]] (a vertex output), and [[depth(...)]] takes any, greater or less (MSL 2.4
// section 5.2.3); [[max_total_threads_per_threadgroup]] is a kernel attribute.
// ctest msl.shim.rejects_graphics_outputs expects exactly these errors:
// EXPECT-ERROR: 16:18: [[color]] is not allowed on a member of a vertex function output ('VS_out')
// EXPECT-ERROR: 23:16: [[position]] is not allowed on a member of a fragment function output ('PS_out')
// EXPECT-ERROR: 24:15: [[depth(...)]] takes any, greater, less, not 'front'
// EXPECT-ERROR: 28:3: [[max_total_threads_per_threadgroup]] is for kernel functions, not a vertex function
// EXPECT-ERROR: 29:15: the output struct 'VS_out' of vertex function 'vs_main' has no [[position]] member
#include <metal_stdlib>
using namespace metal;

struct VS_out
{
    float4 pos [[color(0)]];
    float size [[point_size]];
};

struct PS_out
{
    float4 c [[color(0), index(1)]];
    float4 p [[position]];
    float d [[depth(front)]];
    uint m [[sample_mask]];
};

[[max_total_threads_per_threadgroup(64)]]
vertex VS_out vs_main(uint vid [[vertex_id]])
{
    VS_out out = {};
    out.pos = float4(float(vid));
    return out;
}

fragment PS_out ps_main(float4 pos [[position]], uint sid [[sample_id]])
{
    PS_out out = {};
    out.c = pos;
    out.m = sid;
    return out;
}
