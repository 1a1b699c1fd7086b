// ARGS: -T lib_6_3
// SPIRV: OpDecorate %type_ShaderRecordBufferKHR_Rec Block
// SPIRV: OpMemberDecorate %type_ShaderRecordBufferKHR_Rec 0 Offset 0
// SPIRV: OpMemberDecorate %type_ShaderRecordBufferKHR_Rec 1 Offset 16
// SPIRV: OpMemberDecorate %type_ShaderRecordBufferKHR_Rec 2 Offset 24
// SPIRV: ArrayStride 4
// SPIRV: OpTypePointer ShaderRecordBufferNV %type_ShaderRecordBufferKHR_Rec
// SPIRV: OpTypePointer ShaderRecordBufferNV %type_ConstantBuffer_Other
// DIAG-MSL: OSH4140 28:13
// DIAG-WGSL: OSH5140 28:13
// NOTE: [[vk::shader_record_ext]] on a cbuffer and on a ConstantBuffer<S> (DXC's
// NOTE: vk.shader-record-ext and vk.layout.shader-record-ext.std430 tests): a Block in the
// NOTE: ShaderRecordBufferKHR storage class (the disassembler prints its NV name) with no
// NOTE: binding, laid out by the std430 rule: the float[2] has stride 4 (std140 would give
// NOTE: 16) and the uint2 after it lands at 16 + 2 * 4 = 24. One record per entry point
// NOTE: (Vulkan allows one ShaderRecordBufferKHR block per entry point).
struct Payload { float4 color; };
[[vk::shader_record_ext]]
cbuffer Rec {
  float4 a;
  float c[2];
  uint2 b;
};
struct Other { float4 tint; };
[[vk::shader_record_ext]] ConstantBuffer<Other> other;
[shader("miss")]
void miss(inout Payload p) {
  p.color = a + c[1] + float(b.y);
}
[shader("closesthit")]
void chit(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
  p.color = other.tint;
}
