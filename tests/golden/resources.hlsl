// ARGS: -E main -T cs_6_0 -fvk-b-shift 8 0 -fvk-s-shift 16 all
// Reflection golden (tests/golden/golden.py --target reflect): one compute entry point binding
// a read-only and a read-write structured buffer (the second in space1), a cbuffer, a
// float and a uint texture, an r32f storage texture and a sampler. The shifts keep b0 and
// s0 off t0's binding, which WGSL needs (one @binding per group).
// Expected by hand: Positions (0,0), Albedo (0,2), Ids (0,3), Heights (0,4), Params (0,8),
// Linear (0,16), Results (1,1); MSL buffers Positions 0, Params 1, Results 2; textures
// Albedo 0, Ids 1, Heights 2; sampler Linear 0.
StructuredBuffer<float4> Positions : register(t0);
RWStructuredBuffer<float4> Results : register(u1, space1);
cbuffer Params : register(b0) { float4 scale; uint count; };
Texture2D<float4> Albedo : register(t2);
Texture2D<uint> Ids : register(t3);
[[vk::image_format("r32f")]] RWTexture2D<float> Heights : register(u4);
SamplerState Linear : register(s0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  if (id.x >= count) return;
  float4 p = Positions[id.x] * scale;
  float4 c = Albedo.SampleLevel(Linear, p.xy, 0);
  uint k = Ids.Load(int3(id.xy, 0));
  Heights[id.xy] = c.x + float(k) + float(gi);
  Results[id.x] = p + c;
}
