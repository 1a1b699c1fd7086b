// ARGS: -E main -T vs_6_0
// SPIRV: OpCapability CullDistance
// SPIRV: OpDecorate %gl_CullDistance BuiltIn CullDistance
// SPIRV: %gl_CullDistance = OpVariable %_ptr_Output__arr_float_uint_3 Output
// DIAG-MSL: OSH4001 9:1
// DIAG-WGSL: OSH5001 9:1
// NOTE: DXC (SPIR-V.rst): SV_CullDistanceN is packed as SV_ClipDistanceN, into CullDistance.
// NOTE: WGSL and Metal have no cull distance.
float4 main(float4 p : P, out float3 cull : SV_CullDistance) : SV_Position {
  cull = p.xyz;
  return p;
}
