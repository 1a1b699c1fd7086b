// A local is in scope in its own initializer, as in C++ and DXC
// (shader.debug.line.composite.hlsl: `float2x2 b = float2x2(a.x, b._m00, 2 + a.y, b._m11 / 2);`):
// the initializer reads the variable's indeterminate value, then the result is stored in it.
//
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=vulkan -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
//
// CHECK:      %b = OpVariable %_ptr_Function_mat2v2float Function
// CHECK:      OpLoad %mat2v2float %b
// CHECK:      OpLoad %mat2v2float %b
// CHECK:      OpCompositeConstruct %mat2v2float
// CHECK:      OpStore %b

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float2 a = float2(Out[0], Out[1]);
  float2x2 b = float2x2(a.x, b._m00, 2 + a.y, b._m11 / 2);
  Out[2] = b._m10;
}
