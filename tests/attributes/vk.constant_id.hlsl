// ATTR: [[vk::constant_id]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::constant_id(3)]]
// SPIRV: OpDecorate %N SpecId 3
// SPIRV: %N = OpSpecConstant %uint 32
// WGSL: @id(3) override N: u32 = 32u;
// MSL: constant uint N_fc [[function_constant(3)]];
// REFLECT-SPIRV: "specConstants": [
// NOTE: without the attribute N is a member of the $Globals cbuffer and 32 is lost (DXC too).
[[vk::constant_id(3)]] const uint N = 32;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.x * N;
}
