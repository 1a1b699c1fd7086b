// A4: [[vk::ext_literal]] writes the constant as a literal word; without it the operand is
// the id of an OpConstant (silently wrong: the index word is that id's number). A
// non-constant literal argument is OSH3102 at the call.
// RUN: %oneshader %s -T cs_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -D USE_ID -Vd -Fo %tid.spv
// RUN: spirv-dis --raw-id %tid.spv | FileCheck %s --check-prefix=ID
// RUN: not %oneshader %s -T cs_6_0 -E main -D NOT_CONSTANT -spirv -o %t.dir 2>&1 | FileCheck %s --check-prefix=ERR
// CHECK: OpCapability GroupNonUniformArithmetic
// CHECK: OpCompositeExtract %uint %{{[a-zA-Z0-9_]+}} 1
// CHECK: OpGroupNonUniformIAdd %uint %uint_3 Reduce %{{[a-zA-Z0-9_]+}}
// ID:    %[[UINT:[0-9]+]] = OpTypeInt 32 0
// ID:    %[[ONE:[0-9]+]] = OpConstant %[[UINT]] 1{{$}}
// ID:    OpCompositeExtract %[[UINT]] %{{[0-9]+}} [[ONE]]{{$}}
// ERR:   A04_literal.hlsl:[[#@LINE+23]]:14: error OSH3102: vk::ext_literal may only be applied to parameters that can be evaluated to a literal value

[[vk::ext_instruction(/* OpCompositeExtract */ 81)]]
uint extractLit(uint3 v, [[vk::ext_literal]] uint index);

[[vk::ext_instruction(/* OpCompositeExtract */ 81)]]
uint extractId(uint3 v, uint index);      // wrong on purpose: index is an id

[[vk::ext_capability(/* GroupNonUniformArithmetic */ 63)]]
[[vk::ext_instruction(/* OpGroupNonUniformIAdd */ 349)]]
uint groupIAdd(uint scope, [[vk::ext_literal]] uint groupOp, uint value);

RWStructuredBuffer<uint3> buf : register(u0);
static uint op = 0;

[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
#if defined(USE_ID)
  buf[i].x = extractId(buf[i], 1);
#else
  buf[i].x = extractLit(buf[i], 1);
#endif
#if defined(NOT_CONSTANT)
  buf[i].y = groupIAdd(3, op, buf[i].y);
#else
  buf[i].y = groupIAdd(3, 0, buf[i].y);   // 3 = Subgroup (id), 0 = Reduce (literal)
#endif
}
