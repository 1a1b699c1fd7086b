// ATTR: [[vk::ext_decorate_id]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_decorate_id(/* UniformId */ 27, 3)]]
// SPIRV: OpDecorateId %flag UniformId %int_3
// DIAG-MSL: OSH4101 9:60
// DIAG-WGSL: OSH5101 9:60
// NOTE: OpDecorateId with the constant's id (UniformId: the value is uniform in the Subgroup scope 3).
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_decorate_id(/* UniformId */ 27, 3)]] static uint flag;
[numthreads(1, 1, 1)] void main() {
  flag = Out[1];
  Out[0] = flag;
}
