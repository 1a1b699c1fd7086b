// vkrun's specialization constants (tests/exec/vkrun_cases, compiled with
// glslangValidator): uint, int, float and bool constants set by the case, and one left at
// its default. Each is combined with a value only known at run time, so the compiler
// cannot fold the result into its own spec-constant expression.
[[vk::constant_id(3)]] const uint N = 32;
[[vk::constant_id(4)]] const int K = -1;
[[vk::constant_id(5)]] const float F = 1.0;
[[vk::constant_id(6)]] const bool B = false;
[[vk::constant_id(7)]] const bool T = true;
[[vk::constant_id(10)]] const uint U = 77;   // not set by the case: the default

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint t = id.x;  // 0
    Out[0] = N + t;
    Out[1] = asuint(K + int(t));
    Out[2] = asuint(F + float(t));
    Out[3] = (B && t == 0) ? 11u : 22u;
    Out[4] = (T || t != 0) ? 33u : 44u;
    Out[5] = U + t;
    for (uint k = t; k < N; ++k) Out[6 + k] = k * 3;   // N iterations
}
