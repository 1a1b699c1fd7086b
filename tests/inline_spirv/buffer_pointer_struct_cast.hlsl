// `S(p)` where S's only leaf is a vk::BufferPointer: DXC's flat conversion fills S from p,
// as the initializer list {p} would (DXC test vk.buffer-pointer.initlist). A struct that
// needs more than one leaf is refused as its initializer list would be (OSH0015).
// RUN: %oneshader %s -T cs_6_7 -E main -fspv-target-env=vulkan1.3 -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: not %oneshader %s -T cs_6_7 -E main -fspv-target-env=vulkan1.3 -D BAD -Fo %t.bad.spv 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: [[AC:%[0-9]+]] = OpAccessChain %_ptr_Uniform__ptr_PhysicalStorageBuffer_float %Test %{{u?}}int_0
// CHECK: [[PTR:%[0-9]+]] = OpLoad %_ptr_PhysicalStorageBuffer_float [[AC]]
// CHECK: OpLoad %float {{%[0-9]+}} Aligned 4
// CHECK: OpStore {{%[0-9]+}} {{%[0-9]+}} Aligned 4
// BAD: error OSH0015: 'BufferAccessor<float> initializer' expects 2 scalar argument(s), 1 given

template <typename T>
struct BufferAccessor {
  vk::BufferPointer<T> ptr;
#ifdef BAD
  vk::BufferPointer<T> second;
#endif
};

cbuffer Test {
  vk::BufferPointer<float> buffer;
};

[numthreads(1, 1, 1)]
void main() {
  BufferAccessor<float> accessor = BufferAccessor<float>(buffer);
  buffer.Get() = accessor.ptr.Get() + 1.0;
}
