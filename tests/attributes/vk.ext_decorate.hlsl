// ATTR: [[vk::ext_decorate]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 5:3
RWStructuredBuffer<float> Out : register(u0);
[[vk::ext_decorate(/* RelaxedPrecision */ 0)]] static float scale = 2.0;
[numthreads(1, 1, 1)]
void main() {
  Out[0] = scale;
}
