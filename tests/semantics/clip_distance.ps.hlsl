// ARGS: -E main -T ps_6_0
// SPIRV: OpCapability ClipDistance
// SPIRV: %gl_ClipDistance = OpVariable %_ptr_Input__arr_float_uint_3 Input
// DIAG-MSL: OSH4001 12:1
// DIAG-WGSL: OSH5001 12:1
// NOTE: DXC (spirv.interface.ps.multiple.array.sv_clipdistance.hlsl): a pixel shader reads the
// NOTE: ClipDistance array; Metal and WGSL have no clip distance fragment input.
struct In {
  float a : SV_ClipDistance0;
  float2 b : SV_ClipDistance1;
};
float4 main(In i) : SV_Target {
  return float4(i.a, i.b, 1);
}
