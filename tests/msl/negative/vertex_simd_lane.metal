// The check must reject this vertex function: Metal gives a SIMD-group lane index and
// width ([[thread_index_in_simdgroup]], [[threads_per_simdgroup]]) to kernel and fragment
// functions only, not to vertex functions (MSL 2.4 section 5.2.3), so WaveGetLaneIndex
// and WaveGetLaneCount have no MSL form in a vertex shader.
// ctest msl.shim.rejects_vertex_simd_lane expects exactly these errors:
// EXPECT-ERROR: 16:57: [[thread_index_in_simdgroup]] is not an attribute of vertex function parameters
// EXPECT-ERROR: 16:99: [[threads_per_simdgroup]] is not an attribute of vertex function parameters
#include <metal_stdlib>
using namespace metal;

struct VS_out
{
    float4 pos [[position]];
};

vertex VS_out main0(uint vid [[vertex_id]], uint lane [[thread_index_in_simdgroup]], uint width [[threads_per_simdgroup]])
{
    VS_out out = {};
    out.pos = float4(float(vid), float(lane), float(width), 1.0f);
    return out;
}
