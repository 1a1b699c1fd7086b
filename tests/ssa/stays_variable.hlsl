// What is not promoted stays a variable, emitted as before: the temporary passed to an inout
// parameter (a pointer argument), a vector written through a component (an access chain) and
// a local stored inside a switch (switches are not promoted yet).
// byRef itself is only loaded and stored whole (the call copies it in and out through the
// temporary), plain is never stored again, and looped and i live in a loop (header phis):
// all are promoted, and so is the copy of the parameter x.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv -Fc %t/a.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t/a.spv
// RUN: FileCheck %s < %t/a.spvasm
// CHECK-NOT: %byRef = OpVariable
// CHECK-NOT: %plain = OpVariable
// CHECK:      %f = OpFunction %uint
// CHECK:      %[[TMP:[0-9]+]] = OpVariable %_ptr_Function_uint Function
// CHECK-NEXT: %part = OpVariable %_ptr_Function_v4uint Function
// CHECK-NEXT: %sw = OpVariable %_ptr_Function_uint Function
// CHECK-NOT:  OpVariable
// CHECK:      OpFunctionCall %void %bump %[[TMP]]
// CHECK:      %[[P:[0-9]+]] = OpAccessChain %_ptr_Function_uint %part %uint_1
// CHECK-NEXT: OpStore %[[P]] %uint_7
// CHECK:      OpPhi %uint %uint_0
// CHECK-NEXT: OpPhi %uint %uint_0
// CHECK-NEXT: OpLoopMerge
// CHECK:      OpStore %sw %uint_3
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
  uint sw = 0u;
  switch (x) {
    case 1: sw = 3u; break;
    default: sw = 4u; break;
  }
  return byRef + part.y + looped + plain + sw;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = f(id.x);
}
