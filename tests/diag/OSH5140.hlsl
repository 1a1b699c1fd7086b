// EXPECT: OSH5140 9:3
// ARGS: -E main -T cs_6_5 --target=wgsl
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> result : register(u1);

[numthreads(1, 1, 1)]
void main() {
  RayQuery<RAY_FLAG_NONE> q;
  q.TraceRayInline(scene, 0, 0xFF, (RayDesc)0);
  result[0] = q.Proceed() ? 1 : 0;
}
