// ARGS: -E main -T vs_6_0
// SPIRV: OpCapability ClipDistance
// SPIRV: OpDecorate %gl_ClipDistance BuiltIn ClipDistance
// SPIRV: %gl_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_7 Output
// MSL: float gl_ClipDistance [[clip_distance]] [7];
// WGSL: enable clip_distances;
// WGSL: @builtin(clip_distances)
// WGSL: array<f32, 7>
// NOTE: DXC (spirv.interface.vs.multiple.array.sv_clipdistance.hlsl, SPIR-V.rst "ClipDistance
// NOTE: & CullDistance"): every SV_ClipDistanceN value, sorted by N, end to end in one float
// NOTE: array: bar (N = 1) at 0, clips (N = 2, 2 x float2) at 1..4, one (N = 5) at 5, two at 6
// NOTE: (SV_ClipDistance8 sorts after 5).
struct Out {
  float4 pos : SV_Position;
  float2 clips[2] : SV_ClipDistance2;
  float bar : SV_ClipDistance1;
  float one : SV_ClipDistance5;
  float two : SV_ClipDistance8;
};
Out main(float4 p : P) {
  Out o;
  o.pos = p;
  o.clips[0] = p.xy;
  o.clips[1] = p.zw;
  o.bar = 1;
  o.one = 2;
  o.two = 3;
  return o;
}
