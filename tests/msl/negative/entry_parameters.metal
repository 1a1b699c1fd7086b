// The check must reject this file: a fragment [[stage_in]] member takes one interpolation
// attribute; a function takes one [[stage_in]]; a fragment function's reference is in
// device or constant memory, not thread (MSL 2.4 section 4); [[sampler(n)]] is for a
// sampler and [[texture(n)]] for a texture; [[front_facing]] is a bool (section 5.2.3).
// OneShader's own rules: every entry-point parameter states its index or built-in, two
// arguments do not share an index, a pointer or reference names its address space.
// ctest msl.shim.rejects_entry_parameters expects exactly these errors:
// EXPECT-ERROR: 22:17: member 'uv' has more than one interpolation attribute
// EXPECT-ERROR: 25:38: pointer or reference parameter 'q' names no address space (OneShader rule: device, constant, threadgroup or thread)
// EXPECT-ERROR: 30:62: a fragment function takes at most one [[stage_in]] parameter
// EXPECT-ERROR: 30:88: a pointer or reference argument of a fragment function is in the device or constant address space, not thread
// EXPECT-ERROR: 31:48: [[sampler(n)]] parameter 'tex' must be a sampler, not 'texture2d<float>'
// EXPECT-ERROR: 31:74: [[texture(n)]] parameter 's' must be a texture, not 'sampler'
// EXPECT-ERROR: 31:94: fragment function parameter 'x' has no attribute (OneShader rule: every argument of an entry point states its index or built-in)
// EXPECT-ERROR: 32:38: [[front_facing]] (a fragment function input) must have type bool, not 'uint'
// EXPECT-ERROR: 32:107: [[buffer(1)]] of 'b' is already taken by 'a' (OneShader rule: one index per argument)
#include <metal_stdlib>
using namespace metal;

struct PS_in
{
    float2 uv [[user(locn0), flat, center_no_perspective]];
};

float helper(thread float* p, float& q)
{
    return *p + q;
}

fragment float4 ps_main(PS_in in [[stage_in]], PS_in again [[stage_in]], thread float& t [[buffer(0)]],
                        texture2d<float> tex [[sampler(0)]], sampler s [[texture(0)]], float x,
                        uint front [[front_facing]], constant float* a [[buffer(1)]], constant float* b [[buffer(1)]])
{
    return tex.sample(s, in.uv) + float4(x + float(front) + a[0] + b[0] + t + again.uv.x);
}
