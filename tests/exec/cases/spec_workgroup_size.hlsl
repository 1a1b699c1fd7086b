// [numthreads] naming a specialization constant, and specialization-constant expressions.
[[vk::constant_id(0)]] const uint WG = 64;    // set to 4: four threads per group
[[vk::constant_id(1)]] const uint K = 5;      // set to 7
[[vk::constant_id(2)]] const int D = -3;      // set to 2
[[vk::constant_id(3)]] const bool B = false;  // left at its default

static const uint M = K * 2 + 1;              // 15
static const int E = D * 4 - 1;               // 7
static const uint SH = (K << 3) | 1;          // 57
static const bool BIG = K > 6 && !B;          // true
static const uint SEL = BIG ? M : K;          // 15

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(WG, 1, 1)]
void main(uint3 gid : SV_GroupID, uint3 tid : SV_GroupThreadID, uint3 dtid : SV_DispatchThreadID) {
    if (dtid.x >= 8) return;  // with 64 threads per group, 128 would run
    uint i = dtid.x;
    Out[i * 4 + 0] = gid.x * 100 + tid.x;                     // group size 4: 0 1 2 3 100 101 102 103
    Out[i * 4 + 1] = M + K * 3;                               // 15 + 21 = 36
    Out[i * 4 + 2] = uint(E) + SH;                            // 7 + 57 = 64
    Out[i * 4 + 3] = SEL + (BIG ? 1000u : 0u) + uint(D + 5);  // 15 + 1000 + 7 = 1022
}
