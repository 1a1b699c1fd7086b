// ATTR: [[vk::shader_record_nv]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 5:3
struct Record { float4 color; };
[[vk::shader_record_nv]] ConstantBuffer<Record> ShaderRecord;
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = ShaderRecord.color;
}
