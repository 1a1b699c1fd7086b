// [[vk::builtin("PointSize")]]: one point of size 3 at the centre of a 5x5 target covers the
// 3x3 pixels (1..3, 1..3) (a point is a square of that side around its position); the
// other 16 keep the clear colour. Size 1 would colour 1 pixel.
// Dawn: WebGPU has no PointSize (a WebGPU point is always one pixel).
// WGSL: unsupported OSH5001 vsmain
// VKDRAW: --size 5 5 --topology points --clear 0 0 0 0 --draw 1 1 0 0
// VKDRAW: --expect-count 1 1 1 1 9 --expect-count 0 0 0 0 16 --expect 2 2 1 1 1 1 --expect 1 3 1 1 1 1
struct VSOut {
  float4 pos : SV_Position;
  [[vk::builtin("PointSize")]] float size : PSIZE;
};

VSOut vsmain() {
  VSOut o;
  o.pos = float4(0, 0, 0, 1);
  o.size = 3.0;
  return o;
}

float4 psmain() : SV_Target {
  return 1;
}
