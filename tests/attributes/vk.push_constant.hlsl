// ATTR: [[vk::push_constant]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::push_constant]]
// SPIRV: %pc = OpVariable %_ptr_PushConstant_type_PushConstant_PC PushConstant
// WGSL: @group(1) @binding(0) var<uniform> pc: type_PushConstant_PC;
// MSL: constant type_PushConstant_PC& pc [[buffer(1)]]
// REFLECT-SPIRV: "descriptorType": "push-constant"
// NOTE: without the attribute pc is a member of the $Globals cbuffer (DXC too).
struct PC { float4 tint; uint idx; };
[[vk::push_constant]] PC pc;
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[pc.idx + id.x] = pc.tint;
}
