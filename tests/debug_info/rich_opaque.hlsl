// -fspv-debug=rich: the types OpenCL.DebugInfo.100 cannot describe as SPIRV-Tools 2023.1
// validates it become opaque classes (a DebugTypeComposite Class without members, size
// DebugInfoNone, the shape of a handle), never DebugInfoNone as a type (refused there as a
// member's or a variable's type).
struct Node {
  float4 value;
};
struct Push {
  vk::BufferPointer<Node> node;
};
[[vk::push_constant]] Push P;
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<float, 4> f = vk::BufferPointer<float, 4>(0x1000ull);
  Out[0] = P.node.Get().value + f.Get();
}

// By hand: the pointer to Node (its DebugTypePointer may point to a DebugTypeBasic only)
// is "@pointer"; the pointer to float stays a DebugTypePointer (PhysicalStorageBuffer,
// flags None); the buffer's data (a runtime array: a count must be a nonzero constant) is
// "@runtime_array". f is at 16:31, P at 11:28.
//
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich -O3 -Fo %tO.spv
// RUN: spirv-val --target-env vulkan1.2 %tO.spv
// The Vulkan set: the same pointer shapes (its DebugTypePointer is validated the same way;
// the module was refused before), DebugInfoNone for the runtime array.
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=vulkan -Fo %tv.spv -Fc %tv.spvasm
// RUN: spirv-val --target-env vulkan1.2 %tv.spv
// RUN: FileCheck %s --check-prefix=VK < %tv.spvasm
//
// CHECK:      %[[SET:[0-9]+]] = OpExtInstImport "OpenCL.DebugInfo.100"
// CHECK-DAG:  %[[PTR:[0-9]+]] = OpString "@pointer"
// CHECK-DAG:  %[[RT:[0-9]+]] = OpString "@runtime_array"
// CHECK-DAG:  %[[FN:[0-9]+]] = OpString "f"
// CHECK-DAG:  %[[PN:[0-9]+]] = OpString "P"
// CHECK:      %[[SRC:[0-9]+]] = OpExtInst %void %[[SET]] DebugSource
// CHECK:      %[[CU:[0-9]+]] = OpExtInst %void %[[SET]] DebugCompilationUnit 1 4 %[[SRC]] HLSL
// CHECK:      %[[F:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %{{[0-9]+}} %uint_32 Float{{$}}
// CHECK:      %[[FP:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypePointer %[[F]] PhysicalStorageBuffer None{{$}}
// CHECK:      DebugLocalVariable %[[FN]] %[[FP]] %[[SRC]] 16 31 %{{[0-9]+}} FlagIsLocal{{$}}
// CHECK:      %[[NONE:[0-9]+]] = OpExtInst %void %[[SET]] DebugInfoNone{{$}}
// CHECK:      %[[NP:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeComposite %[[PTR]] Class %[[SRC]] 0 0 %[[CU]] %[[PTR]] %[[NONE]] FlagIsProtected|FlagIsPrivate{{$}}
// (The push constant block is a struct of its own, without the declaration's positions.)
// CHECK:      DebugTypeMember %{{[0-9]+}} %[[NP]] %[[SRC]] 0 0
// CHECK:      DebugGlobalVariable %[[PN]] %{{[0-9]+}} %[[SRC]] 11 28 %[[CU]] %[[PN]] %P FlagIsDefinition{{$}}
// CHECK:      DebugTypeComposite %[[RT]] Class %[[SRC]] 0 0 %[[CU]] %[[RT]] %[[NONE]] FlagIsProtected|FlagIsPrivate{{$}}
// CHECK-NOT:  DebugTypePointer %{{[0-9]+}} PhysicalStorageBuffer None{{$}}
// VK-DAG:     OpString "@pointer"
// VK-DAG:     DebugTypePointer %{{[0-9]+}} %uint_5349 %uint_0
// VK-NOT:     "@runtime_array"
