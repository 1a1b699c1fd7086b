// ATTR: [[vk::ext_decorate_string]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_decorate_string(/* UserSemantic */ 5635, "albedo")]]
// SPIRV: OpDecorateString %color UserSemantic "albedo"
// DIAG-MSL: OSH4101 9:78
// DIAG-WGSL: OSH5101 9:78
// NOTE: OpDecorateString on the variable.
RWStructuredBuffer<float4> Out : register(u0);
[[vk::ext_decorate_string(/* UserSemantic */ 5635, "albedo")]] static float4 color;
[numthreads(1, 1, 1)] void main() {
  color = Out[1];
  Out[0] = color;
}
