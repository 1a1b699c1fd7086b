// ARGS: -E main -T ps_6_0
// SPIRV: OpCompositeConstruct %S %float_123
// SPIRV: OpConvertFToS %int
// SPIRV: OpCompositeConstruct %T
// MSL: S{123.0f}
// WGSL: S(123.0f)
// WGSL: T(vec2<f32>(
// NOTE: S(x) is the explicit conversion (S)x (DXC: operator.overloading.subscript.hlsl,
// NOTE: raytracing.nv.intersection.hlsl): a scalar splats to every field, a value of as many
// NOTE: components converts field by field.
struct S { float field; };
struct T { float2 bary; int k; };
float4 main(float3 v : V) : SV_Target {
  S s = S(123.0);
  T t = T(v);
  return float4(s.field, t.bary, t.k);
}
