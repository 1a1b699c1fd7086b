// ATTR: [[vk::ext_type_def]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::ext_type_def(/* id */ 1, /* OpTypeVector */ 23)]]
// SPIRV: OpTypeVector %uint 4
// DIAG-MSL: OSH4101 15:12
// DIAG-WGSL: OSH5101 15:12
// NOTE: the call defines vk::ext_type<1> (OpTypeVector of vk::ext_type<0>, OpTypeInt 32 0, 4) and emits nothing; without the attribute vk::ext_type<1> is OSH0002.
RWStructuredBuffer<uint> Out : register(u0);
[[vk::ext_type_def(/* id */ 0, /* OpTypeInt */ 21)]] void createTypeInt([[vk::ext_literal]] int bits, [[vk::ext_literal]] int sign);
[[vk::ext_type_def(/* id */ 1, /* OpTypeVector */ 23)]] void createTypeVector([[vk::ext_reference]] vk::ext_type<0> c, [[vk::ext_literal]] int n);
[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]] vk::ext_type<1> build(uint a, uint b, uint c, uint d);
[[vk::ext_instruction(/* OpCompositeExtract */ 81)]] uint extract(vk::ext_type<1> v, [[vk::ext_literal]] uint i);
vk::ext_type<0> component;
[numthreads(1, 1, 1)] void main() {
  Out[0] = extract(build(1, 2, 3, 4), 2);
  createTypeInt(32, 0);
  createTypeVector(component, 4);
}
