// Wave family "shuffle": WaveReadLaneAt with a dynamic lane (the next lane, wrapping).
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint next = (WaveGetLaneIndex() + 1) % WaveGetLaneCount();
    Out[id.x] = WaveReadLaneAt(In[id.x], next);
}
