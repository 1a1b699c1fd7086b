// A10: a template wrapper over storage classes (inline-spirv.md section 9, pointer special
// case). Ptr<SC, T> is OneShader's own `OpTypePointer SC T`: Ptr<4, float4> is the pointer
// type of the groupshared variable (Workgroup = 4), Ptr<12, float4> that of a structured
// buffer element (StorageBuffer = 12). OpCopyObject (83) copies the pointer that
// [[vk::ext_reference]] passes; OpLoad (61) reads through it. A partial specialisation over
// the spelled-out template deduces SC through vk::Literal<vk::integral_constant<uint, SC>>.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// CHECK: %[[PA:[a-zA-Z0-9_]+]] = OpCopyObject %_ptr_Workgroup_v4float %shared_v
// CHECK: OpLoad %v4float %[[PA]]
// CHECK: %[[AC:[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_StorageBuffer_v4float %{{[a-zA-Z0-9_]+}} %int_0
// CHECK: %[[PB:[a-zA-Z0-9_]+]] = OpCopyObject %_ptr_StorageBuffer_v4float %[[AC]]
// CHECK: OpLoad %v4float %[[PB]]
// CHECK: OpIAdd %uint %uint_4 %uint_12
// CHECK-NOT: OpTypePointer Workgroup %v4float

template<uint SC, typename T>
using Ptr = vk::SpirvOpaqueType</* OpTypePointer */ 32,
                                vk::Literal<vk::integral_constant<uint, SC> >, T>;

template<uint SC, typename T>
[[vk::ext_instruction(/* OpCopyObject */ 83)]]
Ptr<SC, T> addressOf([[vk::ext_reference]] T object);

template<typename T, typename P>
[[vk::ext_instruction(/* OpLoad */ 61)]]
T load(P pointer);

template<typename P> struct sc_of { static const uint value = 0; };
template<uint SC, typename T>
struct sc_of<vk::SpirvOpaqueType<32, vk::Literal<vk::integral_constant<uint, SC> >, T> > {
  static const uint value = SC;
};

typedef sc_of<Ptr<4, float4> > W;
typedef sc_of<Ptr<12, float4> > S;

groupshared float4 shared_v;
RWStructuredBuffer<float4> buf : register(u0);
RWStructuredBuffer<uint> scs : register(u1);

[numthreads(1, 1, 1)]
void main() {
  shared_v = buf[1];
  float4 a = load<float4>(addressOf</* Workgroup */ 4>(shared_v));
  float4 b = load<float4>(addressOf</* StorageBuffer */ 12>(buf[0]));
  buf[2] = a + b;
  scs[0] = W::value + S::value;   // 4 + 12
}
