// ARGS: -E VSMain -T vs_6_0
// A vertex shader: [[attribute(n)]] inputs in a stage_in struct, [[vertex_id]], a
// [[position]] and [[user(locnN)]] outputs, a cbuffer float4x4 (transposed load) and a
// std140 float array (float4 elements read through .x).
struct VSOut { float4 pos : SV_Position; nointerpolation uint id : TEXCOORD1; float2 uv : TEXCOORD0; };
cbuffer Cam : register(b0) { float4x4 mvp; float scale[4]; };
Texture2DArray<float4> Tex : register(t1);
RWTexture2D<float4> Img : register(u2);
SamplerState S : register(s3);
VSOut VSMain(float3 p : POSITION, float2 uv : TEXCOORD0, uint vid : SV_VertexID) {
  VSOut o; o.pos = mul(mvp, float4(p * scale[vid & 3], 1)); o.id = vid; o.uv = uv; return o;
}
float4 PSMain(VSOut i, bool ff : SV_IsFrontFace) : SV_Target {
  float4 c = Tex.Sample(S, float3(i.uv, i.id));
  if (c.a < 0.1) discard;
  uint w, h; Img.GetDimensions(w, h);
  for (int k = 0; k < 4; ++k) { if (k == 2) continue; c.x += scale[k]; }
  switch (i.id) { case 0: c.y = 1; break; case 1: c.y = 2; default: c.z = 3; break; }
  return ff ? c : c * float(w + h) + WaveReadLaneFirst(c) + QuadReadLaneAt(c, i.id & 3);
}
