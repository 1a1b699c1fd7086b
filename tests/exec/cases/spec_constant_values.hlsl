// [[vk::constant_id]]: three constants set by the pipeline, one left at its default.
[[vk::constant_id(3)]] const uint N = 32;      // set to 5
[[vk::constant_id(4)]] const float S = 1.5;    // not set: 1.5
[[vk::constant_id(5)]] const bool B = false;   // set to true
[[vk::constant_id(6)]] const int I = -2;       // set to -7

RWStructuredBuffer<float> OutF : register(u0);
RWStructuredBuffer<int> OutI : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    OutF[i] = B ? float(i * N) * S : -1.0;
    int acc = 0;
    for (uint k = 0; k < N; ++k) acc += I;   // a loop bounded by a specialization constant
    OutI[i] = acc + int(i);
}
