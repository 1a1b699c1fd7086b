// ATTR: [[vk::ext_decorate]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_decorate(/* RelaxedPrecision */ 0)]]
// SPIRV: OpDecorate %scale RelaxedPrecision
// DIAG-MSL: OSH4101 10:56
// DIAG-WGSL: OSH5101 10:56
// NOTE: OpDecorate on the variable; MSL and WGSL have no decorations (an error at the declaration).
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)] void main() {
  [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float scale = Out[1];
  Out[0] = scale * 2;
}
