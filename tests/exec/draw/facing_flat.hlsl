// SV_IsFrontFace, nointerpolation (the provoking = first vertex), noperspective and discard,
// drawn. Two triangles on a 4x2 target, given in pixel coordinates (x right, y down, the
// same on every API: written with DirectX's y-up NDC, -fvk-invert-y for Vulkan), inside the
// target (no clipping):
//   A = (0, 0), (0, 2), (2.5, 0): the centres with x / 2.5 + y / 2 < 1: pixels (0, 0), (1, 0)
//       and (0, 1) (0.45, 0.85, 0.95; (1, 1) has 1.35);
//   B = (4, 0), (4, 2), (1.5, 0): its mirror image: pixels (3, 0), (2, 0) and (3, 1).
// No centre lies on an edge; (1, 1) and (2, 1) are not covered.
// Facing (Vulkan's rule, front face counter-clockwise, no culling): the signed area
// a = -1/2 * sum(x_i y_i+1 - x_i+1 y_i) in framebuffer coordinates is
//   A: -1/2 * (0*2 - 0*0 + 0*0 - 2.5*2 + 2.5*0 - 0*0) = -1/2 * -5 = 2.5 > 0: front,
//   B: -1/2 * (4*2 - 4*0 + 4*0 - 1.5*2 + 1.5*0 - 4*0) = -1/2 * 5 = -2.5 < 0: back.
// The flat id is 10 + SV_VertexID of the triangle's first vertex: 10 for A, 13 for B. The
// noperspective p is the vertex's pixel position, so at a pixel centre it is that centre,
// although the vertices' clip w differ (1, 2, 3 for each triangle's vertices 0, 1, 2):
// perspective-correct interpolation would give, at (0.5, 0.5) in A (screen barycentrics
// 0.55, 0.25, 0.2), (0.2 / 3 * 2.5, 0.25 / 2 * 2) / (0.55 + 0.25 / 2 + 0.2 / 3) =
// (0.22, 0.34). The interpolation is not exact on every driver (SwiftShader's Vulkan gives
// 3.5 minus an ulp), so p is written rounded to quarters. The pixel shader writes
// (front ? 1 : -1, id, p.x, p.y) and discards where p.x > 3 and p.y > 1: pixel (3, 1)
// keeps the clear colour 9, as do the uncovered (1, 1) and (2, 1).
// ARGS: -fvk-invert-y
// VKDRAW: --size 4 2 --clear 9 9 9 9 --draw 6 1 0 0
// VKDRAW: --expect 0 0 1 10 0.5 0.5 --expect 1 0 1 10 1.5 0.5 --expect 0 1 1 10 0.5 1.5 --expect 1 1 9 9 9 9
// VKDRAW: --expect 2 0 -1 13 2.5 0.5 --expect 3 0 -1 13 3.5 0.5 --expect 2 1 9 9 9 9 --expect 3 1 9 9 9 9
struct VSOut {
  float4 pos : SV_Position;
  nointerpolation uint id : ID;
  noperspective float2 p : P;
};

VSOut vsmain(uint vid : SV_VertexID) {
  const float2 corners[6] = {float2(0, 0), float2(0, 2), float2(2.5, 0),
                             float2(4, 0), float2(4, 2), float2(1.5, 0)};
  float2 px = corners[vid];
  VSOut o;
  // DirectX NDC of a 4x2 target: x = px / 2 - 1, y = 1 - py; clip w = 1, 2, 3.
  float w = 1.0 + float(vid % 3);
  o.pos = float4(float2(px.x / 2.0 - 1.0, 1.0 - px.y) * w, 0, w);
  o.id = 10 + vid;
  o.p = px;
  return o;
}

float4 psmain(bool front : SV_IsFrontFace, nointerpolation uint id : ID, noperspective float2 p : P) : SV_Target {
  if (p.x > 3.0 && p.y > 1.0) discard;
  return float4(front ? 1.0 : -1.0, float(id), round(p * 4.0) / 4.0);
}
