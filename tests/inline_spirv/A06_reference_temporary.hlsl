// A6: a temporary has no pointer: OSH3101 at the argument, with DXC's text, no module.
// The same for a constructor call, a function result and a literal.
// RUN: rm -rf %t.spv %t.bad.spv %t.msl %t.wgsl %t.all %t.d
// RUN: not %oneshader %s -T cs_6_0 -E main -Fo %t.spv 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: test ! -e %t.spv
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=1 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=CTOR
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=2 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not %oneshader %s -T cs_6_0 -E main -D CASE=3 -spirv -o %t.d 2>&1 | FileCheck %s --check-prefix=LIT
// SUM:  A06_reference_temporary.hlsl:[[#@LINE+19]]:24: error OSH3101: argument for a parameter with vk::ext_reference attribute must be a reference
// CTOR: A06_reference_temporary.hlsl:[[#@LINE+20]]:9: error OSH3101: argument for a parameter with vk::ext_reference attribute must be a reference
// CALL: A06_reference_temporary.hlsl:[[#@LINE+21]]:24: error OSH3101: argument for a parameter with vk::ext_reference attribute must be a reference
// LIT:  A06_reference_temporary.hlsl:[[#@LINE+22]]:24: error OSH3101: argument for a parameter with vk::ext_reference attribute must be a reference

[[vk::ext_instruction(/* OpAtomicIAdd */ 234)]]
uint atomicIAdd([[vk::ext_reference]] uint dest, uint scope, uint semantics, uint value);
[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] float4 pointer, float4 value);

groupshared uint counter;
RWStructuredBuffer<uint> buf : register(u0);
uint next() { return buf[1]; }

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  if (gi == 0) counter = 0;
  GroupMemoryBarrierWithGroupSync();
#ifndef CASE
  buf[gi] = atomicIAdd(counter + 1, 2, 0, 1u);
#elif CASE == 1
  store(float4(0, 0, 0, 1), float4(1, 2, 3, 4));
#elif CASE == 2
  buf[gi] = atomicIAdd(next(), 2, 0, 1u);
#else
  buf[gi] = atomicIAdd(7u, 2, 0, 1u);
#endif
}
