// A11: vk::SpirvType and vk::SpirvOpaqueType (inline-spirv.md section 9). UInt8 is
// `OpTypeInt 8 0` (SPIR-V: OpTypeInt = 21, Width, Signedness), declared once however often it
// is named; the Int8 capability on its alias goes with the type. RayQueryObj is
// `OpTypeRayQueryKHR` (4472), with the alias's capability and extension; a local of it is a
// Function variable passed by pointer to OpRayQueryTerminateKHR (4474).
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: grep -c "OpTypeInt 8 0" %t.spvasm | FileCheck %s --check-prefix=ONCE
// CHECK-DAG: OpCapability Int8
// CHECK-DAG: OpCapability RayQueryKHR
// CHECK-DAG: OpExtension "SPV_KHR_ray_query"
// CHECK-DAG: %[[U8:[a-zA-Z0-9_]+]] = OpTypeInt 8 0
// CHECK-DAG: %[[RQ:[a-zA-Z0-9_]+]] = OpTypeRayQueryKHR
// CHECK-DAG: %_ptr_Function_[[RQ]] = OpTypePointer Function %[[RQ]]
// CHECK:     %[[N:[a-zA-Z0-9_]+]] = OpUConvert %[[U8]] %{{[a-zA-Z0-9_]+}}
// CHECK:     OpUConvert %uint %{{[a-zA-Z0-9_]+}}
// CHECK:     OpRayQueryTerminateKHR %q
// ONCE: 1

using UInt8 [[vk::ext_capability(/* Int8 */ 39)]] =
    vk::SpirvType</* OpTypeInt */ 21, /* size */ 1, /* alignment */ 1,
                  vk::Literal<vk::integral_constant<uint, 8> >,
                  vk::Literal<vk::integral_constant<bool, false> > >;

[[vk::ext_instruction(/* OpUConvert */ 113)]] UInt8 narrow(uint v);
[[vk::ext_instruction(/* OpUConvert */ 113)]] uint  widen(UInt8 v);

using RayQueryObj [[vk::ext_capability(/* RayQueryKHR */ 4472)]]
                  [[vk::ext_extension("SPV_KHR_ray_query")]] =
    vk::SpirvOpaqueType</* OpTypeRayQueryKHR */ 4472>;

[[vk::ext_instruction(/* OpRayQueryTerminateKHR */ 4474)]]
void terminate([[vk::ext_reference]] RayQueryObj q);

RWStructuredBuffer<uint> buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
  UInt8 n = narrow(buf[1]);        // keeps the low 8 bits
  buf[0] = widen(n);
  RayQueryObj q;
  terminate(q);
}
