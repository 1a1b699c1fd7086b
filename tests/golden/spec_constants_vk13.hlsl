// ENV: vulkan1.3
// A workgroup size set by specialization constants for SPIR-V 1.6: OpExecutionModeId
// LocalSizeId with the constants (a uint one, an int one converted by IAdd 0u, a literal
// as OpConstant); no WorkgroupSize built-in (spec_constants has the vulkan1.1 form).
[[vk::constant_id(0)]] const uint WX = 8;
[[vk::constant_id(1)]] const int WY = 4;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(WX, WY, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.y * WX;
}
