// Matrix transpose through a padded groupshared tile (the bank-conflict-free shape): a
// 64 x 64 uint matrix in 16 x 16 tiles, each thread moving a column of 4 elements, plus a
// per-tile checksum reduced with an XOR tree.
#define DIM 64
#define TILE 16
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint> TileXor : register(u2);

groupshared uint tile[TILE][TILE + 1];
groupshared uint xorTree[TILE * 4];

[numthreads(TILE, 4, 1)]
void main(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID, uint gi : SV_GroupIndex) {
    uint x = gid.x * TILE + gtid.x;
    uint acc = 0;
    [unroll] for (uint k = 0; k < TILE; k += 4) {
        uint v = In[(gid.y * TILE + gtid.y + k) * DIM + x];
        tile[gtid.y + k][gtid.x] = v;
        acc ^= v;
    }
    xorTree[gi] = acc;
    GroupMemoryBarrierWithGroupSync();
    uint ox = gid.y * TILE + gtid.x;
    [unroll] for (uint k2 = 0; k2 < TILE; k2 += 4)
        Out[(gid.x * TILE + gtid.y + k2) * DIM + ox] = tile[gtid.x][gtid.y + k2];
    for (uint s = TILE * 2; s > 0; s >>= 1) {
        if (gi < s) xorTree[gi] ^= xorTree[gi + s];
        GroupMemoryBarrierWithGroupSync();
    }
    if (gi == 0) TileXor[gid.y * (DIM / TILE) + gid.x] = xorTree[0];
}
