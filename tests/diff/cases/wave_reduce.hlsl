// Wave reductions as a culling or binning pass uses them (glslang compiles these correctly):
// WaveActiveSum/Min/Max/BitOr/BitAnd/Product over random ints, WaveActiveAllEqual,
// WaveActiveAnyTrue/AllTrue, and the first lane writing its wave's results.
StructuredBuffer<int> Values : register(t0);
RWStructuredBuffer<int4> PerLane : register(u1);
RWStructuredBuffer<uint4> PerWave : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int v = Values[id.x];
    uint u = asuint(v);
    int s = WaveActiveSum(v);
    int mn = WaveActiveMin(v);
    int mx = WaveActiveMax(v);
    int pr = WaveActiveProduct((v & 3) + 1);
    PerLane[id.x] = int4(s, mn, mx, pr);
    uint orBits = WaveActiveBitOr(u);
    uint andBits = WaveActiveBitAnd(u | 0x80000001u);
    bool allEq = WaveActiveAllEqual(v >> 28);
    bool any = WaveActiveAnyTrue(v > 900000000);
    bool all = WaveActiveAllTrue(v > -2000000000);
    if (WaveIsFirstLane()) {
        uint wave = id.x / WaveGetLaneCount();
        PerWave[wave] = uint4(orBits, andBits, (allEq ? 1u : 0u) | (any ? 2u : 0u) | (all ? 4u : 0u), WaveGetLaneCount());
    }
}
