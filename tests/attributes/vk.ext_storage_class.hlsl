// ATTR: [[vk::ext_storage_class]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_storage_class(/* Workgroup */ 4)]]
// SPIRV: %shared = OpVariable %_ptr_Workgroup_uint Workgroup
// DIAG-MSL: OSH4101 9:58
// DIAG-WGSL: OSH5101 9:58
// NOTE: without it the static is Private (one per invocation).
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_storage_class(/* Workgroup */ 4)]] static uint shared;
[numthreads(64, 1, 1)] void main(uint gi : SV_GroupIndex) {
  if (gi == 0) shared = 3;
  GroupMemoryBarrierWithGroupSync();
  Out[gi] = shared;
}
