// Wave family "basic": WaveGetLaneCount, WaveGetLaneIndex, WaveIsFirstLane.
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint v = WaveGetLaneIndex() + WaveGetLaneCount() * 100;
    if (WaveIsFirstLane())
        v += 1000000;
    Out[id.x] = v;
}
