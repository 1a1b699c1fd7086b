// Bitonic sort of 256 keys per workgroup in groupshared memory (the shape of a GPU sort's
// local pass): load, log2(N)^2/2 compare-exchange stages with barriers, store. Keys carry
// their original index in the low bits so the result is a permutation that can be checked.
#define N 256
RWStructuredBuffer<uint> Keys : register(u0);
RWStructuredBuffer<uint> Sorted : register(u1);

groupshared uint s_keys[N];

[numthreads(N / 2, 1, 1)]
void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
    uint base = gid.x * N;
    s_keys[gi] = (Keys[base + gi] << 8) | gi;
    s_keys[gi + N / 2] = (Keys[base + gi + N / 2] << 8) | (gi + N / 2);
    GroupMemoryBarrierWithGroupSync();
    for (uint k = 2; k <= N; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            // Each thread owns one pair (i, i ^ j) with i's bit j clear.
            uint i = ((gi & ~(j - 1)) << 1) | (gi & (j - 1));
            uint l = i ^ j;
            uint a = s_keys[i], b = s_keys[l];
            bool ascending = (i & k) == 0;
            if ((a > b) == ascending) {
                s_keys[i] = b;
                s_keys[l] = a;
            }
            GroupMemoryBarrierWithGroupSync();
        }
    }
    Sorted[base + gi] = s_keys[gi];
    Sorted[base + gi + N / 2] = s_keys[gi + N / 2];
}
