// ATTR: [[vk::ext_builtin_input]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 5:3
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] static const uint3 gNumWorkGroups;
[numthreads(1, 1, 1)]
void main() {
  Out[0] = gNumWorkGroups.x;
}
