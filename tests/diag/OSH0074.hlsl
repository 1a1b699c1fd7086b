// EXPECT: OSH0074 5:74
// DXC (inline-spirv/spv.inline.type.literal.error.hlsl): vk::Literal wraps a
// vk::integral_constant (its value becomes literal words of the type's instruction); a
// plain type has no value to encode.
typedef vk::SpirvOpaqueType</* OpTypeArray */ 28, Texture2D, vk::Literal<bool> > Invalid;
[numthreads(1, 1, 1)]
void main() { Invalid a; }
