// EXPECT: OSH0077 6:3
// vk::integral_constant and vk::Literal are operands of vk::SpirvType /
// vk::SpirvOpaqueType (an OpConstant id, literal words), not types of values.
[numthreads(1, 1, 1)]
void main() {
  vk::integral_constant<uint, 4> four;
}
