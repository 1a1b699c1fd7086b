// vk::BufferPointer<T, A> (section 11.2), the shapes of DXC's vk.buffer-pointer.* tests:
// a linked list through a self-referencing struct (OpTypeForwardPointer, the `next` member
// loaded `Aligned 32` because its type says A = 32, ConvertPtrToU / ConvertUToPtr),
// AliasedPointer / RestrictPointer on the variables, pointers in a cbuffer (the pointee
// laid out with the storage-buffer rule: ArrayStride 4), in a structured buffer (loaded
// `Aligned 8`), casts (OpBitcast), sizeof 8, an atomic through Get() (Device scope,
// relaxed), and DXC's refusals with their texts.
// RUN: %oneshader %s -T ps_6_0 -E list -spirv -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s --check-prefix=LIST < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t2.spv -Fc %t2.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t2.spv
// RUN: FileCheck %s < %t2.spvasm
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -D CASE=1 -o %t.d 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -D CASE=2 -o %t.d 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -D CASE=3 -o %t.d 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -D CASE=4 -o %t.d 2>&1 | FileCheck %s --check-prefix=COMPARE
// RUN: not %oneshader %s -T cs_6_0 -E main --target msl -o %t.d 2>&1 | FileCheck %s --check-prefix=MSL
// RUN: not %oneshader %s -T cs_6_0 -E main --target wgsl -o %t.d 2>&1 | FileCheck %s --check-prefix=WGSL

// LIST:      OpCapability PhysicalStorageBufferAddresses
// LIST:      OpMemoryModel PhysicalStorageBuffer64 GLSL450
// LIST-DAG:  OpDecorate %g_p AliasedPointer
// LIST-DAG:  OpDecorate %copy1 RestrictPointer
// LIST-DAG:  OpDecorate %copy2 RestrictPointer
// LIST-DAG:  OpMemberDecorate %block_s 1 Offset 16
// LIST:      OpTypeForwardPointer %[[PB:[a-zA-Z0-9_]+]] PhysicalStorageBuffer
// LIST-NEXT: %block_s = OpTypeStruct %v4float %[[PB]]
// LIST-NEXT: %[[PB]] = OpTypePointer PhysicalStorageBuffer %block_s
// LIST:      %[[X3:[a-zA-Z0-9_]+]] = OpLoad %[[PB]] %g_p
// LIST:      %[[X4:[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_PhysicalStorageBuffer__ptr_PhysicalStorageBuffer_block_s %[[X3]] %{{u?}}int_1
// LIST:      %[[X5:[a-zA-Z0-9_]+]] = OpLoad %[[PB]] %[[X4]] Aligned 32
// LIST:      OpStore %g_p %[[X5]]
// LIST:      %[[X7:[a-zA-Z0-9_]+]] = OpConvertPtrToU %ulong
// addr (a uint64_t only loaded and stored whole) is promoted to an SSA value (docs/design.md
// "Validation cost"): DXC stores it to a variable %addr and loads it back; we use the value.
// LIST:      %[[X9:[a-zA-Z0-9_]+]] = OpConvertUToPtr %[[PB]] %[[X7]]
// LIST:      OpStore %copy1 %[[X9]]
// LIST:      OpIEqual %bool %[[X7]] %ulong_0
// LIST:      %[[X14:[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_PhysicalStorageBuffer_v4float %{{[a-zA-Z0-9_]+}} %{{u?}}int_0
// LIST:      OpLoad %v4float %[[X14]] Aligned 16

// CHECK-DAG: OpDecorate %_arr_int_uint_4 ArrayStride 4
// CHECK-DAG: OpDecorate %_runtimearr__ptr_PhysicalStorageBuffer__ptr_PhysicalStorageBuffer_Foo ArrayStride 8
// CHECK-DAG: OpMemberDecorate %type_Test 1 Offset 8
// CHECK-DAG: OpMemberDecorate %type_Test 2 Offset 16
// CHECK:     %[[ACH:[a-zA-Z0-9_]+]] = OpAccessChain %_ptr_Uniform__ptr_PhysicalStorageBuffer_Foo %Test %{{u?}}int_0
// CHECK:     %[[FOO:[a-zA-Z0-9_]+]] = OpLoad %_ptr_PhysicalStorageBuffer_Foo %[[ACH]]
// CHECK:     OpLoad %int %{{[a-zA-Z0-9_]+}} Aligned 4
// CHECK:     OpBitcast %_ptr_PhysicalStorageBuffer_float %{{[a-zA-Z0-9_]+}}
// CHECK:     %[[F:[a-zA-Z0-9_]+]] = OpLoad %float %{{[a-zA-Z0-9_]+}} Aligned 4
// CHECK:     OpConvertFToS %int %[[F]]
// CHECK:     OpStore %{{[a-zA-Z0-9_]+}} %{{[a-zA-Z0-9_]+}} Aligned 4
// CHECK:     OpBitcast %_ptr_PhysicalStorageBuffer_Base
// CHECK:     %[[EL:[a-zA-Z0-9_]+]] = OpLoad %_ptr_PhysicalStorageBuffer_Foo %{{[a-zA-Z0-9_]+}} Aligned 8
// CHECK:     OpAccessChain %_ptr_PhysicalStorageBuffer__arr_int_uint_4 %[[EL]]
// CHECK:     OpFunctionCall %void %touch %[[EL2:[a-zA-Z0-9_]+]]
// sizeof(fooBuf) is 8; size is promoted (no variable %size): the exchange writes the constant.
// CHECK:     OpAtomicExchange %uint %{{[a-zA-Z0-9_]+}} %uint_1 %uint_0 %uint_8

// ALIGN:     buffer_pointer.hlsl:[[#@LINE+65]]:38: error OSH3126: Vulkan buffer pointer cannot be cast to greater alignment
// MISMATCH:  buffer_pointer.hlsl:[[#@LINE+66]]:36: error OSH0004: cannot convert from 'BufferPointer<int>' to 'BufferPointer<float>'
// CALL:      buffer_pointer.hlsl:[[#@LINE+67]]:3: error OSH0005: no matching function for call to 'touch'
// COMPARE:   buffer_pointer.hlsl:[[#@LINE+68]]:23: error OSH0013: invalid operands to binary expression ('BufferPointer<Foo>' and 'BufferPointer<Foo>')
// MSL:       error OSH4101: inline SPIR-V cannot be compiled to MSL: 'vk::BufferPointer::Get' is a SPIR-V built-in
// WGSL:      error OSH5101: inline SPIR-V cannot be compiled to WGSL: 'vk::BufferPointer::Get' is a SPIR-V built-in

typedef struct block_s block_t;
typedef vk::BufferPointer<block_t, 32> block_p;
struct block_s {
  float4 x;
  block_p next;
};
struct TestPushConstant_t {
  block_p root;
};
[[vk::push_constant]] TestPushConstant_t g_PushConstants;

float4 list() : SV_Target0 {
  if (__has_feature(hlsl_vk_buffer_pointer)) {
    [[vk::aliased_pointer]] block_p g_p = g_PushConstants.root;
    g_p = g_p.Get().next;
    uint64_t addr = (uint64_t)g_p;
    block_p copy1 = block_p(addr);
    block_p copy2 = block_p(copy1);
    if (addr == 0)
      return float4(0.0, 0.0, 0.0, 0.0);
    return g_p.Get().x + copy2.Get().x;
  }
  return float4(1.0, 1.0, 1.0, 1.0);
}

struct Foo { int val[4]; };
struct Base { float b; };
struct Derived : Base { int d; };
struct S { uint u; };
cbuffer Test : register(b0) {
  vk::BufferPointer<Foo> fooBuf;
  vk::BufferPointer<int> outBuf;
  vk::BufferPointer<Derived, 16> derived;
  vk::BufferPointer<S> sBuf;
};
RWStructuredBuffer<vk::BufferPointer<vk::BufferPointer<Foo> > > ptrs : register(u0);
RWStructuredBuffer<uint> results : register(u1);

void touch(vk::BufferPointer<Foo> f) { f.Get().val[1] = 7; }

#ifndef CASE
#define CASE 0
#endif

[numthreads(1, 1, 1)]
void main() {
  int val = fooBuf.Get().val[0];
  vk::BufferPointer<float> asFloat = vk::reinterpret_pointer_cast<float>(outBuf);
  outBuf.Get() = (int)asFloat.Get() + val;
  vk::BufferPointer<Base, 8> base = vk::static_pointer_cast<Base, 8>(derived);
  results[0] = (uint)base.Get().b;
  ptrs[1].Get().Get().val[2] = 5;
  touch(ptrs[0].Get());
  uint size = sizeof(fooBuf);
  uint old;
  InterlockedExchange(sBuf.Get().u, size, old);
  results[1] = old;
#if CASE == 1
  vk::BufferPointer<Base, 32> wide = vk::static_pointer_cast<Base, 32>(derived);
#elif CASE == 2
  vk::BufferPointer<float> wrong = outBuf;
#elif CASE == 3
  touch(outBuf);
#elif CASE == 4
  results[2] = fooBuf == ptrs[0].Get() ? 1 : 0;
#endif
}
