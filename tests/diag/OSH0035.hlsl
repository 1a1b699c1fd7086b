// EXPECT: OSH0035 4:23
[shader("compute")]
[numthreads(1, 1, 1)]
void main(float3 id : SV_DispatchThreadID) {}
