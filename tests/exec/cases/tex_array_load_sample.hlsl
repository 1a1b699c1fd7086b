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
  Out[2 * t] = pack(Tex.Load(int4(id.x, id.y, id.z, 0)));
  float3 uvw = float3((float2(id.xy) + 0.5) / float2(4.0, 2.0), float(2 - id.z));
  Out[2 * t + 1] = pack(Tex.SampleLevel(Smp, uvw, 0));
  if (t == 0) {
    uint w, h, e;
    Tex.GetDimensions(w, h, e);
    Out[48] = w; Out[49] = h; Out[50] = e;
  }
}
