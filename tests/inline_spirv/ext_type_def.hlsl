// The legacy form of inline types (section 10): a [[vk::ext_type_def(N, opcode)]] function's
// call defines vk::ext_type<N> with the call's ext_literal arguments and the other
// parameters' types as operands (DXC tests spv.intrinsicTypeInteger and
// spv.intrinsicTypeRayquery). OpTypeInt 32 0 is OneShader's own uint; OpTypeVector of it 4
// is a vector type. The call emits nothing. An id no function declares is OSH0002.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_5 -E main -D RAYQUERY -Vd -Fc %trq.spvasm
// RUN: FileCheck %s --check-prefix=RQ < %trq.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -D UNDEFINED -Fo %tu.spv 2>&1 | FileCheck %s --check-prefix=UNDEF
// The globals are unused (the calls that name them emit nothing), so they are dropped; a
// value of the vector type is built and read by inline instructions: element 2 of (1,2,3,4).
// CHECK-DAG: %uint = OpTypeInt 32 0
// CHECK-DAG: [[V4:%[0-9a-zA-Z_]+]] = OpTypeVector %uint 4
// CHECK-NOT: OpTypeVector %uint 4
// CHECK: [[V:%[0-9]+]] = OpCompositeConstruct [[V4]] %uint_1 %uint_2 %uint_3 %uint_4
// CHECK: OpCompositeExtract %uint [[V]] 2
// CHECK-NOT: %createType
// RQ-DAG: OpCapability RayQueryKHR
// RQ-DAG: OpExtension "SPV_KHR_ray_query"
// RQ-DAG: %[[AS:[0-9a-zA-Z_]+]] = OpTypeAccelerationStructureKHR
// RQ-DAG: %[[RQT:[0-9a-zA-Z_]+]] = OpTypeRayQueryKHR
// RQ-DAG: %as = OpVariable %_ptr_UniformConstant_[[AS]] UniformConstant
// RQ-DAG: %rq = OpVariable %_ptr_Function_[[RQT]] Function
// RQ: OpRayQueryInitializeKHR %rq
// RQ: OpRayQueryTerminateKHR %rq
// UNDEF: error OSH0002: unknown type name 'vk::ext_type<7> (no {{\[\[}}vk::ext_type_def(7, ...)]] function declares it)'

#ifdef RAYQUERY
[[vk::ext_capability(/* RayQueryKHR */ 4472)]]
[[vk::ext_extension("SPV_KHR_ray_query")]]
[[vk::ext_type_def(/* id */ 2, /* OpTypeRayQueryKHR */ 4472)]]
void createTypeRayQueryKHR();

[[vk::ext_type_def(/* id */ 3, /* OpTypeAccelerationStructureKHR */ 5341)]]
void createAccelerationStructureType();

vk::ext_type<3> as : register(t0);

[[vk::ext_instruction(/* OpRayQueryInitializeKHR */ 4473)]]
void rayQueryInitializeEXT([[vk::ext_reference]] vk::ext_type<2> rayQuery, vk::ext_type<3> as, uint rayFlags,
                           uint cullMask, float3 origin, float tMin, float3 direction, float tMax);

[[vk::ext_instruction(/* OpRayQueryTerminateKHR */ 4474)]]
void rayQueryTerminateEXT([[vk::ext_reference]] vk::ext_type<2> rq);

[numthreads(1, 1, 1)]
void main() {
  createTypeRayQueryKHR();
  createAccelerationStructureType();
  vk::ext_type<2> rq;
  rayQueryInitializeEXT(rq, as, 0, 0, float3(0, 0, 0), 0.0, float3(1, 1, 1), 1.0);
  rayQueryTerminateEXT(rq);
}
#else
[[vk::ext_type_def(0, /* OpTypeInt */ 21)]]
void createTypeInt([[vk::ext_literal]] int sizeInBits, [[vk::ext_literal]] int signedness);

[[vk::ext_type_def(1, /* OpTypeVector */ 23)]]
void createTypeVector([[vk::ext_reference]] vk::ext_type<0> typeInt, [[vk::ext_literal]] int componentCount);

vk::ext_type<0> foo1;
vk::ext_type<1> foo2;
#ifdef UNDEFINED
vk::ext_type<7> foo3;
#endif

[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]]
vk::ext_type<1> build(uint a, uint b, uint c, uint d);
[[vk::ext_instruction(/* OpCompositeExtract */ 81)]]
uint extract(vk::ext_type<1> v, [[vk::ext_literal]] uint i);

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  createTypeInt(32, 0);
  createTypeVector(foo1, 4);
  Out[0] = extract(build(1, 2, 3, 4), 2);
}
#endif
