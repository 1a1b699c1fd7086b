// <vk/khr/cooperative_matrix.h> as shipped with OneShader (its own implementation of the
// header DXC ships under this name; same public names, so shaders written for DXC compile
// unchanged).
//
// vk::khr::CooperativeMatrix: SPV_KHR_cooperative_matrix through inline SPIR-V. The
// template arguments are the operands of OpTypeCooperativeMatrixKHR (component type,
// scope, rows, columns, use). Needs HLSL 2021 and SPIR-V 1.6 (-fspv-target-env=vulkan1.3).
// SPIR-V targets only. Opcode and enumerant numbers: the SPIR-V unified grammar.

#ifndef ONESHADER_HLSL_VK_KHR_COOPERATIVE_MATRIX_H
#define ONESHADER_HLSL_VK_KHR_COOPERATIVE_MATRIX_H

#if __SPIRV_MAJOR_VERSION__ == 1 && __SPIRV_MINOR_VERSION__ < 6
#error "CooperativeMatrix requires a minimum of SPIR-V 1.6"
#endif

#include <vk/spirv.h>
#include <vk/opcode_selector.h>

namespace vk {
namespace khr {
namespace coop_op {

// The instructions, one declaration each (R: result type).
template <typename R, typename M, typename C>
[[vk::ext_instruction(/* OpMatrixTimesScalar */ 143)]] R MatrixTimesScalar(M m, C s);
template <typename R, typename M>
[[vk::ext_instruction(/* OpCompositeExtract */ 81)]] R Extract(M m, [[vk::ext_literal]] uint32_t i);
template <typename M, typename C>
[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]] M Construct(C value);
template <typename P, typename M>
[[vk::ext_instruction(/* OpAccessChain */ 65)]] P AccessChain([[vk::ext_reference]] M m, uint32_t i);
template <typename R, typename P>
[[vk::ext_instruction(/* OpLoad */ 61)]] R Load(P p);
template <typename P, typename V>
[[vk::ext_instruction(/* OpStore */ 62)]] void Store(P p, V v);

template <typename R, typename E>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] R
MatrixLoad([[vk::ext_reference]] E element, vk::CooperativeMatrixLayout layout, uint stride,
           [[vk::ext_literal]] uint32_t memoryOperands);
template <typename R, typename E>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] R
MatrixLoad([[vk::ext_reference]] E element, vk::CooperativeMatrixLayout layout, uint stride,
           [[vk::ext_literal]] uint32_t memoryOperands, vk::Scope availability);
template <typename R, typename P>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] R
MatrixLoadPointer(P pointer, vk::CooperativeMatrixLayout layout, uint stride,
                  [[vk::ext_literal]] uint32_t memoryOperands, vk::Scope visibility);
template <typename M, typename E>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void
MatrixStore([[vk::ext_reference]] E element, M m, vk::CooperativeMatrixLayout layout, uint stride,
            [[vk::ext_literal]] uint32_t memoryOperands);
template <typename M, typename E>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void
MatrixStore([[vk::ext_reference]] E element, M m, vk::CooperativeMatrixLayout layout, uint stride,
            [[vk::ext_literal]] uint32_t memoryOperands, vk::Scope availability);
template <typename M, typename P>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void
MatrixStorePointer(P pointer, M m, vk::CooperativeMatrixLayout layout, uint stride,
                   [[vk::ext_literal]] uint32_t memoryOperands, vk::Scope availability);
template <typename R, typename A, typename B, typename C>
[[vk::ext_instruction(/* OpCooperativeMatrixMulAddKHR */ 4459)]] R
MulAdd(A a, B b, C c, [[vk::ext_literal]] uint32_t operands);

}  // namespace coop_op

// A cooperative matrix: one OpTypeCooperativeMatrixKHR value shared by the invocations of
// `scope`. Arithmetic is element by element; the loads and stores pass `layout`, the
// stride and the memory operands to the instruction unchanged.
template <typename ComponentType, Scope scope, uint rows, uint columns, CooperativeMatrixUse use>
class CooperativeMatrix {
 public:
  using SpirvMatrixType =
      vk::SpirvOpaqueType</* OpTypeCooperativeMatrixKHR */ 4456, ComponentType,
                          vk::integral_constant<uint, scope>, vk::integral_constant<uint, rows>,
                          vk::integral_constant<uint, columns>, vk::integral_constant<uint, use> >;

  [[vk::ext_extension("SPV_KHR_cooperative_matrix")]]
  [[vk::ext_capability(/* CooperativeMatrixKHR */ 6022)]]
  [[vk::ext_capability(/* VulkanMemoryModel */ 5345)]]
  SpirvMatrixType _matrix;

  // True when ComponentType is a signed integer type.
  static const bool hasSignedIntegerComponentType = (ComponentType(0) - ComponentType(1) < ComponentType(0));

  // The same matrix with its components converted to NewComponentType.
  template <class NewComponentType>
  CooperativeMatrix<NewComponentType, scope, rows, columns, use> cast() {
    CooperativeMatrix<NewComponentType, scope, rows, columns, use> r;
    r._matrix = vk::util::ConversionSelector<ComponentType, NewComponentType>::template Convert<
        typename CooperativeMatrix<NewComponentType, scope, rows, columns, use>::SpirvMatrixType>(_matrix);
    return r;
  }

  CooperativeMatrix negate() {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Negate(_matrix);
    return r;
  }
  CooperativeMatrix operator+(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Add(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator-(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Sub(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator*(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Mul(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator/(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Div(_matrix, other._matrix);
    return r;
  }
  // Every element times `scalar` (OpMatrixTimesScalar).
  CooperativeMatrix operator*(ComponentType scalar) {
    CooperativeMatrix r;
    r._matrix = coop_op::MatrixTimesScalar<SpirvMatrixType>(_matrix, scalar);
    return r;
  }

  // Stores to groupshared memory through a pointer (HLSL cannot pass groupshared objects
  // by reference): a vk::WorkgroupSpirvPointer<Type>, spelled out so that a call deduces
  // Type from it. NonPrivatePointer and MakePointerAvailable with Workgroup scope are
  // added to the memory operands.
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  void Store(const vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, Type> data, uint32_t stride) {
    coop_op::MatrixStorePointer(data, _matrix, layout, stride,
                                memoryAccessOperands | MemoryAccessNonPrivatePointerMask |
                                    MemoryAccessMakePointerAvailableMask,
                                ScopeWorkgroup);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void Store(const vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, Type> data, uint32_t stride) {
    Store<MemoryAccessMaskNone, layout>(data, stride);
  }

  // Stores to data[index].
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  void Store(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    coop_op::MatrixStore(data[index], _matrix, layout, stride, memoryAccessOperands);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void Store(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    Store<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Stores to data[index], made available at QueueFamily scope (NonPrivatePointer and
  // MakePointerAvailable added).
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  void CoherentStore(globallycoherent RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    coop_op::MatrixStore(data[index], _matrix, layout, stride,
                         memoryAccessOperands | MemoryAccessNonPrivatePointerMask |
                             MemoryAccessMakePointerAvailableMask,
                         ScopeQueueFamily);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void CoherentStore(globallycoherent RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    CoherentStore<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Loads from groupshared memory through a pointer; NonPrivatePointer and
  // MakePointerVisible with Workgroup scope are added to the memory operands.
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(const vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, Type> data, uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = coop_op::MatrixLoadPointer<SpirvMatrixType>(
        data, layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask | MemoryAccessMakePointerVisibleMask,
        ScopeWorkgroup);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(const vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, Type> data, uint32_t stride) {
    return Load<MemoryAccessMaskNone, layout>(data, stride);
  }

  // Loads from data[index].
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = coop_op::MatrixLoad<SpirvMatrixType>(data[index], layout, stride, memoryAccessOperands);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    return Load<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Loads from data[index], made visible at QueueFamily scope (NonPrivatePointer and
  // MakePointerVisible added).
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix CoherentLoad(globallycoherent RWStructuredBuffer<Type> data, uint32_t index,
                                        uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = coop_op::MatrixLoad<SpirvMatrixType>(
        data[index], layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask | MemoryAccessMakePointerVisibleMask,
        ScopeQueueFamily);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix CoherentLoad(globallycoherent RWStructuredBuffer<Type> data, uint32_t index,
                                        uint32_t stride) {
    return CoherentLoad<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Loads from a read-only buffer's data[index] (no memory operands are added).
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(StructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = coop_op::MatrixLoad<SpirvMatrixType>(data[index], layout, stride, MemoryAccessMaskNone);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(StructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    return Load<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Every element set to `v` (the same value in every invocation of the scope).
  static CooperativeMatrix Splat(ComponentType v) {
    CooperativeMatrix r;
    r._matrix = coop_op::Construct<SpirvMatrixType>(v);
    return r;
  }

  // OpCooperativeMatrixLengthKHR of this type: the elements each invocation holds.
  static uint32_t GetLength() { return vk::CooperativeMatrixLength<SpirvMatrixType>(); }

  // The element `index` (< GetLength()) this invocation holds.
  ComponentType Get(uint32_t index) {
    using ElementPointer =
        vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, /* Function */ 7> >,
                            ComponentType>;
    ElementPointer p = coop_op::AccessChain<ElementPointer>(_matrix, index);
    return coop_op::Load<ComponentType>(p);
  }
  void Set(ComponentType value, uint32_t index) {
    using ElementPointer =
        vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, /* Function */ 7> >,
                            ComponentType>;
    ElementPointer p = coop_op::AccessChain<ElementPointer>(_matrix, index);
    coop_op::Store(p, value);
  }
};

// The "a", "b" and accumulator ("c" and result) operands of r = a * b + c.
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixA = CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixAKHR>;
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixB = CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixBKHR>;
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixAccumulator =
    CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixAccumulatorKHR>;

// a * b + c (OpCooperativeMatrixMulAddKHR); the signed-components operands are set when
// the component type is a signed integer. (The parameters name CooperativeMatrix itself,
// not the aliases above, so that a call deduces ComponentType, scope, rows, columns and K
// from the matrices; it is found from outside vk::khr by argument-dependent lookup.)
template <typename ComponentType, Scope scope, uint rows, uint columns, uint K>
CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> cooperativeMatrixMultiplyAdd(
    CooperativeMatrix<ComponentType, scope, rows, K, CooperativeMatrixUseMatrixAKHR> a,
    CooperativeMatrix<ComponentType, scope, K, columns, CooperativeMatrixUseMatrixBKHR> b,
    CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixAccumulatorKHR> c) {
  const uint32_t signedAll = CooperativeMatrixOperandsMatrixASignedComponentsKHRMask |
                             CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask |
                             CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask |
                             CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask;
  CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> r;
  r._matrix = coop_op::MulAdd<typename CooperativeMatrixAccumulator<ComponentType, scope, rows, columns>::SpirvMatrixType>(
      a._matrix, b._matrix, c._matrix, a.hasSignedIntegerComponentType ? signedAll : 0u);
  return r;
}

// The same with SaturatingAccumulation.
template <typename ComponentType, Scope scope, uint rows, uint columns, uint K>
CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> cooperativeMatrixSaturatingMultiplyAdd(
    CooperativeMatrix<ComponentType, scope, rows, K, CooperativeMatrixUseMatrixAKHR> a,
    CooperativeMatrix<ComponentType, scope, K, columns, CooperativeMatrixUseMatrixBKHR> b,
    CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixAccumulatorKHR> c) {
  const uint32_t signedAll = CooperativeMatrixOperandsMatrixASignedComponentsKHRMask |
                             CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask |
                             CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask |
                             CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask;
  const uint32_t saturate = CooperativeMatrixOperandsSaturatingAccumulationKHRMask;
  CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> r;
  r._matrix = coop_op::MulAdd<typename CooperativeMatrixAccumulator<ComponentType, scope, rows, columns>::SpirvMatrixType>(
      a._matrix, b._matrix, c._matrix, a.hasSignedIntegerComponentType ? (signedAll | saturate) : saturate);
  return r;
}

}  // namespace khr
}  // namespace vk

#endif  // ONESHADER_HLSL_VK_KHR_COOPERATIVE_MATRIX_H
