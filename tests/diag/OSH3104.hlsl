// EXPECT: OSH3104 7:3
// ARGS: -E main -T cs_6_0 -fspv-target-env=vulkan1.3
// The mode of vk::ext_execution_mode_id must be a constant (its other operands are ids).
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(8, 1, 1)] void main() {
  uint mode = buf[0];
  vk::ext_execution_mode_id(mode, 8u, 1u, 1u);
}
