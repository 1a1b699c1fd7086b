// EXPECT: OSH5002 5:1
// ARGS: --target=wgsl -fvk-use-dx-layout
// DirectX packing puts Offset into the unused half of Rotation's second register (offset
// 24); WGSL stores Rotation as two 16-byte padded columns (32 bytes).
cbuffer Params : register(b0) {
  float2x2 Rotation;
  float2 Offset;
};
RWStructuredBuffer<float2> Out : register(u1);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = mul(Rotation, float2(1, 0)) + Offset;
}
