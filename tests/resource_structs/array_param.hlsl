// An array of resources passed to a function (DXC: fn.param.unsized-opaque-array): the
// parameter stands for the whole array, sized or not; its elements are indexed as the
// global's.
//
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
//
// CHECK-DAG: %bindless = OpVariable %{{[A-Za-z0-9_]+}} UniformConstant
// CHECK-DAG: %three = OpVariable %{{[A-Za-z0-9_]+}} UniformConstant
// CHECK-DAG: OpTypeRuntimeArray
// The index is the parameter's value itself (the local copy of i is promoted to an SSA value).
// CHECK:     OpAccessChain %{{[A-Za-z0-9_]+}} %bindless %i_0
// CHECK:     OpAccessChain %{{[A-Za-z0-9_]+}} %three %i_1

Texture2D bindless[];
Texture2D three[3];
sampler S;

float4 pick(Texture2D src[], uint i, float2 uv) { return src[i].Sample(S, uv); }
float4 pickSized(Texture2D src[3], uint i, float2 uv) { return src[i].Sample(S, uv); }

float4 main(float2 uv : TEXCOORD0, nointerpolation uint i : INDEX) : SV_Target {
  return pick(bindless, i, uv) + pickSized(three, i, uv);
}
