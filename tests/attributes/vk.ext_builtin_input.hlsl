// ATTR: [[vk::ext_builtin_input]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_builtin_input(/* NumWorkgroups */ 24)]]
// SPIRV: OpDecorate %gl_NumWorkGroups BuiltIn NumWorkgroups
// DIAG-MSL: OSH4101 9:70
// DIAG-WGSL: OSH5101 9:70
// NOTE: the Input built-in variable; without the attribute it is an uninitialised static const.
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] static const uint3 gNumWorkgroups;
[numthreads(1, 1, 1)] void main() {
  Out[0] = gNumWorkgroups.x;
}
