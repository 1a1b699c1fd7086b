// EXPECT: OSH5002 3:1
// ARGS: --target=wgsl
cbuffer Params : register(b0) {
  float2x2 Rotation;
};
RWStructuredBuffer<float2> Out : register(u1);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = mul(Rotation, float2(1, 0));
}
