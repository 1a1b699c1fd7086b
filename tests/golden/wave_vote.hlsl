// Wave family "vote": WaveActiveAnyTrue, WaveActiveAllTrue, WaveActiveAllEqual.
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint v = In[id.x];
    uint r = 0;
    if (WaveActiveAnyTrue(v > 10))
        r |= 1;
    if (WaveActiveAllTrue(v != 0))
        r |= 2;
    if (WaveActiveAllEqual(v))
        r |= 4;
    Out[id.x] = r;
}
