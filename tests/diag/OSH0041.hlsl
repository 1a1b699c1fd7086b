// EXPECT: OSH0041 3:11
// packoffset belongs to cbuffer members (also OSH0041 at 5:16: a float3 at c0.z would cross into c1).
float g : packoffset(c0);
cbuffer Params : register(b0) {
  float3 dir : packoffset(c0.z);
};
RWStructuredBuffer<float> Out : register(u1);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = g + dir.x;
}
