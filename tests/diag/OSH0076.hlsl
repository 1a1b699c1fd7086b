// EXPECT: OSH0076 8:24
// A vk::SpirvOpaqueType has no size or alignment (only vk::SpirvType states them), so it
// cannot be measured with sizeof or placed in a buffer (inline-spirv.md section 9).
using RayQueryObj [[vk::ext_capability(/* RayQueryKHR */ 4472)]] [[vk::ext_extension("SPV_KHR_ray_query")]] =
    vk::SpirvOpaqueType</* OpTypeRayQueryKHR */ 4472>;
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(1, 1, 1)]
void main() { buf[0] = sizeof(RayQueryObj); }
