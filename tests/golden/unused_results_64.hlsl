// 64-bit wave operations whose results nothing reads: MSL calls its helper for the two
// 32-bit halves (backend/msl/helpers.cpp) as a statement, one per component of a vector,
// with no name for the result. WGSL has no 64-bit integers (no .wgsl here).
RWStructuredBuffer<uint> B : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint64_t w = B[id.x];
    WaveActiveMax(w);
    WaveReadLaneFirst(uint64_t2(w, w));
    B[id.x] = uint(w);
}
