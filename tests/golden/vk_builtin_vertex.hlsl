// ARGS: -E main -T vs_6_0
// [[vk::builtin]] in a vertex shader (DXC's spirv.builtin.shader-draw-parameters.hlsl;
// SPIR-V.rst "Builtin variables"): BaseVertex and BaseInstance inputs (DrawParameters, core
// in SPIR-V 1.3) and a PointSize output, whatever the semantics say. MSL: [[base_vertex]],
// [[base_instance]], [[point_size]]. WGSL has none of them (OSH5001).
struct VSOut {
  float4 pos : SV_Position;
  [[vk::builtin("PointSize")]] float size : PSIZE;
};

VSOut main(float3 p : POSITION, uint vid : SV_VertexID,
           [[vk::builtin("BaseVertex")]] int baseVertex : BASEV,
           [[vk::builtin("BaseInstance")]] uint baseInstance : BASEI) {
  VSOut o;
  o.pos = float4(p, 1.0);
  o.pos.x += float(int(vid) - baseVertex);
  o.size = 1.0 + float(baseInstance);
  return o;
}
