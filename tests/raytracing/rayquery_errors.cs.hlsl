// ARGS: -E main -T cs_6_5
// DIAG: OSH0004 14:20
// DIAG: OSH0004 14:42
// DIAG: OSH0015 15:5
// DIAG: OSH0012 16:5
// NOTE: TraceRayInline takes a RaytracingAccelerationStructure and a RayDesc; Proceed takes no
// NOTE: argument; RayQuery has no method GetDimensions (sema, every target).
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> result : register(u1);

[numthreads(1, 1, 1)]
void main() {
  RayQuery<RAY_FLAG_NONE> q;
  q.TraceRayInline(result, 0, result[0], 1.0);
  q.Proceed(1);
  q.GetDimensions();
}
