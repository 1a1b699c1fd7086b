// Specialization constants (issue 12): a workgroup size set by one, static consts and
// in-function expressions over them, a splat of one, and a float expression (not a
// specialization constant: computed in the function). vulkan1.1: LocalSize with the
// default plus the WorkgroupSize built-in (spec_constants_vk13 has LocalSizeId).
[[vk::constant_id(0)]] const uint WG = 64;
[[vk::constant_id(1)]] const uint K = 5;
[[vk::constant_id(2)]] const int D = -3;
[[vk::constant_id(3)]] const bool B = false;
[[vk::constant_id(4)]] const float S = 1.5;
static const uint M = K * 2 + 1;
static const int E = (D << 2) / 3 % 5;
static const bool C = K >= 6 || !B;
static const float T = S * 2.0;
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> OutF : register(u1);
[numthreads(WG, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = M + (uint)E * (C ? 3u : ~K);
  Out[id.x + 1] = (id.xy * K).y - (K - 1);
  OutF[id.x] = T + S;
}
