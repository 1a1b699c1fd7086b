// ARGS: -E CSSum -T cs_6_0
// The seed's CSSum (shared/seeds, examples/Waves.hlsl): one WaveActiveSum per wave and one
// InterlockedAdd on a RWByteAddressBuffer from the first lane.
StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);

[shader("compute")]
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID)
{
    uint waveTotal = WaveActiveSum(Values[id.x]);
    if (WaveIsFirstLane())
        Total.InterlockedAdd(0, waveTotal);
}
