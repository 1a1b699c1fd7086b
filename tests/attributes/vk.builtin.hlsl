// ATTR: [[vk::builtin]]
// ARGS: -E main -T vs_6_0 -fspv-target-env=vulkan1.0
// REMOVE: [[vk::builtin("BaseVertex")]]
// SPIRV: OpDecorate %gl_base_vertex BuiltIn BaseVertex
// SPIRV: OpCapability DrawParameters
// SPIRV: OpExtension "SPV_KHR_shader_draw_parameters"
// MSL: uint base [[base_vertex]]
// REFLECT-SPIRV: "spirv": "BaseVertex",
// DIAG-WGSL: OSH5001 14:*
// NOTE: DXC's spirv.builtin.shader-draw-parameters.hlsl: the first vertex of the draw, the
// NOTE: vertexOffset / firstVertex the host passed (GLSL gl_BaseVertexARB). Without the
// NOTE: attribute `base` is an ordinary vertex attribute at location 0. WGSL has no such
// NOTE: built-in (nor any other [[vk::builtin]] one).
float4 main([[vk::builtin("BaseVertex")]] uint base : BASE, uint id : SV_VertexID) : SV_Position {
  return float4(float(id - base), 0, 0, 1);
}
