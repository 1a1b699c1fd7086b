// ARGS: -E main -T cs_6_0
// Arrays of textures and samplers (MSL 2.4 2.12): `array<T, N>` entry-point arguments that
// take N consecutive indices of their kind (ts 0..2, shadows 3..4, tbs 5..6; ss 0..1, cmp
// 2); a helper reading the arrays receives them by value; element indices are written in
// place, NonUniformResourceIndex needs nothing; a comparison sample of an element makes
// every element a depth2d; Buffer<float> elements are texture_buffer<float, access::read>.
Texture2D<float4> ts[3] : register(t0);
Texture2D<float> shadows[2] : register(t3);
Buffer<float> tbs[2] : register(t5);
SamplerState ss[2] : register(s0);
SamplerComparisonState cmp : register(s2);
RWStructuredBuffer<float4> Out : register(u0);

float4 pick(uint i) { return ts[i % 3].SampleLevel(ss[i & 1], float2(0.25, 0.5), 0); }

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  float4 a = pick(NonUniformResourceIndex(i));
  float s = shadows[i & 1].SampleCmpLevelZero(cmp, float2(0.5, 0.5), 0.5);
  uint w, h;
  ts[1].GetDimensions(w, h);
  Out[i] = a * s + tbs[i & 1].Load(i) + float(w + h);
}
