// <vk/spirv.h> as shipped with OneShader (its own implementation of the header DXC ships
// under this name; same names, so shaders written for DXC compile unchanged).
//
// SPIR-V enumerants used by the vk:: headers, and vk::WorkgroupSpirvPointer: a SPIR-V
// pointer into groupshared memory, built with inline SPIR-V. SPIR-V targets only.
// Enumerant values: the SPIR-V unified grammar (spirv.core.grammar.json).

#ifndef ONESHADER_HLSL_VK_SPIRV_H
#define ONESHADER_HLSL_VK_SPIRV_H

namespace vk {

// Scope <id> operands (SPIR-V section 3.27).
enum Scope {
  ScopeCrossDevice = 0,
  ScopeDevice = 1,
  ScopeWorkgroup = 2,
  ScopeSubgroup = 3,
  ScopeInvocation = 4,
  ScopeQueueFamily = 5,
  ScopeQueueFamilyKHR = 5,
  ScopeShaderCallKHR = 6,
  ScopeMax = 0x7fffffff,
};

// Storage classes this header needs (SPIR-V section 3.7).
enum StorageClass {
  StorageClassWorkgroup = 4,
};

// Memory operands (SPIR-V section 3.26), as a mask.
enum MemoryAccessMask {
  MemoryAccessMaskNone = 0x0,
  MemoryAccessVolatileMask = 0x1,
  MemoryAccessAlignedMask = 0x2,
  MemoryAccessNontemporalMask = 0x4,
  MemoryAccessMakePointerAvailableMask = 0x8,
  MemoryAccessMakePointerAvailableKHRMask = 0x8,
  MemoryAccessMakePointerVisibleMask = 0x10,
  MemoryAccessMakePointerVisibleKHRMask = 0x10,
  MemoryAccessNonPrivatePointerMask = 0x20,
  MemoryAccessNonPrivatePointerKHRMask = 0x20,
  MemoryAccessAliasScopeINTELMaskMask = 0x10000,
  MemoryAccessNoAliasINTELMaskMask = 0x20000,
};

// SPV_KHR_cooperative_matrix: the Use operand of OpTypeCooperativeMatrixKHR.
enum CooperativeMatrixUse {
  CooperativeMatrixUseMatrixAKHR = 0,
  CooperativeMatrixUseMatrixBKHR = 1,
  CooperativeMatrixUseMatrixAccumulatorKHR = 2,
  CooperativeMatrixUseMax = 0x7fffffff,
};

// SPV_KHR_cooperative_matrix: the MemoryLayout operand of the load and store.
enum CooperativeMatrixLayout {
  CooperativeMatrixLayoutRowMajorKHR = 0,
  CooperativeMatrixLayoutColumnMajorKHR = 1,
  CooperativeMatrixLayoutRowBlockedInterleavedARM = 4202,
  CooperativeMatrixLayoutColumnBlockedInterleavedARM = 4203,
  CooperativeMatrixLayoutMax = 0x7fffffff,
};

// SPV_KHR_cooperative_matrix: the Cooperative Matrix Operands of OpCooperativeMatrixMulAddKHR.
enum CooperativeMatrixOperandsMask {
  CooperativeMatrixOperandsMaskNone = 0x0,
  CooperativeMatrixOperandsMatrixASignedComponentsKHRMask = 0x1,
  CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask = 0x2,
  CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask = 0x4,
  CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask = 0x8,
  CooperativeMatrixOperandsSaturatingAccumulationKHRMask = 0x10,
};

// A SPIR-V `OpTypePointer Workgroup T`. HLSL cannot pass a groupshared object by
// reference; this pointer stands in for one. It is const: it cannot be re-pointed.
template <typename T>
using WorkgroupSpirvPointer =
    const vk::SpirvOpaqueType</* OpTypePointer */ 32,
                              vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, T>;

// The address of `object`, which must be groupshared (otherwise the module fails
// validation): an OpCopyObject of the pointer [[vk::ext_reference]] passes.
template <typename T>
[[vk::ext_instruction(/* OpCopyObject */ 83)]] WorkgroupSpirvPointer<T>
GetGroupSharedAddress([[vk::ext_reference]] T object);

}  // namespace vk

#endif  // ONESHADER_HLSL_VK_SPIRV_H
