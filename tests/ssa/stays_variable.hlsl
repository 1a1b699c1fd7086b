// What is not promoted stays a variable, emitted as before: the temporary passed to an inout
// parameter (a pointer argument), a vector written through a component (an access chain),
// and locals read or written inside a loop (the loop counter i, looped, and the copy of the
// parameter x, which the loop condition reads). byRef itself is only loaded and stored whole
// (the call copies it in and out through the temporary) and plain is never stored again:
// both are promoted.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv -Fc %t/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/a.spv
// RUN: FileCheck %s < %t/a.spvasm
// CHECK-NOT: %byRef = OpVariable
// CHECK-NOT: %plain = OpVariable
// CHECK:      %f = OpFunction %uint
// CHECK:      %x_0 = OpVariable %_ptr_Function_uint Function
// CHECK-NEXT: %[[TMP:[0-9]+]] = OpVariable %_ptr_Function_uint Function
// CHECK-NEXT: %part = OpVariable %_ptr_Function_v4uint Function
// CHECK-NEXT: %looped = OpVariable %_ptr_Function_uint Function
// CHECK-NEXT: %i = OpVariable %_ptr_Function_uint Function
// CHECK-NOT:  OpVariable
// CHECK:      OpFunctionCall %void %bump %[[TMP]]
// CHECK:      %[[P:[0-9]+]] = OpAccessChain %_ptr_Function_uint %part %uint_1
// CHECK-NEXT: OpStore %[[P]] %uint_7
// CHECK:      OpLoopMerge
RWStructuredBuffer<uint> Out : register(u0);

void bump(inout uint p) { p += 1u; }

uint f(uint x) {
  uint byRef = x;
  bump(byRef);
  uint4 part = uint4(x, x, x, x);
  part.y = 7u;
  uint looped = 0u;
  for (uint i = 0u; i < x; ++i) looped += i;
  uint plain = x * 2u;
  return byRef + part.y + looped + plain;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = f(id.x);
}
