// ATTR: [[vk::shader_record_ext]]
// ARGS: -T lib_6_3
// REMOVE: [[vk::shader_record_ext]]
// SPIRV: %srb = OpVariable %_ptr_ShaderRecordBufferNV_type_ConstantBuffer_Record ShaderRecordBufferNV
// DIAG-MSL: OSH4140 15:13
// DIAG-WGSL: OSH5140 15:13
// NOTE: without the attribute srb is a uniform buffer; with it, DXC's ShaderRecordBufferKHR
// NOTE: block (vk.shader-record-ext test), which Metal and WebGPU do not have. SPIRV-Tools
// NOTE: v2023.1's disassembler prints the storage class by its NV name (the same number).
struct Payload { float4 color; };
struct Record { float4 color; };
[[vk::shader_record_ext]] ConstantBuffer<Record> srb;
[shader("miss")]
void main(inout Payload p) {
  p.color = srb.color;
}
