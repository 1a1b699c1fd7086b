// EXPECT: OSH3140 6:1
// ARGS: -E main -T cs_6_0 -HV 2021 -fspv-target-env=vulkan1.3
// A cooperative matrix: the SPIRV-Tools that validates the output (v2023.1) cannot read it.
#include <vk/khr/cooperative_matrix.h>
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(32, 1, 1)]
void main() {
  buf[0] = vk::khr::CooperativeMatrixAccumulator<float, vk::ScopeSubgroup, 16, 16>::GetLength();
}
