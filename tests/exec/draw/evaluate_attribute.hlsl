// EvaluateAttributeAtSample / EvaluateAttributeCentroid / EvaluateAttributeSnapped, drawn
// (GLSL.std.450 InterpolateAtSample / AtCentroid / AtOffset on the input variable). One
// triangle, (-1, -1), (3, -1), (-1, 3) in NDC, covers the whole 2x1 single-sample target;
// its varying uv is the vertex's NDC position, so at a pixel centre it is that centre's NDC
// position: pixel (0, 0) -> (-0.5, 0), pixel (1, 0) -> (0.5, 0). With one sample per pixel,
// sample 0 is the centre (Vulkan's standard position (0.5, 0.5)), a fully covered pixel's
// centroid is the centre, and an offset of int2(0, 0) (converted to float2(0, 0), as DXC
// does) is the centre too: each pixel writes (uv at sample 0, centroid uv.x, offset uv.x)
// = (-0.5, 0, -0.5, -0.5) and (0.5, 0, 0.5, 0.5).
// Dawn: WGSL has no interpolation at a sample, the centroid or an offset (only @interpolate sampling on the input itself): OSH5001 for each of the three calls.
// WGSL: unsupported OSH5001 psmain
// VKDRAW: --size 2 1 --clear 9 9 9 9 --draw 3 1 0 0
// VKDRAW: --expect 0 0 -0.5 0 -0.5 -0.5 --expect 1 0 0.5 0 0.5 0.5
struct VSOut {
  float4 pos : SV_Position;
  float2 uv : UV;
};

VSOut vsmain(uint id : SV_VertexID) {
  float2 p = id == 0 ? float2(-1, -1) : id == 1 ? float2(3, -1) : float2(-1, 3);
  VSOut o;
  o.pos = float4(p, 0, 1);
  o.uv = p;
  return o;
}

float4 psmain(float2 uv : UV) : SV_Target {
  float4 v = float4(EvaluateAttributeAtSample(uv, 0), EvaluateAttributeCentroid(uv).x,
                    EvaluateAttributeSnapped(uv, int2(0, 0)).x);
  // To quarters: a GPU's interpolation may be an ulp off the exact value (the H200 gave
  // -0.5 minus an ulp) and the checks compare exactly. What the case tells apart, the
  // pixel centre against its corners and edges, differs by half a pixel, 0.5 in NDC here.
  return round(v * 4) / 4;
}
