// EXPECT: OSH0075 5:58
// The operands of vk::SpirvOpaqueType are types (inline-spirv.md section 9): a bare
// integer must be spelled vk::integral_constant<uint, 4> (an id) or vk::Literal<...> (a
// literal word). DXC rejects it too.
typedef vk::SpirvOpaqueType</* OpTypeArray */ 28, float, 4> Arr;
[numthreads(1, 1, 1)]
void main() { Arr a; }
