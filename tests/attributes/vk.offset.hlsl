// ATTR: [[vk::offset]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::offset(32)]]
// SPIRV: OpMemberDecorate %type_Params 1 Offset 32
// WGSL: @size(32) a: f32
// MSL: char _pad0[28];
// NOTE: the text targets keep the byte offset with padding before the member.
cbuffer Params : register(b0) {
  float a;
  [[vk::offset(32)]] float4 b;
};
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = a + b;
}
