// EXPECT: OSH0042 6:17
// packoffset(c0.z) puts `scale` at byte 8, inside `tint` (bytes 0 to 15): DXC reports
// "packoffset caused overlap with previous members"; SPIR-V forbids overlapping members.
cbuffer Params : register(b0) {
  float4 tint : packoffset(c0);
  float scale : packoffset(c0.z);
};
RWStructuredBuffer<float> Out : register(u1);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = tint.x * scale;
}
