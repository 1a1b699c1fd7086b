// The check must reject this kernel: [[vertex_id]], [[position]] and [[point_coord]] are
// vertex and fragment inputs, not kernel inputs, and the members of a kernel's
// [[stage_in]] struct are per-thread attributes ([[attribute(n)]]), not the varyings
// ([[user(name)]]) a fragment function reads (MSL 2.4 section 5.2.3, 5.2.4). Metal does
// allow [[stage_in]] itself on a kernel (per-thread stage-in data), so `in` is fine.
// ctest msl.shim.rejects_kernel_graphics_inputs expects exactly these errors:
// EXPECT-ERROR: 16:20: [[user]] is not allowed on a member of a kernel function's [[stage_in]] struct ('K_in')
// EXPECT-ERROR: 19:86: [[vertex_id]] is not an attribute of kernel function parameters
// EXPECT-ERROR: 20:32: [[position]] is not an attribute of kernel function parameters
// EXPECT-ERROR: 20:56: [[point_coord]] is not an attribute of kernel function parameters
#include <metal_stdlib>
using namespace metal;

struct K_in
{
    float4 color [[user(locn0)]];
};

kernel void main0(device float4* out [[buffer(0)]], K_in in [[stage_in]], uint vid [[vertex_id]],
                  float4 pos [[position]], float2 pc [[point_coord]], uint3 id [[thread_position_in_grid]])
{
    out[id.x] = in.color + pos + float4(float(vid), pc.x, pc.y, 0.0f);
}
