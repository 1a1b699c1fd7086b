// The ends of the constant texel offset range [-8, 7] compile (OSH0043 is for values
// outside it: tests/diag/OSH0043.hlsl): ConstOffset operands %int_n8 / %int_7.
//  SampleLevel(s, uv, 0, int2(-8, 7))       OpImageSampleExplicitLod Lod|ConstOffset
//  SampleLevel(s, uvw, 0, int3(7, -8, 0))   the same on a 3D texture
Texture2D<float4> tex : register(t0);
Texture3D<float4> vol : register(t1);
SamplerState samp : register(s2);
RWStructuredBuffer<float4> Out : register(u3);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = tex.SampleLevel(samp, float2(0.5, 0.5), 0, int2(-8, 7)) +
           vol.SampleLevel(samp, float3(0.5, 0.5, 0.5), 0, int3(7, -8, 0));
}
