// 16-bit values in a constant buffer (UniformAndStorageBuffer16BitAccess) and a wave sum
// of them. Hand-calculated expectations (storage16_uniform_half.json):
//   A * B per lane: 1.5*2 = 3, -2*0.5 = -1, 1000.5*-1 = -1000.5, 0.5*4096 = 2048;
//   WaveActiveSum(A[gi]) over the 4 lanes: 1.5 - 2 + 1000.5 + 0.5 = 1000.5 (every partial
//   sum is a multiple of 0.5 below 1024, so exact in half in any order).
// The 4 threads form one wave on every driver (subgroups of 4, 8 or 32).
cbuffer Params : register(b0)
{
    half4 A;
    half4 B;
};
RWStructuredBuffer<float> Out : register(u1);

[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    Out[gi] = float(A[gi] * B[gi]);
    Out[4 + gi] = float(WaveActiveSum(A[gi]));
}
