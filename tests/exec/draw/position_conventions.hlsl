// -fvk-invert-y and -fvk-use-dx-position-w, drawn: DirectX's conventions on Vulkan.
// The vertex shader puts one point at clip position (0, 1, 0, 2), i.e. NDC (0, 0.5, 0),
// which DirectX draws in the upper half. Vulkan's framebuffer y grows downwards, so without
// -fvk-invert-y the point would land in row 1 of this 1x2 target; with it (y negated before
// the output) NDC y is -0.5 and the point covers row 0: (0, 0) is written, (0, 1) keeps the
// clear colour. The pixel shader writes SV_Position.w: Vulkan's FragCoord.w is 1/w_clip =
// 0.5, DirectX's (and -fvk-use-dx-position-w's) is w_clip = 2.
// ARGS: -fvk-invert-y -fvk-use-dx-position-w
// Dawn: WebGPU has no PointSize (a WebGPU point is always one pixel), which a point list needs on Vulkan.
// WGSL: unsupported OSH5001 vsmain
// VKDRAW: --size 1 2 --topology points --clear 0 0 0 0 --draw 1 1 0 0
// VKDRAW: --expect 0 0 2 1 0 1 --expect 0 1 0 0 0 0
struct VSOut {
  float4 pos : SV_Position;
  [[vk::builtin("PointSize")]] float size : PSIZE;
};

VSOut vsmain(uint id : SV_VertexID) {
  VSOut o;
  o.pos = float4(0, 1, 0, 2);
  o.size = 1.0;
  return o;
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
  return float4(pos.w, 1, 0, 1);
}
