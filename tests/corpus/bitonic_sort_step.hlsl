// One global step of a bitonic sort, dispatched log2(n)*(log2(n)+1)/2 times by the host
// with the (level, levelMask) parameters in a constant buffer.
cbuffer SortParams : register(b0)
{
    uint g_level;      // j: the compare distance
    uint g_levelMask;  // k: the size of the bitonic sequences being merged
    uint g_count;
    uint g_descending;
};

RWStructuredBuffer<uint> Keys : register(u1);

[numthreads(256, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint i = dtid.x;
    uint partner = i ^ g_level;
    if (partner <= i || partner >= g_count)
        return;

    uint a = Keys[i];
    uint b = Keys[partner];
    bool ascending = ((i & g_levelMask) == 0) != (g_descending != 0);
    bool swap = ascending ? (a > b) : (a < b);
    if (swap)
    {
        Keys[i] = b;
        Keys[partner] = a;
    }
}
