// A 2D image-processing pass on a linear RWStructuredBuffer<float4> image: 8x8 tiles are
// loaded into groupshared memory with a 1-pixel apron, then a 3x3 box blur is applied.
cbuffer ImageParams : register(b0)
{
    uint2 g_size;
    float g_strength;
    uint g_pad;
};

StructuredBuffer<float4> Source : register(t1);
RWStructuredBuffer<float4> Dest : register(u2);

#define TILE 8
#define APRON 1
#define CACHE (TILE + 2 * APRON)
groupshared float4 gsTile[CACHE * CACHE];

float4 LoadClamped(int2 p)
{
    p = clamp(p, int2(0, 0), int2(g_size) - 1);
    return Source[p.y * g_size.x + p.x];
}

[numthreads(TILE, TILE, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID, uint3 dtid : SV_DispatchThreadID)
{
    int2 tileOrigin = int2(gid.xy) * TILE - APRON;
    for (uint i = gtid.y * TILE + gtid.x; i < CACHE * CACHE; i += TILE * TILE)
    {
        int2 local = int2(i % CACHE, i / CACHE);
        gsTile[i] = LoadClamped(tileOrigin + local);
    }
    GroupMemoryBarrierWithGroupSync();

    if (any(dtid.xy >= g_size))
        return;

    float4 sum = 0;
    [unroll]
    for (int dy = -1; dy <= 1; ++dy)
        [unroll]
        for (int dx = -1; dx <= 1; ++dx)
            sum += gsTile[(gtid.y + APRON + dy) * CACHE + (gtid.x + APRON + dx)];

    float4 center = gsTile[(gtid.y + APRON) * CACHE + gtid.x + APRON];
    Dest[dtid.y * g_size.x + dtid.x] = lerp(center, sum / 9.0f, g_strength);
}
