// Wave family "arithmetic": every reduction and both prefix functions, on uint, int and
// float so that the I/U/S/F instruction prefixes all appear.
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> OutU : register(u1);
RWStructuredBuffer<int> OutI : register(u2);
RWStructuredBuffer<float> OutF : register(u3);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint u = In[id.x];
    int i = (int)u - 32;
    float f = (float)u * 0.5f;
    OutU[id.x] = WaveActiveSum(u) + WaveActiveProduct(u) + WaveActiveMin(u) + WaveActiveMax(u)
               + WaveActiveBitAnd(u) + WaveActiveBitOr(u) + WaveActiveBitXor(u)
               + WavePrefixSum(u) + WavePrefixProduct(u);
    OutI[id.x] = WaveActiveMin(i) + WaveActiveMax(i) + WaveActiveSum(i);
    OutF[id.x] = WaveActiveSum(f) + WaveActiveProduct(f) + WaveActiveMin(f) + WaveActiveMax(f)
               + WavePrefixSum(f) + WavePrefixProduct(f);
}
