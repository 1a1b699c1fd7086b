// A geometry shader that expands each point into a quad (a 4-vertex triangle strip), run
// twice per point ([instance(2)]). 8x8 target, so 1 NDC unit = 4 pixels. The vertex shader
// puts vertex 0 at NDC (-0.5, -0.5) = pixel (2, 2) with colour red and vertex 1 at
// (0.5, -0.5) = pixel (6, 2) with colour green. The quad spans +-0.25 NDC = +-1 pixel
// around its point, shifted down by 0.5 NDC = 2 pixels for instance 1, whose blue is its
// SV_GSInstanceID (1). So: red covers x 1..2, y 1..2 and (with blue) x 1..2, y 3..4; green
// x 5..6 the same; the 48 other pixels keep the clear colour. (Quad edges lie on pixel
// borders, so no pixel centre is on an edge but the shared diagonal, which the fill rule
// gives to one of the two triangles of the same colour.)
// Dawn: WebGPU has no geometry stage.
// WGSL: unsupported OSH5130 gsmain
// VKDRAW: --size 8 8 --topology points --clear 0 0 0 0 --draw 2 1 0 0
// VKDRAW: --expect-count 1 0 0 1 4 --expect-count 1 0 1 1 4 --expect-count 0 1 0 1 4 --expect-count 0 1 1 1 4
// VKDRAW: --expect-count 0 0 0 0 48 --expect 1 1 1 0 0 1 --expect 2 4 1 0 1 1 --expect 5 2 0 1 0 1 --expect 6 3 0 1 1 1
// VKDRAW: --expect 3 2 0 0 0 0 --expect 1 5 0 0 0 0
struct VSOut {
  float4 pos : SV_Position;
  float4 color : COLOR;
};

VSOut vsmain(uint vid : SV_VertexID) {
  VSOut o;
  o.pos = float4(vid == 0 ? -0.5 : 0.5, -0.5, 0, 1);
  o.color = vid == 0 ? float4(1, 0, 0, 1) : float4(0, 1, 0, 1);
  return o;
}

struct GSOut {
  float4 pos : SV_Position;
  float4 color : COLOR;
};

[maxvertexcount(4)]
[instance(2)]
void gsmain(point VSOut v[1], uint inst : SV_GSInstanceID, inout TriangleStream<GSOut> strip) {
  GSOut o;
  o.color = float4(v[0].color.rg, float(inst), 1);
  float2 c = v[0].pos.xy + float2(0, 0.5 * inst);
  const float2 corner[4] = {float2(-0.25, -0.25), float2(0.25, -0.25), float2(-0.25, 0.25), float2(0.25, 0.25)};
  for (uint i = 0; i < 4; ++i) {
    o.pos = float4(c + corner[i], 0, 1);
    strip.Append(o);
  }
  strip.RestartStrip();
}

float4 psmain(float4 color : COLOR) : SV_Target {
  return color;
}
