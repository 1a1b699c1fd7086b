// EXPECT: OSH0151 7:*
// ARGS: --target=spirv
// 300,000,000 floats are 1.2 GB as HLSL values, under the 4 GiB Sema allows, but a cbuffer
// array puts each element in its own 16-byte register: 4.8 GB of offsets, which 32-bit
// SPIR-V Offset and ArrayStride decorations cannot hold.
cbuffer Big : register(b0) {
  float table[300000000];
};
RWStructuredBuffer<float> Out : register(u1);
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = table[id.x];
}
