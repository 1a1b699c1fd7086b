// ARGS: -E main -T gs_6_0
// SPIRV: OpDecorate %in_var_VIN Location 0
// SPIRV: OpDecorate %in_var_VIN1 Location 1
// DIAG-MSL: OSH4130 16:6
// DIAG-WGSL: OSH5130 16:6
// NOTE: DXC: a semantic on a struct value overrides its fields' semantics (VIN, VIN1), in a
// NOTE: geometry shader's inputs as in a vertex shader's (semantic.on-struct.hlsl).
struct V {
  float4 a : TEXCOORD0;
  float4 b : TEXCOORD1;
};
struct GSOut {
  float4 pos : SV_Position;
};
[maxvertexcount(1)]
void main(point V v[1] : VIN, inout PointStream<GSOut> s) {
  GSOut o;
  o.pos = v[0].a + v[0].b;
  s.Append(o);
}
