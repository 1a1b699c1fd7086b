// ATTR: [[vk::shader_record_nv]]
// ARGS: -T lib_6_3 -fspv-extension=SPV_NV_ray_tracing
// REMOVE: [[vk::shader_record_nv]]
// SPIRV: %srb = OpVariable %_ptr_ShaderRecordBufferNV_type_ConstantBuffer_Record ShaderRecordBufferNV
// DIAG-MSL: OSH4140 14:13
// DIAG-WGSL: OSH5140 14:13
// NOTE: the NV spelling: the same storage class (ShaderRecordBufferNV has
// NOTE: ShaderRecordBufferKHR's number), DXC's vk.shader-record-nv test.
struct Payload { float4 color; };
struct Record { float4 color; };
[[vk::shader_record_nv]] ConstantBuffer<Record> srb;
[shader("miss")]
void main(inout Payload p) {
  p.color = srb.color;
}
