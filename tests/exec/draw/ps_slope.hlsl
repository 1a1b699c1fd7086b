// PSSlope: the slope of a height field, by derivatives and by quad reads, with helper lanes.
// The height at a pixel centre (u, v) (SV_Position, u relative to the instance's 4-pixel
// region) is h = u^2 + 3 v^2. Pixel centres are k + 0.5, so in the 2x2 quad whose top-left
// pixel is (2i, 2j) (local) the exact differences are
//   d/dx: (2i + 1.5)^2 - (2i + 0.5)^2 = 4i + 2,   d/dy: 3 ((2j + 1.5)^2 - (2j + 0.5)^2) = 3 (4j + 2),
// the same in both rows (columns) of the quad, as h has no xy term: ddx and ddy, coarse and
// fine, all give them. A quad read gives the other lane's h, so (QuadReadAcrossX(h) - h) is
// +(4i + 2) in the left column and -(4i + 2) in the right one (sx below undoes the sign);
// the same for y.
//
// One triangle per instance (--draw 3 2 0 0), in pixels (0, 0), (4.5, 0), (0, 4.5), moved
// right by 4 pixels for instance 1, on an 8x4 target (written with DirectX's y-up NDC:
// -fvk-invert-y for Vulkan; WebGPU's clip space is DirectX's). It covers the local pixels
// with u + v < 4.5, i.e. px + py <= 3: all of quad (0, 0), three pixels of quads (1, 0) and
// (0, 1), whose fourth pixels (3, 1) and (1, 3) run as helper lanes, and nothing of quad
// (1, 1). Each lane knows whether its centre is inside (u + v < 4.5, no centre is on an
// edge) and the quad's helper lanes are counted with quad reads of that flag: 0 in quad
// (0, 0), 1 in the other two. A helper lane that did not run, or did not take part in the
// quad reads, would spoil the right column of quad (1, 0), the bottom row of quad (0, 1)
// and their counts.
//
// Instance 0 writes (ddx_coarse, ddy_coarse, ddx_fine, ddy_fine):
//   quad (0, 0): (2, 6, 2, 6)   quad (1, 0): (6, 6, 6, 6)   quad (0, 1): (2, 18, 2, 18)
// Instance 1 writes (sx, sy, helper lanes in the quad, h):
//   (4, 0) (2, 6, 0, 1)   (5, 0) (2, 6, 0, 3)   (4, 1) (2, 6, 0, 7)   (5, 1) (2, 6, 0, 9)
//   (6, 0) (6, 6, 1, 7)   (7, 0) (6, 6, 1, 13)  (6, 1) (6, 6, 1, 13)
//   (4, 2) (2, 18, 1, 19) (5, 2) (2, 18, 1, 21) (4, 3) (2, 18, 1, 37)
// (h: (0.5, 0.5) -> 0.25 + 0.75 = 1, (3.5, 0.5) -> 12.25 + 0.75 = 13, (0.5, 3.5) -> 0.25 +
// 36.75 = 37, ...). The 6 uncovered pixels of each region keep the clear colour.
// ARGS: -fvk-invert-y
// VKDRAW: --size 8 4 --clear 0 0 0 0 --draw 3 2 0 0
// VKDRAW: --expect 0 0 2 6 2 6 --expect 1 0 2 6 2 6 --expect 0 1 2 6 2 6 --expect 1 1 2 6 2 6
// VKDRAW: --expect 2 0 6 6 6 6 --expect 3 0 6 6 6 6 --expect 2 1 6 6 6 6
// VKDRAW: --expect 0 2 2 18 2 18 --expect 1 2 2 18 2 18 --expect 0 3 2 18 2 18
// VKDRAW: --expect 4 0 2 6 0 1 --expect 5 0 2 6 0 3 --expect 4 1 2 6 0 7 --expect 5 1 2 6 0 9
// VKDRAW: --expect 6 0 6 6 1 7 --expect 7 0 6 6 1 13 --expect 6 1 6 6 1 13
// VKDRAW: --expect 4 2 2 18 1 19 --expect 5 2 2 18 1 21 --expect 4 3 2 18 1 37
// VKDRAW: --expect-count 0 0 0 0 12 --expect 3 1 0 0 0 0 --expect 1 3 0 0 0 0 --expect 7 1 0 0 0 0
struct VSOut {
  float4 pos : SV_Position;
  nointerpolation uint instance : INSTANCE;
};

VSOut vsmain(uint vid : SV_VertexID, uint iid : SV_InstanceID) {
  float2 px = vid == 0 ? float2(0, 0) : vid == 1 ? float2(4.5, 0) : float2(0, 4.5);
  px.x += 4.0 * float(iid);
  VSOut o;
  // DirectX NDC of an 8x4 target: x = px / 4 - 1, y = 1 - py / 2.
  o.pos = float4(px.x / 4.0 - 1.0, 1.0 - px.y / 2.0, 0, 1);
  o.instance = iid;
  return o;
}

float4 psmain(float4 pos : SV_Position, nointerpolation uint instance : INSTANCE) : SV_Target {
  float u = pos.x - 4.0 * float(instance), v = pos.y;
  float h = u * u + 3.0 * v * v;
  // +1 in the quad's left column (top row), -1 in its right column (bottom row).
  float signX = (uint(pos.x) & 1) == 0 ? 1.0 : -1.0;
  float signY = (uint(pos.y) & 1) == 0 ? 1.0 : -1.0;
  float sx = (QuadReadAcrossX(h) - h) * signX;
  float sy = (QuadReadAcrossY(h) - h) * signY;
  float helper = u + v < 4.5 ? 0.0 : 1.0;
  float helpers = helper + QuadReadAcrossX(helper) + QuadReadAcrossY(helper) + QuadReadAcrossDiagonal(helper);
  float4 derivatives = float4(ddx_coarse(h), ddy_coarse(h), ddx_fine(h), ddy_fine(h));
  float4 quad = float4(sx, sy, helpers, h);
  return instance == 0 ? derivatives : quad;
}
