// [[vk::builtin]] BaseVertex, BaseInstance, DrawIndex and PointSize: three indirect draws
// of one point each (draw k: firstVertex 10 + k, firstInstance 20 + k); draw k's point
// lands on pixel (k, 0) and writes (BaseVertex, BaseInstance, DrawIndex, SV_VertexID) =
// (10 + k, 20 + k, k, 10 + k) (Vulkan's VertexIndex counts from firstVertex). Pixel (3, 0)
// keeps the clear colour. A point list needs PointSize written (1 here).
// Dawn: WebGPU has no PointSize, BaseVertex, BaseInstance or DrawIndex built-in (a WebGPU point is always one pixel): OSH5001 for each of the four in vsmain.
// WGSL: unsupported OSH5001 vsmain
// VKDRAW: --size 4 1 --topology points --clear 0 0 0 0
// VKDRAW: --draw 1 1 10 20 --draw 1 1 11 21 --draw 1 1 12 22
// VKDRAW: --expect 0 0 10 20 0 10 --expect 1 0 11 21 1 11 --expect 2 0 12 22 2 12 --expect 3 0 0 0 0 0
struct VSOut {
  float4 pos : SV_Position;
  nointerpolation uint4 v : V;
  [[vk::builtin("PointSize")]] float size : PSIZE;
};

VSOut vsmain(uint id : SV_VertexID,
             [[vk::builtin("BaseVertex")]] int baseVertex : BASEV,
             [[vk::builtin("BaseInstance")]] uint baseInstance : BASEI,
             [[vk::builtin("DrawIndex")]] uint drawIndex : DRAW) {
  VSOut o;
  // Pixel k's centre of a 4-pixel-wide target: x = (k + 0.5) / 2 - 1.
  o.pos = float4((float(drawIndex) + 0.5) / 2.0 - 1.0, 0, 0, 1);
  o.v = uint4(uint(baseVertex), baseInstance, drawIndex, id);
  o.size = 1.0;
  return o;
}

float4 psmain(nointerpolation uint4 v : V) : SV_Target {
  return float4(v);
}
