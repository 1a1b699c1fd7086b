// EXPECT: OSH0044 4:2
// [RootSignature] has no meaning outside Direct3D: a warning says it is ignored.
RWStructuredBuffer<uint> Out : register(u0);
[RootSignature("UAV(u0)")]
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = 1;
}
