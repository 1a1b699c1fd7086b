// Texture2DArray SampleLevel (nearest, texel centre, level 0, the layer index in .z) and
// GetDimensions. Tex: rgba8unorm 4x2, 3 layers, texel (x, y, l) = bytes 4((2l+y)4+x)..+3.
// Thread (x, y, z) samples texel (x, y) of layer 2 - z.
// pack() turns the unorm floats back into the bytes (round(v * 255)), so results are exact.
// (Load on a Texture2DArray is tests/exec/cases/tex_array_load_sample.)
Texture2DArray<float4> Tex : register(t0);
SamplerState Smp : register(s1);
RWStructuredBuffer<uint> Out : register(u2);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(4, 2, 3)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = (id.z * 2 + id.y) * 4 + id.x;
  float3 uvw = float3((float2(id.xy) + 0.5) / float2(4.0, 2.0), float(2 - id.z));
  Out[t] = pack(Tex.SampleLevel(Smp, uvw, 0));
  if (t == 0) {
    uint w, h, e;
    Tex.GetDimensions(w, h, e);
    Out[24] = w; Out[25] = h; Out[26] = e;
  }
}
